# The helpers every cluster suite (tests/sql/NAME.sh) shares; sourced after scripts/lib.sh:
#   . "$here/../../scripts/lib.sh"; . "$here/../lib/suite.sh"; suite_init "$major"
# scripts/test.sh runs each suite as `bash tests/sql/NAME.sh MAJOR`: exit 0 passed, 77 skipped
# ($SUITE_SKIPPED, skip_suite in scripts/lib.sh), anything else failed.
#
# Results: one counter of checks and one of failures, one line per check on stdout.
#   check LABEL ACTUAL EXPECTED   LABEL: ok | LABEL: FAILED (got '...', expected '...')
#   pass LABEL                    a check that passed, found another way: LABEL: ok
#   fail LABEL [DETAIL]           a check that failed, found another way: LABEL: FAILED [(DETAIL)]
#   check_results LABEL COUNT RESULT [SEP]
#                                 RESULT from SQL, one line per verdict "DESCRIPTION<SEP>t|f" (SEP a
#                                 space unless given): each passes or fails as DESCRIPTION, other
#                                 lines are printed as they are; then LABEL checks there were COUNT
#   suite_case [NAME]             the case the next checks belong to: their labels read "NAME: LABEL"
#                                 (no NAME: none)
#   finish                        NAME PGmajor: N checks, M failed (Ts); exits 0, or 1 on a failure
#                                 or when no check ran
# SQL, against the cluster suite_cluster (or cluster_start) started last:
#   db DB [psql args...]          psql -X -q -At -v ON_ERROR_STOP=1 as postgres, in database DB
#   as_role ROLE DB [psql args...]  the same as ROLE
#   make_role NAME [ATTRIBUTE...]   CREATE ROLE NAME LOGIN ATTRIBUTE... (NAME quoted as an identifier)
#   make_db NAME [OWNER]            CREATE DATABASE NAME [OWNER OWNER] (both quoted as identifiers)
# Clusters, temporary folders and the EXIT trap:
#   suite_cluster NAME [postgresql.conf lines...]  cluster_start on the suite's major, tracked:
#                                 stopped at exit, removed after a pass (kept after a failure or
#                                 with KEEP_CLUSTERS=1, as clusters_cleanup does)
#   suite_tmpdir VAR [MODE]       a temporary folder (mode 755 unless given) in $VAR, removed at
#                                 exit after a pass, kept after a failure
#   suite_on_exit COMMAND         one more command for the EXIT trap (run first, in order)

# suite_init MAJOR: the suite's name (its file name), major, counters, EXIT and ERR traps.
suite_init() {
  SUITE_NAME=$(basename "$0" .sh)
  SUITE_MAJOR=${1:?suite_init MAJOR}
  SUITE_T0=$SECONDS
  SUITE_CHECKS=0 SUITE_FAILURES=0 SUITE_CASE="" SUITE_FINISHED=0
  SUITE_TMPDIRS=() SUITE_ON_EXIT=()
  trap '_suite_exit $?' EXIT
  # Under set -e a failing command ends the suite: say where (set -E carries this into functions).
  trap 'echo "FAIL [$SUITE_NAME PG$SUITE_MAJOR]: unexpected error at ${BASH_SOURCE[0]##*/} line $LINENO: $BASH_COMMAND" >&2' ERR
}

_suite_label() { echo "${SUITE_CASE:+$SUITE_CASE: }$1"; }

