#!/usr/bin/env bash
# Command 2: every test. Exits non-zero on any failure.
#   1. pure-Rust unit and property tests of the core (no PostgreSQL)
#   2. #[pg_test]s inside PostgreSQL (cargo pgrx test), where tests/matrix says (all with --pg)
#   3. packages, per tested major: release build into dist/ (scripts/package.sh), the .deb installed
#      with apt-get into Debian's own PostgreSQL (13, 15), the tarball with its install.sh
#   4. SQL-level tests with pg_regress against scratch clusters, per tested major, on the packaged build
#   5. cross-language reference implementations against the frozen test vectors
#   6. cluster tests in tests/sql/ (concurrency, fork-safety, dump/restore, ...), per tested major
#      (the slowest, load and parallel, on the oldest and newest major only, unless --pg)
#   7. arm64, on the oldest and newest major (the one given with --pg): the packages cross-built,
#      then on an arm64 server under qemu emulation: the package installed as a user would, CREATE
#      EXTENSION by the database owner, pg_regress, every test vector, uuidv7() concurrency
#   8. PGXN: META.json and the zip
#   scripts/test.sh [--pg N] [--quick]   (--pg limits to one major; --quick skips 3, 6, 7 and 8 and
#                                        runs pg_regress on a debug build instead)
# The release builds run one after another in the background from the start; the tests run in
# two lanes beside them, each lane a series of groups (a major's round, arm64 on a major), and a
# group waits for the builds it tests. A group's output is printed whole when it ends.
set -uo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
# Every major that scripts/setup.sh installs, oldest first.
read -ra all_majors <<<"$TESTED_MAJORS"
majors=("${all_majors[@]}") quick=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) majors=("${2:?--pg needs a major}"); shift 2 ;;
    --quick) quick=1; shift ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "test: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh || exit 1
setup_seconds=$SECONDS
# Again, now that the set-up has put the compiler it exports (RUSTC) in place.
. scripts/lib.sh
single=$([ ${#majors[@]} = 1 ] && echo 1 || echo 0)
# runs_on SUITE MAJOR: the test command runs SUITE on MAJOR (tests/matrix; with --pg, every suite).
runs_on() { [ "$single" = 1 ] || case " $(suite_majors "$1") " in *" $2 "*) return 0 ;; *) return 1 ;; esac; }

# Each group appends one line per suite to its results file (outcome, name, seconds, group) and
# writes its output to its log.
results="$PROJECT_ROOT/.pg/test-results"
rm -rf "$results"; mkdir -p "$results"
# Suites that use another major's tree say so here (package_installed in scripts/lib.sh).
export UUID_SHARD_CROSS_MAJOR="$results/cross-major"
GROUP=main
suite() { # suite NAME CMD... : runs one suite, records the outcome
  # A suite exits 0 when it ran and passed, $SUITE_SKIPPED (77, as in automake) when it has
  # nothing to do on this major and said why; any other status is a failure. A suite that was
  # meant to run and cannot (a missing tool, tree or file) fails: it never reports a skip.
  local name=$1 rc outcome; shift
  local t0=$SECONDS
  printf '\n======== %s ========\n' "$name"
  UUID_SHARD_SUITE=$name "$@"; rc=$?
  case $rc in
    0) outcome=ok ;;
    "$SUITE_SKIPPED") outcome=skipped ;;
    *) outcome=FAILED ;;
  esac
  printf -- '-------- %s: %s (%ss)\n' "$name" "$outcome" $((SECONDS - t0))
  printf '%s\t%s\t%s\t%s\n' "$outcome" "$name" $((SECONDS - t0)) "$GROUP" >>"$results/$GROUP.tsv"
}

# The release builds (steps 3 and 7) take minutes of CPU each and need nothing the tests make:
# one after another in the background, in the order the lanes below need them. A group's suite
# "package: ..." waits for its build and shows its log.
builds="$PROJECT_ROOT/.pg/builds"
build_list=()
if [ "$quick" = 0 ]; then
  # amd64: the first major of each lane first, then alternately; arm64 on the edge majors after.
  for m in "${majors[@]}"; do build_list+=("amd64 $m"); done
  for m in "${majors[@]}"; do runs_on arm64 "$m" && build_list+=("arm64 $m"); done
  rm -rf "$builds"; mkdir -p "$builds"
