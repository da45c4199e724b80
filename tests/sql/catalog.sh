#!/usr/bin/env bash
# Released definitions stay as they were: a fresh install of this build, native and SQL edition,
# against the committed catalog of the last release (tests/catalog/<release>/, made from that
# release's own build with --write). Every function, aggregate and type the release installed
# must exist with exactly its definition (body, argument names, result, markings, settings,
# owner, privileges, comment); objects the release did not have are listed as new.
#   tests/sql/catalog.sh MAJOR            compare
#   tests/sql/catalog.sh MAJOR --write    record the installed build's catalog as the snapshot
set -eEuo pipefail
major=${1:?usage: tests/sql/catalog.sh MAJOR [--write]}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
. "$here/lib/edition.sh"
release=0.3.0
snapdir="$PROJECT_ROOT/tests/catalog/$release"
suite_cluster "catalog-$major"
make_db native
make_db edition
db native -c "CREATE SCHEMA uuid_shard" -c "CREATE EXTENSION uuid_shard SCHEMA uuid_shard"
db edition -f "$plain_script" >/dev/null
describe() { db "$1" -v schema=uuid_shard -f "$PROJECT_ROOT/tests/catalog/describe.sql"; }
if [ "${2:-}" = --write ]; then
  mkdir -p "$snapdir"
  for db in native edition; do describe "$db" >"$snapdir/pg$major-$db.txt"; done
  echo "PG$major: wrote $(grep -c '^== ' "$snapdir/pg$major-native.txt") native and $(grep -c '^== ' "$snapdir/pg$major-edition.txt") edition objects to ${snapdir#"$PROJECT_ROOT"/}"
  exit 0
fi
# What changes on purpose since the release, each named with why (nothing else may change).
unpinned_edition=(
  "function uuid_shard.uuidv7()=the generators run without SET search_path (its cost per call), every name qualified"
  "function uuid_shard.uuidv7(interval)=the generators run without SET search_path (its cost per call), every name qualified"
)
# Bodies rewritten with the same markings, comment and header (their behaviour is held by
# tests/pg_regress, tests/sql/buckets.sh and tests/sql/hostile.sh). Both editions share them.
rewritten=(
  "function uuid_shard.uuid_bucket_grow_ddl(regclass,integer,text[])=split by step into _uuid_bucket_grow_setup/_copy/_swap, each statement a format() template; the script checks by calls, not conditions passed as text"
  "function uuid_shard.uuid_v7_partition_ddl(regclass,timestamp with time zone,timestamp with time zone,interval,text,boolean)=its body moved into _uuid_v7_partition_ddl, shared with uuid_v7_tail_partition_ddl, each statement one format() template with positional arguments; output unchanged"
  "function uuid_shard.uuid_v7_retention_ddl(regclass,timestamp with time zone,text)=each statement one format() template with positional arguments; output unchanged"
  "function uuid_shard.uuid_bucket_partition_ddl(regclass,text[])=each statement one format() template with positional arguments; output unchanged"
)
for edition in native edition; do
  snapshot="$snapdir/pg$major-$edition.txt"
  [ -f "$snapshot" ] || { fail "$edition: the snapshot ${snapshot#"$PROJECT_ROOT"/} exists"; continue; }
  describe "$edition" >"$dist/$edition.txt"
  exceptions=(--rewritten "${rewritten[@]}")
  [ "$edition" = native ] || exceptions+=(--unpinned "${unpinned_edition[@]}")
  verdict=0
  python3 "$PROJECT_ROOT/tests/catalog/compare.py" "$snapshot" "$dist/$edition.txt" "PG$major $edition" "${exceptions[@]}" || verdict=$?
  check "$edition: every object of $release as recorded, or changed as named" "$verdict" 0
done
finish
