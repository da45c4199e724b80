-- uuid_shard 0.2.0 -> 0.3.0, written by hand (see sql/README.md).
-- Takes a 0.2.0 installation to exactly what CREATE EXTENSION uuid_shard VERSION '0.3.0' creates.
-- The frozen functions (layout, uuid_shard_key, uuid_bucket, uuid_v7_boundary, uuid_v7_time) are
-- not touched; every section below names the change it carries.
\echo Use "ALTER EXTENSION uuid_shard UPDATE TO '0.3.0'" to load this file. \quit

-- Issue 23: public IDs, uuid_v7_mask and uuid_v7_unmask (new functions; IMMUTABLE PARALLEL SAFE,
-- not STRICT: a NULL secret is an error). Copied from the generated install script.
CREATE  FUNCTION "uuid_v7_mask"(
	"id" uuid, /* Option < Uuid > */
	"secret" bytea /* Option < & [u8] > */
) RETURNS uuid /* Option < Uuid > */
IMMUTABLE PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_mask_wrapper';

CREATE  FUNCTION "uuid_v7_unmask"(
	"public_id" uuid, /* Option < Uuid > */
	"secret" bytea /* Option < & [u8] > */
) RETURNS uuid /* Option < Uuid > */
IMMUTABLE PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_unmask_wrapper';
