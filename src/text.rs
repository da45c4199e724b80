//! Text forms of a UUID, both ways: ULID (Crockford base32) and base32hex (PostgreSQL 19's
//! `encode(id::bytea, 'base32hex')`). The core (`uuid_shard_core::text`) holds the encodings;
//! the decoders take the text in the database's encoding (`fmgr::text_arg_utf8`).
use crate::error::OrRaise;
use crate::fmgr;
use pgrx::pg_sys;
use uuid_shard_core::text;
use uuid_shard_macros::sql_function;

/// The ULID text of a UUID: 26 upper-case Crockford base32 digits.
#[sql_function("uuid_to_ulid(id uuid) RETURNS text", immutable, strict, parallel_safe)]
unsafe fn uuid_to_ulid_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    fmgr::text_datum(&text::to_ulid(fmgr::uuid_arg(fcinfo, 0)))
}

/// The UUID of a ULID text (either case).
#[sql_function("uuid_from_ulid(ulid text) RETURNS uuid", immutable, strict, parallel_safe)]
unsafe fn uuid_from_ulid_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    fmgr::uuid_datum(text::from_ulid(&fmgr::text_arg_utf8(fcinfo, 0)).or_raise("uuid_from_ulid"))
}

/// The base32hex text of a UUID, as PostgreSQL 19's `encode(id::bytea, 'base32hex')`.
#[sql_function("uuid_to_base32hex(id uuid) RETURNS text", immutable, strict, parallel_safe)]
unsafe fn uuid_to_base32hex_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    fmgr::text_datum(&text::to_base32hex(fmgr::uuid_arg(fcinfo, 0)))
}

/// The UUID of a base32hex text (either case, padded or not).
#[sql_function("uuid_from_base32hex(base32hex text) RETURNS uuid", immutable, strict, parallel_safe)]
unsafe fn uuid_from_base32hex_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    fmgr::uuid_datum(text::from_base32hex(&fmgr::text_arg_utf8(fcinfo, 0)).or_raise("uuid_from_base32hex"))
}
