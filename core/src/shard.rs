//! Shard keys and buckets, read only from the random tail (bytes 8..16) of a UUID.
//!
//! In v3/v5 UUIDs the tail is hash output, in v4/v7 it is 62 random bits plus the 2 variant
//! bits. The leading bytes of a v7 are its timestamp and are not uniform, so nothing here
//! reads them.
use crate::error::{Error, Found};

const HEX: &[u8; 16] = b"0123456789abcdef";
/// The longest shard key: 15 hex digits (the 16th would hold the variant bits).
pub const MAX_SHARD_KEY_LEN: i32 = 15;

/// Checks that `b` has a random tail: RFC 9562 variant, version 3, 4, 5 or 7.
pub fn check_random_tail(b: &[u8; 16]) -> Result<(), Error> {
    match found(b) {
        Found::Version(3 | 4 | 5 | 7) => Ok(()),
        found => Err(Error::NoRandomTail(found)),
    }
}

/// What kind of UUID `b` is, as error messages name it: the version of an RFC 9562 UUID,
/// else nil, max or the variant.
pub fn found(b: &[u8; 16]) -> Found {
    match b[8] >> 6 {
        0b10 => Found::Version(b[6] >> 4),
        _ if *b == [0; 16] => Found::Nil,
        _ if *b == [0xFF; 16] => Found::Max,
        0b00 | 0b01 => Found::Variant("NCS"),
        _ if b[8] >> 5 == 0b110 => Found::Variant("Microsoft"),
        _ => Found::Variant("reserved"),
    }
}

/// The shard key: the lowercase hex nibbles of the UUID read from the last byte backwards,
/// low nibble first (the first `len` characters of the reversed 32-digit hex string).
/// `len` is 1..=15: the 16th nibble would hold the variant bits.
pub fn shard_key(b: &[u8; 16], len: i32) -> Result<alloc::string::String, Error> {
    if !(1..=MAX_SHARD_KEY_LEN).contains(&len) {
        return Err(Error::ShardKeyLength(len));
    }
    check_random_tail(b)?;
    let mut key = alloc::string::String::with_capacity(len as usize);
    for i in 0..len as usize {
        let byte = b[15 - i / 2];
        let nibble = if i % 2 == 0 { byte & 0x0F } else { byte >> 4 };
        key.push(HEX[nibble as usize] as char);
    }
    Ok(key)
}

/// The bucket key: bytes 8..16 as a big-endian u64 with the two variant bits cleared.
pub fn bucket_key(b: &[u8; 16]) -> u64 {
    u64::from_be_bytes([b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]]) & 0x3FFF_FFFF_FFFF_FFFF
}

/// `hash_combine64(0, h)` adds this constant (PostgreSQL's `common/hashfn.h`): partitioning
/// combines the hashes of the key columns starting from 0, so a one-column key's row hash is
/// `h + TAIL_HASH_COMBINE_CONSTANT (mod 2^64)`.
pub const TAIL_HASH_COMBINE_CONSTANT: u64 = 0x49a0_f4dd_15e5_a8e3;

/// The extended hash (support function 2) of the operator class `uuid_tail_ops`: the bucket key
/// minus the constant that partitioning adds back, so the row hash PostgreSQL routes by is the
/// bucket key itself and a key sits in the partition whose remainder is
/// [`tail_remainder`]. Total: every UUID has one, and the seed is ignored (pruning hashes the
/// constants of a query, which may be any UUID). An on-disk format, frozen: rows sit where it
/// routed them.
pub fn tail_hash_extended(b: &[u8; 16]) -> u64 {
    bucket_key(b).wrapping_sub(TAIL_HASH_COMBINE_CONSTANT)
}

/// The remainder of a UUID's tail-hash partition at `modulus`: the bucket key mod `modulus`.
/// Defined for every UUID (nil, max, any version or variant), as routing is.
pub fn tail_remainder(b: &[u8; 16], modulus: i32) -> Result<i32, Error> {
    if modulus < 1 {
        return Err(Error::Modulus(modulus));
    }
    Ok((bucket_key(b) % modulus as u64) as i32)
}

