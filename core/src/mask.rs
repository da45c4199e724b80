//! Public IDs for v7 keys: a keyed, reversible mask that hides a key's creation time.
//!
//! A v7 key shows when its row was created (bytes 0..6 are Unix milliseconds, the 12-bit
//! `rand_a` is the sub-millisecond fraction). The mask XORs those 60 time bits with a keyed
//! pseudorandom function of the key's untouched random tail and presents the result as a
//! version 4 UUID. Frozen once released; `docs/algorithms.md` section 7 specifies it:
//!
//! ```text
//! T      = HMAC-SHA-256(secret, "uuid_shard mask v1" || bytes 8..16)   (18 + 8 bytes in)
//! mask   : bytes 0..8 ^= T[0..8]; version nibble (byte 6, high) := 4
//! unmask : bytes 0..8 ^= T[0..8]; version nibble (byte 6, high) := 7
//! ```
//!
//! Bytes 8..16 (variant and the 62 random bits) never change, so `T` is the same both ways,
//! the variant stays RFC 9562, and a public ID has the same shard key and bucket as its key.
//! XORing `T`'s bits 48..51 into the version nibble is harmless: the nibble is then set.
//! For a fixed secret, mask is a bijection from v7 keys onto v4 UUIDs and unmask its inverse.
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::error::{Error, Found};
use crate::shard::found;

/// The domain-separation label hashed before the tail: a PRF output of this construction can
/// never be mistaken for an HMAC the same secret computes for another purpose.
pub const LABEL: &[u8; 18] = b"uuid_shard mask v1";
/// The shortest secret accepted: 16 bytes, 128 bits.
pub const MIN_SECRET_LEN: usize = 16;

/// The 8 bytes XORed into bytes 0..8: the first 8 bytes of HMAC-SHA-256(secret, LABEL || tail).
fn pad(secret: &[u8], tail: &[u8]) -> [u8; 8] {
    // HMAC takes keys of any length, so new_from_slice cannot fail.
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC accepts any key length");
    mac.update(LABEL);
    mac.update(tail);
    let t = mac.finalize().into_bytes();
    let mut out = [0u8; 8];
    out.copy_from_slice(&t[..8]);
    out
}

/// Checks a secret: present and at least 128 bits. `None` is SQL NULL.
pub fn check_secret(secret: Option<&[u8]>) -> Result<&[u8], Error> {
    match secret {
        None => Err(Error::MaskSecretNull),
        Some(s) if s.len() < MIN_SECRET_LEN => Err(Error::MaskSecretLength(s.len())),
        Some(s) => Ok(s),
    }
}

fn apply(b: &[u8; 16], secret: &[u8], version: u8) -> [u8; 16] {
    let t = pad(secret, &b[8..]);
    let mut out = *b;
    for (x, k) in out[..8].iter_mut().zip(t) {
        *x ^= k;
    }
    out[6] = (version << 4) | (out[6] & 0x0F);
    out
}

/// The public ID (version 4) of v7 key `b`. The secret is checked first, then the key.
pub fn mask(b: &[u8; 16], secret: Option<&[u8]>) -> Result<[u8; 16], Error> {
    let secret = check_secret(secret)?;
    match found(b) {
        Found::Version(7) => Ok(apply(b, secret, 4)),
        f => Err(Error::MaskNotV7(f)),
    }
}

