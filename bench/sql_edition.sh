#!/usr/bin/env bash
# The SQL edition's cost per call against the native extension (release build), the 0.2.0
# release's SQL edition (built from its release commit by that commit's own
# scripts/sql_edition.sh) and the anchors of a user's choice (the PL/pgSQL overlay recipe,
# gen_random_uuid(), core 18's uuidv7()), in one database and one run on a scratch cluster;
# prints the tables of docs/sql-edition.md.
#   bench/sql_edition.sh [--pg 18|15] [--rounds R] [--n N]      (run by hand; about 3 minutes after the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
major=18 args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) major=${2:?}; shift 2 ;;
    --rounds|--n) args+=("$1" "${2:?}"); shift 2 ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "sql_edition bench: unknown option $1" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh >/dev/null
. scripts/lib.sh
. bench/stage.sh
mkdir -p "$BENCH_ROOT"
echo "==> release build of the native extension for PostgreSQL $major, staged in $BENCH_ROOT"
build_release "$major"
stage_install "$major"
dist="$BENCH_ROOT/sql_edition"
python3 tools/sql_edition.py --out "$dist" >/dev/null
# 0.2.0's edition, from the release commit, with that commit's own build script
old_commit=fb56f9b
rm -rf "$dist/0.2.0"; mkdir -p "$dist/0.2.0/src"
git archive "$old_commit" | tar -x -C "$dist/0.2.0/src"
bash "$dist/0.2.0/src/scripts/sql_edition.sh" "$dist/0.2.0" >/dev/null
chmod -R a+rX "$dist"
cluster_start "$major" "bench-edition-$major" \
  "shared_buffers = 512MB" "work_mem = 256MB" "jit = off" "max_parallel_workers_per_gather = 0" "autovacuum = off"
trap cluster_stop EXIT
python3 bench/sql_edition.py --pg "$major=$CLUSTER_BIN:$CLUSTER_DIR/sock:$CLUSTER_PORT" \
  --script "$(ls "$dist"/uuid_shard-*[0-9].sql)" \
  --old-script "$dist/0.2.0/uuid_shard-0.2.0.sql" "${args[@]}"
