//! Errors of the core, with the exact text users see. The PostgreSQL layer maps
//! [`Error::kind`] to a SQLSTATE.
use core::fmt;

/// What the caller got wrong, in PostgreSQL's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// SQLSTATE 22008 `datetime_field_overflow`.
    DatetimeOverflow,
    /// SQLSTATE 22023 `invalid_parameter_value`.
    InvalidParameter,
    /// SQLSTATE 22P02 `invalid_text_representation`.
    InvalidText,
}

/// What is wrong with a text form given to a decoder (positions count characters from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextProblem {
    /// A character outside the alphabet, at this position.
    BadChar(char, usize),
    /// The number of characters, when no character is wrong.
    Length(usize),
    /// A digit that sets bits past the 128 of a UUID (ULID: a first digit above 7;
    /// base32hex: the 26th digit's two padding bits).
    Overflow(char, usize),
    /// A padded base32hex text with something else than `=` in the padding, at this position.
    Padding(char, usize),
}

/// The kind of UUID found where a random tail was needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// `00000000-0000-0000-0000-000000000000`.
    Nil,
    /// `ffffffff-ffff-ffff-ffff-ffffffffffff`.
    Max,
    /// RFC 9562 variant with this version nibble.
    Version(u8),
    /// Another variant: NCS (`0xx`), Microsoft (`110`) or reserved (`111`).
    Variant(&'static str),
}

/// An error of the core: what the extension raises, with the same message ([`fmt::Display`]),
/// detail ([`Error::detail`]) and class ([`Error::kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// A time before 1970-01-01 or after 2^48-1 ms, or an infinite timestamp.
    TimestampOutOfRange,
    /// `uuidv7(shift)` with an infinite interval.
    InfiniteInterval,
    /// A shard key length outside 1..=15.
    ShardKeyLength(i32),
    /// A bucket count below 1.
    BucketCount(i32),
    /// A hash-partition modulus below 1.
    Modulus(i32),
    /// A UUID without a random tail given to a shard key or a bucket: what it is.
    NoRandomTail(Found),
    /// `uuid_v7_mask`/`uuid_v7_unmask` with a NULL secret.
    MaskSecretNull,
    /// A mask secret shorter than 16 bytes (128 bits): its length in bytes.
    MaskSecretLength(usize),
    /// `uuid_v7_mask` of something that is not a v7 key.
    MaskNotV7(Found),
    /// `uuid_v7_unmask` of something that is not a public ID (v4, RFC 9562 variant).
    UnmaskNotV4(Found),
    /// Text that is not a valid text form: `form` names the form ("ULID", "base32hex").
    InvalidText(&'static str, TextProblem),
}

impl Error {
    /// The class of the error: the SQLSTATE the extension raises it with.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::TimestampOutOfRange | Error::InfiniteInterval => ErrorKind::DatetimeOverflow,
            Error::InvalidText(..) => ErrorKind::InvalidText,
            _ => ErrorKind::InvalidParameter,
        }
    }

    /// The `DETAIL` line the extension adds to the message, if any.
    pub fn detail(&self) -> Option<&'static str> {
        match self {
            // PostgreSQL 18.6's own wording, so that code written against core keeps working.
            Error::TimestampOutOfRange => Some(
                "UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.",
            ),
            Error::InfiniteInterval => Some("UUID version 7 does not support infinite intervals."),
            Error::NoRandomTail(_) => Some(
                "Shard keys and buckets are read from the last 8 bytes, which are random only in RFC 9562 UUIDs of version 3, 4, 5 and 7.",
            ),
            Error::MaskSecretNull => Some(
                "A NULL secret (an unset setting, a missing row) must not silently give NULL public IDs.",
            ),
            Error::MaskSecretLength(_) => {
                Some("The secret is an HMAC-SHA-256 key of at least 128 bits.")
            }
            Error::MaskNotV7(_) => {
                Some("Only version 7 keys carry a creation time for the mask to hide.")
            }
            Error::UnmaskNotV4(_) => {
                Some("Public IDs made by uuid_v7_mask are version 4 UUIDs of the RFC 9562 variant.")
            }
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::TimestampOutOfRange => f.write_str("timestamp out of range for UUID version 7"),
            Error::InfiniteInterval => f.write_str("interval out of range for UUID version 7"),
            Error::ShardKeyLength(len) => {
                write!(f, "shard key length must be between 1 and 15, got {len}")
            }
            Error::BucketCount(n) => {
                write!(f, "bucket count must be between 1 and 2147483647, got {n}")
            }
            Error::Modulus(m) => {
                write!(f, "modulus must be between 1 and 2147483647, got {m}")
            }
            Error::NoRandomTail(found) => write!(
                f,
                "expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got {found}"
            ),
            Error::MaskSecretNull => f.write_str("mask secret must not be NULL"),
            Error::MaskSecretLength(len) => {
                write!(f, "mask secret must be at least 16 bytes, got {len}")
            }
            Error::MaskNotV7(found) => write!(
                f,
                "expected a UUID of version 7 (RFC 9562 variant) to mask, got {found}"
            ),
            Error::UnmaskNotV4(found) => write!(
                f,
                "expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got {found}"
            ),
            Error::InvalidText(form, problem) => {
                write!(f, "invalid {form} text: ")?;
                match *problem {
                    TextProblem::BadChar(c, at) => {
                        write!(
                            f,
                            "{} at position {at} is not a {} digit",
                            shown(c),
                            alphabet_name(form)
                        )
                    }
                    TextProblem::Length(n) if *form == "base32hex" => {
                        write!(f, "{n} characters, expected 26, or 32 with \"=\" padding")
                    }
                    TextProblem::Length(n) => write!(f, "{n} characters, expected 26"),
                    TextProblem::Overflow(c, at) if *form == "ULID" => write!(
                        f,
                        "{} at position {at} is above \"7\" (a ULID holds 128 bits)",
                        shown(c)
                    ),
                    TextProblem::Overflow(c, at) => {
                        write!(f, "{} at position {at} sets bits past the 16 bytes of a UUID", shown(c))
                    }
                    TextProblem::Padding(c, at) => {
                        write!(f, "{} at position {at} is not \"=\" padding", shown(c))
                    }
                }
            }
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Nil => f.write_str("the nil UUID"),
            Found::Max => f.write_str("the max UUID"),
            Found::Version(v) => write!(f, "version {v}"),
            Found::Variant(name) => write!(f, "a UUID of the {name} variant"),
        }
    }
}

impl core::error::Error for Error {}

fn alphabet_name(form: &str) -> &'static str {
    if form == "ULID" {
        "Crockford base32"
    } else {
        "base32hex"
    }
}

/// A character as messages show it: quoted when it is printable ASCII, else as U+XXXX (a
/// control character, a space or a look-alike of a digit is named without doubt).
struct Shown(char);

fn shown(c: char) -> Shown {
    Shown(c)
}

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, "\"{}\"", self.0)
        } else {
            write!(f, "U+{:04X}", self.0 as u32)
        }
    }
}
