//! Text forms of the 16 bytes, both ways: base32hex (RFC 4648 section 7, as PostgreSQL 19's
//! `encode(id::bytea, 'base32hex')` prints it) and ULID (Crockford base32, 26 digits).
//!
//! Both read the 128 bits most significant first, and both alphabets are in ASCII order, so
//! the text order (bytewise, `COLLATE "C"`) is the UUID order. Decoders take either case and
//! accept nothing else: every UUID has exactly one text per form, and every text one UUID.
use crate::error::{Error, TextProblem};
use alloc::string::String;
use alloc::vec::Vec;

const BASE32HEX: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";
/// Crockford's alphabet: no I, L, O, U.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The 26 digits of 130 bits: two zero bits, then the 128 bits of `b` (ULID's layout).
fn digits_right_aligned(b: &[u8; 16], alphabet: &[u8; 32]) -> String {
    let v = u128::from_be_bytes(*b);
    (0..26)
        .map(|i| alphabet[((v >> (125 - 5 * i)) & 0x1F) as usize] as char)
        .collect()
}

/// The ULID text of `b`: 26 upper-case Crockford base32 digits; the first is 0..7.
pub fn to_ulid(b: &[u8; 16]) -> String {
    digits_right_aligned(b, CROCKFORD)
}

/// The base32hex text of `b`: 26 upper-case digits (the last holds 3 bits and two zero
/// bits), then `======`, as RFC 4648 pads 16 bytes.
pub fn to_base32hex(b: &[u8; 16]) -> String {
    let v = u128::from_be_bytes(*b);
    let mut s: String = (0..26)
        .map(|i| {
            // digit i holds bits 5i..5i+5 from the top; the last one is padded with zeros
            let chunk = if i < 25 {
                (v >> (123 - 5 * i)) & 0x1F
            } else {
                (v & 0x7) << 2
            };
            BASE32HEX[chunk as usize] as char
        })
        .collect();
    s.push_str("======");
    s
}

/// The value of a digit in either case, or `None` when it is not in the alphabet.
fn digit_value(c: char, alphabet: &[u8; 32]) -> Option<u8> {
    let u = c.to_ascii_uppercase();
    u.is_ascii()
        .then(|| alphabet.iter().position(|&a| a == u as u8))
        .flatten()
        .map(|p| p as u8)
}

/// Reads 26 digits: the first bad character wins, then the length.
fn read_digits(s: &str, alphabet: &[u8; 32], form: &'static str) -> Result<Vec<(char, u8)>, Error> {
    let mut out = Vec::with_capacity(26);
    for (i, c) in s.chars().enumerate() {
        if i >= 26 {
            break;
        }
        match digit_value(c, alphabet) {
            Some(v) => out.push((c, v)),
            None => return Err(Error::InvalidText(form, TextProblem::BadChar(c, i + 1))),
        }
    }
    Ok(out)
}

/// A ULID text (either case) back to its 16 bytes.
pub fn from_ulid(s: &str) -> Result<[u8; 16], Error> {
    let digits = read_digits(s, CROCKFORD, "ULID")?;
    let n = s.chars().count();
    if n != 26 {
        return Err(Error::InvalidText("ULID", TextProblem::Length(n)));
    }
    let (c0, v0) = digits[0];
    if v0 > 7 {
        return Err(Error::InvalidText("ULID", TextProblem::Overflow(c0, 1)));
    }
    let v = digits.iter().fold(0u128, |acc, &(_, d)| (acc << 5) | u128::from(d));
    Ok(v.to_be_bytes())
}

