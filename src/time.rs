//! Reading and bounding v7 times: `uuid_v7_boundary`, `uuid_v7_time`, `uuid_version`.
use crate::error::OrRaise;
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
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_v7_time(id: Uuid) -> Option<TimestampWithTimeZone> {
    let ms = v7::unix_ms(id.as_bytes())?;
    // Every 48-bit millisecond is a valid timestamptz, so the conversion cannot fail.
    TimestampWithTimeZone::try_from(v7::pg_timestamp_from_unix_ms(ms)).ok()
}

/// The version nibble of an RFC 9562 variant UUID; NULL for other variants.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_version(id: Uuid) -> Option<i32> {
    v7::version(id.as_bytes()).map(i32::from)
}
