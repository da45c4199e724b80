//! A `#![no_std]` user of uuid_shard_core (default-features = false): core/test.sh builds it to
//! show that the pure functions need only `core` and `alloc`.
#![no_std]
extern crate alloc;

use alloc::string::String;
use uuid_shard_core as us;

/// Where a key goes and what it reads as: bucket, shard key, tail partition, time, text.
pub fn route(id: &[u8; 16]) -> Result<(i32, String, String, Option<i64>, String), us::Error> {
    Ok((
        us::bucket(id, 16)?,
        us::shard_key(id, 4)?,
        us::tail_partition_name("accounts", id, 8)?,
        us::unix_us(id),
        us::to_ulid(id),
    ))
}

/// A key from a name, its public ID, and the bounds of its millisecond.
pub fn keys(unix_us: i64, name: &str, secret: &[u8]) -> Result<[[u8; 16]; 4], us::Error> {
    let k = us::from_name(unix_us, name)?;
    Ok([k, us::mask(&k, secret)?, us::boundary(unix_us)?, us::boundary_last(unix_us)?])
}

/// The ascending state of the generator is pure too: a caller with its own clock and random
/// bits mints the extension's keys.
pub fn next(state: &mut us::generator::AscendingClock, now: us::v7::V7Time, random: u64) -> Option<[u8; 16]> {
    match state.next(now, random) {
        Ok(us::generator::Step::Issue(stamp)) => Some(stamp.key()),
        _ => None,
    }
}
