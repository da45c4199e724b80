-- _uuid_larger / _uuid_smaller: min(uuid)'s and max(uuid)'s transition and combine functions
-- (the aggregates themselves come from src/sql/aggregates.sql, as in the native extension).
-- LANGUAGE sql, every operator schema-qualified: no search_path is needed or set.
CREATE OR REPLACE FUNCTION @extschema@._uuid_larger(a pg_catalog.uuid, b pg_catalog.uuid) RETURNS pg_catalog.uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT CASE WHEN b OPERATOR(pg_catalog.>) a THEN b ELSE a END $fn$;

CREATE OR REPLACE FUNCTION @extschema@._uuid_smaller(a pg_catalog.uuid, b pg_catalog.uuid) RETURNS pg_catalog.uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT CASE WHEN b OPERATOR(pg_catalog.<) a THEN b ELSE a END $fn$;
