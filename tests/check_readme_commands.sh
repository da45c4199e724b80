#!/usr/bin/env bash
# Every command in README.md's ```sh blocks, tried as a reader would type it, after the test
# command has built dist/ for every tested major (it runs last: the demo installs a debug build):
#   bash scripts/demo.sh [options]      runs the demo as written
#   bash scripts/test.sh [options]      we are inside it: its options are parsed (--help after them)
#   python3 tools/sql_edition.py --out DIR    run; the files its comment names must be there
#   psql -d DB -f FILE                  run against DB in a scratch cluster
#   sudo apt install ./PKG.deb, sudo DIR/install.sh ...: the package (the tarball of DIR) is in dist/
#   cargo install cargo-pgrx --version V ...: V is the cargo-pgrx of the pgrx Cargo.lock locks
#   cargo pgrx init|install ...         not run (they rewrite this machine's pgrx configuration or
#                                       a shared PostgreSQL): their --pgNN and pg_config paths must
#                                       name a tested major's pg_config
# A command of any other shape fails the check: a new one needs a way to be tried here.
#   tests/check_readme_commands.sh MAJOR     (MAJOR: the scratch cluster for the psql lines)
set -euo pipefail
major=${1:?usage: tests/check_readme_commands.sh MAJOR}
. "$(dirname "$0")/../scripts/lib.sh"
cd "$PROJECT_ROOT"
version=$PROJECT_VERSION pgrx_pin=$PGRX_VERSION
work=$(mktemp -d); chmod a+rx "$work"
cluster_start "$major" "readme-$major"
trap 'cluster_stop; rm -rf "$work"' EXIT
tried=0 failed=0
try() { # try LINE OUTCOME DETAIL: OUTCOME ok | FAILED
  tried=$((tried + 1)); [ "$2" = ok ] || failed=$((failed + 1))
  printf '%-6s %s\n       %s\n' "$2" "$1" "$3"
}
# The commands, one per line, without comments and prompts.
mapfile -t commands < <(awk '/^```sh[ \t]*$/ { on = 1; next } /^```/ { on = 0 } on' README.md \
                        | sed -e 's/[[:space:]]#.*$//' -e 's/[[:space:]]*$//' | grep -v '^$')
[ ${#commands[@]} -gt 0 ] || { echo "no commands found in README.md's sh blocks"; exit 1; }
for line in "${commands[@]}"; do
  read -ra w <<<"$line"
  case "$line" in
    "bash scripts/demo.sh"*)
      if out=$(bash scripts/demo.sh "${w[@]:2}" 2>&1); then
        try "$line" ok "ran: $(grep -c . <<<"$out") lines of output"
      else try "$line" FAILED "$(tail -5 <<<"$out")"; fi ;;
    "bash scripts/test.sh"*)
      if bash scripts/test.sh "${w[@]:2}" --help >/dev/null 2>&1; then try "$line" ok "its options parse (the command running this check is the test command)"
      else try "$line" FAILED "scripts/test.sh rejects: ${w[*]:2}"; fi ;;
    "python3 tools/sql_edition.py --out "*)
      ( cd "$work" && python3 "$PROJECT_ROOT/tools/sql_edition.py" --out "${w[3]}" >/dev/null ) || { try "$line" FAILED "it failed"; continue; }
      named=$(grep -o "${w[3]}/[^ ,]*" <<<"$(grep -F "$line" README.md)" | head -1) missing=""
      for f in "$named" "${named%.sql}.migration.sql" "${named%.sql}.pgtle.sql"; do [ -z "$named" ] || [ -f "$work/$f" ] || missing+=" $f"; done
      if [ -z "$missing" ]; then try "$line" ok "wrote ${named:-its scripts}"; else try "$line" FAILED "missing:$missing"; fi ;;
    "psql -d "*" -f "*)
      db=${w[2]} file=${w[4]}
      "${PSQL[@]}" -d postgres -c "CREATE DATABASE \"$db\"" >/dev/null
      if out=$("${PSQL[@]:0:${#PSQL[@]}-2}" -U postgres -d "$db" -X -q -v ON_ERROR_STOP=1 -f "$work/$file" 2>&1); then
        try "$line" ok "ran in a new database $db: $("${PSQL[@]}" -d "$db" -At -c "SELECT count(*) FROM pg_proc WHERE pronamespace = 'uuid_shard'::regnamespace") functions in schema uuid_shard"
      else try "$line" FAILED "$(tail -3 <<<"$out")"; fi ;;
    "sudo apt install ./"*.deb)
      f=${w[3]#./}
      if [ -f "dist/$f" ]; then try "$line" ok "dist/$f is built (tests/package/deb.sh installs the .debs with apt)"
      else try "$line" FAILED "dist/$f is not what scripts/package.sh builds: $(cd dist 2>/dev/null && ls *.deb 2>/dev/null | head -3 | tr '\n' ' ')"; fi ;;
    "sudo "*"/install.sh "*)
      d=${w[1]%/install.sh}
      if [ -f "dist/$d.tar.gz" ]; then try "$line" ok "dist/$d.tar.gz is built (tests/package/tarball.sh runs its install.sh)"
      else try "$line" FAILED "dist/$d.tar.gz is not what scripts/package.sh builds"; fi ;;
    "cargo install cargo-pgrx --version "*)
      if [ "${w[4]}" = "$pgrx_pin" ] && cargo pgrx --version | grep -q " $pgrx_pin\$"; then try "$line" ok "cargo-pgrx $pgrx_pin, the version scripts/setup.sh installs and Cargo.lock's pgrx"
      else try "$line" FAILED "README names ${w[4]}, Cargo.lock locks pgrx $pgrx_pin"; fi ;;
    "cargo pgrx init "*|"cargo pgrx install "*)
      bad=""
      for x in "${w[@]}"; do
        case "$x" in
          --pg[0-9]*) case " $TESTED_MAJORS " in *" ${x#--pg} "*) ;; *) bad+=" $x" ;; esac ;;
          /*pg_config) [ -x "$x" ] || bad+=" $x" ;;
          pg[0-9]*) case " $TESTED_MAJORS " in *" ${x#pg} "*) ;; *) bad+=" $x" ;; esac ;;
        esac
      done
      if [ -z "$bad" ]; then try "$line" ok "not run (it rewrites this machine's pgrx configuration or a shared PostgreSQL); its majors and pg_config paths exist"
      else try "$line" FAILED "unknown here:$bad"; fi ;;
    *) try "$line" FAILED "no way to try this command: add one to tests/check_readme_commands.sh" ;;
  esac
done
echo "README commands (PostgreSQL $major): $tried tried, $failed failed"
[ "$failed" = 0 ]
