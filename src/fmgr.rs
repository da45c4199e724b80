//! The argument and result path of the direct version-1 functions (`#[sql_function]`, the
//! `uuid_shard_macros` crate): the per-row functions whose work is a few nanoseconds, for which
//! pgrx's `#[pg_extern]` wrapper (a guard, argument iterators, a memory-context switch, return
//! boxing) would cost more than the work (docs/benchmarks.md). They read their arguments
//! straight from `fcinfo` with the accessors below, call the core and return the datum; errors
//! stay the same PostgreSQL ERRORs (`raise` under the guard, [`raise_guarded`] without it).
//!
//! **Released symbols stay exported, with the same arguments and result.** A database keeps the
//! `AS 'MODULE_PATHNAME', 'symbol'` of the version it was created or last updated with:
//! packages replace the library before anyone runs `ALTER EXTENSION uuid_shard UPDATE`, and
//! `pg_upgrade` recreates the old catalog as it is. A `#[sql_function]`'s symbol is its Rust name
//! (`uuidv7_v1`, `uuid_bucket_v1`, `uuid_v7_time_v1`, ... since 0.1.0); a `#[pg_extern]`'s is
//! the Rust name plus `_wrapper` (0.1.0 names `uuidv7_shifted_wrapper`, `uuid_v7_at_wrapper`,
//! `uuid_v7_boundary_wrapper`, `uuid_version_wrapper`, `uuid_shard_key_wrapper`). Never remove or
//! rename these; a new entry point gets a new symbol. `tests/sql/upgrade.sh` checks every symbol
//! of the last release's install script against the built library (`nm -D`) and resolves each
//! one from the old catalog (`fmgr_c_validator`).
use crate::error::raise;
use pgrx::pg_sys;
use uuid_shard_core::Error;

/// Argument `i` of a STRICT function (never NULL: the executor does not call it with one).
#[inline(always)]
pub unsafe fn arg(fcinfo: pg_sys::FunctionCallInfo, i: usize) -> pg_sys::Datum {
    unsafe { (*(*fcinfo).args.as_ptr().add(i)).value }
}

/// A `uuid` argument: its 16 bytes, read in place (a `uuid` datum points to them).
#[inline(always)]
pub unsafe fn uuid_arg<'a>(fcinfo: pg_sys::FunctionCallInfo, i: usize) -> &'a [u8; 16] {
    unsafe { &*arg(fcinfo, i).cast_mut_ptr::<[u8; 16]>() }
}

/// An `int4` argument.
#[inline(always)]
pub unsafe fn i32_arg(fcinfo: pg_sys::FunctionCallInfo, i: usize) -> i32 {
    unsafe { arg(fcinfo, i).value() as i32 }
}

/// A `text` argument as UTF-8: its bytes when the database encoding is UTF-8, else converted
/// from the database encoding (so a decoder names the character the user typed, and a name
/// hashes to the same key in every database). Calls PostgreSQL: only under `#[pg_guard]`.
pub unsafe fn text_arg_utf8<'a>(fcinfo: pg_sys::FunctionCallInfo, i: usize) -> std::borrow::Cow<'a, str> {
    unsafe {
        let v = pg_sys::pg_detoast_datum_packed(arg(fcinfo, i).cast_mut_ptr());
        let len = pgrx::varlena::varsize_any_exhdr(v);
        let mut data = pgrx::varlena::vardata_any(v);
        let utf8 = pg_sys::pg_enc::PG_UTF8 as i32;
        if pg_sys::GetDatabaseEncoding() != utf8 {
            // returns its argument when nothing changes, else a NUL-terminated palloc'd copy
            let converted = pg_sys::pg_server_to_any(data, len as i32, utf8);
            if converted.cast_const() != data {
                data = converted;
                let bytes = std::ffi::CStr::from_ptr(data).to_bytes();
                return String::from_utf8_lossy(bytes);
            }
        }
        String::from_utf8_lossy(std::slice::from_raw_parts(data.cast::<u8>(), len))
    }
}

/// A `text` result (palloc'd in the current memory context).
#[inline(always)]
pub unsafe fn text_datum(s: &str) -> pg_sys::Datum {
    unsafe { pg_sys::Datum::from(pg_sys::cstring_to_text_with_len(s.as_ptr().cast(), s.len() as i32)) }
}

/// Returns SQL NULL.
#[inline(always)]
pub unsafe fn null(fcinfo: pg_sys::FunctionCallInfo) -> pg_sys::Datum {
    unsafe { (*fcinfo).isnull = true };
    pg_sys::Datum::from(0)
}

/// A `uuid` result: 16 bytes in the current memory context (the only allocation of a call).
#[inline(always)]
pub unsafe fn uuid_datum(bytes: [u8; 16]) -> pg_sys::Datum {
    unsafe {
        let p = pg_sys::palloc(16).cast::<[u8; 16]>();
        p.write(bytes);
        pg_sys::Datum::from(p)
    }
}

/// Raises `err` as `crate::error::raise` does (same SQLSTATE, message and detail) from an
/// unguarded entry point: the panic that carries the report is caught here and turned into
/// the PostgreSQL ERROR, which then leaves through PostgreSQL's own error handling.
#[cold]
#[inline(never)]
pub fn raise_guarded(err: Error, function: &'static str) -> ! {
    unsafe { pg_sys::submodules::panic::pgrx_extern_c_guard(|| raise(err, function)) }
}
