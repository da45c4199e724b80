//! The transition (and combine) functions of `min(uuid)` and `max(uuid)` (src/sql/aggregates.sql;
//! PostgreSQL before 19 has no uuid min/max): the smaller and larger of two uuids in uuid order,
//! called once per row. They return one of their arguments as it is (the executor copies the
//! state when it is the new row's value), so a step allocates nothing; unguarded, as two
//! comparisons of 16 bytes call nothing.
//!
//! uuid order is the order of the 16 bytes (PostgreSQL's uuid_cmp is a memcmp). Ties return the
//! first argument, the state, so equal values never make the executor copy.
use crate::fmgr;
use pgrx::pg_sys;
use uuid_shard_macros::sql_function;

/// Internal: the larger of two uuids, `max(uuid)`'s transition and combine function.
#[sql_function(
    "_uuid_larger(a uuid, b uuid) RETURNS uuid",
    immutable,
    strict,
    parallel_safe,
    unguarded
)]
unsafe fn uuid_larger_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    fmgr::arg(
        fcinfo,
        usize::from(fmgr::uuid_arg(fcinfo, 1) > fmgr::uuid_arg(fcinfo, 0)),
    )
}

/// Internal: the smaller of two uuids, `min(uuid)`'s transition and combine function.
#[sql_function(
    "_uuid_smaller(a uuid, b uuid) RETURNS uuid",
    immutable,
    strict,
    parallel_safe,
    unguarded
)]
unsafe fn uuid_smaller_v1(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    fmgr::arg(
        fcinfo,
        usize::from(fmgr::uuid_arg(fcinfo, 1) < fmgr::uuid_arg(fcinfo, 0)),
    )
}
