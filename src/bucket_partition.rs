//! Bucket-partition helpers: `uuid_bucket_partition_ddl`, `uuid_bucket_partitions` and
//! `uuid_bucket_grow_ddl` for tables `PARTITION BY LIST (uuid_bucket(id, n))`, local or spread
//! over servers with postgres_fdw. Catalog reads and emitted text only, so PL/pgSQL
//! (`bucket_partition.sql`); see docs/buckets.md. They share the parent checks with the
//! time-partition helpers (`partition_common.sql`) and their partition naming
//! (`_uuid_v7_child_name` in `partition.sql`).
pgrx::extension_sql_file!(
    "bucket_partition.sql",
    name = "bucket_partition_helpers",
    requires = [shard::uuid_bucket, "partition_common", "partition_helpers"]
);

// The grow emitter: its notes, its create-or-check guard and the script itself.
pgrx::extension_sql_file!(
    "bucket_grow.sql",
    name = "bucket_grow",
    requires = ["bucket_partition_helpers"]
);
