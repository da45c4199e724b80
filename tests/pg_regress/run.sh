#!/usr/bin/env bash
# SQL-level tests: installs uuid_shard into PostgreSQL MAJOR, starts a scratch cluster and runs
# pg_regress with the schedule in this folder against it.
#   tests/pg_regress/run.sh MAJOR [test ...]     (default: every test in ./schedule)
set -euo pipefail
major=${1:?usage: tests/pg_regress/run.sh 15|18 [test ...]}; shift
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
bin=$(pg_bin "$major")
regress=$(dirname "$(dirname "$("$bin/pg_config" --pgxs)")")/test/regress/pg_regress
[ -x "$regress" ] || { echo "pg_regress not found at $regress" >&2; exit 1; }
[ "${SKIP_INSTALL:-0}" = 1 ] || install_extension "$major"
cluster_start "$major" "regress-$major" "max_worker_processes = 16"
trap cluster_stop EXIT
# The database, with public as PostgreSQL 15 and later ship it, so that 13 and 14 give the same
# output: only the database owner creates objects in it (tests/pg_regress/sql/schema_warning.sql
# tests the warning CREATE EXTENSION gives otherwise). pg_regress then uses it as it is.
"${PSQL[@]}" -d postgres -c "CREATE DATABASE uuid_shard_regress TEMPLATE template0"
"${PSQL[@]}" -d uuid_shard_regress -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC"
out="$PROJECT_ROOT/.pg/regress-out-$major"
rm -rf "$out"; mkdir -p "$out"
if [ $# -gt 0 ]; then tests=("$@"); else tests=(--schedule="$here/schedule"); fi
status=0
"$regress" --bindir="$bin" --host="$CLUSTER_DIR/sock" --port="$CLUSTER_PORT" --user=postgres \
  --inputdir="$here" --outputdir="$out" --dbname=uuid_shard_regress --use-existing "${tests[@]}" || status=$?
if [ $status -ne 0 ] && [ -f "$out/regression.diffs" ]; then
  echo "---- regression.diffs (PG$major) ----"; head -200 "$out/regression.diffs"
fi
exit $status
