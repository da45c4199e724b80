//! Shard keys and worker buckets from a UUID's random tail.
use crate::error::OrRaise;
use pgrx::prelude::*;
use pgrx::Uuid;
use uuid_shard_core::shard;

/// `len` (1..15) hex characters read from the last byte backwards, low nibble first.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_shard_key(id: Uuid, len: i32) -> String {
    shard::shard_key(id.as_bytes(), len).or_raise("uuid_shard_key")
}

/// The bucket (0..n-1) of a v3/v4/v5/v7 UUID, by jump consistent hash of its random tail.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_bucket(id: Uuid, n: i32) -> i32 {
    shard::bucket(id.as_bytes(), n).or_raise("uuid_bucket")
}