/// Jump consistent hash (Lamping and Veach, 2014): `key` into one of `n` buckets. Growing `n`
/// to `n + 1` moves about 1/(n + 1) of the keys, all into bucket `n`.
pub fn jump_consistent_hash(mut key: u64, n: i32) -> i32 {
    let (mut b, mut j): (i64, i64) = (-1, 0);
    while j < i64::from(n) {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b as i32
}

/// The bucket of a UUID among `n` (1..=2147483647), from its random tail.
pub fn bucket(b: &[u8; 16], n: i32) -> Result<i32, Error> {
    if n < 1 {
        return Err(Error::BucketCount(n));
    }
    check_random_tail(b)?;
    Ok(jump_consistent_hash(bucket_key(b), n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(s: &str) -> [u8; 16] {
        let h: String = s.chars().filter(|c| *c != '-').collect();
        let mut b = [0u8; 16];
        for i in 0..16 {
            b[i] = u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap();
        }
        b
    }

    /// The definition in words: reverse the 32 hex digits, take the first `len`.
    fn naive_shard_key(b: &[u8; 16], len: i32) -> String {
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        hex.chars().rev().take(len as usize).collect()
    }

    /// The published C++ loop, transcribed with the masked key.
    fn naive_jump(b: &[u8; 16], n: i32) -> i32 {
        let mut key = u64::from_str_radix(&b[8..].iter().map(|x| format!("{x:02x}")).collect::<String>(), 16).unwrap()
            & !(0b11u64 << 62);
        let (mut bb, mut j) = (-1i64, 0i64);
        while j < n as i64 {
            bb = j;
            key = key.wrapping_mul(2862933555777941757).wrapping_add(1);
            j = ((bb + 1) as f64 * (2147483648.0 / (((key >> 33) + 1) as f64))) as i64;
        }
        bb as i32
    }

    #[test]
    fn shard_key_example_from_the_spec() {
        let u = parse("0195e3a1-7c2e-7b3d-8a4f-0123456789ab");
        assert_eq!(shard_key(&u, 4).unwrap(), "ba98");
        assert_eq!(shard_key(&u, 1).unwrap(), "b");
        assert_eq!(shard_key(&u, 15).unwrap(), "ba9876543210f4a");
    }

    #[test]
    fn shard_key_length_limits() {
        let u = parse("0195e3a1-7c2e-7b3d-8a4f-0123456789ab");
        for bad in [0, 16, -1, i32::MIN, i32::MAX] {
            assert_eq!(shard_key(&u, bad), Err(Error::ShardKeyLength(bad)));
        }
        assert_eq!(
            Error::ShardKeyLength(16).to_string(),
            "shard key length must be between 1 and 15, got 16"
        );
    }

    #[test]
    fn only_versions_with_a_random_tail_are_accepted() {
        let cases = [
            ("00000000-0000-0000-0000-000000000000", "the nil UUID"),
            ("ffffffff-ffff-ffff-ffff-ffffffffffff", "the max UUID"),
            ("c232ab00-9414-11ec-b3c8-9f6bdeced846", "version 1"),
            ("1ec9414c-232a-6b00-b3c8-9f6bdeced846", "version 6"),
            ("320c3d4d-cc00-875b-8ec9-32d5f69181c0", "version 8"),
            ("0195e3a1-7c2e-7b3d-0a4f-0123456789ab", "a UUID of the NCS variant"),
            (
                "0195e3a1-7c2e-7b3d-ca4f-0123456789ab",
                "a UUID of the Microsoft variant",
            ),
            ("0195e3a1-7c2e-7b3d-ea4f-0123456789ab", "a UUID of the reserved variant"),
        ];
        for (u, found) in cases {
            let err = bucket(&parse(u), 5).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got {found}"),
                "{u}"
            );
            assert_eq!(shard_key(&parse(u), 2).unwrap_err(), err);
        }
        for u in [
            "6fa459ea-ee8a-3ca4-894e-db77e160355e", // v3
            "919108f7-52d1-4320-9bac-f847db4148a8", // v4
            "886313e1-3b8a-5372-9b90-0c9aee199e5d", // v5
            "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", // v7
        ] {
            assert!(bucket(&parse(u), 5).is_ok(), "{u}");
        }
    }

    #[test]
    fn bucket_count_limits() {
        let u = parse("919108f7-52d1-4320-9bac-f847db4148a8");
        for bad in [0, -1, i32::MIN] {
            assert_eq!(bucket(&u, bad), Err(Error::BucketCount(bad)));
        }
        assert_eq!(bucket(&u, 1), Ok(0));
        let top = bucket(&u, i32::MAX).unwrap();
        assert!((0..i32::MAX).contains(&top));
    }

    #[test]
    fn bucket_ignores_the_variant_bits_and_the_head() {
        let a = parse("919108f7-52d1-4320-9bac-f847db4148a8");
        let mut b = a;
        b[0] ^= 0xFF;
        b[6] = 0x70 | (b[6] & 0x0F);
        assert_eq!(bucket(&a, 1000), bucket(&b, 1000));
        assert_eq!(bucket_key(&a), 0x1bac_f847_db41_48a8);
    }

    #[test]
    fn growing_moves_few_keys_and_only_into_the_new_bucket() {
        let mut moved = 0;
        let total = 100_000u64;
        for i in 0..total {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 2;
            let (before, after) = (jump_consistent_hash(key, 5), jump_consistent_hash(key, 6));
            if before != after {
                assert_eq!(after, 5);
                moved += 1;
            }
        }
        let share = moved as f64 / total as f64;
        assert!((share - 1.0 / 6.0).abs() < 0.2 / 6.0, "moved {share}");
    }

    /// PostgreSQL's `hash_combine64` (common/hashfn.h), as partitioning calls it per key column.
    fn hash_combine64(mut a: u64, b: u64) -> u64 {
        a ^= b
            .wrapping_add(TAIL_HASH_COMBINE_CONSTANT)
            .wrapping_add(a << 54)
            .wrapping_add(a >> 7);
        a
    }

    #[test]
    fn tail_hash_routes_by_the_bucket_key() {
        let u = parse("919108f7-52d1-4320-9bac-f847db4148a8");
        assert_eq!(
            tail_hash_extended(&u),
            0x1bac_f847_db41_48a8u64.wrapping_sub(0x49a0_f4dd_15e5_a8e3)
        );
        assert_eq!(tail_hash_extended(&u) as i64, -3_311_267_868_911_624_251);
        assert_eq!(hash_combine64(0, tail_hash_extended(&u)), 0x1bac_f847_db41_48a8);
        assert_eq!(tail_remainder(&u, 8), Ok(0));
        assert_eq!(tail_remainder(&u, 1000), Ok((0x1bac_f847_db41_48a8u64 % 1000) as i32));
        // Every UUID routes: nil, max, v1, NCS variant.
        assert_eq!(tail_remainder(&[0; 16], 7), Ok(0));
        assert_eq!(tail_remainder(&[0xFF; 16], 4), Ok(3));
        assert_eq!(
            tail_remainder(&parse("6ba7b810-9dad-11d1-80b4-00c04fd430c8"), 16),
            Ok(8)
        );
        assert_eq!(
            tail_remainder(&parse("6ba7b810-9dad-11d1-00b4-00c04fd430c8"), 16),
            Ok(8)
        );
    }

    #[test]
    fn tail_remainder_modulus_limits() {
        let u = parse("919108f7-52d1-4320-9bac-f847db4148a8");
        for bad in [0, -1, i32::MIN] {
            assert_eq!(tail_remainder(&u, bad), Err(Error::Modulus(bad)));
        }
        assert_eq!(tail_remainder(&u, 1), Ok(0));
    }

    proptest! {
        #[test]
        fn tail_hash_puts_each_key_in_its_remainders_partition(b: [u8; 16], m in 1i32..=i32::MAX) {
            let row_hash = hash_combine64(0, tail_hash_extended(&b));
            prop_assert_eq!((row_hash % m as u64) as i32, tail_remainder(&b, m).unwrap());
            // A partition (m, r) holds the keys of (2m, r) and (2m, r + m): splitting keeps every key.
            if let Some(m2) = m.checked_mul(2) {
                let r2 = tail_remainder(&b, m2).unwrap();
                prop_assert_eq!(r2 % m, tail_remainder(&b, m).unwrap());
            }
        }

        #[test]
        fn shard_key_agrees_with_the_definition(mut b: [u8; 16], len in 1i32..=15, v in prop::sample::select(vec![3u8, 4, 5, 7])) {
            b[6] = (v << 4) | (b[6] & 0x0F);
            b[8] = 0x80 | (b[8] & 0x3F);
            prop_assert_eq!(shard_key(&b, len).unwrap(), naive_shard_key(&b, len));
        }

        #[test]
        fn bucket_agrees_with_the_published_loop(mut b: [u8; 16], n in 1i32..=i32::MAX) {
            b[6] = 0x40 | (b[6] & 0x0F);
            b[8] = 0x80 | (b[8] & 0x3F);
            let got = bucket(&b, n).unwrap();
            prop_assert!((0..n).contains(&got));
            prop_assert_eq!(got, naive_jump(&b, n));
        }

        #[test]
        fn no_panic_for_any_input(b: [u8; 16], n: i32, len: i32) {
            let _ = bucket(&b, n);
            let _ = shard_key(&b, len);
            let _ = tail_remainder(&b, n);
            let _ = tail_hash_extended(&b);
        }
    }
}
