#!/usr/bin/env bash
# Command 2: every test. Exits non-zero on any failure.
#   1. pure-Rust unit and property tests of the core (no PostgreSQL)
#   2. #[pg_test]s inside PostgreSQL 15 and 18 (cargo pgrx test)
#   3. SQL-level tests with pg_regress against scratch clusters, PG15 and PG18
#   4. cross-language reference implementations against the frozen test vectors
#   5. concurrency, fork-safety and dump/restore tests driving real clusters
#   scripts/test.sh [--pg 15|18] [--quick]   (--pg limits to one major; --quick skips 5)
set -uo pipefail
cd "$(dirname "$0")/.."
majors=(15 18) quick=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) majors=("${2:?--pg needs 15 or 18}"); shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "test: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh || exit 1
. scripts/lib.sh

passed=0 failed=0 failures=()
suite() { # suite NAME CMD... : runs one suite, records the outcome
  local name=$1; shift
  local t0=$SECONDS
  printf '\n======== %s ========\n' "$name"
  if "$@"; then
    passed=$((passed + 1)); printf -- '-------- %s: ok (%ss)\n' "$name" $((SECONDS - t0))
  else
    failed=$((failed + 1)); failures+=("$name"); printf -- '-------- %s: FAILED (%ss)\n' "$name" $((SECONDS - t0))
  fi
}

suite "format: cargo fmt --check" cargo fmt --all -- --check
suite "core: cargo test -p uuid_shard_core" cargo test -p uuid_shard_core
for m in "${majors[@]}"; do
  suite "pg_test: PostgreSQL $m" cargo pgrx test "pg$m" --runas "$PG_OS_USER" --pgdata "/tmp/uuid_shard-pgtest-$m"
  suite "pg_regress: PostgreSQL $m" bash tests/pg_regress/run.sh "$m"
done
suite "docs: error matrix matches the tests" bash tests/check_docs.sh
suite "vectors: reference implementations" bash tests/vectors/run.sh
if [ "$quick" = 0 ]; then
  for t in tests/sql/*.sh; do
    [ -f "$t" ] || continue
    for m in "${majors[@]}"; do
      suite "$(basename "$t" .sh): PostgreSQL $m" bash "$t" "$m"
    done
  done
fi

printf '\n'
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "suites: $passed passed, $failed failed"
[ "$failed" = 0 ]