/// A base32hex text (either case, with its `======` or without) back to its 16 bytes.
pub fn from_base32hex(s: &str) -> Result<[u8; 16], Error> {
    let digits = read_digits(s, BASE32HEX, "base32hex")?;
    let n = s.chars().count();
    if n != 26 && n != 32 {
        return Err(Error::InvalidText("base32hex", TextProblem::Length(n)));
    }
    if let Some((i, c)) = s.chars().enumerate().skip(26).find(|&(_, c)| c != '=') {
        return Err(Error::InvalidText("base32hex", TextProblem::Padding(c, i + 1)));
    }
    let (c25, v25) = digits[25];
    if v25 & 0x3 != 0 {
        return Err(Error::InvalidText("base32hex", TextProblem::Overflow(c25, 26)));
    }
    let v = digits[..25]
        .iter()
        .fold(0u128, |acc, &(_, d)| (acc << 5) | u128::from(d));
    Ok(((v << 3) | u128::from(v25 >> 2)).to_be_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn bytes(hex: &str) -> [u8; 16] {
        u128::from_str_radix(&hex.replace('-', ""), 16).unwrap().to_be_bytes()
    }

    #[test]
    fn known_texts() {
        // The ULID spec's example ULID 01ARZ3NDEKTSV4RRFFQ69G5FAV and its 16 bytes.
        let b = bytes("01563e3a-b5d3-d676-4c61-efb99302bd5b");
        assert_eq!(to_ulid(&b), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
        assert_eq!(from_ulid("01arz3ndektsv4rrffq69g5fav"), Ok(b));
        assert_eq!(to_ulid(&[0; 16]), "00000000000000000000000000");
        assert_eq!(to_ulid(&[0xFF; 16]), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        assert_eq!(to_base32hex(&[0; 16]), "00000000000000000000000000======");
        assert_eq!(to_base32hex(&[0xFF; 16]), "VVVVVVVVVVVVVVVVVVVVVVVVVS======");
        // RFC 4648 section 10 gives BASE32-HEX("foobar") = "CPNMUOJ1E8======"; 16 bytes of it, as
        // Python's base64.b32hexencode prints them:
        assert_eq!(to_base32hex(b"foobarfoobarfoob"), "CPNMUOJ1E9J6URR2C5P6CRRFC8======");
        assert_eq!(to_base32hex(&b), "05B3SELLQFB7CJ31TUSP60LTBC======");
    }

    #[test]
    fn bad_text_names_the_character() {
        let msg = |r: Result<[u8; 16], Error>| r.unwrap_err().to_string();
        assert_eq!(
            msg(from_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAU")),
            "invalid ULID text: \"U\" at position 26 is not a Crockford base32 digit"
        );
        assert_eq!(
            msg(from_ulid("01ARZ3NDEK")),
            "invalid ULID text: 10 characters, expected 26"
        );
        assert_eq!(
            msg(from_ulid("81ARZ3NDEKTSV4RRFFQ69G5FAV")),
            "invalid ULID text: \"8\" at position 1 is above \"7\" (a ULID holds 128 bits)"
        );
        assert_eq!(
            msg(from_base32hex("00000000000000000000000001")),
            "invalid base32hex text: \"1\" at position 26 sets bits past the 16 bytes of a UUID"
        );
        assert_eq!(
            msg(from_base32hex("0000000000000000000000000W======")),
            "invalid base32hex text: \"W\" at position 26 is not a base32hex digit"
        );
        assert_eq!(
            msg(from_base32hex("00000000000000000000000000=====x")),
            "invalid base32hex text: \"x\" at position 32 is not \"=\" padding"
        );
        assert_eq!(
            msg(from_base32hex("00000000000000000000000000===")),
            "invalid base32hex text: 29 characters, expected 26, or 32 with \"=\" padding"
        );
        assert_eq!(
            msg(from_ulid("0000000000000\u{7}000000000000")),
            "invalid ULID text: U+0007 at position 14 is not a Crockford base32 digit"
        );
        assert_eq!(
            msg(from_ulid("0000000000000é000000000000")),
            "invalid ULID text: U+00E9 at position 14 is not a Crockford base32 digit"
        );
        assert!(from_ulid("").is_err() && from_base32hex("").is_err());
    }

    proptest! {
        #[test]
        fn round_trips_in_both_cases(b: [u8; 16]) {
            let u = to_ulid(&b);
            prop_assert_eq!(u.len(), 26);
            prop_assert_eq!(from_ulid(&u), Ok(b));
            prop_assert_eq!(from_ulid(&u.to_lowercase()), Ok(b));
            let h = to_base32hex(&b);
            prop_assert_eq!(h.len(), 32);
            prop_assert_eq!(from_base32hex(&h), Ok(b));
            prop_assert_eq!(from_base32hex(&h[..26]), Ok(b));
            prop_assert_eq!(from_base32hex(&h.to_lowercase()), Ok(b));
        }

        #[test]
        fn text_order_is_byte_order(a: [u8; 16], b: [u8; 16]) {
            prop_assert_eq!(to_ulid(&a).cmp(&to_ulid(&b)), a.cmp(&b));
            prop_assert_eq!(to_base32hex(&a).cmp(&to_base32hex(&b)), a.cmp(&b));
        }

        #[test]
        fn any_text_never_panics(s: String) {
            let _ = (from_ulid(&s), from_base32hex(&s));
        }
    }
}
