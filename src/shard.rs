//! Shard keys and worker buckets from a UUID's random tail.
use crate::error::OrRaise;
use crate::fmgr::{self, pg_finfo_v1};
use pgrx::prelude::*;
use pgrx::Uuid;
use uuid_shard_core::shard;

/// `len` (1..15) hex characters read from the last byte backwards, low nibble first.
#[pg_extern(immutable, strict, parallel_safe)]
fn uuid_shard_key(id: Uuid, len: i32) -> String {
    shard::shard_key(id.as_bytes(), len).or_raise("uuid_shard_key")
}

/// The bucket (0..n-1) of a v3/v4/v5/v7 UUID, by jump consistent hash of its random tail.
/// Called per row: PostgreSQL calls it through `uuid_bucket_v1` (see `fmgr`).
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "uuid_bucket"(
	"id" uuid, /* Uuid */
	"n" INT /* i32 */
) RETURNS INT /* i32 */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_bucket_v1';
"#
)]
fn uuid_bucket(id: Uuid, n: i32) -> i32 {
    shard::bucket(id.as_bytes(), n).or_raise("uuid_bucket")
}

pg_finfo_v1!(pg_finfo_uuid_bucket_v1);
/// The core's `bucket` neither allocates nor calls PostgreSQL nor can panic, so only its error
/// is raised under a guard (`fmgr::raise_guarded`); the per-row path pays no guard.
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C" fn uuid_bucket_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    match unsafe { shard::bucket(fmgr::uuid_arg(fcinfo, 0), fmgr::i32_arg(fcinfo, 1)) } {
        Ok(bucket) => pg_sys::Datum::from(bucket),
        Err(e) => fmgr::raise_guarded(e, "uuid_bucket"),
    }
}
