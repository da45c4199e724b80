//! Reading and bounding v7 times: `uuid_v7_boundary`, `uuid_v7_time`, `uuid_version`.
use crate::error::OrRaise;
use crate::fmgr;
use pgrx::prelude::*;
use pgrx::Uuid;
use uuid_shard_core::v7::{self, V7Time};
use uuid_shard_macros::sql_function;

/// The smallest v7 UUID of the millisecond containing `ts`: a range bound for
/// `WHERE id >= uuid_v7_boundary(t)` and for partitions.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_v7_boundary(ts: TimestampWithTimeZone) -> Uuid {
    let time = V7Time::from_pg_timestamp(pg_sys::TimestampTz::from(ts)).or_raise("uuid_v7_boundary");
    Uuid::from_bytes(v7::boundary(time))
}

/// The millisecond timestamp of a v7 UUID (RFC 9562 variant); NULL for anything else.
/// Called per row, so unguarded: it neither allocates nor calls PostgreSQL nor can panic (a few
/// integer operations on the 16 bytes; every 48-bit millisecond is a valid timestamptz).
#[sql_function(
    "uuid_v7_time(id uuid) RETURNS timestamp with time zone",
    immutable,
    strict,
    parallel_safe,
    unguarded
)]
unsafe fn uuid_v7_time_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    match v7::unix_ms(fmgr::uuid_arg(fcinfo, 0)) {
        Some(ms) => pg_sys::Datum::from(v7::pg_timestamp_from_unix_ms(ms)),
        None => fmgr::null(fcinfo),
    }
}

/// The version nibble of an RFC 9562 variant UUID; NULL for other variants.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_version(id: Uuid) -> Option<i32> {
    v7::version(id.as_bytes()).map(i32::from)
}

/// The largest v7 UUID of the millisecond containing `ts`: the inclusive upper bound, for
/// `id BETWEEN uuid_v7_boundary(t1) AND uuid_v7_boundary_last(t2)`.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_v7_boundary_last(ts: TimestampWithTimeZone) -> Uuid {
    let time = V7Time::from_pg_timestamp(pg_sys::TimestampTz::from(ts)).or_raise("uuid_v7_boundary_last");
    Uuid::from_bytes(v7::boundary_last(time))
}

/// The time of a v7 UUID to the microsecond, from its 12-bit fraction; NULL for anything else.
/// `uuid_v7_time_us(uuid_v7_at(t)) = t` for every t. Unguarded for the reasons of `uuid_v7_time`.
#[sql_function(
    "uuid_v7_time_us(id uuid) RETURNS timestamp with time zone",
    immutable,
    strict,
    parallel_safe,
    unguarded
)]
unsafe fn uuid_v7_time_us_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    match v7::pg_timestamp_us(fmgr::uuid_arg(fcinfo, 0)) {
        Some(ts) => pg_sys::Datum::from(ts),
        None => fmgr::null(fcinfo),
    }
}

/// A v7 UUID from a time and a name: the time's bits as `uuid_v7_at` sets them, the tail from
/// SHA-256 of the name's UTF-8 bytes (docs/algorithms.md), whatever the database's encoding. The
/// same time and name always give the same key.
#[sql_function(
    "uuid_v7_from_name(ts timestamp with time zone, name text) RETURNS uuid",
    immutable,
    strict,
    parallel_safe
)]
unsafe fn uuid_v7_from_name_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    let time = V7Time::from_pg_timestamp(fmgr::arg(fcinfo, 0).value() as i64).or_raise("uuid_v7_from_name");
    fmgr::uuid_datum(v7::from_name(time, fmgr::text_arg_utf8(fcinfo, 1).as_bytes()))
}
