"""Public IDs: uuid_v7_mask / uuid_v7_unmask.

Bit-for-bit the same results as the PostgreSQL extension; specified in docs/algorithms.md
(section 7) and checked against tests/vectors/vectors.json by tests/vectors/python/check_mask.py.
A UUID may be given as uuid.UUID, as 16 bytes or as text (any case); the secret is bytes (at
least 16). Results are uuid.UUID.
"""

from __future__ import annotations

import hashlib
import hmac
import uuid as _uuid

from ._shard import UUIDLike, _bytes, _found

#: What the pad's HMAC hashes in front of the UUID's last 8 bytes (frozen: "v1").
LABEL = b"uuid_shard mask v1"


def _check_secret(secret: bytes | bytearray | memoryview | None) -> bytes:
    # Checked before the UUID, as the extension does: a missing secret is always an error.
    if secret is None:
        raise ValueError("mask secret must not be NULL")
    if isinstance(secret, str):
        raise TypeError("the mask secret is bytes, not str (encode it, or bytes.fromhex)")
    secret = bytes(secret)
    if len(secret) < 16:
        raise ValueError("mask secret must be at least 16 bytes, got %d" % len(secret))
    return secret


def _apply(b: bytes, secret: bytes, version: int) -> _uuid.UUID:
    # T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
    t = hmac.new(secret, LABEL + b[8:], hashlib.sha256).digest()
    head = bytearray(x ^ y for x, y in zip(b[:8], t[:8]))
    head[6] = (version << 4) | (head[6] & 0x0F)
    return _uuid.UUID(bytes=bytes(head) + b[8:])


def mask(u: UUIDLike, secret: bytes | bytearray | memoryview) -> _uuid.UUID:
    """uuid_v7_mask: the public ID (version 4) of a version 7 key."""
    s = _check_secret(secret)
    b = _bytes(u)
    if b[8] >> 6 != 0b10 or b[6] >> 4 != 7:
        raise ValueError("expected a UUID of version 7 (RFC 9562 variant) to mask, got " + _found(b))
    return _apply(b, s, 4)


def unmask(u: UUIDLike, secret: bytes | bytearray | memoryview) -> _uuid.UUID:
    """uuid_v7_unmask: the version 7 key of a public ID (version 4). A wrong secret, or a v4
    UUID that was never masked, gives a v7 key with a meaningless time: no error can tell them
    apart."""
    s = _check_secret(secret)
    b = _bytes(u)
    if b[8] >> 6 != 0b10 or b[6] >> 4 != 4:
        raise ValueError("expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got " + _found(b))
    return _apply(b, s, 7)
