-- uuid_shard 0.3.0 -> 0.4.0, written by hand (see sql/README.md).
-- Takes a 0.3.0 installation to exactly what CREATE EXTENSION uuid_shard VERSION '0.4.0' creates.
-- The frozen functions (layout, uuid_shard_key, uuid_bucket, uuid_v7_boundary, uuid_v7_time) are
-- not touched; every section below names the change it carries.
\echo Use "ALTER EXTENSION uuid_shard UPDATE TO '0.4.0'" to load this file. \quit

-- ==== Server minors with CVE-2023-39417 refused (src/sql/minor_check.sql): first, before
-- anything is changed.
DO $uuid_shard_minor_check$
DECLARE
    v_num CONSTANT integer := pg_catalog.current_setting('server_version_num')::pg_catalog.int4;
    v_fixed CONSTANT integer := CASE v_num OPERATOR(pg_catalog./) 10000
                                    WHEN 13 THEN 130012 WHEN 14 THEN 140009 WHEN 15 THEN 150004 ELSE 0 END;
BEGIN
    IF v_num OPERATOR(pg_catalog.<) v_fixed THEN
        RAISE EXCEPTION 'uuid_shard needs PostgreSQL 13.12, 14.9, 15.4 or a later minor release of its major, not %',
                pg_catalog.current_setting('server_version')
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'Older minor releases let a crafted schema name run SQL as the bootstrap superuser while a trusted extension is installed (CVE-2023-39417).',
                  HINT = 'Update PostgreSQL to the latest minor release of its major.';
    END IF;
END
$uuid_shard_minor_check$;

-- ==== A WARNING when roles other than its owner may create objects in the extension's schema
-- (src/sql/schema_check.sql), as CREATE EXTENSION gives it.
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
