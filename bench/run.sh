#!/usr/bin/env bash
# The benchmark: every function against what a user would use instead, interleaved
# in the same run on the same cluster, reported as ratios.
#   bench/run.sh [--quick] [--pg 18|15] [--out DIR] [--keep]
#   --quick   small N, 2 rounds, results in bench/results/tmp/ (a smoke test, about 1 minute)
#   --pg N    one PostgreSQL major only (default: 18, then 15)
#   --out DIR where benchmarks.{md,json,png} go (default docs/, or bench/results/tmp/ with --quick)
#   --keep    leave the scratch clusters running
# Builds the release extension (cargo pgrx package: opt-level 3, fat LTO) into target/bench,
# stages private copies of the PostgreSQL installations with it in .pg/bench/ (so builds that
# install into the shared PostgreSQL trees meanwhile cannot swap the library under the run),
# starts scratch clusters .pg/clusters/bench-18 and bench-15 and runs bench/bench.py, then
# bench/report.py. About 13 minutes on 2 cores, plus about 2 minutes per major for a first build.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s.%N)
cmdline="bench/run.sh${*:+ $*}"
majors=(18 15) quick=0 keep=0 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1; shift ;;
    --pg) majors=("${2:?--pg needs 15 or 18}"); shift 2 ;;
    --out) out=${2:?--out needs a directory}; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "bench: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { [ "$quick" = 1 ] && out=bench/results/tmp || out=docs; }
mkdir -p "$out"

bash scripts/setup.sh >/dev/null
. scripts/lib.sh
. bench/stage.sh
mkdir -p "$BENCH_ROOT"

echo "==> matplotlib (for the chart)"
python3 -c "import matplotlib" 2>/dev/null || python3 -m pip install -q matplotlib

specs=() started=()
stop_all() {
  [ "$keep" = 1 ] && return 0
  for s in "${started[@]}"; do
    cluster_stop_dir "${s%%|*}" "${s##*|}"
    rm -rf "${s%%|*}"
  done
}
trap stop_all EXIT

for m in "${majors[@]}"; do
  echo "==> building the release extension for PostgreSQL $m (log: .pg/bench/build-pg$m.log)"
  build_release "$m"
  stage_install "$m"
  echo "==> starting scratch cluster .pg/clusters/bench-$m"
  cluster_start "$m" "bench-$m" \
    "shared_buffers = 1GB" "work_mem = 256MB" "jit = off" "max_parallel_workers_per_gather = 0" \
    "autovacuum = off" "max_wal_size = 16GB" "checkpoint_timeout = 1h"
  started+=("$CLUSTER_DIR|$CLUSTER_BIN")
  specs+=(--pg "$m=$CLUSTER_BIN:$CLUSTER_DIR/sock:$CLUSTER_PORT")
done

echo "==> running the benchmarks"
args=("${specs[@]}" --out "$out/benchmarks.json" --t0 "$t0" --command "$cmdline")
[ "$quick" = 1 ] && args+=(--quick)
python3 bench/bench.py "${args[@]}"

echo "==> writing $out/benchmarks.md and $out/benchmarks.png"
python3 bench/report.py "$out/benchmarks.json" --md "$out/benchmarks.md" --png "$out/benchmarks.png"
