-- uuid_shard 0.2.0 -> 0.3.0, written by hand (see sql/README.md).
-- Takes a 0.2.0 installation to exactly what CREATE EXTENSION uuid_shard VERSION '0.3.0' creates.
-- The frozen functions (layout, uuid_shard_key, uuid_bucket, uuid_v7_boundary, uuid_v7_time) are
-- not touched; every section below names the change it carries.
\echo Use "ALTER EXTENSION uuid_shard UPDATE TO '0.3.0'" to load this file. \quit