fi
built() { # built ARCH MAJOR: waits for the background build (package_built); its log; its status
  local rc=0
  package_built "$1" "$2" || rc=$?
  cat "$builds/$1-pg$2.log" 2>/dev/null
  return "$rc"
}

checks() { # the checks that need no PostgreSQL
  # The core's builds in a target directory of their own: cargo locks a target directory for a
  # whole build, and the pg_test build holds the shared one for many minutes.
  local core_target="$PROJECT_ROOT/target/core-checks"
  suite "format: cargo fmt --check" cargo fmt --all -- --check
  suite "core: cargo test -p uuid_shard_core" env CARGO_TARGET_DIR="$core_target" cargo test -p uuid_shard_core
  suite "docs: error matrix matches the tests" bash tests/check_docs.sh
  suite "upgrade scripts: copied definitions match their release's source" python3 tests/upgrade_scripts.py
  suite "generated: files match their generators" bash tests/generated.sh
  suite "vectors: reference implementations" env CARGO_TARGET_DIR="$core_target" bash tests/vectors/run.sh
}

pg_test_round() { # pg_test_round MAJOR: the #[pg_test]s, where tests/matrix says (every major's SQL
  # runs on the packaged build in step 4). cargo pgrx test builds its own debug library and
  # installs it into the major's tree: under the major's lock, before that major's round, which
  # installs the package over it. It needs no package, so it goes first, while the release builds
  # run. Its port is fixed per major, its debug library is shared by the majors: one at a time.
  local m=$1
  major_lock "$m"
  suite "pg_test: PostgreSQL $m" flock "$(build_lock "$PROJECT_ROOT/target/debug")" flock "/tmp/uuid_shard-pgtest-$m.lock" \
    cargo pgrx test "pg$m" --runas "$PG_OS_USER" --pgdata "/tmp/uuid_shard-pgtest-$(printf '%s' "$PROJECT_ROOT" | cksum | cut -d' ' -f1)-$m"
  major_unlock
}

round() { # round MAJOR: every amd64 test of one major
  local m=$1 t
  major_lock "$m"
  if [ "$quick" = 1 ]; then
    suite "pg_regress: PostgreSQL $m" bash tests/pg_regress/run.sh "$m"
  else
    # The release build of the packages is the build every later test of this major runs on.
    suite "package: PostgreSQL $m" built amd64 "$m"
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
      # Where tests/matrix says.
      runs_on "sql/$(basename "$t" .sh)" "$m" || continue
      suite "$(basename "$t" .sh): PostgreSQL $m" bash "$t" "$m"
    done
  fi
  major_unlock
}

arm64_round() { # arm64_round MAJOR: the arm64 package against the amd64 one of the same major,
  # installed into that major's arm64 server (tests/package/arm64.sh, pg_regress there)
  local m=$1
  suite "arm64 package: PostgreSQL $m (cross-built)" built arm64 "$m"
  suite "arm64 package installed, pg_regress: PostgreSQL $m (emulated)" bash tests/package/arm64.sh "$m"
  suite "arm64 vectors: PostgreSQL $m (emulated)" env UUID_SHARD_ARCH=arm64 bash tests/arm64/vectors.sh "$m"
  suite "arm64 uuidv7 concurrency: PostgreSQL $m (emulated)" env UUID_SHARD_ARCH=arm64 bash tests/arm64/uuidv7_concurrency.sh "$m"
}

