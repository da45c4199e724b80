-- uuid_shard 0.4.0 -> 0.5.0, written by hand (see sql/README.md).
-- Takes a 0.4.0 installation to exactly what CREATE EXTENSION uuid_shard VERSION '0.5.0' creates.
-- The frozen functions (layout, uuid_shard_key, uuid_bucket, uuid_v7_boundary, uuid_v7_time) are
-- not touched; every section below names the change it carries.
\echo Use "ALTER EXTENSION uuid_shard UPDATE TO '0.5.0'" to load this file. \quit

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
