"""The installed package beyond the vectors: its API and types, uuid7()'s rules (scripted and on
the real clock, across threads and a fork), the errors of bad input, tail_partition_name.

    python check_api.py VERSION      (run by packages/python/test.sh with the venv's python)

One `ok`/`FAIL` line per check; exits 1 if any failed.
"""

from __future__ import annotations

import datetime as dt
import importlib.metadata
import inspect
import os
import random
import sys
import threading
import time
import typing
import uuid

import uuid_shard
from uuid_shard import _v7

failed = 0


def check(ok: bool, what: str) -> None:
    global failed
    print(("ok " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failed += 1


def error(f, *args, kind=ValueError):
    """The message of the exception f(*args) raises if it is of `kind`, else None."""
    try:
        f(*args)
    except kind as e:
        return str(e)
    except Exception as e:  # noqa: BLE001 - reported as a wrong kind
        return "wrong exception %s: %s" % (type(e).__name__, e)
    return None


def t(ms: int, frac: int) -> int:
    return (ms << 12) | frac


def v7_time_of(k: uuid.UUID) -> int:
    """T = (unix_ms << 12) | rand_a of a key."""
    head = k.int >> 64
    return (head >> 16) << 12 | (head & 0xFFF)


def main() -> None:
    version = sys.argv[1]

    # ---- the package, its metadata and types ----------------------------------------------
    try:
        installed, requires = importlib.metadata.version("uuid-shard"), importlib.metadata.requires("uuid-shard")
    except importlib.metadata.PackageNotFoundError:
        installed, requires = None, "(not installed)"
    check(uuid_shard.__version__ == version and installed == version,
          "version %s: uuid_shard.__version__ %s, installed metadata %s" % (version, uuid_shard.__version__, installed))
    check(requires is None, "no dependencies in the installed metadata (Requires-Dist: %s)" % requires)
    pkg_dir = os.path.dirname(uuid_shard.__file__)
    check(os.path.isfile(os.path.join(pkg_dir, "py.typed")), "py.typed installed beside the modules (%s)" % pkg_dir)
    untyped = []
    functions = [n for n in uuid_shard.__all__ if inspect.isfunction(getattr(uuid_shard, n))]
    for name in functions:
        f = getattr(uuid_shard, name)
        hints = typing.get_type_hints(f)  # also resolves every annotation: a bad one raises
        params = [p for p in inspect.signature(f).parameters]
        if "return" not in hints or any(p not in hints for p in params):
            untyped.append(name)
    check(not untyped and len(functions) >= 20,
          "type hints on every parameter and return of the %d public functions%s"
          % (len(functions), "" if not untyped else ", missing: " + ", ".join(untyped)))

    # ---- uuid7(): the rules, scripted (core/src/generator.rs's tests) ------------------------
    bits = (1 << 62) - 1
    low = (1 << 50) - 1
    step = _v7._step
    r = 0xDEAD_BEEF_0123_4567
    last = None
    good = True
    for now, rnd in [(t(10, 5), r), (t(10, 6), ~r & (2**64 - 1)), (t(12, 0), r >> 3)]:
        s = step(last, now, rnd)
        good &= s == (now, rnd & bits)
        last = s
    check(good, "uuid7 rule 1: a moving clock gives its time and the whole random tail")

    rng = random.Random(46)
    first = step(None, t(50, 7), 0x0123_4567_89AB_CDEF)
    start = first[1] >> 50
    prev, good = first, start == (0x0123_4567_89AB_CDEF & bits) >> 50
    for i in range(1, 21):
        rnd = rng.getrandbits(64)
        s = step(prev, t(50, 7), rnd)
        good &= s[0] == t(50, 7) and s[1] >> 50 == start + i and s[1] & low == rnd & low
        good &= _v7._key(s) > _v7._key(prev)
        prev = s
    moved = step(prev, t(50, 8), 5)
    good &= moved == (t(50, 8), 5) and _v7._key(moved) > _v7._key(prev)
    check(good, "uuid7 rule 2: a standing clock counts up from the random start, the 50 bits below fresh")

    full = step(None, t(9, 100), 0xFFF << 50)
    stepped = step(full, t(9, 100), 42)
    check(full[1] >> 50 == 0xFFF and stepped == (t(9, 101), 42) and _v7._key(stepped) > _v7._key(full),
          "uuid7 rule 3: a full count steps the fraction inside the millisecond, fresh tail")

    full = step(None, t(9, 4095), 0xFFF << 50)
    check(step(full, t(9, 4095), 1) == 10 and step(full, t(10, 3), 1) == (t(10, 3), 1),
          "uuid7 rule 4: the last fraction of a millisecond waits for millisecond 10, then takes the clock's time")

    prev, good = step(None, t(1000, 4000), 0), True
    for _ in range(1_000_000):
        s = step(prev, t(900, 0), rng.getrandbits(64))
        good &= isinstance(s, tuple) and s > prev
        prev = s
    ms = prev[0] >> 12
    check(good and 1001 <= ms < 1010 and step(prev, t(1100, 7), 3) == (t(1100, 7), 3),
          "uuid7: a clock set back 100 ms: 1,000,000 keys still increase, carry on into ms %d without waiting, "
          "then the clock's time once it passes them" % ms)

    top = step(None, t((1 << 48) - 1, 4095), 2**64 - 1)
    check(top == (t((1 << 48) - 1, 4095), bits) and error(step, top, t((1 << 48) - 1, 4095), 0)
          == "timestamp out of range for UUID version 7",
          "uuid7: past 2^48 - 1 ms a ValueError, never a wrapped time")
    check(error(_v7._time_from_ns, -1) == "timestamp out of range for UUID version 7"
          and _v7._time_from_ns(1_739_998_625_792_999_999) == t(1_739_998_625_792, 4095)
          and _v7._time_from_ns(244) == 0 and _v7._time_from_ns(245) == 1,
          "uuid7: the clock's nanoseconds to the fraction as PostgreSQL 18 (244 ns -> 0, 245 ns -> 1)")

    # ---- uuid7() on the real clock -------------------------------------------------------------
    n = 200_000
    keys, readings = [], []
    for _ in range(n):
        before = time.time_ns()
        k = uuid_shard.uuid7()
        after = time.time_ns()
        keys.append(k)
        readings.append((before, after))
    check(all(type(k) is uuid.UUID and k.version == 7 and k.variant == uuid.RFC_4122 for k in keys),
          "uuid7 returns uuid.UUID, version 7, RFC 9562 variant (%d keys)" % n)
    check(all(a < b for a, b in zip(keys, keys[1:])), "uuid7: %d keys strictly increase in minting order" % n)
    late = [k for k, (b, a) in zip(keys, readings) if uuid_shard.unix_ms(k) > a // 1_000_000]
    early = [k for k, (b, a) in zip(keys, readings) if v7_time_of(k) < _v7._time_from_ns(b)]
    check(not late and not early,
          "uuid7: every key's (ms, fraction) is at least the clock's before minting and its millisecond at most "
          "the clock's after (%d late, %d early)" % (len(late), len(early)))
    same = counted = 0
    for a, b in zip(keys, keys[1:]):
        ta, tb = a.int >> 64, b.int >> 64
        if ta == tb:
            same += 1
            ca, cb = (a.int >> 50) & 0xFFF, (b.int >> 50) & 0xFFF
            counted += cb == ca + 1
    check(counted == same,
          "uuid7 on the real clock: a key of the same time as the one before has its counter + 1 (%d of %d such "
          "keys; Python rarely mints faster than one key per fraction unit, 244 ns)" % (counted, same))

    # uuid7() itself on a scripted clock: time.time_ns and time.sleep of the module replaced
    class ScriptedTime:
        def __init__(self, ns: int) -> None:
            self.ns, self.slept = ns, []

        def time_ns(self) -> int:
            return self.ns

        def sleep(self, seconds: float) -> None:
            self.slept.append(seconds)
            self.ns += round(seconds * 1e9)

    real_time, real_last = _v7.time, _v7._last
    try:
        clock = ScriptedTime(5000 * 1_000_000 + 500_000)  # ms 5000, fraction 2048, standing still
        _v7.time, _v7._last = clock, None
        burst = [uuid_shard.uuid7() for _ in range(20_000)]
        times = [v7_time_of(k) for k in burst]
        counters = [(k.int >> 50) & 0xFFF for k in burst]
        rule2 = sum(1 for i in range(1, len(burst)) if times[i] == times[i - 1] and counters[i] == counters[i - 1] + 1)
        rule3 = sum(1 for i in range(1, len(burst)) if times[i] == times[i - 1] + 1)
        check(all(a < b for a, b in zip(burst, burst[1:])) and times[0] == t(5000, 2048)
              and rule2 + rule3 == len(burst) - 1 and rule3 >= 1 and max(times) >> 12 == 5000 and not clock.slept,
              "uuid7 on a standing clock: 20,000 keys increase, counting (%d) and stepping the fraction (%d, up to %d) "
              "inside the clock's millisecond" % (rule2, rule3, max(times) & 0xFFF))
        # core's the_generator_waits_then_issues_the_clocks_time: every random draw starts the
        # count full, so one key per fraction unit; the clock reads (7, 4094) four times, then
        # (7, 4095), then (8, 1)
        class Script(ScriptedTime):
            def __init__(self, reads: list[int]) -> None:
                super().__init__(reads[0])
                self.reads, self.count = reads, 0

            def time_ns(self) -> int:
                self.count += 1
                return self.reads[min(self.count, len(self.reads)) - 1]

        ns = [7 * 1_000_000 + 999_512] * 4 + [7 * 1_000_000 + 999_756, 8 * 1_000_000 + 245]
        clock = Script(ns)
        _v7.time, _v7._last, _v7.os = clock, None, type("FullCount", (), {"urandom": staticmethod(lambda n: b"\xff" * n)})
        three = [uuid_shard.uuid7() for _ in range(3)]
        _v7.os = os
        check([uuid_shard.unix_ms(k) for k in three] == [7, 7, 8] and clock.count == 6 and not clock.slept
              and three[2].bytes[:8] == uuid_shard.v7_head(8_000)[:6] + bytes([0x70, 0x01])
              and three[0] < three[1] < three[2],
              "uuid7 on core's scripted clock: keys at ms 7, 7, 8; the third waits (spinning, under 1 us) through "
              "6 clock readings and takes the clock's time (8, fraction 1)")
        clock = ScriptedTime(7000 * 1_000_000 + 24_414)  # ms 7000, fraction 99; the last key at 4095, full
        _v7.time, _v7._last = clock, (t(7000, 4095), 0xFFF << 50)
        k = uuid_shard.uuid7()
        check(v7_time_of(k) == t(7001, 0) and len(clock.slept) == 1 and abs(clock.slept[0] - 0.000975586) < 1e-9,
              "uuid7 behind its own last key of the clock's millisecond (every key used up): sleeps until the next "
              "millisecond (%s s), then the clock's time" % clock.slept)
    finally:
        _v7.time, _v7._last, _v7.os = real_time, real_last, os

    results: dict[int, list[uuid.UUID]] = {}

    def mint(i: int) -> None:
        results[i] = [uuid_shard.uuid7() for _ in range(20_000)]

    threads = [threading.Thread(target=mint, args=(i,)) for i in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    every = [k for ks in results.values() for k in ks]
    check(len(set(every)) == len(every) == 160_000
          and all(all(a < b for a, b in zip(ks, ks[1:])) for ks in results.values()),
          "uuid7 from 8 threads: 160,000 distinct keys, each thread's strictly increasing")

    before_fork = uuid_shard.uuid7()
    rd, wr = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its keys carry on from the parent's last one
        os.close(rd)
        os.write(wr, uuid_shard.uuid7().bytes + uuid_shard.uuid7().bytes)
        os._exit(0)
    os.close(wr)
    data = b""
    while len(data) < 32:
        chunk = os.read(rd, 32)
        if not chunk:
            break
        data += chunk
    os.close(rd)
    os.waitpid(pid, 0)
    parent_next = uuid_shard.uuid7()
    c1, c2 = uuid.UUID(bytes=data[:16]), uuid.UUID(bytes=data[16:32])
    check(before_fork < c1 < c2 and parent_next > before_fork and parent_next not in (c1, c2),
          "uuid7 after fork(): the child's keys increase from the parent's last, and differ from the parent's")

    # ---- bad input: ValueError with the extension's message, the same limits ------------------
    k7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"
    secret = bytes(range(16))
    cases = [
        (uuid_shard.bucket, (k7, 0), "bucket count must be between 1 and 2147483647, got 0"),
        (uuid_shard.bucket, (k7, 2147483648), "bucket count must be between 1 and 2147483647, got 2147483648"),
        (uuid_shard.shard_key, (k7, 16), "shard key length must be between 1 and 15, got 16"),
        (uuid_shard.tail_remainder, (k7, 0), "modulus must be between 1 and 2147483647, got 0"),
        (uuid_shard.tail_remainder, (k7, 2147483648), "modulus must be between 1 and 2147483647, got 2147483648"),
        (uuid_shard.tail_partition_name, ("t", k7, 0), "modulus must be between 1 and 2147483647, got 0"),
        (uuid_shard.bucket, ("c232ab00-9414-11ec-b3c8-9f6bdeced846", 8), "expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got version 1"),
        (uuid_shard.shard_key, ("00000000-0000-0000-0000-000000000000", 1), "expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got the nil UUID"),
        (uuid_shard.boundary, (-1,), "timestamp out of range for UUID version 7"),
        (uuid_shard.boundary_last, (((1 << 48) - 1) * 1000 + 1000,), "timestamp out of range for UUID version 7"),
        (uuid_shard.boundary, (dt.datetime(1969, 12, 31, 23, 59, 59, 999999, tzinfo=dt.timezone.utc),), "timestamp out of range for UUID version 7"),
        (uuid_shard.mask, (k7, None), "mask secret must not be NULL"),
        (uuid_shard.mask, (k7, secret[:15]), "mask secret must be at least 16 bytes, got 15"),
        (uuid_shard.mask, ("919108f7-52d1-4320-9bac-f847db4148a8", secret), "expected a UUID of version 7 (RFC 9562 variant) to mask, got version 4"),
        (uuid_shard.unmask, (k7, secret), "expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got version 7"),
        (uuid_shard.from_ulid, ("01ARZ3NDEKTSV4RRFFQ69G5FAU",), 'invalid ULID text: "U" at position 26 is not a Crockford base32 digit'),
        (uuid_shard.from_ulid, ("81ARZ3NDEKTSV4RRFFQ69G5FAV",), 'invalid ULID text: "8" at position 1 is above "7" (a ULID holds 128 bits)'),
        (uuid_shard.from_ulid, ("01ARZ3NDEKTSV4\x07RFFQ69G5FAV",), "invalid ULID text: U+0007 at position 15 is not a Crockford base32 digit"),
        (uuid_shard.from_base32hex, ("05B3SELLQFB7CJ31TUSP60LTBD",), 'invalid base32hex text: "D" at position 26 sets bits past the 16 bytes of a UUID'),
        (uuid_shard.from_base32hex, ("05B3SELLQFB7CJ31TUSP60LTBC=====x",), 'invalid base32hex text: "x" at position 32 is not "=" padding'),
        (uuid_shard.from_base32hex, ("05B3SELLQFB7CJ31TUSP60LTBC==",), 'invalid base32hex text: 28 characters, expected 26, or 32 with "=" padding'),
        (uuid_shard.boundary, (dt.datetime(2025, 1, 1),), None),  # naive: a message of its own
        (uuid_shard.unix_ms, ("not a uuid",), None),
        (uuid_shard.bucket, (b"\x01" * 15, 8), "a UUID has 16 bytes, got 15"),
    ]
    bad = []
    for f, args, want in cases:
        got = error(f, *args)
        if got is None or (want is not None and got != want) or got.startswith("wrong exception"):
            bad.append("%s%r: %r, expected %r" % (f.__name__, args, got, want))
    check(not bad, "bad input: ValueError with the extension's message for %d cases%s"
          % (len(cases), "" if not bad else ": " + "; ".join(bad)))
    type_cases = [(uuid_shard.bucket, (k7, 8.0)), (uuid_shard.bucket, (k7, True)), (uuid_shard.bucket, (123, 8)),
                  (uuid_shard.mask, (k7, "0123456789abcdef0123")), (uuid_shard.boundary, (1.5e15,)),
                  (uuid_shard.tail_partition_name, (None, k7, 8)), (uuid_shard.from_name, (0, 5))]
    bad = [f.__name__ + repr(a) for f, a in type_cases if error(f, *a, kind=TypeError) is None]
    check(not bad, "wrong types: TypeError (%d cases)%s" % (len(type_cases), "" if not bad else ": " + ", ".join(bad)))

    # ---- tail_partition_name: uuid_tail_partition_ddl's names --------------------------------
    u = uuid.UUID("0195e3a1-7c2e-7b3d-8a4f-0123456789ab")  # remainders: 8 -> 3, 16 -> 11, 1000 -> 675
    a70 = uuid_shard.tail_partition_name("a" * 70, u, 16)
    cyr = uuid_shard.tail_partition_name("я" * 40, u, 1000)  # 80 bytes; suffix _h1000_675, 10 bytes
    check(uuid_shard.tail_partition_name("accounts", u, 8) == "accounts_h8_3"
          and uuid_shard.tail_partition_name("accounts", u, 16) == "accounts_h16_11"
          and a70 == "a" * 56 + "_h16_11",
          "tail_partition_name: <parent>_h<modulus>_<remainder> (accounts_h8_3, accounts_h16_11; %r)" % a70)
    check(len(a70.encode()) == 63 and cyr == "я" * 26 + "_h1000_675" and len(cyr.encode()) == 62,
          "tail_partition_name: the parent shortened by whole characters to fit 63 bytes (%d and %d bytes)"
          % (len(a70.encode()), len(cyr.encode())))

    # ---- times as datetimes --------------------------------------------------------------------
    us = 1_739_998_625_792_123
    aware = dt.datetime(2025, 2, 19, 20, 57, 5, 792123, tzinfo=dt.timezone.utc)
    other_zone = aware.astimezone(dt.timezone(dt.timedelta(hours=-5)))
    check(uuid_shard.boundary(aware) == uuid_shard.boundary(us) == uuid_shard.boundary(other_zone)
          and uuid_shard.boundary_last(aware) == uuid_shard.boundary_last(us)
          and uuid_shard.from_name(aware, "orders:42") == uuid_shard.from_name(us, b"orders:42")
          == uuid.UUID("01952000-0000-71f7-a342-b4d55b31d6bf"),
          "an aware datetime in any zone is its Unix microsecond; from_name of str and of its UTF-8 bytes agree")
    key = uuid_shard.from_name(us, "x")
    check(uuid_shard.v7_time_us(key) == aware and uuid_shard.v7_time(key) == aware.replace(microsecond=792000)
          and uuid_shard.v7_time(uuid.uuid4()) is None and uuid_shard.unix_us(key) == us,
          "v7_time / v7_time_us: the key's time as an aware UTC datetime, to the ms / to the us; None for v4")

    print("all API checks passed" if not failed else "%d API checks FAILED" % failed)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