/// The v7 key of public ID `b` (version 4). With another secret, or for a v4 UUID that was
/// never masked, the result is a valid v7 key whose time is meaningless: nothing can tell.
pub fn unmask(b: &[u8; 16], secret: Option<&[u8]>) -> Result<[u8; 16], Error> {
    let secret = check_secret(secret)?;
    match found(b) {
        Found::Version(4) => Ok(apply(b, secret, 7)),
        f => Err(Error::UnmaskNotV4(f)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::{bucket, shard_key};
    use crate::v7::{self, V7Time};
    use proptest::prelude::*;
    use sha2::Digest;
    use std::collections::HashSet;

    const SECRET: &[u8] = b"0123456789abcdef";

    fn parse(s: &str) -> [u8; 16] {
        let h: String = s.chars().filter(|c| *c != '-').collect();
        let mut b = [0u8; 16];
        for (i, x) in b.iter_mut().enumerate() {
            *x = u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap();
        }
        b
    }

    /// HMAC-SHA-256 written out from its definition (RFC 2104) on plain SHA-256, as the SQL
    /// edition builds it: the crate and the definition must agree, secrets over 64 bytes included.
    fn hmac_by_definition(key: &[u8], msg: &[u8]) -> [u8; 32] {
        let mut k = [0u8; 64];
        if key.len() > 64 {
            k[..32].copy_from_slice(&Sha256::digest(key));
        } else {
            k[..key.len()].copy_from_slice(key);
        }
        let ipad: Vec<u8> = k.iter().map(|x| x ^ 0x36).collect();
        let opad: Vec<u8> = k.iter().map(|x| x ^ 0x5c).collect();
        let inner = Sha256::digest([&ipad[..], msg].concat());
        Sha256::digest([&opad[..], &inner[..]].concat()).into()
    }

    #[test]
    fn hmac_is_the_rfc_4231_one() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?"
        let mut mac = Hmac::<Sha256>::new_from_slice(b"Jefe").unwrap();
        mac.update(b"what do ya want for nothing?");
        let t = mac.finalize().into_bytes();
        assert_eq!(
            t[..8],
            [0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e],
            "first 8 bytes of 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        for key_len in [16, 63, 64, 65, 200] {
            let key: Vec<u8> = (0..key_len).map(|i| (i * 7 + 3) as u8).collect();
            let tail = [0x80, 1, 2, 3, 4, 5, 6, 7];
            let want = hmac_by_definition(&key, &[&LABEL[..], &tail].concat());
            assert_eq!(pad(&key, &tail), want[..8], "key of {key_len} bytes");
        }
    }

    #[test]
    fn example_round_trip_and_layout() {
        let key = parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
        let public = mask(&key, Some(SECRET)).unwrap();
        assert_eq!(public[6] >> 4, 4, "version 4");
        assert_eq!(public[8] >> 6, 0b10, "RFC 9562 variant");
        assert_eq!(public[8..], key[8..], "tail unchanged");
        assert_ne!(public[..6], key[..6], "time bits changed");
        assert_eq!(unmask(&public, Some(SECRET)).unwrap(), key);
    }

    #[test]
    fn secret_errors_come_first() {
        let key = parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
        let v4 = parse("919108f7-52d1-4320-9bac-f847db4148a8");
        assert_eq!(mask(&key, None), Err(Error::MaskSecretNull));
        assert_eq!(unmask(&v4, None), Err(Error::MaskSecretNull));
        assert_eq!(mask(&v4, None), Err(Error::MaskSecretNull));
        for len in [0, 1, 15] {
            let s = vec![7u8; len];
            assert_eq!(mask(&key, Some(&s)), Err(Error::MaskSecretLength(len)));
            assert_eq!(unmask(&v4, Some(&s)), Err(Error::MaskSecretLength(len)));
        }
        assert_eq!(mask(&key, Some(&[7u8; 16])).map(|_| ()), Ok(()));
        assert_eq!(
            Error::MaskSecretLength(15).to_string(),
            "mask secret must be at least 16 bytes, got 15"
        );
        assert_eq!(Error::MaskSecretNull.to_string(), "mask secret must not be NULL");
    }

    #[test]
    fn only_v7_is_masked_and_only_v4_unmasked() {
        let cases = [
            ("00000000-0000-0000-0000-000000000000", "the nil UUID"),
            ("ffffffff-ffff-ffff-ffff-ffffffffffff", "the max UUID"),
            ("c232ab00-9414-11ec-b3c8-9f6bdeced846", "version 1"),
            ("6fa459ea-ee8a-3ca4-894e-db77e160355e", "version 3"),
            ("886313e1-3b8a-5372-9b90-0c9aee199e5d", "version 5"),
            ("1ec9414c-232a-6b00-b3c8-9f6bdeced846", "version 6"),
            ("320c3d4d-cc00-875b-8ec9-32d5f69181c0", "version 8"),
            ("0195e3a1-7c2e-7b3d-0a4f-0123456789ab", "a UUID of the NCS variant"),
            (
                "0195e3a1-7c2e-7b3d-ca4f-0123456789ab",
                "a UUID of the Microsoft variant",
            ),
            ("0195e3a1-7c2e-7b3d-ea4f-0123456789ab", "a UUID of the reserved variant"),
            ("0195e3a1-7c2e-4b3d-ea4f-0123456789ab", "a UUID of the reserved variant"),
        ];
        for (u, what) in cases {
            let b = parse(u);
            assert_eq!(
                mask(&b, Some(SECRET)).unwrap_err().to_string(),
                format!("expected a UUID of version 7 (RFC 9562 variant) to mask, got {what}"),
            );
            assert_eq!(
                unmask(&b, Some(SECRET)).unwrap_err().to_string(),
                format!("expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got {what}"),
            );
        }
        let v4 = parse("919108f7-52d1-4320-9bac-f847db4148a8");
        assert_eq!(mask(&v4, Some(SECRET)), Err(Error::MaskNotV7(Found::Version(4))));
        let v7 = parse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
        assert_eq!(unmask(&v7, Some(SECRET)), Err(Error::UnmaskNotV4(Found::Version(7))));
    }

    #[test]
    fn every_v4_unmasks_to_a_v7_whatever_the_secret() {
        // A wrong secret, or a v4 that was never masked: a v7 key, no error, no way to tell.
        let v4 = parse("919108f7-52d1-4320-9bac-f847db4148a8");
        let k = unmask(&v4, Some(b"another secret, 32 bytes long..!")).unwrap();
        assert_eq!(v7::version(&k), Some(7));
        assert_eq!(mask(&k, Some(b"another secret, 32 bytes long..!")).unwrap(), v4);
        assert_ne!(unmask(&v4, Some(SECRET)).unwrap(), k);
    }

    /// Many keys of one millisecond, differing only in their tails: every public ID distinct
    /// (a permutation cannot collide), every one a v4, and unmask gives each key back.
    #[test]
    fn keys_of_one_millisecond_give_distinct_public_ids() {
        let time = V7Time::new(1_767_225_600_000, 0).unwrap();
        let mut seen = HashSet::new();
        let mut state = 0x0123_4567_89ab_cdefu64;
        for _ in 0..100_000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let key = v7::build(time, state);
            let public = mask(&key, Some(SECRET)).unwrap();
            assert!(seen.insert(public));
            assert_eq!(unmask(&public, Some(SECRET)).unwrap(), key);
        }
    }

    fn arb_v7() -> impl Strategy<Value = [u8; 16]> {
        (0..=v7::MAX_UNIX_MS, 0u16..4096, any::<u64>())
            .prop_map(|(ms, frac, tail)| v7::build(V7Time::new(ms, frac).unwrap(), tail))
    }

    fn arb_v4() -> impl Strategy<Value = [u8; 16]> {
        any::<[u8; 16]>().prop_map(|mut b| {
            b[6] = 0x40 | (b[6] & 0x0F);
            b[8] = 0x80 | (b[8] & 0x3F);
            b
        })
    }

    fn arb_secret() -> impl Strategy<Value = Vec<u8>> {
        proptest::collection::vec(any::<u8>(), 16..100)
    }

    proptest! {
        #[test]
        fn round_trip(key in arb_v7(), secret in arb_secret()) {
            let public = mask(&key, Some(&secret)).unwrap();
            prop_assert_eq!(unmask(&public, Some(&secret)).unwrap(), key);
        }

        #[test]
        fn unmask_then_mask_is_identity(public in arb_v4(), secret in arb_secret()) {
            // With round_trip: mask is a bijection from v7 keys onto v4 UUIDs.
            let key = unmask(&public, Some(&secret)).unwrap();
            prop_assert_eq!(v7::version(&key), Some(7));
            prop_assert_eq!(mask(&key, Some(&secret)).unwrap(), public);
        }

        #[test]
        fn public_id_is_v4_with_the_same_tail(key in arb_v7(), secret in arb_secret(), n in 1i32..=i32::MAX, len in 1i32..=15) {
            let public = mask(&key, Some(&secret)).unwrap();
            prop_assert_eq!(v7::version(&public), Some(4));
            prop_assert_eq!(&public[8..], &key[8..]);
            prop_assert_eq!(bucket(&public, n).unwrap(), bucket(&key, n).unwrap());
            prop_assert_eq!(shard_key(&public, len).unwrap(), shard_key(&key, len).unwrap());
        }

        #[test]
        fn distinct_keys_give_distinct_public_ids(a in arb_v7(), b in arb_v7(), secret in arb_secret()) {
            prop_assume!(a != b);
            prop_assert_ne!(mask(&a, Some(&secret)).unwrap(), mask(&b, Some(&secret)).unwrap());
        }
    }
}
