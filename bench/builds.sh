#!/usr/bin/env bash
# Two builds side by side: the per-row functions of another revision's library and of this
# checkout's, loaded into one cluster (the other as uuid_shard_rev.so, its functions in schema
# "rev"), timed in the same run against core's own functions as anchors, and printed as ns per
# call and ratios. For changes to the hot paths: the ratios, not the ns, carry from machine to
# machine. Then how far ahead of the clock each build's uuidv7() runs after bursts of 1, 5 and
# 10 million keys in one statement.
#   bench/builds.sh REV [--pg 18|15] [--rounds R] [--n N]     (REV: a commit, e.g. the last release)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: bench/builds.sh REV [--pg 18|15] [--rounds R] [--n N]}; shift
major=18 rounds=7 n=1000000
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) major=${2:?}; shift 2 ;;
    --rounds) rounds=${2:?}; shift 2 ;;
    --n) n=${2:?}; shift 2 ;;
    *) echo "bench/builds.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
. scripts/lib.sh
. bench/stage.sh
commit=$(git rev-parse --verify "$rev^{commit}")
src="$BENCH_ROOT/rev-$commit" bin=$(pg_bin "$major")
mkdir -p "$BENCH_ROOT"
echo "==> release build of ${commit:0:7} for PostgreSQL $major"
rm -rf "$src"; mkdir -p "$src/tree"
git archive "$commit" | tar -x -C "$src/tree"
cargo_pgrx_of "$src/tree"
touch_crate_sources "$src/tree"  # target/bench holds this checkout's crates under the same names
(cd "$src/tree" && CARGO_TARGET_DIR="$PROJECT_ROOT/target/bench" "${CARGO_PGRX[@]}" package \
    --no-default-features --features "pg$major" --pg-config "$bin/pg_config" --out-dir "$src/pkg") \
  >"$src/build.log" 2>&1 || { tail -30 "$src/build.log" >&2; exit 1; }
echo "==> release build of this checkout for PostgreSQL $major"
build_release "$major"
stage_install "$major"
libdir=$("$(pg_bin "$major")/pg_config" --pkglibdir)
find "$src/pkg" -name 'uuid_shard.so' -exec cp {} "$libdir/uuid_shard_rev.so" \;
cluster_start "$major" "bench-builds-$major" "shared_buffers = 1GB" "jit = off" "max_parallel_workers_per_gather = 0" "autovacuum = off"
trap 'cluster_stop; rm -rf "$CLUSTER_DIR"' EXIT
python3 bench/builds.py --rev "${commit:0:7}" --rounds "$rounds" --n "$n" -- "${PSQL[@]}" -d postgres
