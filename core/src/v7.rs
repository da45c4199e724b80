//! RFC 9562 UUIDv7, laid out exactly as PostgreSQL 18's `uuidv7()` lays it out:
//!
//! ```text
//! bytes 0..6   unix_ts_ms       48-bit big-endian Unix time in milliseconds
//! byte  6      0x7_             version 7 in the high nibble
//! bytes 6..8   rand_a           12-bit sub-millisecond fraction: ns_within_ms * 4096 / 1_000_000
//! byte  8      0b10______       RFC 9562 variant in the two high bits
//! bytes 8..16  rand_b           62 random bits
//! ```
use crate::error::Error;

/// The largest Unix millisecond a v7 key holds: 2^48 − 1 (year 10889).
pub const MAX_UNIX_MS: u64 = (1 << 48) - 1;
/// Microseconds between the Unix epoch and PostgreSQL's (2000-01-01 UTC).
pub const PG_EPOCH_OFFSET_US: i64 = 946_684_800_000_000;
const NS_PER_MS: u64 = 1_000_000;
const US_PER_MS: i64 = 1_000;

/// A v7 time: Unix milliseconds plus the 12-bit sub-millisecond fraction, ordered as the
/// UUIDs they produce are ordered. Always within 1970-01-01 .. 2^48-1 ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct V7Time(u64); // (unix_ms << 12) | subms_fraction

impl V7Time {
    /// 1970-01-01 00:00:00 UTC, fraction 0.
    pub const MIN: V7Time = V7Time(0);
    /// Millisecond 2^48 − 1, fraction 4095.
    pub const MAX: V7Time = V7Time((MAX_UNIX_MS << 12) | 0xFFF);

    /// Unix milliseconds and the 12-bit fraction (bits above 12 are ignored);
    /// [`Error::TimestampOutOfRange`] above [`MAX_UNIX_MS`].
    pub fn new(unix_ms: u64, subms_fraction: u16) -> Result<Self, Error> {
        if unix_ms > MAX_UNIX_MS {
            return Err(Error::TimestampOutOfRange);
        }
        Ok(V7Time((unix_ms << 12) | u64::from(subms_fraction & 0xFFF)))
    }

    /// From nanoseconds since the Unix epoch (the real-time clock).
    pub fn from_unix_ns(ns: i128) -> Result<Self, Error> {
        if ns < 0 {
            return Err(Error::TimestampOutOfRange);
        }
        let ms = u64::try_from(ns / i128::from(NS_PER_MS)).map_err(|_| Error::TimestampOutOfRange)?;
        V7Time::new(ms, subms_fraction_from_ns((ns % i128::from(NS_PER_MS)) as u32))
    }

    /// From a PostgreSQL `timestamptz` (microseconds since 2000-01-01 UTC; `i64::MIN` and
    /// `i64::MAX` are -infinity and infinity). The fraction holds the microseconds within the
    /// millisecond, scaled to 12 bits as core scales nanoseconds.
    pub fn from_pg_timestamp(ts: i64) -> Result<Self, Error> {
        Self::from_pg_timestamp_ns(ts, 0)
    }

    /// As [`V7Time::from_pg_timestamp`], plus `ns_below_us` (0..1000) nanoseconds: core 18's
    /// `uuidv7(interval)` shifts the clock in microseconds and keeps the clock's nanoseconds.
    pub fn from_pg_timestamp_ns(ts: i64, ns_below_us: u32) -> Result<Self, Error> {
        if ts == i64::MIN || ts == i64::MAX {
            return Err(Error::TimestampOutOfRange);
        }
        let us = ts.checked_add(PG_EPOCH_OFFSET_US).ok_or(Error::TimestampOutOfRange)?;
        if us < 0 {
            return Err(Error::TimestampOutOfRange);
        }
        let sub_ms_ns = (us % US_PER_MS) as u32 * 1_000 + ns_below_us % 1_000;
        V7Time::new((us / US_PER_MS) as u64, subms_fraction_from_ns(sub_ms_ns))
    }

    /// The earliest nanosecond since the Unix epoch that maps to this time.
    pub fn unix_ns(self) -> i128 {
        let sub_ms_ns = (u64::from(self.subms_fraction()) * NS_PER_MS).div_ceil(4096);
        i128::from(self.unix_ms()) * i128::from(NS_PER_MS) + i128::from(sub_ms_ns)
    }

    /// The Unix milliseconds.
    pub fn unix_ms(self) -> u64 {
        self.0 >> 12
    }

