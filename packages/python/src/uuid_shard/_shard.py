"""Shard keys, buckets, tail-hash partitions, times, text forms and keys from names.

Bit-for-bit the same results as the PostgreSQL extension uuid_shard; specified in
docs/algorithms.md and checked against tests/vectors/vectors.json by
tests/vectors/python/check.py. A UUID may be given as uuid.UUID, as 16 bytes or as text (any
case). Times are integer Unix microseconds or aware datetimes (never float seconds, which
round wrongly at millisecond edges).
"""

from __future__ import annotations

import datetime as _dt
import hashlib as _hashlib
import operator as _operator
import uuid as _uuid
from typing import TypeAlias

#: What the functions take as a UUID: uuid.UUID, its 16 bytes, or its text in any case.
UUIDLike: TypeAlias = _uuid.UUID | bytes | bytearray | str
#: What the functions take as a time: integer Unix microseconds, or an aware datetime.
TimeLike: TypeAlias = int | _dt.datetime

_NO_RANDOM_TAIL = "expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got "
_INT4_MAX = 2147483647
_BUCKET_KEY_BITS = 0x3FFF_FFFF_FFFF_FFFF
_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
_ONE_US = _dt.timedelta(microseconds=1)


def _bytes(u: UUIDLike) -> bytes:
    if isinstance(u, _uuid.UUID):
        return u.bytes
    if isinstance(u, (bytes, bytearray)):
        if len(u) != 16:
            raise ValueError("a UUID has 16 bytes, got %d" % len(u))
        return bytes(u)
    if isinstance(u, str):
        return _uuid.UUID(u).bytes
    raise TypeError("expected a uuid.UUID, 16 bytes or text, got %s" % type(u).__name__)


def _int(x: int, what: str) -> int:
    if isinstance(x, bool):
        raise TypeError("%s must be an integer, got bool" % what)
    return _operator.index(x)


def _found(b: bytes) -> str:
    # What the extension's messages call a UUID that is not of the wanted kind.
    if b[8] >> 6 == 0b10:
        return "version %d" % (b[6] >> 4)
    if b == bytes(16):
        return "the nil UUID"
    if b == b"\xff" * 16:
        return "the max UUID"
    if b[8] >> 7 == 0:
        return "a UUID of the NCS variant"
    return "a UUID of the %s variant" % ("Microsoft" if b[8] >> 5 == 0b110 else "reserved")


def _random_tail(b: bytes) -> bool:
    # RFC 9562 variant (byte 8 = 0b10xxxxxx) and version 3, 4, 5 or 7 (high nibble of byte 6).
    return b[8] >> 6 == 0b10 and b[6] >> 4 in (3, 4, 5, 7)


def _checked_tail(u: UUIDLike) -> bytes:
    b = _bytes(u)
    if not _random_tail(b):
        raise ValueError(_NO_RANDOM_TAIL + _found(b))
    return b


def _bucket_key(b: bytes) -> int:
    # Bytes 8..16 as a big-endian unsigned 64-bit integer, the two variant bits cleared.
    return int.from_bytes(b[8:], "big") & _BUCKET_KEY_BITS


def has_random_tail(u: UUIDLike) -> bool:
    """True if shard_key and bucket accept u: RFC 9562 variant, version 3, 4, 5 or 7."""
    return _random_tail(_bytes(u))


def shard_key(u: UUIDLike, length: int) -> str:
    """uuid_shard_key: the first `length` (1..15) hex digits of u read backwards, lower case."""
    length = _int(length, "length")
    if not 1 <= length <= 15:
        raise ValueError("shard key length must be between 1 and 15, got %d" % length)
    return _checked_tail(u).hex()[::-1][:length]


def bucket(u: UUIDLike, n: int) -> int:
    """uuid_bucket: the bucket of u among n (1..2147483647), jump consistent hash of bytes 8..16."""
    n = _int(n, "n")
    if not 1 <= n <= _INT4_MAX:
        raise ValueError("bucket count must be between 1 and 2147483647, got %d" % n)
    key = _bucket_key(_checked_tail(u))
    result, j = -1, 0
    while j < n:
        result = j
        key = (key * 2862933555777941757 + 1) & 0xFFFF_FFFF_FFFF_FFFF
        j = int((result + 1) * (2147483648.0 / ((key >> 33) + 1)))  # IEEE double, truncated
    return result


#: PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash.
HASH_COMBINE64_CONSTANT = 0x49A0_F4DD_15E5_A8E3


def tail_hash_extended(u: UUIDLike) -> int:
    """uuid_tail_hash_extended: the hash PostgreSQL's hash partitioning gets from the operator
    class uuid_tail_ops for u (support function 2, seed ignored): the bucket key minus
    HASH_COMBINE64_CONSTANT, so the row hash is the bucket key itself. Defined for every UUID;
    always a negative signed 64-bit integer."""
    return _bucket_key(_bytes(u)) - HASH_COMBINE64_CONSTANT


