"""How fast the installed package is next to Python's own UUID parsing plus a hash of the bytes.
Printed, never asserted: python bench.py"""

from __future__ import annotations

import platform
import timeit
import uuid

import uuid_shard

texts = [str(uuid.uuid4()) for _ in range(1000)]
parsed = [uuid.UUID(s) for s in texts]


def per_call_ns(stmt, number: int = 20) -> float:
    return min(timeit.repeat(stmt, number=number, repeat=5)) / (number * len(texts)) * 1e9


def baseline() -> None:
    for s in texts:
        hash(uuid.UUID(s).bytes)


def bucket_1000() -> None:
    for s in texts:
        uuid_shard.bucket(s, 1000)


def bucket_max() -> None:
    for s in texts:
        uuid_shard.bucket(s, 2147483647)


def shard_key_8() -> None:
    for s in texts:
        uuid_shard.shard_key(s, 8)


def tail_remainder_8() -> None:
    for s in texts:
        uuid_shard.tail_remainder(s, 8)


def bucket_1000_parsed() -> None:
    for u in parsed:
        uuid_shard.bucket(u, 1000)


def mint_uuid7() -> None:
    for _ in texts:
        uuid_shard.uuid7()


def mint_uuid4() -> None:
    for _ in texts:
        uuid.uuid4()


base = per_call_ns(baseline)
print("bench: Python %s; per call, from text; baseline uuid.UUID(s) + hash(u.bytes): %.0f ns"
      % (platform.python_version(), base))
for name, f in [("bucket(s, 1000)", bucket_1000), ("bucket(s, 2147483647)", bucket_max),
                ("shard_key(s, 8)", shard_key_8), ("tail_remainder(s, 8)", tail_remainder_8),
                ("bucket(u, 1000), u already a uuid.UUID", bucket_1000_parsed)]:
    ns = per_call_ns(f)
    print("bench: %-40s %6.0f ns  %.2f x the baseline" % (name, ns, ns / base))
u7, u4 = per_call_ns(mint_uuid7), per_call_ns(mint_uuid4)
print("bench: %-40s %6.0f ns  %.2f x uuid.uuid4() (%.0f ns)" % ("uuid7()", u7, u7 / u4, u4))
if hasattr(uuid, "uuid7"):  # Python 3.14
    std7 = per_call_ns(lambda: [uuid.uuid7() for _ in texts])
    print("bench: %-40s %6.0f ns  (uuid7() is %.2f x that)" % ("the standard library's uuid.uuid7()", std7, u7 / std7))
