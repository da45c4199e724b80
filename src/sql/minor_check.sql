-- The first statement of the install script (and of every upgrade script): refuse the minor
-- releases that let a crafted schema name turn @extschema@ inside quoted text into SQL run by
-- the bootstrap superuser while a trusted extension is installed (CVE-2023-39417, fixed in
-- 13.12, 14.9 and 15.4; every 16 and later has the fix). It names no schema, so nothing in it
-- can be turned, and it runs before any other statement of the script. Native extension
-- only: the SQL edition's plain script runs with its installer's own rights and refuses such
-- schema names itself.
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
