//! uuid_shard: the PostgreSQL layer. Each SQL function converts its arguments, calls the
//! pure-Rust core (`uuid_shard_core`) and maps core errors to SQLSTATEs. No logic lives here
//! that the core could hold.
mod aggregate;
mod error;
mod fmgr;
mod generate;
mod mask;
mod shard;
mod text;
mod time;

// The hand-written SQL of src/sql/, in the order of src/sql/ORDER (build.rs).
include!(concat!(env!("OUT_DIR"), "/sql_files.rs"));

// The library's name and version, shown by PostgreSQL 18's pg_get_loaded_modules() (which
// library a session runs after a package upgrade). pgrx 0.18.1's bare `version` key writes the
// version into the name field and leaves the version empty, so it is passed explicitly.
::pgrx::pg_module_magic!(name, version = LIBRARY_VERSION);
const LIBRARY_VERSION: &std::ffi::CStr =
    match std::ffi::CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(v) => v,
        Err(_) => panic!("CARGO_PKG_VERSION holds a NUL byte"),
    };

#[cfg(any(test, feature = "pg_test"))]
#[pgrx::pg_schema]
mod tests {
    include!("pg_tests.rs");
}

/// Required by `cargo pgrx test`.
#[cfg(test)]
pub mod pg_test {
    pub fn setup(_options: Vec<&str>) {}

    #[must_use]
    pub fn postgresql_conf_options() -> Vec<&'static str> {
        vec![]
    }
}
