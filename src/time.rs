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
