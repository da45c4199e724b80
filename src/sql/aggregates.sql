-- min(uuid) and max(uuid): uuid order, parallel (the transition function is also the combine
-- function), and with their sort operator declared, so that max(id) on an indexed column is
-- planned as a one-row index scan (ORDER BY id DESC LIMIT 1), as for core's min/max.
-- The transition functions are _uuid_smaller/_uuid_larger (Rust in the native extension, SQL
-- in the SQL edition); every name here is schema-qualified (types too: the SQL edition's script
-- runs with the caller's search_path), the operators by OPERATOR().
-- OR REPLACE: the SQL edition's script, which includes this file, is run again to update it.
CREATE OR REPLACE AGGREGATE @extschema@.min(pg_catalog.uuid) (
    SFUNC = @extschema@._uuid_smaller,
    STYPE = pg_catalog.uuid,
    COMBINEFUNC = @extschema@._uuid_smaller,
    SORTOP = OPERATOR(pg_catalog.<),
    PARALLEL = SAFE
);

CREATE OR REPLACE AGGREGATE @extschema@.max(pg_catalog.uuid) (
    SFUNC = @extschema@._uuid_larger,
    STYPE = pg_catalog.uuid,
    COMBINEFUNC = @extschema@._uuid_larger,
    SORTOP = OPERATOR(pg_catalog.>),
    PARALLEL = SAFE
);

COMMENT ON FUNCTION @extschema@._uuid_smaller(pg_catalog.uuid, pg_catalog.uuid) IS
'internal to uuid_shard: the smaller of two uuids, min(uuid)''s transition and combine function';
COMMENT ON FUNCTION @extschema@._uuid_larger(pg_catalog.uuid, pg_catalog.uuid) IS
'internal to uuid_shard: the larger of two uuids, max(uuid)''s transition and combine function';
