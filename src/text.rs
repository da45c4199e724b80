//! Text forms of a UUID, both ways: ULID (Crockford base32) and base32hex (PostgreSQL 19's
//! `encode(id::bytea, 'base32hex')`). The core (`uuid_shard_core::text`) holds the encodings;
//! PostgreSQL calls the `_v1` entry points below (see `fmgr`), which take the text in the
//! database's encoding.
use crate::error::OrRaise;
use crate::fmgr::{self, pg_finfo_v1};
use pgrx::prelude::*;
use pgrx::Uuid;
use uuid_shard_core::text;

/// The ULID text of a UUID: 26 upper-case Crockford base32 digits.
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "uuid_to_ulid"(
	"id" uuid /* Uuid */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_to_ulid_v1';
"#
)]
fn uuid_to_ulid(id: Uuid) -> String {
    text::to_ulid(id.as_bytes())
}

/// The UUID of a ULID text (either case).
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "uuid_from_ulid"(
	"ulid" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_from_ulid_v1';
"#
)]
fn uuid_from_ulid(ulid: &str) -> Uuid {
    Uuid::from_bytes(text::from_ulid(ulid).or_raise("uuid_from_ulid"))
}

/// The base32hex text of a UUID, as PostgreSQL 19's `encode(id::bytea, 'base32hex')`.
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "uuid_to_base32hex"(
	"id" uuid /* Uuid */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_to_base32hex_v1';
"#
)]
fn uuid_to_base32hex(id: Uuid) -> String {
    text::to_base32hex(id.as_bytes())
}

/// The UUID of a base32hex text (either case, padded or not).
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "uuid_from_base32hex"(
	"base32hex" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_from_base32hex_v1';
"#
)]
fn uuid_from_base32hex(base32hex: &str) -> Uuid {
    Uuid::from_bytes(text::from_base32hex(base32hex).or_raise("uuid_from_base32hex"))
}

pg_finfo_v1!(pg_finfo_uuid_to_ulid_v1);
#[pg_guard]
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C-unwind" fn uuid_to_ulid_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    unsafe { fmgr::text_datum(&text::to_ulid(fmgr::uuid_arg(fcinfo, 0))) }
}

pg_finfo_v1!(pg_finfo_uuid_to_base32hex_v1);
#[pg_guard]
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C-unwind" fn uuid_to_base32hex_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    unsafe { fmgr::text_datum(&text::to_base32hex(fmgr::uuid_arg(fcinfo, 0))) }
}

pg_finfo_v1!(pg_finfo_uuid_from_ulid_v1);
#[pg_guard]
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C-unwind" fn uuid_from_ulid_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    let bytes = text::from_ulid(&unsafe { fmgr::text_arg_utf8(fcinfo, 0) }).or_raise("uuid_from_ulid");
    unsafe { fmgr::uuid_datum(bytes) }
}

pg_finfo_v1!(pg_finfo_uuid_from_base32hex_v1);
#[pg_guard]
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C-unwind" fn uuid_from_base32hex_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    let bytes = text::from_base32hex(&unsafe { fmgr::text_arg_utf8(fcinfo, 0) }).or_raise("uuid_from_base32hex");
    unsafe { fmgr::uuid_datum(bytes) }
}
