#![doc = include_str!("../README.md")]
//!
//! # Layout of the crate
//!
//! The functions at the crate root are the application API, named as in the other languages'
//! packages (times in integer Unix microseconds or milliseconds, `i64`; a UUID as its 16 bytes
//! in RFC 9562 order, `[u8; 16]`, which is what `uuid::Uuid::as_bytes` and
//! `uuid::Uuid::from_bytes` take and give). The modules hold the lower-level pieces the
//! PostgreSQL extension is built on:
//!
//! - [`v7`]: the UUIDv7 layout, [`v7::V7Time`], bounds, keys from names;
//! - [`shard`]: the random-tail rule, shard keys, buckets, tail-hash partitions;
//! - [`text`]: ULID and base32hex text;
//! - [`mask`](mod@mask): public IDs;
//! - [`generator`]: the monotonic v7 generator (its OS-seeded parts need the `std` feature);
//! - [`error`]: [`Error`], with the extension's exact messages.
//!
//! Everything in [`v7`], [`shard`], [`text`] and [`mask`](mod@mask) is frozen: the same input gives the
//! same output in every release, as the extension's SQL functions do.
#![cfg_attr(not(any(feature = "std", test)), no_std)]
#![warn(missing_docs)]

extern crate alloc;

use alloc::string::String;

pub mod error;
pub mod generator;
pub mod mask;
pub mod shard;
pub mod text;
pub mod v7;

pub use error::Error;
pub use shard::{bucket, shard_key, tail_hash_extended, tail_remainder, TAIL_HASH_COMBINE_CONSTANT};
pub use text::{from_base32hex, from_ulid, to_base32hex, to_ulid};

use v7::V7Time;

/// The largest time a v7 key holds, in Unix microseconds: the last microsecond of the
/// millisecond 2^48 − 1 (year 10889).
pub const MAX_UNIX_US: i64 = (v7::MAX_UNIX_MS as i64) * 1000 + 999;

/// PostgreSQL's `max_identifier_length` (NAMEDATALEN − 1): the most bytes a partition's name
/// has.
pub const MAX_IDENTIFIER_LENGTH: usize = 63;

/// True if `u` has a random tail (RFC 9562 variant, version 3, 4, 5 or 7): the UUIDs
/// [`shard_key`] and [`bucket`] accept.
///
/// ```
/// let v7 = 0x017f22e2_79b0_7cc3_98c4_dc0c0c07398f_u128.to_be_bytes();
/// assert!(uuid_shard_core::has_random_tail(&v7));
/// assert!(!uuid_shard_core::has_random_tail(&[0; 16]));
/// ```
pub fn has_random_tail(u: &[u8; 16]) -> bool {
    shard::check_random_tail(u).is_ok()
}

/// The name `uuid_tail_partition_ddl(parent, modulus)` (and `uuid_tail_split_ddl`) gives the
/// tail-hash partition of table `parent` that holds `u` at `modulus`:
/// `<parent>_h<modulus>_<remainder>`, with [`tail_remainder`] as the remainder, and `parent` cut
/// by whole characters until the name fits PostgreSQL's 63 bytes.
///
/// `parent` is the table's own name (not schema-qualified, not quoted), as it is in
/// `pg_class.relname` of a UTF-8 database; the result is the partition's `relname`, to quote as an identifier
/// wherever it goes into SQL. Every UUID has one (as [`tail_remainder`]); the modulus is
/// checked as there, 1..=2147483647 (`uuid_tail_partition_ddl` itself makes at most 10000
/// partitions at once; splits double the modulus).
///
/// ```
/// let u = 0x0195e3a1_7c2e_7b3d_8a4f_0123456789ab_u128.to_be_bytes();
/// assert_eq!(uuid_shard_core::tail_partition_name("accounts", &u, 8).unwrap(), "accounts_h8_3");
/// ```
pub fn tail_partition_name(parent: &str, u: &[u8; 16], modulus: i32) -> Result<String, Error> {
    let remainder = tail_remainder(u, modulus)?;
    let suffix = alloc::format!("_h{modulus}_{remainder}");
    // _uuid_v7_child_name: drop the parent's last character while the name is too long
    let room = MAX_IDENTIFIER_LENGTH - suffix.len();
    let mut base = parent;
    while base.len() > room {
        let last = base.chars().next_back().map_or(0, char::len_utf8);
        base = &base[..base.len() - last];
    }
    let mut name = String::with_capacity(base.len() + suffix.len());
    name.push_str(base);
    name.push_str(&suffix);
    Ok(name)
}

