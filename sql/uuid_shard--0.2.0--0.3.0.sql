-- uuid_shard 0.2.0 -> 0.3.0, written by hand (see sql/README.md).
-- Takes a 0.2.0 installation to exactly what CREATE EXTENSION uuid_shard VERSION '0.3.0' creates.
-- The frozen functions (layout, uuid_shard_key, uuid_bucket, uuid_v7_boundary, uuid_v7_time) are
-- not touched; every section below names the change it carries.
\echo Use "ALTER EXTENSION uuid_shard UPDATE TO '0.3.0'" to load this file. \quit

-- issue 22 (1): min(uuid) and max(uuid), with their transition functions (src/aggregate.rs,
-- src/aggregates.sql).
CREATE  FUNCTION "_uuid_larger"(
	"a" uuid, /* Uuid */
	"b" uuid /* Uuid */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_larger_v1';

CREATE  FUNCTION "_uuid_smaller"(
	"a" uuid, /* Uuid */
	"b" uuid /* Uuid */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_smaller_v1';

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

-- issue 22 (2): ULID and base32hex text forms (src/text.rs).
CREATE  FUNCTION "uuid_to_ulid"(
	"id" uuid /* Uuid */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_to_ulid_v1';

CREATE  FUNCTION "uuid_from_ulid"(
	"ulid" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_from_ulid_v1';

CREATE  FUNCTION "uuid_to_base32hex"(
	"id" uuid /* Uuid */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_to_base32hex_v1';

CREATE  FUNCTION "uuid_from_base32hex"(
	"base32hex" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_from_base32hex_v1';

-- issue 22 (3): the inclusive upper bound of a millisecond (src/time.rs).
CREATE  FUNCTION "uuid_v7_boundary_last"(
	"ts" timestamp with time zone /* TimestampWithTimeZone */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_boundary_last_wrapper';

-- issue 22 (4): the time of a v7 key to the microsecond (src/time.rs).
CREATE  FUNCTION "uuid_v7_time_us"(
	"id" uuid /* Uuid */
) RETURNS timestamp with time zone /* Option < TimestampWithTimeZone > */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_time_us_v1';

-- issue 22 (5): deterministic v7 keys from a time and a name (src/time.rs).
CREATE  FUNCTION "uuid_v7_from_name"(
	"ts" timestamp with time zone, /* TimestampWithTimeZone */
	"name" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_from_name_v1';
