//! Minting v7 UUIDs: `uuidv7()`, `uuidv7(interval)`, `uuid_v7_at(timestamptz)`.
use crate::error::{raise, OrRaise};
use crate::fmgr;
use pgrx::datum::Interval;
use pgrx::prelude::*;
use pgrx::Uuid;
use std::cell::RefCell;
use std::time::{SystemTime, UNIX_EPOCH};
use uuid_shard_core::generator::{Clock, V7Generator};
use uuid_shard_core::v7::{self, subms_fraction_from_ns, V7Time, PG_EPOCH_OFFSET_US};
use uuid_shard_core::Error;
use uuid_shard_macros::sql_function;

thread_local! {
    // One generator per backend (backends are single-threaded processes). It reseeds its RNG
    // when the process id changes, so a copy inherited through fork() is never reused.
    static GENERATOR: RefCell<V7Generator> = const { RefCell::new(V7Generator::new()) };
}

#[inline]
fn pid() -> i32 {
    // SAFETY: a plain global set once per process by PostgreSQL.
    unsafe { pg_sys::MyProcPid }
}

/// The real-time clock, as a v7 time (core 18 reads CLOCK_REALTIME in nanoseconds too).
/// The same time as `V7Time::from_unix_ns(ns)`, split from the clock's seconds and
/// nanoseconds without its 128-bit division (a few nanoseconds of every `uuidv7()`).
#[inline]
fn clock_now() -> Result<V7Time, Error> {
    let d = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_err(|_| Error::TimestampOutOfRange)?;
    let ms = d
        .as_secs()
        .checked_mul(1_000)
        .and_then(|ms| ms.checked_add(u64::from(d.subsec_millis())))
        .ok_or(Error::TimestampOutOfRange)?;
    V7Time::new(ms, subms_fraction_from_ns(d.subsec_nanos() % 1_000_000))
}

/// The clock `uuidv7()` reads, and waits on when a backend has used every key of the clock's
/// millisecond (millions of keys in one millisecond, or a clock set back): interruptible, and
/// asleep when the wait is long.
struct RealTime;

impl Clock for RealTime {
    #[inline(always)]
    fn now(&mut self) -> Result<V7Time, Error> {
        clock_now()
    }

    fn wait_for(&mut self, now: V7Time, unix_ms: u64) {
        pgrx::check_for_interrupts!();
        let wait_us = (i128::from(unix_ms) * 1_000_000 - now.unix_ns()) / 1_000;
        if wait_us > 100 {
            // SAFETY: a plain sleep; interrupts are checked on the next turn.
            unsafe { pg_sys::pg_usleep(wait_us.min(10_000) as _) }
        } else {
            std::hint::spin_loop();
        }
    }
}

/// A version 7 UUID from the current time, strictly increasing within this backend, its time
/// never in a later millisecond than the clock's (core/src/generator.rs).
#[sql_function("uuidv7() RETURNS uuid", volatile, strict, parallel_safe)]
unsafe fn uuidv7_v1(_fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    fmgr::uuid_datum(next_v7())
}

#[inline(always)]
fn next_v7() -> [u8; 16] {
    GENERATOR
        .with_borrow_mut(|g| g.generate(&mut RealTime, pid()))
        .or_raise("uuidv7")
}

/// A version 7 UUID from the current time shifted by `shift` (as `timestamptz + interval`).
#[pg_extern(volatile, strict, parallel_safe, name = "uuidv7")]
fn uuidv7_shifted(shift: Interval) -> Uuid {
    if is_infinite(&shift) {
        raise(Error::InfiniteInterval, "uuidv7");
    }
    // As core: the backend's ascending stamp, its time shifted in microseconds by timestamptz
    // arithmetic, keeping the nanoseconds below the microsecond; the stamp's tail (with its
    // counter) keeps keys of the same shift in call order.
    let stamp = GENERATOR
        .with_borrow_mut(|g| g.stamp(&mut RealTime, pid()))
        .or_raise("uuidv7");
    let now = stamp.time.unix_ns();
    let shifted = shift_timestamp((now / 1_000) as i64 - PG_EPOCH_OFFSET_US, shift);
    let time = V7Time::from_pg_timestamp_ns(shifted, (now % 1_000) as u32).or_raise("uuidv7");
    Uuid::from_bytes(v7::build(time, stamp.rand_b))
}

/// A version 7 UUID for a given time with a random tail, for backfilling rows from their
/// real timestamps.
#[pg_extern(volatile, strict, parallel_safe)]
fn uuid_v7_at(ts: TimestampWithTimeZone) -> Uuid {
    let time = V7Time::from_pg_timestamp(pg_sys::TimestampTz::from(ts)).or_raise("uuid_v7_at");
    Uuid::from_bytes(GENERATOR.with_borrow_mut(|g| g.at(time, pid())))
}

/// PostgreSQL 17+ infinite intervals: all fields at their maximum or all at their minimum.
fn is_infinite(i: &Interval) -> bool {
    (i.months() == i32::MAX && i.days() == i32::MAX && i.micros() == i64::MAX)
        || (i.months() == i32::MIN && i.days() == i32::MIN && i.micros() == i64::MIN)
}

/// `ts + shift` with PostgreSQL's own calendar arithmetic (session time zone for days and
/// months, as core's `uuidv7(interval)`). An overflow is reported as core 18.6 reports it.
fn shift_timestamp(ts: i64, shift: Interval) -> i64 {
    PgTryBuilder::new(|| unsafe {
        pgrx::direct_function_call::<i64>(pg_sys::timestamptz_pl_interval, &[ts.into_datum(), shift.into_datum()])
            .expect("timestamptz_pl_interval returned NULL")
    })
    .catch_when(PgSqlErrorCode::ERRCODE_DATETIME_FIELD_OVERFLOW, |_| {
        raise(Error::TimestampOutOfRange, "uuidv7")
    })
    .execute()
}
