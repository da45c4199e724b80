#!/usr/bin/env bash
# The crate uuid_shard_core, tested as an application installs it. From the repository root:
#
#   PGHOST=... PGPORT=... PGUSER=postgres UUID_SHARD_MAJOR=15 bash core/test.sh
#
# 1. `cargo package -p uuid_shard_core` (which also builds the packaged crate on its own, its
#    dependencies from crates.io): the .crate, its files, its manifest.
# 2. Unpacks the .crate into a scratch folder outside the repository and, there: cargo test (the
#    crate's own tests and doc examples, README's included), cargo doc with warnings as errors,
#    cargo check --all-targets without a warning, and a no_std build (--no-default-features).
# 3. A scratch no_std library depending on the unpacked crate with default-features = false: it
#    builds, and rand is not among its dependencies.
# 4. A scratch binary depending on the unpacked crate (path dependency), release build, std only
#    (core/pkgtest/check.rs), with the Rust examples of docs/clients.md as its programs: every vector of tests/vectors/vectors.json, the generator (threads,
#    counter, clock), partition names; against the live server ($PGHOST, $PGPORT, $PGUSER, the
#    native extension of PostgreSQL $UUID_SHARD_MAJOR, psql from $PSQL or scripts/lib.sh's
#    pg_bin; it makes the database pkg_rust afresh and leaves it): keys of uuid7() and of
#    uuid_shard.uuidv7() side by side, every function against its SQL twin, tail-hash partitions;
#    then the speed ratios, printed, never asserted.
#
# One "ok" or "FAIL" line per check; exits 0 only if every check passed. Builds go to
# $CARGO_TARGET_DIR (default: target/ of this checkout) for the package, to the scratch folder
# for the rest. Needs crates.io (the dependencies) unless they are in cargo's cache.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
scratch=$(mktemp -d /tmp/uuid-shard-core.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

. "$root/packages/checks.sh"
echo "     $(cargo --version), $(rustc --version)"

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' core/Cargo.toml | head -n 1)
ext_version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
if [ -n "$version" ] && [ "$version" = "$ext_version" ]; then
  ok "version $version, the extension's"
else
  fail "version: the crate has '$version', the extension '$ext_version'"
fi

# ---- 1. the package --------------------------------------------------------------------------
crate=$CARGO_TARGET_DIR/package/uuid_shard_core-$version.crate
rm -f "$crate"
check_cmd "cargo package -p uuid_shard_core (packaged and verified: it builds on its own)" \
  cargo package -p uuid_shard_core --allow-dirty
if [ ! -f "$crate" ]; then
  fail "no $crate"
  finish
fi
files=$(tar tzf "$crate" | sed "s|^uuid_shard_core-$version/||" | sort)
echo "     files: $(paste -sd' ' <<<"$files")"
missing=()
for f in Cargo.toml Cargo.toml.orig README.md LICENSE src/lib.rs src/v7.rs src/shard.rs src/text.rs src/mask.rs \
  src/generator.rs src/error.rs examples/vectors.rs; do
  grep -qxF "$f" <<<"$files" || missing+=("$f")
done
extra=$(grep -vxE 'Cargo\.(toml|toml\.orig|lock)|\.cargo_vcs_info\.json|README\.md|LICENSE|src/[a-z0-9_]+\.rs|examples/vectors\.rs' <<<"$files")
if [ ${#missing[@]} = 0 ] && [ -z "$extra" ]; then
  ok "the .crate holds the sources, README.md, LICENSE and the vectors example, nothing else ($(wc -l <<<"$files") files, $(stat -c %s "$crate") bytes)"
else
  fail "the .crate: missing ${missing[*]:-nothing}; unexpected: $(paste -sd' ' <<<"$extra")"
fi

mkdir -p "$scratch/unpacked"
tar xzf "$crate" -C "$scratch/unpacked"
pkg=$scratch/unpacked/uuid_shard_core-$version
manifest=$pkg/Cargo.toml
bad_manifest=()
grep -q '^publish = false' "$manifest" && bad_manifest+=("publish = false")
for key in description license readme keywords categories rust-version; do
  grep -q "^$key = " "$manifest" || bad_manifest+=("no $key")
done
deps=$(awk '/^\[dependencies\./ { sub(/^\[dependencies\./, ""); sub(/\]$/, ""); print }' "$manifest" | paste -sd' ')
if [ ${#bad_manifest[@]} = 0 ] && [ "$deps" = "hmac rand sha2" ]; then
  ok "manifest: publishable, description, license MIT, readme, keywords, categories, rust-version; dependencies: $deps"
else
  fail "manifest: ${bad_manifest[*]:-} dependencies: $deps"
fi

# ---- 2. the unpacked package on its own --------------------------------------------------------
export CARGO_TARGET_DIR=$scratch/target
out=$(cd "$pkg" && cargo test 2>&1)
if [ $? = 0 ]; then
  ok "cargo test in the unpacked package: $(grep -E '^test result: ' <<<"$out" | awk '{p += $4; f += $6} END {print p " passed, " f " failed"}') (unit tests, proptests, doc examples of README.md and the API)"
else
  fail "cargo test in the unpacked package"
  grep -vE '^test .* ok$' <<<"$out" | tail -n 60 | sed 's/^/     /'
fi
check_cmd "cargo doc in the unpacked package: no warning (missing_docs, broken links)" \
  env RUSTDOCFLAGS="-D warnings" bash -c 'cd "$1" && cargo doc --no-deps --all-features' _ "$pkg"
out=$(cd "$pkg" && cargo check --all-targets --message-format short 2>&1)
if [ $? = 0 ] && ! grep -q 'warning' <<<"$out"; then
  ok "cargo check --all-targets in the unpacked package: no warning (#![warn(missing_docs)] included)"
else
  fail "cargo check --all-targets: warnings or errors"
  tail -n 40 <<<"$out" | sed 's/^/     /'
fi
out=$(cd "$pkg" && cargo check --no-default-features --message-format short 2>&1)
if [ $? = 0 ] && ! grep -q 'warning' <<<"$out"; then
  ok "cargo check --no-default-features: the crate builds as no_std + alloc, no warning"
else
  fail "cargo check --no-default-features"
  tail -n 40 <<<"$out" | sed 's/^/     /'
fi

# ---- 3. a no_std dependent -------------------------------------------------------------------
mkdir -p "$scratch/nostd/src"
cat >"$scratch/nostd/Cargo.toml" <<EOF
[package]
name = "uuid_shard_nostd_user"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
uuid_shard_core = { path = "$pkg", default-features = false }

[workspace]
EOF
cp core/pkgtest/nostd.rs "$scratch/nostd/src/lib.rs"
check_cmd "a #![no_std] library using the pure functions builds against default-features = false" \
  bash -c 'cd "$1" && cargo build' _ "$scratch/nostd"
tree=$(cd "$scratch/nostd" && cargo tree -e normal --prefix none 2>&1 | awk '{print $1}' | sort -u | paste -sd' ')
if [ -n "$tree" ] && ! grep -qwE 'rand|rand_core|getrandom' <<<"$tree"; then
  ok "without std the dependencies are: $tree"
else
  fail "without std the dependencies are: $tree"
fi

# ---- 4. an application -------------------------------------------------------------------------
mkdir -p "$scratch/app/src"
cat >"$scratch/app/Cargo.toml" <<EOF
[package]
name = "uuid_shard_core_check"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
uuid_shard_core = { path = "$pkg" }

[workspace]
EOF
cp core/pkgtest/check.rs "$scratch/app/src/main.rs"
check_cmd "an application depending on the unpacked crate builds (release)" \
  bash -c 'cd "$1" && cargo build --release' _ "$scratch/app"
# The Rust examples of docs/clients.md, each as a program of the application: each asserts what
# it shows, and prints.
mkdir -p "$scratch/app/examples"
awk -v dir="$scratch/app/examples" '
  /^```rust$/ { n++; f = dir "/clients" n ".rs"; next }
  /^```/ { if (f != "") close(f); f = ""; next }
  f != "" { print > f }' "$root/docs/clients.md"
examples=$(cd "$scratch/app/examples" && ls clients*.rs 2>/dev/null | sed 's/\.rs$//' | sort -V)
[ -n "$examples" ] || fail "docs/clients.md: no rust block"
for ex in $examples; do
  check_cmd "docs/clients.md's Rust example $ex runs (its assertions hold)" \
    bash -c 'cd "$1" && cargo run -q --release --example "$2"' _ "$scratch/app" "$ex"
done
check=$CARGO_TARGET_DIR/release/uuid_shard_core_check
if [ -x "$check" ]; then
  checker "vectors" "$check" vectors "$root/tests/vectors/vectors.json"
  if [ -z "${PGPORT:-}" ]; then
    fail "live: PGHOST, PGPORT and PGUSER name no server"
  else
    if [ -z "${PSQL:-}" ]; then
      PSQL=$(bash -c '. scripts/lib.sh; pg_bin "$1"' _ "${UUID_SHARD_MAJOR:-15}")/psql
    fi
    checker "live" env PSQL="$PSQL" "$check" live
  fi
  "$check" bench
fi

finish
