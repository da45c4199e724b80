"""uuid7(): version 7 keys with the bits of the extension's uuidv7() (core/src/generator.rs).

48-bit Unix milliseconds, the 12-bit fraction of the millisecond (rand_a = ns_within_ms * 4096
// 1_000_000, PostgreSQL 18's layout), then the variant and 62 bits whose top 12 are a counter.
Per process (all threads share one state behind a lock), against the last key (T0, C0), with
T = (unix_ms, rand_a), C the counter and `now` the clock's T (docs/algorithms.md section 1):

1. now > T0, or no last key: T = now, the 62 bits random (the counter starts there);
2. else C0 < 4095: T = T0, C = C0 + 1, the 50 bits below the counter random;
3. else, when T0 + 1 (one fraction unit, carrying into the millisecond) is in T0's millisecond
   or the clock is in an earlier millisecond than T0 (set back): T = T0 + 1, the 62 bits random;
   past 2^48 - 1 ms a ValueError;
4. else wait for the clock's next millisecond (less than 1 ms) and start again.

So keys strictly increase in one process, and a key is never in a later millisecond than the
clock (unless the clock was set back behind the last key).
"""

from __future__ import annotations

import os
import threading
import time
import uuid as _uuid

_COUNTER_SHIFT = 50
_COUNTER_MAX = 0xFFF
_RAND_B_BITS = 0x3FFF_FFFF_FFFF_FFFF
_BELOW_COUNTER = (1 << _COUNTER_SHIFT) - 1
_MAX_UNIX_MS = (1 << 48) - 1
_MAX_TIME = (_MAX_UNIX_MS << 12) | 0xFFF  # T = (unix_ms << 12) | rand_a
_OUT_OF_RANGE = "timestamp out of range for UUID version 7"

Stamp = tuple[int, int]  # (T, rand_b): rand_b's 62 bits, the counter in bits 61..50


def _time_from_ns(ns: int) -> int:
    """T of a clock reading in Unix nanoseconds."""
    ms, ns_within_ms = divmod(ns, 1_000_000)
    if not 0 <= ms <= _MAX_UNIX_MS:
        raise ValueError(_OUT_OF_RANGE)
    return (ms << 12) | (ns_within_ms * 4096 // 1_000_000)


def _step(last: Stamp | None, now: int, random: int) -> Stamp | int:
    """The stamp to issue at clock time `now` with `random` the call's random bits, or (an int)
    the Unix millisecond to wait for when the clock's millisecond is used up."""
    fresh = random & _RAND_B_BITS
    if last is None or now > last[0]:
        return (now, fresh)
    t0, r0 = last
    c0 = r0 >> _COUNTER_SHIFT
    if c0 < _COUNTER_MAX:
        return (t0, ((c0 + 1) << _COUNTER_SHIFT) | (fresh & _BELOW_COUNTER))
    if t0 >= _MAX_TIME:
        raise ValueError(_OUT_OF_RANGE)
    t = t0 + 1
    if t >> 12 == t0 >> 12 or now >> 12 < t0 >> 12:
        return (t, fresh)
    return t >> 12


def _key(stamp: Stamp) -> int:
    """The 128-bit integer of a stamp's key."""
    t, rand_b = stamp
    return ((t >> 12) << 80) | (0x7 << 76) | ((t & 0xFFF) << 64) | (1 << 63) | rand_b


_lock = threading.Lock()
_last: Stamp | None = None


def _after_fork_in_child() -> None:
    # A lock held by another thread at fork() would never be released in the child.
    global _lock
    _lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def uuid7() -> _uuid.UUID:
    """A new version 7 key with the bits of the extension's uuidv7(): the clock's millisecond
    and fraction, strictly increasing per process (thread-safe), a CSPRNG tail (os.urandom)."""
    global _last
    with _lock:
        while True:
            ns = time.time_ns()
            s = _step(_last, _time_from_ns(ns), int.from_bytes(os.urandom(8), "big"))
            if isinstance(s, tuple):
                _last = s
                return _uuid.UUID(int=_key(s))
            # the clock's millisecond is used up: wait for millisecond s, asleep when it is far
            wait_ns = s * 1_000_000 - ns
            if wait_ns > 100_000:
                time.sleep(min(wait_ns, 10_000_000) / 1e9)