finale() { # the README's commands, as written (the demo among them), and the PGXN zip: once every
  # major's packages are in dist/ and the newest major's round is over (the demo installs a debug
  # build there)
  local m newest=${majors[${#majors[@]}-1]}
  for m in "${majors[@]}"; do built amd64 "$m" >/dev/null || true; done
  while [ ! -f "$results/round-$newest.done" ]; do sleep 5; done
  [ ${#majors[@]} != ${#all_majors[@]} ] || suite "readme: every command runs as written" bash tests/check_readme_commands.sh "$newest"
  suite "pgxn: META.json and zip" bash -c 'bash scripts/package.sh --pgxn && bash tests/package/meta.sh --zip'
}

# The lanes: the #[pg_test]s, then the older majors' rounds in the first; the checks, then the second
# newest major's round and the newest's (its pg_upgrade test then finds the former's package
# installed) in the second; each lane ends with arm64 on its edge major. In the first lane 15 comes
# right after the oldest, as the second newest's dump_restore test restores a PostgreSQL 15
# database: its package is then built early. Without builds (--quick) or with fewer majors (--pg)
# one lane does it all.
lane1=() lane2=() pg_tests=()
n=${#majors[@]}
for m in "${majors[@]}"; do runs_on pg_test "$m" && pg_tests+=("pg_test_round $m"); done
if [ "$quick" = 1 ] || [ "$n" -lt 3 ]; then
  lane1=("checks" "${pg_tests[@]}")
  for m in "${majors[@]}"; do lane1+=("round $m"); done
  [ "$quick" = 1 ] || for m in "${majors[@]}"; do runs_on arm64 "$m" && lane1+=("arm64_round $m"); done
  [ "$quick" = 1 ] || lane1+=("finale")
else
  first=() second=("${majors[n-2]}" "${majors[n-1]}")
  for ((i = 0; i < n - 2; i++)); do first+=("${majors[i]}"); done
  [ "${first[0]}" = 15 ] || case " ${first[*]} " in *" 15 "*) first=("${first[0]}" 15 $(printf '%s\n' "${first[@]:1}" | grep -vx 15)) ;; esac
  lane1=("${pg_tests[@]}")
  for m in "${first[@]}"; do lane1+=("round $m"); done
  lane2=("checks"); for m in "${second[@]}"; do lane2+=("round $m"); done
  runs_on arm64 "${majors[0]}" && lane1+=("arm64_round ${majors[0]}")
  lane1+=("finale")
  runs_on arm64 "${majors[n-1]}" && lane2+=("arm64_round ${majors[n-1]}")
  # The builds in the order the lanes reach them: the lanes' majors alternately, the releases the
  # upgrade tests start from once the first three are built (those tests come soon after), then
  # arm64.
  build_list=()
  for ((i = 0; i < ${#first[@]} || i < ${#second[@]}; i++)); do
    [ -z "${first[i]:-}" ] || build_list+=("amd64 ${first[i]}")
    [ -z "${second[i]:-}" ] || build_list+=("amd64 ${second[i]}")
  done
  build_list=("${build_list[@]:0:3}" releases "${build_list[@]:3}")
  for m in "${majors[0]}" "${majors[n-1]}"; do runs_on arm64 "$m" && build_list+=("arm64 $m"); done
fi

if [ ${#build_list[@]} -gt 0 ]; then
  # A process group of its own, so that an interrupted test command stops the builds too.
  setsid bash -c 'dir=$1; shift
    for b in "$@"; do
      set -- $b; rc=0
      if [ "$1" = releases ]; then
        # A failure here is left to the upgrade tests, which build what they need and show why.
        bash tests/sql/lib/build_releases.sh >"$dir/releases.log" 2>&1 || true
        continue
      fi
      bash scripts/package.sh --arch "$1" --pg "$2" >"$dir/$1-pg$2.log" 2>&1 || rc=$?
      echo "$rc" >"$dir/$1-pg$2.status"
    done' _ "$builds" "${build_list[@]}" &
  builds_pid=$!
  export UUID_SHARD_BUILDS=$builds UUID_SHARD_BUILDS_PID=$builds_pid
fi

run_lane() { # run_lane GROUP...: each group in turn, its output in its log
  local g name
  for g in "$@"; do
    name=${g// /-}
    { printf '\n######## %s (started at %ss) ########\n' "$g" "$SECONDS"
      GROUP=$name $g
      printf '\n######## %s: ended at %ss ########\n' "$g" "$SECONDS"; } >"$results/$name.log" 2>&1
    touch "$results/$name.done"
  done
}
groups=()
for g in "${lane1[@]}" "${lane2[@]}"; do groups+=("${g// /-}"); done
run_lane "${lane1[@]}" & lane_pids=$!
[ ${#lane2[@]} = 0 ] || { run_lane "${lane2[@]}" & lane_pids+=" $!"; }
trap 'kill $lane_pids 2>/dev/null; [ -z "${builds_pid:-}" ] || kill -- "-$builds_pid" 2>/dev/null || true' EXIT
# Each group's output, whole, as the group ends.
printed=" "
while :; do
  left=0
  for g in "${groups[@]}"; do
    case "$printed" in *" $g "*) continue ;; esac
    if [ -f "$results/$g.done" ]; then cat "$results/$g.log"; printed+="$g "
    else left=$((left + 1)); fi
  done
  [ "$left" -gt 0 ] || break
  # A lane that ended without marking its groups done (killed) leaves them unprinted: show them.
  alive=0; for p in $lane_pids; do kill -0 "$p" 2>/dev/null && alive=1; done
  if [ "$alive" = 0 ]; then
    for g in "${groups[@]}"; do
      case "$printed" in *" $g "*) continue ;; esac
      cat "$results/$g.log" 2>/dev/null
      [ -f "$results/$g.done" ] || printf '%s\t%s\t0\t%s\n' FAILED "$g: did not end" "$g" >>"$results/$g.tsv"
    done
    break
  fi
  sleep 2
done
wait $lane_pids

printf '\n'
cat "$results"/*.tsv >"$results/all"
# The report: what ran where, the slowest suites and each lane's time line, then the verdicts.
echo "PostgreSQL servers tested:"
for m in "${majors[@]}"; do
  v=$("$(pg_bin "$m")/postgres" --version 2>/dev/null | sed 's/^postgres (PostgreSQL) //')
  case "$v" in *rc*|*beta*) v+=": a pre-release, the newest Debian serves" ;; esac
  echo "  $m: ${v:-unknown}"
done
if [ -s "$UUID_SHARD_CROSS_MAJOR" ]; then
  echo "Suites that used another major's tree (each installs this version's package there or finds it):"
  sort -u "$UUID_SHARD_CROSS_MAJOR" | awk -F'\t' '{ printf "  %s: PostgreSQL %s\n", $1, $2 }'
fi
echo "Slowest suites (seconds, group):"
sort -t$'\t' -k3,3nr "$results/all" | head -10 | awk -F'\t' '{ printf "  %5d  %s  (%s)\n", $3, $2, $4 }'
echo "Lanes (seconds since the start; the set-up took ${setup_seconds}s):"
last_end=0 critical=""
for lane in 1 2; do
  declare -n gs="lane$lane"
  [ ${#gs[@]} -gt 0 ] || continue
  line="  lane $lane:" to=0
  for g in "${gs[@]}"; do
    name=${g// /-}
    from=$(sed -n 's/^######## .* (started at \([0-9]*\)s) ########$/\1/p' "$results/$name.log" | head -1)
    to=$(sed -n 's/^######## .*: ended at \([0-9]*\)s ########$/\1/p' "$results/$name.log" | tail -1)
    line+=" $g ${from:-?}-${to:-?},"
  done
  echo "${line%,}"
  [ "${to:-0}" -lt "$last_end" ] || { last_end=${to:-0} critical=$lane; }
done
echo "Critical path: lane $critical, ended at ${last_end}s."
echo "The whole run: ${SECONDS}s."
grep '^skipped' "$results/all" | cut -f2 | sed 's/^/skipped: /'
grep '^FAILED' "$results/all" | cut -f2 | sed 's/^/FAILED: /'
passed=$(grep -c '^ok' "$results/all") failed=$(grep -c '^FAILED' "$results/all") skipped=$(grep -c '^skipped' "$results/all")
echo "suites: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
