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

// The library's name and version (Cargo.toml's), shown by PostgreSQL 18's
// pg_get_loaded_modules(): which library a session runs after a package upgrade.
::pgrx::pg_module_magic!(name, version);

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
