"""Shard keys and buckets of uuid_shard in plain Python (3.8+, standard library only).

Bit-for-bit the same results as the PostgreSQL extension; specified in docs/algorithms.md and
checked against tests/vectors/vectors.json by check.py. Paste freely into application code.
A UUID may be given as uuid.UUID, as 16 bytes or as text (any case).
"""
import uuid as _uuid

_NO_RANDOM_TAIL = "expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)"


def _bytes(u):
    if isinstance(u, _uuid.UUID):
        return u.bytes
    if isinstance(u, (bytes, bytearray)):
        if len(u) != 16:
            raise ValueError("a UUID has 16 bytes")
        return bytes(u)
    return _uuid.UUID(u).bytes


def _random_tail(b):
    # RFC 9562 variant (byte 8 = 0b10xxxxxx) and version 3, 4, 5 or 7 (high nibble of byte 6).
    return b[8] >> 6 == 0b10 and b[6] >> 4 in (3, 4, 5, 7)


def _bucket_key(b):
    # Bytes 8..16 as a big-endian unsigned 64-bit integer, the two variant bits cleared.
    return int.from_bytes(b[8:], "big") & 0x3FFF_FFFF_FFFF_FFFF


def has_random_tail(u):
    """True if shard_key and bucket accept u."""
    return _random_tail(_bytes(u))


def shard_key(u, length):
    """The first `length` (1..15) hex digits of u read backwards, lower case."""
    if not 1 <= length <= 15:
        raise ValueError("shard key length must be between 1 and 15, got %r" % (length,))
    b = _bytes(u)
    if not _random_tail(b):
        raise ValueError(_NO_RANDOM_TAIL)
    return b.hex()[::-1][:length]


def bucket(u, n):
    """The bucket of u among n (1..2147483647): jump consistent hash of bytes 8..16."""
    if not 1 <= n <= 2147483647:
        raise ValueError("bucket count must be between 1 and 2147483647, got %r" % (n,))
    b = _bytes(u)
    if not _random_tail(b):
        raise ValueError(_NO_RANDOM_TAIL)
    key = _bucket_key(b)
    result, j = -1, 0
    while j < n:
        result = j
        key = (key * 2862933555777941757 + 1) & 0xFFFF_FFFF_FFFF_FFFF
        j = int((result + 1) * (2147483648.0 / ((key >> 33) + 1)))  # IEEE double, truncated
    return result


# PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash.
HASH_COMBINE64_CONSTANT = 0x49A0_F4DD_15E5_A8E3


def tail_hash_extended(u):
    """The hash PostgreSQL's hash partitioning gets from the operator class uuid_tail_ops for u
    (support function 2, seed ignored): the bucket key minus HASH_COMBINE64_CONSTANT, so the row
    hash is the bucket key itself. Defined for every UUID. As the bucket key is below 2^62, this
    is always a negative signed 64-bit integer."""
    return _bucket_key(_bytes(u)) - HASH_COMBINE64_CONSTANT


def tail_remainder(u, modulus):
    """The remainder of the hash partition holding u in a table PARTITION BY HASH (id
    uuid_tail_ops) with partitions of this modulus (1..2147483647): the bucket key mod modulus.
    Defined for every UUID, of any version and variant, nil and max."""
    if not 1 <= modulus <= 2147483647:
        raise ValueError("modulus must be between 1 and 2147483647, got %r" % (modulus,))
    return _bucket_key(_bytes(u)) % modulus


def unix_ms(u):
    """The Unix millisecond timestamp of a version 7 UUID, None for any other UUID."""
    b = _bytes(u)
    if b[8] >> 6 != 0b10 or b[6] >> 4 != 7:
        return None
    return int.from_bytes(b[:6], "big")


# ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names ----------------
# Times are integer Unix microseconds (unix_us): never float seconds or milliseconds, which
# round wrongly at millisecond edges. From a datetime d (aware): (d - EPOCH) // timedelta(microseconds=1).
import hashlib as _hashlib  # noqa: E402

