//! Core errors as PostgreSQL errors.
use pgrx::pg_sys::panic::ErrorReport;
use pgrx::{PgLogLevel, PgSqlErrorCode};
use uuid_shard_core::error::{Error, ErrorKind};

/// Raises `err` as an ERROR with its SQLSTATE, message and detail. Does not return.
#[cold]
#[inline(never)]
pub fn raise(err: Error, function: &'static str) -> ! {
    let code = match err.kind() {
        ErrorKind::DatetimeOverflow => PgSqlErrorCode::ERRCODE_DATETIME_FIELD_OVERFLOW,
        ErrorKind::InvalidParameter => PgSqlErrorCode::ERRCODE_INVALID_PARAMETER_VALUE,
        ErrorKind::InvalidText => PgSqlErrorCode::ERRCODE_INVALID_TEXT_REPRESENTATION,
    };
    let mut report = ErrorReport::new(code, err.to_string(), function);
    if let Some(detail) = err.detail() {
        report = report.set_detail(detail);
    }
    report.report(PgLogLevel::ERROR);
    unreachable!("ERROR does not return")
}

/// Unwraps a core result, raising its error.
pub trait OrRaise<T> {
    fn or_raise(self, function: &'static str) -> T;
}

impl<T> OrRaise<T> for Result<T, Error> {
    #[inline]
    fn or_raise(self, function: &'static str) -> T {
        match self {
            Ok(v) => v,
            Err(e) => raise(e, function),
        }
    }
}
