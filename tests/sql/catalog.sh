#!/usr/bin/env bash
# Released definitions stay as they were: a fresh install of this build, native and SQL edition,
# against the committed catalog of the last release (tests/catalog/<release>/, made from that
# release's own build with --write). Every function, aggregate and type the release installed
# must exist with exactly its definition (body, argument names, result, markings, settings,
# owner, privileges, comment); objects the release did not have are listed as new.
#   tests/sql/catalog.sh MAJOR            compare
#   tests/sql/catalog.sh MAJOR --write    record the installed build's catalog as the snapshot
set -euo pipefail
major=${1:?usage: tests/sql/catalog.sh MAJOR [--write]}
. "$(dirname "$0")/../../scripts/lib.sh"
. "$PROJECT_ROOT/tests/sql/lib/edition.sh"
release=0.3.0
snapdir="$PROJECT_ROOT/tests/catalog/$release"
cluster_start "$major" "catalog-$major"
trap 'cluster_stop; rm -rf "$dist"' EXIT
"${PSQL[@]}" -d postgres -c "CREATE DATABASE native" -c "CREATE DATABASE edition"
"${PSQL[@]}" -d native -c "CREATE SCHEMA uuid_shard" -c "CREATE EXTENSION uuid_shard SCHEMA uuid_shard"
"${PSQL[@]}" -d edition -f "$plain_script" >/dev/null
describe() { "${PSQL[@]}" -d "$1" -At -v schema=uuid_shard -f "$PROJECT_ROOT/tests/catalog/describe.sql"; }
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
  "function uuid_shard.uuid_v7_partition_ddl(regclass,timestamp with time zone,timestamp with time zone,interval,text,boolean)=each statement one format() template with positional arguments; output unchanged"
  "function uuid_shard.uuid_v7_retention_ddl(regclass,timestamp with time zone,text)=each statement one format() template with positional arguments; output unchanged"
  "function uuid_shard.uuid_bucket_partition_ddl(regclass,text[])=each statement one format() template with positional arguments; output unchanged"
)
rc=0
for db in native edition; do
  [ -f "$snapdir/pg$major-$db.txt" ] || { echo "no snapshot $snapdir/pg$major-$db.txt"; exit 1; }
  describe "$db" >"$dist/$db.txt"
  exceptions=(--rewritten "${rewritten[@]}")
  [ "$db" = native ] || exceptions+=(--unpinned "${unpinned_edition[@]}")
  python3 "$PROJECT_ROOT/tests/catalog/compare.py" "$snapdir/pg$major-$db.txt" "$dist/$db.txt" "PG$major $db" "${exceptions[@]}" || rc=1
done
exit $rc