_BASE32HEX = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_MAX_UNIX_MS = (1 << 48) - 1
_NAME_DOMAIN = b"uuid_shard v7 from name\x00"


def to_ulid(u):
    """The ULID text of u: 26 upper-case Crockford base32 digits (two zero bits, then 128)."""
    v = int.from_bytes(_bytes(u), "big")
    return "".join(_CROCKFORD[(v >> (125 - 5 * i)) & 31] for i in range(26))


def to_base32hex(u):
    """RFC 4648 base32hex of the 16 bytes, upper case, '=' padded (base64.b32hexencode)."""
    v = int.from_bytes(_bytes(u), "big") << 2  # 130 bits: two zero bits at the end
    return "".join(_BASE32HEX[(v >> (125 - 5 * i)) & 31] for i in range(26)) + "======"


def _digits(s, alphabet, form):
    if len(s) < 26 or not all(c.upper() in alphabet and c.isascii() for c in s[:26]):
        raise ValueError("invalid %s text" % form)
    return [alphabet.index(c.upper()) for c in s[:26]]


def from_ulid(s):
    """The uuid.UUID of a ULID text (either case); ValueError for anything else."""
    d = _digits(s, _CROCKFORD, "ULID")
    if len(s) != 26 or d[0] > 7:
        raise ValueError("invalid ULID text")
    v = 0
    for x in d:
        v = (v << 5) | x
    return _uuid.UUID(bytes=v.to_bytes(16, "big"))


def from_base32hex(s):
    """The uuid.UUID of a base32hex text (either case, with its six '=' or without)."""
    d = _digits(s, _BASE32HEX, "base32hex")
    if len(s) not in (26, 32) or s[26:] not in ("", "======") or d[25] & 3:
        raise ValueError("invalid base32hex text")
    v = 0
    for x in d:
        v = (v << 5) | x
    return _uuid.UUID(bytes=(v >> 2).to_bytes(16, "big"))


def _v7_head(unix_us, fraction):
    if not 0 <= unix_us <= _MAX_UNIX_MS * 1000 + 999:
        raise ValueError("timestamp out of range for UUID version 7")
    ms, us = divmod(unix_us, 1000)
    frac = us * 4096 // 1000 if fraction is None else fraction
    return ((ms << 16) | 0x7000 | frac).to_bytes(8, "big")


def boundary(unix_us):
    """The smallest v7 UUID of the millisecond holding unix_us (integer microseconds)."""
    return _uuid.UUID(bytes=_v7_head(unix_us, 0) + b"\x80" + bytes(7))


def boundary_last(unix_us):
    """The largest v7 UUID of the millisecond holding unix_us: the inclusive upper bound."""
    return _uuid.UUID(bytes=_v7_head(unix_us, 0xFFF) + b"\xbf" + b"\xff" * 7)


def v7_head(unix_us):
    """Bytes 0..7 of a v7 UUID for unix_us: milliseconds, version, the 12-bit fraction."""
    return _v7_head(unix_us, None)


def unix_us(u):
    """The time of a version 7 UUID in integer Unix microseconds, None for any other UUID."""
    ms = unix_ms(u)
    if ms is None:
        return None
    b = _bytes(u)
    frac = ((b[6] & 0x0F) << 8) | b[7]
    return ms * 1000 + min(999, (frac * 1000 + 4095) // 4096)


def from_name(unix_us, name):
    """The v7 UUID of a time and a name: the head of v7_head(unix_us), the tail from
    SHA-256(b'uuid_shard v7 from name\\x00' + name as UTF-8), variant bits set."""
    data = name.encode("utf-8") if isinstance(name, str) else bytes(name)
    tail = bytearray(_hashlib.sha256(_NAME_DOMAIN + data).digest()[:8])
    tail[0] = 0x80 | (tail[0] & 0x3F)
    return _uuid.UUID(bytes=_v7_head(unix_us, None) + bytes(tail))
