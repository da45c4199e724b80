#!/usr/bin/env bash
# Released definitions stay as they were: a fresh install of this build, native and SQL edition,
# against the committed catalog of the last release (tests/catalog/<release>/, made from that
# release's own build with --write). Every function, aggregate and type the release installed
# must exist with exactly its definition (body, argument names, result, markings, settings,
# owner, privileges, comment); objects the release did not have are listed as new. On a major
# newer than the release, its catalog on the newest major it ran on.
#   tests/sql/catalog.sh MAJOR            compare
#   tests/sql/catalog.sh MAJOR --write    record the installed build's catalog as the snapshot
set -eEuo pipefail
major=${1:?usage: tests/sql/catalog.sh MAJOR [--write]}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
. "$here/lib/edition.sh"
# The last release (sql/RELEASES), whose catalog tests/catalog/<release>/ holds.
release=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$PROJECT_ROOT/sql/RELEASES" | tail -1 | awk '{print $1}')
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
unpinned_edition=()
# Bodies rewritten with the same markings, comment and header (their behaviour is held by
# tests/pg_regress, tests/sql/sql_edition_parity.sh and the other suites named).
rewritten=(
  "function uuid_shard._uuid_tail_split_lock(text[])=one lock helper with the rekey (_uuid_lock_tables): attempts under deadlock_timeout, the blocking pids named (tail_hash)"
)
# The SQL edition's alone.
rewritten_edition=(
  "function uuid_shard.uuidv7()=keys that tell the time: a count in rand_b while the clock stands still, never past the clock's millisecond (sql_edition_parity)"
  "function uuid_shard.uuidv7(interval)=the ascending key of uuidv7() with its time shifted (sql_edition_parity)"
)
# A major newer than the release is held to the release's catalog on the newest major it ran on.
recorded=$major
if [ ! -f "$snapdir/pg$major-native.txt" ]; then
  recorded=$(ls "$snapdir" | sed -n 's/^pg\([0-9]*\)-native\.txt$/\1/p' | sort -n | awk -v m="$major" '$1 < m' | tail -1)
  [ -n "$recorded" ] && echo "$release never ran on PostgreSQL $major: held to its catalog on PostgreSQL $recorded"
fi
for edition in native edition; do
  snapshot="$snapdir/pg${recorded:-$major}-$edition.txt"
  [ -f "$snapshot" ] || { fail "$edition: the snapshot ${snapshot#"$PROJECT_ROOT"/} exists"; continue; }
  describe "$edition" >"$dist/$edition.txt"
  exceptions=()
  [ ${#rewritten[@]} -eq 0 ] || exceptions+=(--rewritten "${rewritten[@]}")
  if [ "$edition" = edition ]; then
    [ ${#rewritten_edition[@]} -eq 0 ] || exceptions+=(--rewritten "${rewritten_edition[@]}")
    [ ${#unpinned_edition[@]} -eq 0 ] || exceptions+=(--unpinned "${unpinned_edition[@]}")
  fi
  verdict=0
  python3 "$PROJECT_ROOT/tests/catalog/compare.py" "$snapshot" "$dist/$edition.txt" "PG$major $edition" "${exceptions[@]}" || verdict=$?
  check "$edition: every object of $release as recorded, or changed as named" "$verdict" 0
done
finish