def tail_remainder(u: UUIDLike, modulus: int) -> int:
    """uuid_tail_remainder: the remainder of the hash partition holding u in a table
    PARTITION BY HASH (id uuid_tail_ops) with partitions of this modulus (1..2147483647).
    Defined for every UUID, of any version and variant, nil and max."""
    modulus = _int(modulus, "modulus")
    if not 1 <= modulus <= _INT4_MAX:
        raise ValueError("modulus must be between 1 and 2147483647, got %d" % modulus)
    return _bucket_key(_bytes(u)) % modulus


# The longest identifier PostgreSQL keeps (NAMEDATALEN - 1, the setting max_identifier_length).
_MAX_IDENTIFIER_LENGTH = 63


def tail_partition_name(parent: str, u: UUIDLike, modulus: int) -> str:
    """The name uuid_tail_partition_ddl(parent, modulus) gives the partition holding u:
    <parent>_h<modulus>_<remainder>, the parent's name shortened by whole characters until the
    name fits PostgreSQL's 63 bytes (UTF-8). `parent` is the table's name as stored, without
    schema or quotes; the result is unquoted. The modulus is tail_remainder's (1 or more)."""
    if not isinstance(parent, str):
        raise TypeError("parent must be a table name (str), got %s" % type(parent).__name__)
    if not parent or "\x00" in parent:
        raise ValueError("parent must be a table name, got %r" % (parent,))
    modulus = _int(modulus, "modulus")
    suffix = "_h%d_%d" % (modulus, tail_remainder(u, modulus))
    room = _MAX_IDENTIFIER_LENGTH - len(suffix)  # the suffix is ASCII: one byte a character
    base = parent
    while len(base.encode("utf-8")) > room:
        base = base[:-1]
    return base + suffix


def unix_ms(u: UUIDLike) -> int | None:
    """uuid_v7_time in Unix milliseconds: the time of a version 7 UUID (RFC 9562 variant),
    None for any other UUID."""
    b = _bytes(u)
    if b[8] >> 6 != 0b10 or b[6] >> 4 != 7:
        return None
    return int.from_bytes(b[:6], "big")


# ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names ----------------

_BASE32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_MAX_UNIX_MS = (1 << 48) - 1
_MAX_UNIX_US = _MAX_UNIX_MS * 1000 + 999
_NAME_DOMAIN = b"uuid_shard v7 from name\x00"
_OUT_OF_RANGE = "timestamp out of range for UUID version 7"


def to_ulid(u: UUIDLike) -> str:
    """uuid_to_ulid: 26 upper-case Crockford base32 digits (two zero bits, then the 128)."""
    v = int.from_bytes(_bytes(u), "big")
    return "".join(_CROCKFORD[(v >> (125 - 5 * i)) & 31] for i in range(26))


def to_base32hex(u: UUIDLike) -> str:
    """uuid_to_base32hex: RFC 4648 base32hex of the 16 bytes, upper case, '=' padded (what
    base64.b32hexencode prints)."""
    v = int.from_bytes(_bytes(u), "big") << 2  # 130 bits: two zero bits at the end
    return "".join(_BASE32HEX[(v >> (125 - 5 * i)) & 31] for i in range(26)) + "======"


def _shown(c: str) -> str:
    # As the extension's messages show a character: quoted when printable ASCII, else U+XXXX.
    return '"%s"' % c if "!" <= c <= "~" else "U+%04X" % ord(c)


def _digits(s: str, alphabet: str, form: str, alphabet_name: str) -> list[int]:
    # The first bad character among the first 26 wins, then the length (as the extension).
    if not isinstance(s, str):
        raise TypeError("expected %s text (str), got %s" % (form, type(s).__name__))
    out: list[int] = []
    for i, c in enumerate(s[:26]):
        p = alphabet.find(c.upper()) if c.isascii() else -1
        if p < 0:
            raise ValueError(
                "invalid %s text: %s at position %d is not a %s digit" % (form, _shown(c), i + 1, alphabet_name)
            )
        out.append(p)
    return out


def from_ulid(s: str) -> _uuid.UUID:
    """uuid_from_ulid: the UUID of a ULID text (either case); ValueError for anything else."""
    d = _digits(s, _CROCKFORD, "ULID", "Crockford base32")
    if len(s) != 26:
        raise ValueError("invalid ULID text: %d characters, expected 26" % len(s))
    if d[0] > 7:
        raise ValueError('invalid ULID text: %s at position 1 is above "7" (a ULID holds 128 bits)' % _shown(s[0]))
    v = 0
    for x in d:
        v = (v << 5) | x
    return _uuid.UUID(bytes=v.to_bytes(16, "big"))


