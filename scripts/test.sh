#!/usr/bin/env bash
# Command 2: every test. Exits non-zero on any failure.
#   1. pure-Rust unit and property tests of the core (no PostgreSQL)
#   2. #[pg_test]s inside PostgreSQL (cargo pgrx test), on the oldest and newest major (all with --pg)
#   3. packages, per tested major: release build into dist/ (scripts/package.sh), the .deb installed
#      with apt-get into Debian's own PostgreSQL (13, 15), the tarball with its install.sh
#   4. SQL-level tests with pg_regress against scratch clusters, per tested major, on the packaged build
#   5. cross-language reference implementations against the frozen test vectors
#   6. cluster tests in tests/sql/ (concurrency, fork-safety, dump/restore, ...), per tested major
#      (the slowest, load and parallel, on the oldest and newest major only, unless --pg)
#   7. arm64, per tested major: the packages cross-built (in the background from the start, at low
#      priority), then on an arm64 server under qemu emulation: the package installed as a user
#      would, CREATE EXTENSION by the database owner, pg_regress (its million-key shard test on
#      the oldest and newest major only), every test vector; uuidv7() concurrency on the oldest
#      and newest major only, unless --pg
#   8. PGXN: META.json and the zip
#   scripts/test.sh [--pg N] [--quick]   (--pg limits to one major; --quick skips 3, 6, 7 and 8 and
#                                        runs pg_regress on a debug build instead)
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
# Every major that scripts/setup.sh installs, oldest first.
read -ra all_majors <<<"$TESTED_MAJORS"
# Cluster tests (tests/sql/NAME.sh) that run on the oldest and newest major only (all when --pg).
edge_only_tests="load parallel hostile"
majors=("${all_majors[@]}") quick=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) majors=("${2:?--pg needs a major}"); edge_only_tests=""; shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "test: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh || exit 1
# Again, now that the set-up has put the compiler it exports (RUSTC) in place.
. scripts/lib.sh

passed=0 failed=0 skipped=0 failures=() skips=()
suite() { # suite NAME CMD... : runs one suite, records the outcome
  # A suite exits 0 when it ran and passed, $SUITE_SKIPPED (77, as in automake) when it has
  # nothing to do on this major and said why; any other status is a failure. A suite that was
  # meant to run and cannot (a missing tool, tree or file) fails: it never reports a skip.
  local name=$1 rc; shift
  local t0=$SECONDS
  printf '\n======== %s ========\n' "$name"
  "$@"; rc=$?
  case $rc in
    0) passed=$((passed + 1)); printf -- '-------- %s: ok (%ss)\n' "$name" $((SECONDS - t0)) ;;
    "$SUITE_SKIPPED") skipped=$((skipped + 1)); skips+=("$name"); printf -- '-------- %s: skipped\n' "$name" ;;
    *) failed=$((failed + 1)); failures+=("$name"); printf -- '-------- %s: FAILED (%ss)\n' "$name" $((SECONDS - t0)) ;;
  esac
}

# The arm64 cross builds (step 7) take minutes of CPU each and need nothing the other steps make:
# they run one after another in the background, at the lowest priority, beside steps 1 to 6. The
# suite "arm64 package" of a major waits for its build and shows its log.
arm64_builds="$PROJECT_ROOT/.pg/arm64/builds"
if [ "$quick" = 0 ]; then
  rm -rf "$arm64_builds"; mkdir -p "$arm64_builds"
  # A process group of its own, so that an interrupted test command stops the build too.
  setsid bash -c 'for m in "${@:2}"; do
      rc=0; nice -n 19 bash scripts/package.sh --arch arm64 --pg "$m" >"$1/pg$m.log" 2>&1 || rc=$?
      echo "$rc" >"$1/pg$m.status"
    done' _ "$arm64_builds" "${majors[@]}" &
  arm64_builds_pid=$!
  trap 'kill -- "-$arm64_builds_pid" 2>/dev/null || true' EXIT
fi
arm64_built() { # arm64_built MAJOR: the background build's log; its status
  while [ ! -f "$arm64_builds/pg$1.status" ]; do
    kill -0 "$arm64_builds_pid" 2>/dev/null || { echo "the background arm64 builds stopped before PostgreSQL $1's"; return 1; }
    sleep 2
  done
  cat "$arm64_builds/pg$1.log"
  return "$(cat "$arm64_builds/pg$1.status")"
}

