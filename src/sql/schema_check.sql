-- A WARNING when roles other than the schema's owner may create objects in the extension's
-- schema (public on PostgreSQL 13 and 14 as shipped): such a role could later put a function
-- or operator beside the extension's that a caller's search_path finds first, or squat on the
-- names the partition helpers emit. docs/security.md says what to do. The schema is read as
-- current_schema(): CREATE EXTENSION and ALTER EXTENSION UPDATE set search_path to it, so no
-- schema name is written into the text. Native extension only: the SQL edition refuses such a
-- schema instead (tools/sql_edition.py).
DO $uuid_shard_schema_check$
DECLARE
    v_roles text;
BEGIN
    SELECT pg_catalog.string_agg(CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0 THEN 'PUBLIC'
                                      ELSE pg_catalog.quote_ident(r.rolname) END, ', ' ORDER BY r.rolname)
      INTO v_roles
      FROM pg_catalog.pg_namespace n CROSS JOIN LATERAL pg_catalog.aclexplode(n.nspacl) a
      LEFT JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) a.grantee
     WHERE n.nspname OPERATOR(pg_catalog.=) pg_catalog.current_schema()
       AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'
       AND a.grantee OPERATOR(pg_catalog.<>) n.nspowner;
    IF v_roles IS NOT NULL THEN
        RAISE WARNING 'roles other than its owner may create objects in schema %, which holds uuid_shard: %',
                pg_catalog.quote_ident(pg_catalog.current_schema()), v_roles
            USING HINT = 'Install uuid_shard into a schema only its owner can create objects in (CREATE SCHEMA uuid_shard; CREATE EXTENSION uuid_shard SCHEMA uuid_shard), or REVOKE CREATE on this one; see docs/security.md.';
    END IF;
END
$uuid_shard_schema_check$;
