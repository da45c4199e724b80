//! Reading and bounding v7 times: `uuid_v7_boundary`, `uuid_v7_time`, `uuid_version`.
use crate::error::OrRaise;
use crate::fmgr::{self, pg_finfo_v1};
use pgrx::prelude::*;
use pgrx::Uuid;
use uuid_shard_core::v7::{self, V7Time};

/// The smallest v7 UUID of the millisecond containing `ts`: a range bound for
/// `WHERE id >= uuid_v7_boundary(t)` and for partitions.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_v7_boundary(ts: TimestampWithTimeZone) -> Uuid {
    let time = V7Time::from_pg_timestamp(pg_sys::TimestampTz::from(ts)).or_raise("uuid_v7_boundary");
    Uuid::from_bytes(v7::boundary(time))
}

/// The millisecond timestamp of a v7 UUID (RFC 9562 variant); NULL for anything else.
/// Called per row: PostgreSQL calls it through `uuid_v7_time_v1` (see `fmgr`).
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "uuid_v7_time"(
	"id" uuid /* Uuid */
) RETURNS timestamp with time zone /* Option < TimestampWithTimeZone > */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_time_v1';
"#
)]
fn uuid_v7_time(id: Uuid) -> Option<TimestampWithTimeZone> {
    // Every 48-bit millisecond is a valid timestamptz, so the conversion cannot fail.
    TimestampWithTimeZone::try_from(v7_time(id.as_bytes())?).ok()
}

/// As `timestamptz` microseconds.
#[inline(always)]
fn v7_time(id: &[u8; 16]) -> Option<i64> {
    v7::unix_ms(id).map(v7::pg_timestamp_from_unix_ms)
}

pg_finfo_v1!(pg_finfo_uuid_v7_time_v1);
/// Unguarded: it neither allocates nor calls PostgreSQL nor can panic (a few integer
/// operations on the 16 bytes), and the guard would cost as much as the work. Were it to
/// panic, `extern "C"` aborts the backend rather than unwinding into PostgreSQL.
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C" fn uuid_v7_time_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    unsafe {
        match v7_time(fmgr::uuid_arg(fcinfo, 0)) {
            Some(ts) => pg_sys::Datum::from(ts),
            None => fmgr::null(fcinfo),
        }
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
/// `uuid_v7_time_us(uuid_v7_at(t)) = t` for every t. PostgreSQL calls `uuid_v7_time_us_v1`.
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "uuid_v7_time_us"(
	"id" uuid /* Uuid */
) RETURNS timestamp with time zone /* Option < TimestampWithTimeZone > */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_time_us_v1';
"#
)]
fn uuid_v7_time_us(id: Uuid) -> Option<TimestampWithTimeZone> {
    TimestampWithTimeZone::try_from(v7::pg_timestamp_us(id.as_bytes())?).ok()
}

pg_finfo_v1!(pg_finfo_uuid_v7_time_us_v1);
/// Unguarded for the reasons of `uuid_v7_time_v1`.
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C" fn uuid_v7_time_us_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    unsafe {
        match v7::pg_timestamp_us(fmgr::uuid_arg(fcinfo, 0)) {
            Some(ts) => pg_sys::Datum::from(ts),
            None => fmgr::null(fcinfo),
        }
    }
}

/// A v7 UUID from a time and a name: the time's bits as `uuid_v7_at` sets them, the tail from
/// SHA-256 of the name (docs/algorithms.md). The same time and name always give the same key.
/// PostgreSQL calls `uuid_v7_from_name_v1`, which reads the name in the database's encoding.
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "uuid_v7_from_name"(
	"ts" timestamp with time zone, /* TimestampWithTimeZone */
	"name" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_from_name_v1';
"#
)]
fn uuid_v7_from_name(ts: TimestampWithTimeZone, name: &str) -> Uuid {
    let time = V7Time::from_pg_timestamp(pg_sys::TimestampTz::from(ts)).or_raise("uuid_v7_from_name");
    Uuid::from_bytes(v7::from_name(time, name.as_bytes()))
}

pg_finfo_v1!(pg_finfo_uuid_v7_from_name_v1);
#[pg_guard]
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C-unwind" fn uuid_v7_from_name_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    unsafe {
        let ts = fmgr::arg(fcinfo, 0).value() as i64;
        let time = V7Time::from_pg_timestamp(ts).or_raise("uuid_v7_from_name");
        fmgr::uuid_datum(v7::from_name(time, fmgr::text_arg_utf8(fcinfo, 1).as_bytes()))
    }
}
