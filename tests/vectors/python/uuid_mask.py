"""Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask) in plain Python (3.8+, standard library only).

Bit-for-bit the same results as the PostgreSQL extension; specified in docs/algorithms.md
(section 7) and checked against tests/vectors/vectors.json by check_mask.py. Paste freely into
application code. A UUID may be given as uuid.UUID, as 16 bytes or as text (any case); the
secret is bytes (at least 16). Results are uuid.UUID.
"""
import hashlib
import hmac
import uuid as _uuid

LABEL = b"uuid_shard mask v1"


def _bytes(u):
    if isinstance(u, _uuid.UUID):
        return u.bytes
    if isinstance(u, (bytes, bytearray)):
        if len(u) != 16:
            raise ValueError("a UUID has 16 bytes")
        return bytes(u)
    return _uuid.UUID(u).bytes


def _check_secret(secret):
    # Checked before the UUID, as the extension does: a missing secret is always an error.
    if secret is None:
        raise ValueError("mask secret must not be NULL")
    if len(secret) < 16:
        raise ValueError("mask secret must be at least 16 bytes, got %d" % len(secret))


def _apply(b, secret, version):
    # T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
    t = hmac.new(bytes(secret), LABEL + b[8:], hashlib.sha256).digest()
    head = bytearray(x ^ y for x, y in zip(b[:8], t[:8]))
    head[6] = (version << 4) | (head[6] & 0x0F)
    return _uuid.UUID(bytes=bytes(head) + b[8:])


def mask(u, secret):
    """The public ID (version 4) of a version 7 key."""
    _check_secret(secret)
    b = _bytes(u)
    if b[8] >> 6 != 0b10 or b[6] >> 4 != 7:
        raise ValueError("expected a UUID of version 7 (RFC 9562 variant) to mask")
    return _apply(b, secret, 4)


def unmask(u, secret):
    """The version 7 key of a public ID (version 4). A wrong secret, or a v4 UUID that was
    never masked, gives a v7 key with a meaningless time: no error can tell them apart."""
    _check_secret(secret)
    b = _bytes(u)
    if b[8] >> 6 != 0b10 or b[6] >> 4 != 4:
        raise ValueError("expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask")
    return _apply(b, secret, 7)
