#!/usr/bin/env bash
# The libraries applications install (docs/clients.md), each built and installed from what it
# produces, then checked against tests/vectors/vectors.json and against one scratch cluster of
# the major with the native extension: the Python wheel (packages/python), the npm tarball
# (packages/js), the Go module (packages/go), the Rust crate (core) and the gem (packages/ruby).
# Each package's test.sh prints one `ok` or `FAIL` line per check and its benchmark's ratios.
#   tests/sql/packages.sh MAJOR     (the extension must be installed into MAJOR)
set -euo pipefail
major=${1:?usage: tests/sql/packages.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
suite_cluster "packages-$major"
export PGHOST="$CLUSTER_DIR/sock" PGPORT="$CLUSTER_PORT" PGUSER=postgres UUID_SHARD_MAJOR=$major
export PYTHONDONTWRITEBYTECODE=1 NO_COLOR=1 FORCE_COLOR=0
# The Rust package's builds go to a target directory of their own: the suites beside this one
# hold the checkout's.
export CARGO_TARGET_DIR="$PROJECT_ROOT/target/packages"

# Every package's version is the extension's (Cargo.toml), read where each package keeps it.
version_of() { sed -n "$2" "$PROJECT_ROOT/$1" | head -n 1; }
ext=$(version_of Cargo.toml '/^\[package\]/,/^\[/s/^version = "\(.*\)"$/\1/p')
versions="python $(version_of packages/python/pyproject.toml 's/^version = "\(.*\)"$/\1/p')"
versions+=", js $(version_of packages/js/package.json 's/^  "version": "\(.*\)",$/\1/p')"
versions+=", go $(version_of packages/go/uuid_shard.go 's/^const Version = "\(.*\)"$/\1/p')"
versions+=", rust $(version_of core/Cargo.toml 's/^version = "\(.*\)"$/\1/p')"
versions+=", ruby $(version_of packages/ruby/lib/uuid_shard/version.rb "s/^ *VERSION = '\(.*\)'$/\1/p")"
check "the packages' versions" "$versions" "python $ext, js $ext, go $ext, rust $ext, ruby $ext"

times=()
run() { # run NAME SCRIPT: one package's test.sh, timed; its ok and FAIL lines, and its exit status
  local name=$1 t0=$SECONDS out rc=0 ok bad
  out=$(cd "$PROJECT_ROOT" && bash "$2" 2>&1) || rc=$?
  echo "$out"
  ok=$(grep -c '^ok ' <<<"$out" || true) bad=$(grep -c '^FAIL ' <<<"$out" || true)
  if [ "$rc" = 0 ] && [ "$bad" = 0 ] && [ "$ok" -gt 0 ]; then pass "$name: $ok checks passed"
  else fail "$name" "$ok passed, $bad failed, exit status $rc"; fi
  times+=("$name $((SECONDS - t0))s")
}
run python packages/python/test.sh
run js packages/js/test.sh
run go packages/go/test.sh
run rust core/test.sh
run ruby packages/ruby/test.sh
echo "packages: ${times[*]}"
finish
