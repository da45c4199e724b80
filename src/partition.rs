//! Time-range partition helpers: `uuid_v7_partition_ddl`, `uuid_v7_partitions` and
//! `uuid_v7_retention_ddl`. They only read catalogs and emit text, so they are written in
//! PL/pgSQL (`partition.sql`); see docs/partitions.md for the rules they implement.
//!
//! `requires` orders the SQL after the Rust functions it calls. pgrx matches these paths as
//! strings against each `#[pg_extern]`'s `module_path!()` (`uuid_shard::time`) by suffix, so
//! the path is written relative to the crate root without `crate::` and needs no visibility.
pgrx::extension_sql_file!(
    "partition.sql",
    name = "partition_helpers",
    requires = [time::uuid_v7_boundary, time::uuid_v7_time, "partition_common"]
);

// Parent checks and partition listing shared with the bucket-partition helpers.
pgrx::extension_sql_file!("partition_common.sql", name = "partition_common");
