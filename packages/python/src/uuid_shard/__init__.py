"""uuid_shard in plain Python: what the PostgreSQL extension uuid_shard computes from a UUID,
bit for bit, without asking the database.

Shard keys, buckets, tail-hash partitions, the time of a v7 key, bounds, text forms (ULID,
base32hex), keys from names, public IDs (mask/unmask) and uuid7(), a generator with the bits of
the extension's uuidv7(). Standard library only. The outputs of the extension's 0.5.0 are
frozen: the same UUID always gives the same shard key, bucket, remainder and time.
Specification: docs/algorithms.md of the uuid_shard repository.
"""

from ._mask import LABEL as MASK_LABEL
from ._mask import mask, unmask
from ._shard import (
    HASH_COMBINE64_CONSTANT,
    TimeLike,
    UUIDLike,
    boundary,
    boundary_last,
    bucket,
    from_base32hex,
    from_name,
    from_ulid,
    has_random_tail,
    shard_key,
    tail_hash_extended,
    tail_partition_name,
    tail_remainder,
    to_base32hex,
    to_ulid,
    unix_ms,
    unix_us,
    v7_head,
    v7_time,
    v7_time_us,
)
from ._v7 import uuid7

__version__ = "0.5.0"

__all__ = [
    "HASH_COMBINE64_CONSTANT",
    "MASK_LABEL",
    "TimeLike",
    "UUIDLike",
    "boundary",
    "boundary_last",
    "bucket",
    "from_base32hex",
    "from_name",
    "from_ulid",
    "has_random_tail",
    "mask",
    "shard_key",
    "tail_hash_extended",
    "tail_partition_name",
    "tail_remainder",
    "to_base32hex",
    "to_ulid",
    "unix_ms",
    "unix_us",
    "unmask",
    "uuid7",
    "v7_head",
    "v7_time",
    "v7_time_us",
]