/// The Unix millisecond timestamp of a v7 key (RFC 9562 variant), as `uuid_v7_time(id)`
/// reads it; `None` for any other UUID.
pub fn unix_ms(u: &[u8; 16]) -> Option<i64> {
    v7::unix_ms(u).map(|ms| ms as i64)
}

/// The time of a v7 key to the microsecond, in Unix microseconds, as `uuid_v7_time_us(id)`
/// reads it (the 12-bit fraction back to the first microsecond that makes it, at most 999);
/// `None` for any other UUID. `unix_us(from_name(t, _))` is `t` for every valid `t`.
pub fn unix_us(u: &[u8; 16]) -> Option<i64> {
    v7::pg_timestamp_us(u).map(|ts| ts + v7::PG_EPOCH_OFFSET_US)
}

/// The v7 time of Unix microseconds `unix_us`: 0..=[`MAX_UNIX_US`], else
/// [`Error::TimestampOutOfRange`]. The fraction is the microseconds within the millisecond,
/// scaled to 12 bits as `uuid_v7_at` scales them.
pub fn v7_time(unix_us: i64) -> Result<V7Time, Error> {
    if !(0..=MAX_UNIX_US).contains(&unix_us) {
        return Err(Error::TimestampOutOfRange);
    }
    V7Time::new(
        (unix_us / 1000) as u64,
        v7::subms_fraction_from_ns((unix_us % 1000) as u32 * 1000),
    )
}

/// `uuid_v7_boundary`: the smallest v7 key of the millisecond that holds `unix_us` (Unix
/// microseconds). `id >= boundary(t1) && id < boundary(t2)` (bytewise) selects the keys of
/// `[t1, t2)` to the millisecond.
pub fn boundary(unix_us: i64) -> Result<[u8; 16], Error> {
    v7_time(unix_us).map(v7::boundary)
}

/// `uuid_v7_boundary_last`: the largest v7 key of the millisecond that holds `unix_us`, the
/// inclusive upper bound.
pub fn boundary_last(unix_us: i64) -> Result<[u8; 16], Error> {
    v7_time(unix_us).map(v7::boundary_last)
}

/// Bytes 0..8 of the v7 key `uuid_v7_at` (and [`from_name`]) makes for `unix_us`: the
/// milliseconds, the version, the 12-bit fraction of the millisecond.
pub fn v7_head(unix_us: i64) -> Result<[u8; 8], Error> {
    let b = v7::build(v7_time(unix_us)?, 0);
    let mut head = [0u8; 8];
    head.copy_from_slice(&b[..8]);
    Ok(head)
}

/// `uuid_v7_from_name(ts, name)`: the v7 key of time `unix_us` (Unix microseconds) whose 62
/// tail bits are a SHA-256 of `name` (UTF-8), so the same time and name always give the same
/// key.
///
/// ```
/// // 2025-02-19 20:57:05.792123 UTC, the example of docs/algorithms.md section 10
/// let k = uuid_shard_core::from_name(1_739_998_625_792_123, "orders:42").unwrap();
/// assert_eq!(k, 0x01952000_0000_71f7_a342_b4d55b31d6bf_u128.to_be_bytes());
/// ```
pub fn from_name(unix_us: i64, name: &str) -> Result<[u8; 16], Error> {
    Ok(v7::from_name(v7_time(unix_us)?, name.as_bytes()))
}

