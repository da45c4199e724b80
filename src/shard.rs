//! Shard keys and worker buckets from a UUID's random tail.
use crate::error::OrRaise;
use crate::fmgr;
use pgrx::prelude::*;
use pgrx::Uuid;
use uuid_shard_core::shard;
use uuid_shard_macros::sql_function;

/// `len` (1..15) hex characters read from the last byte backwards, low nibble first.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_shard_key(id: Uuid, len: i32) -> String {
    shard::shard_key(id.as_bytes(), len).or_raise("uuid_shard_key")
}

/// The bucket (0..n-1) of a v3/v4/v5/v7 UUID, by jump consistent hash of its random tail.
/// Called per row, so unguarded: the core's `bucket` neither allocates nor calls PostgreSQL nor
/// can panic, and only its error is raised under a guard (`fmgr::raise_guarded`).
#[sql_function(
    "uuid_bucket(id uuid, n integer) RETURNS integer",
    immutable,
    strict,
    parallel_safe,
    unguarded
)]
unsafe fn uuid_bucket_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    match shard::bucket(fmgr::uuid_arg(fcinfo, 0), fmgr::i32_arg(fcinfo, 1)) {
        Ok(bucket) => pg_sys::Datum::from(bucket),
        Err(e) => fmgr::raise_guarded(e, "uuid_bucket"),
    }
}

/// The partition (modulus, remainder) of a key in a table `PARTITION BY HASH (id uuid_tail_ops)`:
/// its bucket key mod `modulus`, for every UUID. Unguarded like `uuid_bucket`.
#[sql_function(
    "uuid_tail_remainder(id uuid, modulus integer) RETURNS integer",
    immutable,
    strict,
    parallel_safe,
    unguarded
)]
unsafe fn uuid_tail_remainder_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    match shard::tail_remainder(fmgr::uuid_arg(fcinfo, 0), fmgr::i32_arg(fcinfo, 1)) {
        Ok(remainder) => pg_sys::Datum::from(remainder),
        Err(e) => fmgr::raise_guarded(e, "uuid_tail_remainder"),
    }
}

/// Support function 2 of the operator class `uuid_tail_ops` (src/sql/tail_hash.sql): hash
/// partitioning routes by it, and pruning calls it on a query's constants, so it is total and
/// never raises; the seed is ignored. Its values are an on-disk format: rows sit where it routed
/// them, so it never changes (docs/algorithms.md).
#[sql_function(
    "uuid_tail_hash_extended(id uuid, seed bigint) RETURNS bigint",
    immutable,
    strict,
    parallel_safe,
    unguarded
)]
unsafe fn uuid_tail_hash_extended_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    pg_sys::Datum::from(shard::tail_hash_extended(fmgr::uuid_arg(fcinfo, 0)) as i64)
}
