#!/usr/bin/env bash
# Command 2: every test. Exits non-zero on any failure.
#   1. pure-Rust unit and property tests of the core (no PostgreSQL)
#   2. #[pg_test]s inside PostgreSQL (cargo pgrx test), per tested major
#   3. SQL-level tests with pg_regress against scratch clusters, per tested major
#   4. cross-language reference implementations against the frozen test vectors
#   5. cluster tests in tests/sql/ (concurrency, fork-safety, dump/restore, ...), per tested major
#   scripts/test.sh [--pg N] [--quick]   (--pg limits to one major; --quick skips 5)
set -uo pipefail
cd "$(dirname "$0")/.."
all_majors=(15 18)
majors=("${all_majors[@]}") quick=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) majors=("${2:?--pg needs a major}"); shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "test: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh || exit 1
# Heavy cluster tests run full-size on the oldest and newest tested major, smaller elsewhere.
export UUID_SHARD_FULL_MAJORS="${all_majors[0]} ${all_majors[${#all_majors[@]}-1]}"
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
suite "docs: error matrix matches the tests" bash tests/check_docs.sh
suite "vectors: reference implementations" bash tests/vectors/run.sh
for m in "${majors[@]}"; do
  major_lock "$m"
  # cargo pgrx test listens on a fixed localhost port per major: one run per major at a time.
  suite "pg_test: PostgreSQL $m" flock "/tmp/uuid_shard-pgtest-$m.lock" \
    cargo pgrx test "pg$m" --runas "$PG_OS_USER" --pgdata "/tmp/uuid_shard-pgtest-$(printf '%s' "$PROJECT_ROOT" | cksum | cut -d' ' -f1)-$m"
  suite "pg_regress: PostgreSQL $m" bash tests/pg_regress/run.sh "$m"
  # Every sql block of README.md and docs/ runs as written, on the newest major tested.
  [ "$m" = "${majors[${#majors[@]}-1]}" ] && suite "docs: sql blocks run (PostgreSQL $m)" bash tests/check_docs_sql.sh "$m"
  if [ "$quick" = 0 ]; then
    for t in tests/sql/*.sh; do
      [ -f "$t" ] || continue
      suite "$(basename "$t" .sh): PostgreSQL $m" bash "$t" "$m"
    done
  fi
  major_unlock
done

printf '\n'
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "suites: $passed passed, $failed failed"
[ "$failed" = 0 ]