def from_base32hex(s: str) -> _uuid.UUID:
    """uuid_from_base32hex: the UUID of a base32hex text (either case, with its six '=' or
    without); ValueError for anything else."""
    d = _digits(s, _BASE32HEX, "base32hex", "base32hex")
    if len(s) not in (26, 32):
        raise ValueError('invalid base32hex text: %d characters, expected 26, or 32 with "=" padding' % len(s))
    for i in range(26, len(s)):
        if s[i] != "=":
            raise ValueError('invalid base32hex text: %s at position %d is not "=" padding' % (_shown(s[i]), i + 1))
    if d[25] & 3:
        raise ValueError(
            "invalid base32hex text: %s at position 26 sets bits past the 16 bytes of a UUID" % _shown(s[25])
        )
    v = 0
    for x in d:
        v = (v << 5) | x
    return _uuid.UUID(bytes=(v >> 2).to_bytes(16, "big"))


def _unix_us(t: TimeLike) -> int:
    # Integer Unix microseconds of t, checked against the v7 range.
    if isinstance(t, _dt.datetime):
        if t.utcoffset() is None:
            raise ValueError("a naive datetime has no time zone: give an aware one (tzinfo=datetime.timezone.utc)")
        us = (t - _EPOCH) // _ONE_US
    else:
        us = _int(t, "the time (integer Unix microseconds or an aware datetime)")
    if not 0 <= us <= _MAX_UNIX_US:
        raise ValueError(_OUT_OF_RANGE)
    return us


def _v7_head(unix_us: int, fraction: int | None) -> bytes:
    ms, us = divmod(unix_us, 1000)
    frac = us * 4096 // 1000 if fraction is None else fraction
    return ((ms << 16) | 0x7000 | frac).to_bytes(8, "big")


def boundary(t: TimeLike) -> _uuid.UUID:
    """uuid_v7_boundary: the smallest v7 UUID of the millisecond holding t."""
    return _uuid.UUID(bytes=_v7_head(_unix_us(t), 0) + b"\x80" + bytes(7))


def boundary_last(t: TimeLike) -> _uuid.UUID:
    """uuid_v7_boundary_last: the largest v7 UUID of the millisecond holding t, the inclusive
    upper bound."""
    return _uuid.UUID(bytes=_v7_head(_unix_us(t), 0xFFF) + b"\xbf" + b"\xff" * 7)


def v7_head(t: TimeLike) -> bytes:
    """Bytes 0..7 of the v7 UUID uuid_v7_at(t) makes: milliseconds, version, the 12-bit fraction."""
    return _v7_head(_unix_us(t), None)


def unix_us(u: UUIDLike) -> int | None:
    """uuid_v7_time_us in integer Unix microseconds: the time of a version 7 UUID (RFC 9562
    variant) to the microsecond, None for any other UUID."""
    b = _bytes(u)
    if b[8] >> 6 != 0b10 or b[6] >> 4 != 7:
        return None
    frac = ((b[6] & 0x0F) << 8) | b[7]
    return int.from_bytes(b[:6], "big") * 1000 + min(999, (frac * 1000 + 4095) // 4096)


def v7_time(u: UUIDLike) -> _dt.datetime | None:
    """uuid_v7_time: the time of a version 7 UUID to the millisecond, as an aware datetime in
    UTC; None for any other UUID. OverflowError past datetime's year 9999."""
    ms = unix_ms(u)
    return None if ms is None else _EPOCH + _dt.timedelta(milliseconds=ms)


def v7_time_us(u: UUIDLike) -> _dt.datetime | None:
    """uuid_v7_time_us: the time of a version 7 UUID to the microsecond, as an aware datetime in
    UTC; None for any other UUID. OverflowError past datetime's year 9999."""
    us = unix_us(u)
    return None if us is None else _EPOCH + _dt.timedelta(microseconds=us)


def from_name(t: TimeLike, name: str | bytes) -> _uuid.UUID:
    """uuid_v7_from_name: the v7 UUID of a time and a name: the head of v7_head(t), the tail
    from SHA-256(b'uuid_shard v7 from name\\x00' + name as UTF-8), variant bits set."""
    head = v7_head(t)
    if isinstance(name, str):
        data = name.encode("utf-8")
    elif isinstance(name, (bytes, bytearray)):
        data = bytes(name)
    else:
        raise TypeError("name must be str or bytes, got %s" % type(name).__name__)
    tail = bytearray(_hashlib.sha256(_NAME_DOMAIN + data).digest()[:8])
    tail[0] = 0x80 | (tail[0] & 0x3F)
    return _uuid.UUID(bytes=head + bytes(tail))
