"""Minting v7 keys in Python, laid out as uuid_shard's uuidv7() (docs/algorithms.md section 1):
48-bit Unix milliseconds, 12-bit sub-millisecond fraction, version 7, variant 10, 62 random bits;
strictly increasing within this process. For bulk_create, which does not read db_default keys back."""
import os
import threading
import time
import uuid

_lock = threading.Lock()
_last = 0  # last (ms << 12 | fraction) issued


def uuid7() -> uuid.UUID:
    global _last
    ns = time.time_ns()
    t = (ns // 1_000_000) << 12 | (ns % 1_000_000) * 4096 // 1_000_000
    with _lock:
        t = max(t, _last + 1)  # clock not moved (or stepped back): last value plus one fraction unit
        _last = t
    tail = int.from_bytes(os.urandom(8), "big") & (1 << 62) - 1 | 1 << 63
    return uuid.UUID(int=(t >> 12) << 80 | 7 << 76 | (t & 0xFFF) << 64 | tail)
