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
    key = int.from_bytes(b[8:], "big") & 0x3FFF_FFFF_FFFF_FFFF
    result, j = -1, 0
    while j < n:
        result = j
        key = (key * 2862933555777941757 + 1) & 0xFFFF_FFFF_FFFF_FFFF
        j = int((result + 1) * (2147483648.0 / ((key >> 33) + 1)))  # IEEE double, truncated
    return result


def unix_ms(u):
    """The Unix millisecond timestamp of a version 7 UUID, None for any other UUID."""
    b = _bytes(u)
    if b[8] >> 6 != 0b10 or b[6] >> 4 != 7:
        return None
    return int.from_bytes(b[:6], "big")