/// `uuid_v7_mask(id, secret)`: the public ID (a version 4 UUID) of v7 key `u`, with an
/// HMAC-SHA-256 `secret` of at least 16 bytes. [`unmask`] with the same secret gives the key
/// back; the public ID has the key's bucket and shard key.
pub fn mask(u: &[u8; 16], secret: &[u8]) -> Result<[u8; 16], Error> {
    mask::mask(u, Some(secret))
}

/// `uuid_v7_unmask(id, secret)`: the v7 key of public ID `u` (a version 4 UUID).
pub fn unmask(u: &[u8; 16], secret: &[u8]) -> Result<[u8; 16], Error> {
    mask::unmask(u, Some(secret))
}

#[cfg(feature = "std")]
pub use generator::uuid7;

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> [u8; 16] {
        u128::from_str_radix(&s.replace('-', ""), 16).unwrap().to_be_bytes()
    }

    #[test]
    fn partition_names_as_uuid_tail_partition_ddl_gives_them() {
        let u = parse("0195e3a1-7c2e-7b3d-8a4f-0123456789ab");
        assert_eq!(tail_partition_name("accounts", &u, 16).unwrap(), "accounts_h16_11");
        assert_eq!(tail_partition_name("t", &u, 1).unwrap(), "t_h1_0");
        assert_eq!(tail_partition_name("t", &u, 0), Err(Error::Modulus(0)));
        // 63 bytes at most, the parent cut by characters
        let long = "a".repeat(70);
        let name = tail_partition_name(&long, &u, 2147483647).unwrap();
        assert_eq!(name, format!("{}_h2147483647_1510312945", "a".repeat(63 - 23)));
        let wide = "é".repeat(30); // 60 bytes
        let name = tail_partition_name(&wide, &u, 8).unwrap();
        assert_eq!(name, format!("{}_h8_3", "é".repeat(29)));
        assert_eq!(name.len(), 63);
    }

    #[test]
    fn times_in_microseconds() {
        assert_eq!(boundary(-1), Err(Error::TimestampOutOfRange));
        assert_eq!(boundary(MAX_UNIX_US + 1), Err(Error::TimestampOutOfRange));
        assert_eq!(boundary_last(i64::MIN), Err(Error::TimestampOutOfRange));
        assert_eq!(from_name(i64::MAX, "x"), Err(Error::TimestampOutOfRange));
        let t = 1_739_998_625_792_999;
        assert_eq!(boundary(t).unwrap(), parse("01952000-0000-7000-8000-000000000000"));
        assert_eq!(boundary_last(t).unwrap(), parse("01952000-0000-7fff-bfff-ffffffffffff"));
        assert_eq!(v7_head(t).unwrap(), [0x01, 0x95, 0x20, 0x00, 0x00, 0x00, 0x7f, 0xfb]);
        for t in [0, 999, 1_000, t, MAX_UNIX_US] {
            let k = from_name(t, "n").unwrap();
            assert_eq!(unix_us(&k), Some(t));
            assert_eq!(unix_ms(&k), Some(t / 1000));
            // the same head as the extension's pg-timestamp route
            let pg = V7Time::from_pg_timestamp(t - v7::PG_EPOCH_OFFSET_US).unwrap();
            assert_eq!(v7_time(t).unwrap(), pg);
        }
        assert_eq!(unix_us(&[0; 16]), None);
    }

    #[test]
    fn mask_round_trips() {
        let k = parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
        let secret: Vec<u8> = (0u8..16).collect();
        let public = mask(&k, &secret).unwrap();
        assert_eq!(public, parse("6ee50d3d-3c66-4e58-98c4-dc0c0c07398f"));
        assert_eq!(unmask(&public, &secret).unwrap(), k);
        assert_eq!(mask(&k, &secret[..15]), Err(Error::MaskSecretLength(15)));
    }
}