    /// The 12-bit fraction of the millisecond, in 1/4096 ms.
    pub fn subms_fraction(self) -> u16 {
        (self.0 & 0xFFF) as u16
    }

    /// The next representable time: one fraction unit later, carrying into the millisecond.
    pub fn next(self) -> Option<V7Time> {
        (self < V7Time::MAX).then_some(V7Time(self.0 + 1))
    }

    /// The whole millisecond, fraction zero.
    pub fn floor_ms(self) -> V7Time {
        V7Time(self.0 & !0xFFF)
    }
}

/// `rand_a` as PostgreSQL 18 computes it from the nanoseconds within the millisecond.
pub fn subms_fraction_from_ns(ns_within_ms: u32) -> u16 {
    ((u64::from(ns_within_ms) * 4096) / NS_PER_MS) as u16
}

/// The 16 bytes of a v7 UUID. `rand_b` supplies bytes 8..16; its two high bits are replaced
/// by the variant.
pub fn build(time: V7Time, rand_b: u64) -> [u8; 16] {
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&((time.unix_ms() << 16) | 0x7000 | u64::from(time.subms_fraction())).to_be_bytes());
    b[8..].copy_from_slice(&((rand_b & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000).to_be_bytes());
    b
}

/// The smallest v7 UUID of the millisecond that holds `time`: rand_a and rand_b zero.
pub fn boundary(time: V7Time) -> [u8; 16] {
    build(time.floor_ms(), 0)
}

/// True for the RFC 9562 variant (`10` in the two high bits of byte 8).
pub fn is_rfc_variant(b: &[u8; 16]) -> bool {
    b[8] & 0xC0 == 0x80
}

/// The version nibble of an RFC 9562 variant UUID; `None` for any other variant.
pub fn version(b: &[u8; 16]) -> Option<u8> {
    is_rfc_variant(b).then_some(b[6] >> 4)
}

/// The Unix millisecond timestamp of a v7 UUID of the RFC 9562 variant; `None` otherwise.
pub fn unix_ms(b: &[u8; 16]) -> Option<u64> {
    (version(b) == Some(7)).then(|| u64::from_be_bytes([0, 0, b[0], b[1], b[2], b[3], b[4], b[5]]))
}

/// A Unix millisecond as a PostgreSQL `timestamptz` (microseconds since 2000-01-01 UTC).
/// Exact for every 48-bit millisecond.
pub fn pg_timestamp_from_unix_ms(ms: u64) -> i64 {
    (ms as i64) * US_PER_MS - PG_EPOCH_OFFSET_US
}

/// The largest v7 UUID of the millisecond that holds `time`: rand_a and rand_b all ones. With
/// [`boundary`] it bounds a millisecond on both sides, inclusively.
pub fn boundary_last(time: V7Time) -> [u8; 16] {
    build(V7Time((time.0 & !0xFFF) | 0xFFF), u64::MAX)
}

/// The microseconds within the millisecond that a 12-bit fraction stands for: the first
/// microsecond whose fraction (`us * 4096 / 1000`, as [`V7Time::from_pg_timestamp`] scales it)
/// is at least `fraction`, at most 999. Every fraction made from a microsecond decodes back to
/// that microsecond: one fraction unit is 0.244 us, so rounding down would lose one.
pub fn micros_from_fraction(fraction: u16) -> u32 {
    ((u32::from(fraction & 0xFFF) * 1000).div_ceil(4096)).min(999)
}

/// The time of a v7 UUID (RFC 9562 variant) to the microsecond, as a PostgreSQL `timestamptz`
/// (microseconds since 2000-01-01 UTC); `None` for anything else.
pub fn pg_timestamp_us(b: &[u8; 16]) -> Option<i64> {
    let ms = unix_ms(b)?;
    let fraction = (u16::from(b[6] & 0x0F) << 8) | u16::from(b[7]);
    Some(pg_timestamp_from_unix_ms(ms) + i64::from(micros_from_fraction(fraction)))
}

/// What [`from_name`] hashes in front of the name, so that its keys never equal another
/// scheme's hash of the same text. Frozen with the function.
pub const NAME_DOMAIN: &[u8] = b"uuid_shard v7 from name\0";