check() { # check LABEL ACTUAL EXPECTED
  [ $# = 3 ] || { echo "check: 3 arguments expected (LABEL ACTUAL EXPECTED), got $#: $*" >&2; exit 2; }
  SUITE_CHECKS=$((SUITE_CHECKS + 1))
  if [ "$2" = "$3" ]; then
    echo "$(_suite_label "$1"): ok"
  else
    echo "$(_suite_label "$1"): FAILED (got '$2', expected '$3')"
    SUITE_FAILURES=$((SUITE_FAILURES + 1))
  fi
}

pass() { # pass LABEL
  SUITE_CHECKS=$((SUITE_CHECKS + 1))
  echo "$(_suite_label "$1"): ok"
}

fail() { # fail LABEL [DETAIL]
  SUITE_CHECKS=$((SUITE_CHECKS + 1)) SUITE_FAILURES=$((SUITE_FAILURES + 1))
  echo "$(_suite_label "$1"): FAILED${2:+ ($2)}"
}

check_results() { # check_results LABEL COUNT RESULT [SEP]
  local label=$1 count=$2 sep=${4:- } line n=0
  while IFS= read -r line; do
    case "$line" in
      *"${sep}t") pass "${line%"${sep}t"}"; n=$((n + 1)) ;;
      *"${sep}f") fail "${line%"${sep}f"}"; n=$((n + 1)) ;;
      *) [ -z "$line" ] || echo "$line" ;;
    esac
  done <<<"$3"
  check "$label: results" "$n" "$count"
}

suite_case() { SUITE_CASE=${1:-}; }

finish() {
  SUITE_FINISHED=1
  local verdict=$SUITE_FAILURES
  [ "$SUITE_CHECKS" -gt 0 ] || { echo "$SUITE_NAME PG$SUITE_MAJOR: no check ran"; verdict=1; }
  echo "$SUITE_NAME PG$SUITE_MAJOR: $SUITE_CHECKS checks, $SUITE_FAILURES failed ($((SECONDS - SUITE_T0))s)"
  [ "$verdict" = 0 ] && exit 0
  exit 1
}

_suite_exit() { # the EXIT trap: STATUS
  local status=$1 cmd d
  trap - ERR
  set +e
  for cmd in "${SUITE_ON_EXIT[@]}"; do eval "$cmd"; done
  clusters_cleanup "$status"
  for d in "${SUITE_TMPDIRS[@]}"; do
    if [ "$status" = 0 ]; then rm -rf "$d"; else echo "kept for a look: $d" >&2; fi
  done
  if [ "$SUITE_FINISHED" = 0 ] && [ "$status" != 0 ] && [ "$status" != "$SUITE_SKIPPED" ]; then
    echo "$SUITE_NAME PG$SUITE_MAJOR: stopped (exit $status) after $SUITE_CHECKS checks, $SUITE_FAILURES failed"
  fi
  exit "$status"
}

suite_on_exit() { SUITE_ON_EXIT+=("$1"); }

suite_tmpdir() { # suite_tmpdir VAR [MODE]
  local d
  d=$(mktemp -d "/tmp/uuid_shard-$SUITE_NAME.XXXXXX")
  chmod "${2:-755}" "$d"
  SUITE_TMPDIRS+=("$d")
  printf -v "$1" '%s' "$d"
}

suite_cluster() { # suite_cluster NAME [postgresql.conf lines...]
  cluster_start "$SUITE_MAJOR" "$@"
  cluster_track
}

db() { # db DB [psql args...]
  local d=${1:?db DB [psql args...]}; shift
  "${PSQL[@]}" -At -d "$d" "$@"
}

as_role() { # as_role ROLE DB [psql args...]: PSQL ends with -U postgres; psql takes the last -U
  local r=${1:?as_role ROLE DB [psql args...]} d=${2:?as_role ROLE DB [psql args...]}; shift 2
  "${PSQL[@]}" -U "$r" -At -d "$d" "$@"
}

make_role() { # make_role NAME [ATTRIBUTE...]
  local r=${1:?make_role NAME [ATTRIBUTE...]}; shift
  db postgres -c "CREATE ROLE \"${r//\"/\"\"}\" LOGIN $*" >/dev/null
}

make_db() { # make_db NAME [OWNER]
  local d=${1:?make_db NAME [OWNER]} o=${2:-}
  db postgres -c "CREATE DATABASE \"${d//\"/\"\"}\"${o:+ OWNER \"${o//\"/\"\"}\"}" >/dev/null
}
