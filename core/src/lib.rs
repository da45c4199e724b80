//! The bit-level algorithms of uuid_shard, free of PostgreSQL.
//!
//! Everything here is frozen once released: the UUIDv7 layout (bit-compatible with
//! PostgreSQL 18's `uuidv7()`), the shard key and the bucket. `docs/algorithms.md` specifies
//! them for other languages and `tests/vectors/` pins them.

pub mod error;
pub mod generator;
pub mod mask;
pub mod shard;
pub mod text;
pub mod v7;

pub use error::Error;