suite "format: cargo fmt --check" cargo fmt --all -- --check
suite "core: cargo test -p uuid_shard_core" cargo test -p uuid_shard_core
suite "docs: error matrix matches the tests" bash tests/check_docs.sh
suite "upgrade scripts: copied definitions match their release's source" python3 tests/upgrade_scripts.py
suite "generated: files match their generators" bash tests/generated.sh
suite "vectors: reference implementations" bash tests/vectors/run.sh
for m in "${majors[@]}"; do
  # The release build of the packages is the build every later test of this major runs on (built
  # before taking the major's lock: building touches no PostgreSQL tree).
  [ "$quick" = 1 ] || suite "package: PostgreSQL $m" bash scripts/package.sh --arch amd64 --pg "$m"
  major_lock "$m"
  # cargo pgrx test listens on a fixed localhost port per major: one run per major at a time. It
  # builds its own debug library per major, the costliest step of a major after the package:
  # on the oldest and newest major (every major's SQL runs on the packaged build in step 4).
  if [ -z "$edge_only_tests" ] || is_full_major "$m"; then
    suite "pg_test: PostgreSQL $m" flock "/tmp/uuid_shard-pgtest-$m.lock" \
      cargo pgrx test "pg$m" --runas "$PG_OS_USER" --pgdata "/tmp/uuid_shard-pgtest-$(printf '%s' "$PROJECT_ROOT" | cksum | cut -d' ' -f1)-$m"
  fi
  if [ "$quick" = 1 ]; then
    suite "pg_regress: PostgreSQL $m" bash tests/pg_regress/run.sh "$m"
  else
    case "$(pg_bin "$m")" in /usr/lib/postgresql/*) suite "package .deb: PostgreSQL $m" bash tests/package/deb.sh "$m" ;; esac
    suite "package tarball: PostgreSQL $m" bash tests/package/tarball.sh "$m"
    suite "pg_regress: PostgreSQL $m (packaged build)" env SKIP_INSTALL=1 bash tests/pg_regress/run.sh "$m"
  fi
  # The docs run as a reader runs them: every page on the newest major tested, the README on the
  # oldest too.
  if [ "$m" = "${majors[${#majors[@]}-1]}" ]; then suite "docs: pages run (PostgreSQL $m)" bash tests/check_docs_sql.sh "$m"
  elif [ "$m" = "${majors[0]}" ]; then suite "docs: README runs (PostgreSQL $m)" bash tests/check_docs_sql.sh "$m" README.md; fi
  if [ "$quick" = 0 ]; then
    for t in tests/sql/*.sh; do
      [ -f "$t" ] || continue
      # The slowest cluster tests (about 30 s each per major) and the hostile-role suite run on
      # the oldest and newest tested major only, to keep the whole matrix inside the CI budget.
      case " $edge_only_tests " in *" $(basename "$t" .sh) "*) is_full_major "$m" || continue ;; esac
      suite "$(basename "$t" .sh): PostgreSQL $m" bash "$t" "$m"
    done
  fi
  major_unlock
done
# arm64 under emulation (docs/reliability.md): the packages against the amd64 ones of the same
# major, then installed into that major's arm64 server (tests/package/arm64.sh, pg_regress there).
if [ "$quick" = 0 ]; then
  for m in "${majors[@]}"; do
    suite "arm64 package: PostgreSQL $m (cross-built)" arm64_built "$m"
    suite "arm64 package installed, pg_regress: PostgreSQL $m (emulated)" bash tests/package/arm64.sh "$m"
    suite "arm64 vectors: PostgreSQL $m (emulated)" env UUID_SHARD_ARCH=arm64 bash tests/arm64/vectors.sh "$m"
    if [ -z "$edge_only_tests" ] || is_full_major "$m"; then
      suite "arm64 uuidv7 concurrency: PostgreSQL $m (emulated)" env UUID_SHARD_ARCH=arm64 bash tests/arm64/uuidv7_concurrency.sh "$m"
    fi
  done
fi
# The README's commands, as written (the demo among them), once every major's packages are in dist/.
if [ "$quick" = 0 ] && [ ${#majors[@]} = ${#all_majors[@]} ]; then
  suite "readme: every command runs as written" bash tests/check_readme_commands.sh "${majors[${#majors[@]}-1]}"
fi
if [ "$quick" = 0 ]; then
  suite "pgxn: META.json and zip" bash -c 'bash scripts/package.sh --pgxn && bash tests/package/meta.sh --zip'
fi

printf '\n'
for f in "${skips[@]}"; do echo "skipped: $f"; done
for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "suites: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
