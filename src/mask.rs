//! Public IDs: `uuid_v7_mask` and `uuid_v7_unmask` (core/src/mask.rs).
//!
//! Not STRICT: a NULL secret is an error, not a NULL result, so that a secret missing from a
//! setting or a table never silently turns every public ID into NULL. A NULL UUID with a good
//! secret gives NULL.
use crate::error::OrRaise;
use pgrx::prelude::*;
use pgrx::Uuid;
use uuid_shard_core::mask;

/// The public ID (version 4) of a v7 key: its 60 time bits XORed with HMAC-SHA-256(secret, tail).
#[pg_extern(immutable, parallel_safe)]
fn uuid_v7_mask(id: Option<Uuid>, secret: Option<&[u8]>) -> Option<Uuid> {
    // The secret first: an error even for a NULL id.
    let secret = mask::check_secret(secret).or_raise("uuid_v7_mask");
    let public = mask::mask(id?.as_bytes(), Some(secret)).or_raise("uuid_v7_mask");
    Some(Uuid::from_bytes(public))
}

/// The v7 key of a public ID (version 4). A wrong secret gives a wrong key, never an error.
#[pg_extern(immutable, parallel_safe)]
fn uuid_v7_unmask(public_id: Option<Uuid>, secret: Option<&[u8]>) -> Option<Uuid> {
    let secret = mask::check_secret(secret).or_raise("uuid_v7_unmask");
    let key = mask::unmask(public_id?.as_bytes(), Some(secret)).or_raise("uuid_v7_unmask");
    Some(Uuid::from_bytes(key))
}
