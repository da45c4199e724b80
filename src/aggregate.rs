//! `min(uuid)` and `max(uuid)` (`aggregates.sql`): PostgreSQL before 19 has no uuid min/max.
//! Their transition (and combine) functions are the larger and smaller of two uuids in uuid
//! order, called once per row: V1 entry points that return one of their arguments as it is
//! (the executor copies the state when it is the new row's value), so a step allocates nothing.
use crate::fmgr::{self, pg_finfo_v1};
use pgrx::prelude::*;
use pgrx::Uuid;

/// Internal: the larger of two uuids, `max(uuid)`'s transition and combine function.
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "_uuid_larger"(
	"a" uuid, /* Uuid */
	"b" uuid /* Uuid */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_larger_v1';
"#
)]
fn _uuid_larger(a: Uuid, b: Uuid) -> Uuid {
    if b.as_bytes() > a.as_bytes() {
        b
    } else {
        a
    }
}

/// Internal: the smaller of two uuids, `min(uuid)`'s transition and combine function.
#[pg_extern(
    immutable,
    strict,
    parallel_safe,
    sql = r#"
CREATE  FUNCTION "_uuid_smaller"(
	"a" uuid, /* Uuid */
	"b" uuid /* Uuid */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_smaller_v1';
"#
)]
fn _uuid_smaller(a: Uuid, b: Uuid) -> Uuid {
    if b.as_bytes() < a.as_bytes() {
        b
    } else {
        a
    }
}

// uuid order is the order of the 16 bytes (PostgreSQL's uuid_cmp is a memcmp). Ties return
// the first argument, the state, so equal values never make the executor copy.
pg_finfo_v1!(pg_finfo_uuid_larger_v1);
/// Unguarded: two comparisons of 16 bytes, no allocation, no call into PostgreSQL.
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C" fn uuid_larger_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    unsafe {
        let i = usize::from(fmgr::uuid_arg(fcinfo, 1) > fmgr::uuid_arg(fcinfo, 0));
        fmgr::arg(fcinfo, i)
    }
}

pg_finfo_v1!(pg_finfo_uuid_smaller_v1);
/// Unguarded, as `uuid_larger_v1`.
#[unsafe(no_mangle)]
#[doc(hidden)]
pub unsafe extern "C" fn uuid_smaller_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    unsafe {
        let i = usize::from(fmgr::uuid_arg(fcinfo, 1) < fmgr::uuid_arg(fcinfo, 0));
        fmgr::arg(fcinfo, i)
    }
}

// `finalize`: after every function (the transition functions are Rust here, SQL in the SQL
// edition, whose build includes this file at the end as well).
pgrx::extension_sql_file!("aggregates.sql", name = "uuid_aggregates", finalize);