/// A v7 UUID for `time` whose rand_b is the first 8 bytes of SHA-256(`NAME_DOMAIN` || `name`),
/// variant bits set: the same time and name give the same key.
pub fn from_name(time: V7Time, name: &[u8]) -> [u8; 16] {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new().chain_update(NAME_DOMAIN).chain_update(name).finalize();
    let tail = u64::from_be_bytes(digest[..8].try_into().expect("SHA-256 has 32 bytes"));
    build(time, tail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hex(b: &[u8; 16]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn rfc9562_test_vector_decodes() {
        // RFC 9562 appendix A.6: 017F22E2-79B0-7CC3-98C4-DC0C0C07398F, 2022-02-22 19:22:22 UTC.
        let b = [
            0x01, 0x7F, 0x22, 0xE2, 0x79, 0xB0, 0x7C, 0xC3, 0x98, 0xC4, 0xDC, 0x0C, 0x0C, 0x07, 0x39, 0x8F,
        ];
        assert_eq!(version(&b), Some(7));
        assert_eq!(unix_ms(&b), Some(1_645_557_742_000));
        assert_eq!(
            build(V7Time::new(1_645_557_742_000, 0xCC3).unwrap(), 0x98C4_DC0C_0C07_398F),
            b
        );
    }

    #[test]
    fn boundary_matches_documented_example() {
        // 2025-02-19 20:57:05.792 UTC
        let t = V7Time::new(1_739_998_625_792, 0x9AB).unwrap();
        assert_eq!(hex(&boundary(t)), "01952000000070008000000000000000");
    }

    #[test]
    fn fraction_scales_like_core() {
        assert_eq!(subms_fraction_from_ns(0), 0);
        assert_eq!(subms_fraction_from_ns(244), 0);
        assert_eq!(subms_fraction_from_ns(245), 1);
        assert_eq!(subms_fraction_from_ns(500_000), 2048);
        assert_eq!(subms_fraction_from_ns(999_999), 4095);
    }

    #[test]
    fn range_limits() {
        assert!(V7Time::new(MAX_UNIX_MS, 0xFFF).is_ok());
        assert_eq!(V7Time::new(MAX_UNIX_MS + 1, 0), Err(Error::TimestampOutOfRange));
        assert_eq!(V7Time::from_unix_ns(-1), Err(Error::TimestampOutOfRange));
        assert_eq!(V7Time::from_pg_timestamp(i64::MAX), Err(Error::TimestampOutOfRange));
        assert_eq!(V7Time::from_pg_timestamp(i64::MIN), Err(Error::TimestampOutOfRange));
        // 1969-12-31 23:59:59.999999 UTC is one microsecond too early.
        assert_eq!(
            V7Time::from_pg_timestamp(-PG_EPOCH_OFFSET_US - 1),
            Err(Error::TimestampOutOfRange)
        );
        assert_eq!(V7Time::from_pg_timestamp(-PG_EPOCH_OFFSET_US), Ok(V7Time::MIN));
        let last_us = (MAX_UNIX_MS as i64) * 1000 + 999 - PG_EPOCH_OFFSET_US;
        assert_eq!(V7Time::from_pg_timestamp(last_us).unwrap().unix_ms(), MAX_UNIX_MS);
        assert_eq!(V7Time::from_pg_timestamp(last_us + 1), Err(Error::TimestampOutOfRange));
        assert_eq!(V7Time::MAX.next(), None);
        assert_eq!(V7Time::new(5, 0xFFF).unwrap().next(), Some(V7Time::new(6, 0).unwrap()));
    }

    #[test]
    fn unix_ns_is_the_first_nanosecond_of_the_time() {
        for frac in 0..4096u16 {
            let t = V7Time::new(123, frac).unwrap();
            assert_eq!(V7Time::from_unix_ns(t.unix_ns()).unwrap(), t);
            if frac > 0 {
                assert_eq!(
                    V7Time::from_unix_ns(t.unix_ns() - 1).unwrap(),
                    V7Time::new(123, frac - 1).unwrap()
                );
            }
        }
    }

    #[test]
    fn pg_timestamp_fraction_uses_microseconds() {
        // .000500 s after a whole millisecond: half a millisecond, fraction 2048.
        let t = V7Time::from_pg_timestamp(500).unwrap();
        assert_eq!(t.unix_ms(), 946_684_800_000);
        assert_eq!(t.subms_fraction(), 2048);
    }

    #[test]
    fn other_versions_and_variants_have_no_time() {
        assert_eq!(unix_ms(&[0; 16]), None);
        assert_eq!(unix_ms(&[0xFF; 16]), None);
        let mut v4 = build(V7Time::MIN, 0);
        v4[6] = 0x40;
        assert_eq!(version(&v4), Some(4));
        assert_eq!(unix_ms(&v4), None);
        let mut ms_variant = build(V7Time::MIN, 0);
        ms_variant[8] = 0xC0;
        assert_eq!(version(&ms_variant), None);
        assert_eq!(unix_ms(&ms_variant), None);
    }

    #[test]
    fn boundary_last_is_the_largest_key_of_the_millisecond() {
        let t = V7Time::new(1_739_998_625_792, 0x9AB).unwrap();
        assert_eq!(hex(&boundary_last(t)), "0195200000007fffbfffffffffffffff");
        assert_eq!(hex(&boundary_last(V7Time::MAX)), "ffffffffffff7fffbfffffffffffffff");
    }

    #[test]
    fn every_microsecond_round_trips() {
        for us in 0..1000i64 {
            let ts = 1_000_000 * 86_400 + us; // 2000-01-02 plus us
            let t = V7Time::from_pg_timestamp(ts).unwrap();
            assert_eq!(pg_timestamp_us(&build(t, 7)), Some(ts), "{us} us");
        }
        // fractions no microsecond makes (a nanosecond clock's) stay in their millisecond
        assert_eq!(micros_from_fraction(4095), 999);
        assert_eq!(micros_from_fraction(0), 0);
        assert_eq!(micros_from_fraction(1), 1);
    }

    #[test]
    fn from_name_is_deterministic_and_hashes_the_documented_bytes() {
        use sha2::{Digest, Sha256};
        let t = V7Time::from_pg_timestamp(123_456_789).unwrap();
        let a = from_name(t, b"orders:42");
        assert_eq!(a, from_name(t, b"orders:42"));
        assert_ne!(a[8..], from_name(t, b"orders:43")[8..]);
        let d = Sha256::digest(b"uuid_shard v7 from name\0orders:42");
        assert_eq!(a[9..], d[1..8]);
        assert_eq!(a[8], 0x80 | (d[0] & 0x3F));
        assert_eq!(a[..8], build(t, 0)[..8]);
    }

    proptest! {
        #[test]
        fn build_then_read_round_trips(ms in 0..=MAX_UNIX_MS, frac in 0u16..4096, tail: u64) {
            let b = build(V7Time::new(ms, frac).unwrap(), tail);
            prop_assert_eq!(version(&b), Some(7));
            prop_assert!(is_rfc_variant(&b));
            prop_assert_eq!(unix_ms(&b), Some(ms));
            prop_assert_eq!(u64::from_be_bytes(b[8..].try_into().unwrap()) & 0x3FFF_FFFF_FFFF_FFFF, tail & 0x3FFF_FFFF_FFFF_FFFF);
            // boundary <= any UUID of the same millisecond < boundary of the next one
            let lo = boundary(V7Time::new(ms, 0).unwrap());
            prop_assert!(lo <= b);
            if ms < MAX_UNIX_MS {
                prop_assert!(b < boundary(V7Time::new(ms + 1, 0).unwrap()));
            }
        }

        #[test]
        fn microseconds_round_trip_and_boundaries_hold(ms in 0..=MAX_UNIX_MS, us in 0i64..1000, tail: u64) {
            let ts = pg_timestamp_from_unix_ms(ms) + us;
            let t = V7Time::from_pg_timestamp(ts).unwrap();
            let b = build(t, tail);
            prop_assert_eq!(pg_timestamp_us(&b), Some(ts));
            prop_assert!(boundary(t) <= b && b <= boundary_last(t));
            prop_assert_eq!(unix_ms(&boundary_last(t)), Some(ms));
        }

        #[test]
        fn pg_timestamp_round_trips_for_whole_ms(ms in 0..=MAX_UNIX_MS) {
            let ts = pg_timestamp_from_unix_ms(ms);
            let t = V7Time::from_pg_timestamp(ts).unwrap();
            prop_assert_eq!(t.unix_ms(), ms);
            prop_assert_eq!(t.subms_fraction(), 0);
        }

        #[test]
        fn any_bytes_any_timestamp_never_panic(bytes: [u8; 16], ts: i64, ns: i128) {
            let _ = (version(&bytes), unix_ms(&bytes), is_rfc_variant(&bytes));
            let _ = V7Time::from_pg_timestamp(ts);
            let _ = V7Time::from_unix_ns(ns);
        }

        #[test]
        fn order_of_times_is_order_of_uuids(a: u64, b: u64, tail_a: u64, tail_b: u64) {
            let (ta, tb) = (V7Time(a % (V7Time::MAX.0 + 1)), V7Time(b % (V7Time::MAX.0 + 1)));
            if ta < tb {
                prop_assert!(build(ta, tail_a) < build(tb, tail_b));
            }
        }
    }
}
