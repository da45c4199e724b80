#!/usr/bin/env bash
# The docs run as a reader runs them. Per page (README.md, docs/*.md), in a fresh database of a
# scratch cluster, in one psql session (ON_ERROR_STOP), in page order:
#   - every fenced ```sql block runs as written; fences of any other language (text, sh, ...) never do;
#   - every row of a table headed `| call | outcome |` runs: its call, as `SELECT (call)::text`, must
#     give its outcome exactly: the value, NULL, or "ERROR <SQLSTATE>: message (detail)";
#   - a page whose first runnable line naming uuid_shard does not install it (CREATE SCHEMA or
#     CREATE EXTENSION) gets the README's install lines first (the statements its quick start
#     begins with), and nothing else.
# The line right before a sql fence may be a marker; a marker anywhere else, one without a
# reason, or one this check does not know fails the page:
#   <!-- docs-check: skip: REASON -->            never runs (what these machines cannot have)
#   <!-- docs-check: skip below N: REASON -->    runs on PostgreSQL N and later only
# A sql block right after `<!-- excerpt: PATH -->` is a verbatim copy of a file of a framework
# recipe (docs/frameworks.md), which that recipe's test runs where it belongs (tests/sql/frameworks.sh
# checks the copy): it is skipped here.
# pg_partman (the newest release scripts/setup.sh caches in .pg/partman/) is made available in
# MAJOR's tree when a page about to run says CREATE EXTENSION pg_partman; the page installs it.
# postgres_fdw is contrib, in every tree; a page makes its second database itself.
# Any ERROR, WARNING or psql complaint fails the page and names the page, the block's (or row's)
# line and the message.
#   tests/check_docs_sql.sh MAJOR [PAGE.md ...]    (default: README.md docs/*.md)
# Needs the extension installed into MAJOR (install_extension, as tests/pg_regress/run.sh does).
set -euo pipefail
major=${1:?usage: tests/check_docs_sql.sh MAJOR [PAGE.md ...]}; shift
. "$(dirname "$0")/../scripts/lib.sh"
cd "$PROJECT_ROOT"
if [ $# -gt 0 ]; then pages=("$@"); else pages=(README.md docs/*.md); fi
bin=$(pg_bin "$major")
# A PostgreSQL shared by every checkout on the machine is tested by one of them at a time.
hold_major_lock "$major" >/dev/null

work=$(mktemp -d); chmod a+rx "$work"
cluster_start "$major" "docs-sql-$major"
trap 'cluster_stop; rm -rf "$work"' EXIT

# extract PAGE OUT MAJOR: writes OUT with PAGE's line count, the runnable sql blocks' lines in
# place (fence indentation removed), each matrix row's line as a call of pg_temp.docs_row, and
# every other line empty, so psql's "psql:PAGE:LINE:" messages give the page's own line numbers.
# Each closing fence becomes a statement of its own (`SELECT 'end of block';`), so a block that
# leaves a statement unterminated fails there instead of merging into the next block. Prints one
# line per sql block, "block START END run|skip", one per matrix row, "row LINE", and one per
# mistake in the page's markers or fences, "error LINE MESSAGE".
extract() {
  python3 - "$@" <<'PY'
import re, sys
page, out, major = sys.argv[1], sys.argv[2], int(sys.argv[3])
lines = open(page, encoding="utf-8").read().split("\n")
if lines and lines[-1] == "":
    lines.pop()
body = [""] * len(lines)
report = []
fence = re.compile(r"^([ \t]*)(```+)[ \t]*([A-Za-z0-9_+-]*)[ \t]*$")
marker = re.compile(r"^[ \t]*<!--[ \t]*docs-check\b(.*?)-->[ \t]*$")
excerpt = re.compile(r"^[ \t]*<!--[ \t]*excerpt:[ \t]*\S+[ \t]*-->[ \t]*$")
rule = re.compile(r"^:[ \t]*skip(?:[ \t]+below[ \t]+(\d+))?[ \t]*:[ \t]*(\S.*?)[ \t]*$")
row = re.compile(r"^\|[ \t]*`(.+?)`[ \t]*\|[ \t]*(.*?)[ \t]*\|[ \t]*$")
tag = "$docs_row$"
i, matrix = 0, False
while i < len(lines):
    line = lines[i]
    m = fence.match(line)
    if m:
        indent, ticks, lang = m.groups()
        end = i + 1
        while end < len(lines) and not re.match(r"^[ \t]*" + ticks + r"[ \t]*$", lines[end]):
            end += 1
        if end == len(lines):
            report.append("error %d the fenced block has no closing fence" % (i + 1))
            break
        if lang == "sql":
            state = "run"
            mk = marker.match(lines[i - 1]) if i > 0 else None
            if i > 0 and excerpt.match(lines[i - 1]):
                state = "skip"
            elif mk:
                r = rule.match(mk.group(1))
                if not r:
                    report.append("error %d the marker %s has no reason, or is not one of "
                                  "'skip: REASON', 'skip below N: REASON'" % (i, lines[i - 1].strip()))
                elif r.group(1) is None or major < int(r.group(1)):
                    state = "skip"
            if state == "run":
                for k in range(i + 1, end):
                    body[k] = lines[k][len(indent):] if lines[k].startswith(indent) else lines[k]
                body[end] = "SELECT 'end of block';"
            report.append("block %d %d %s" % (i + 1, end + 1, state))
        i = end + 1
        matrix = False
        continue
    # A marker belongs to the fence right after it (it only acts on sql blocks; on another
    # language it says why that block is not tried either) and must carry a reason.
    mk = marker.match(line)
    if mk and not (i + 1 < len(lines) and fence.match(lines[i + 1])):
        report.append("error %d the marker %s is not on the line right before a fence" % (i + 1, line.strip()))
    elif mk and not rule.match(mk.group(1)) and fence.match(lines[i + 1]).group(3) != "sql":
        report.append("error %d the marker %s has no reason, or is not one of "
                      "'skip: REASON', 'skip below N: REASON'" % (i + 1, line.strip()))
    # A table headed | call | outcome | is a matrix: each row runs.
    if re.match(r"^\|[ \t]*call[ \t]*\|[ \t]*outcome[ \t]*\|[ \t]*$", line):
        matrix = True
    elif matrix and line.startswith("|"):
        r = row.match(line)
        if r:
            call, outcome = (s.replace("\\|", "|") for s in r.groups())
            if tag in call or tag in outcome:
                report.append("error %d the row holds %s" % (i + 1, tag))
            else:
                body[i] = "SELECT pg_temp.docs_row(%d, %s%s%s, %s%s%s);" % (i + 1, tag, call, tag, tag, outcome, tag)
                report.append("row %d" % (i + 1))
        elif not re.match(r"^\|[-| :]*\|$", line):
            report.append("error %d a matrix row must read | `CALL` | OUTCOME |" % (i + 1))
    else:
        matrix = False
    i += 1
with open(out, "w", encoding="utf-8") as f:
    f.write("\n".join(body) + "\n")
print("\n".join(report))
PY
}

# The matrix rows' judge: runs the call, renders its outcome as the pages write it, and warns (a
# failure of the page) when that differs from the page's.
cat >"$work/docs_row.sql" <<'SQL'
CREATE FUNCTION pg_temp.docs_row(line int, call text, expected text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE st text; msg text; det text; v text; got text;
BEGIN
  BEGIN
    EXECUTE 'SELECT (' || call || ')::text' INTO v;
    got := coalesce(v, 'NULL');
  EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
    got := 'ERROR ' || st || ': ' || msg || coalesce(' (' || nullif(det, '') || ')', '');
  END;
  IF got IS DISTINCT FROM expected THEN
    RAISE WARNING 'the row at line % gives: %', line, got;
  END IF;
END $$;
SQL

# The README's install lines: the statements its quick start begins with.
install_sql=$(awk '/^```sql[ \t]*$/ { on = 1; next } on && /^(CREATE SCHEMA|CREATE EXTENSION|GRANT [A-Z]+ ON SCHEMA) / { print; next } on { exit }' README.md)
grep -q '^CREATE EXTENSION uuid_shard ' <<<"$install_sql" \
  || { echo "docs check FAILED: README.md's quick start does not begin with the install (CREATE SCHEMA, CREATE EXTENSION uuid_shard ...)"; exit 1; }

# pg_partman for the pages that install it: the newest release's control and SQL file, copied into
# MAJOR's tree as tests/sql/partman.sh does (never over a packaged pg_partman).
partman_ready=0
provide_partman() {
  [ "$partman_ready" = 0 ] || return 0
  local dir v ext
  dir=$(ls -d "$PROJECT_ROOT"/.pg/partman/*/ 2>/dev/null | sort -V | tail -1)
  [ -n "$dir" ] || { echo "pg_partman's SQL files are missing from .pg/partman: run scripts/setup.sh"; return 1; }
  v=$(basename "$dir")
  ext="$("$bin/pg_config" --sharedir)/extension"
  if [ -f "$ext/pg_partman.control" ] && dpkg-query -S "$ext/pg_partman.control" >/dev/null 2>&1; then
    echo "a packaged pg_partman is installed in $ext; not overwriting it"; return 1
  fi
  install -m 644 "$dir/pg_partman.control" "$dir/pg_partman--$v.sql" "$ext/"
  partman_ready=1
}

# check_page PAGE N: runs PAGE in database docs_N; prints one verdict; returns 1 on failure.
check_page() {
  local page=$1 db="docs_$2" report runs skips rows err rc at where
  mkdir -p "$work/$(dirname "$page")"
  report=$(extract "$page" "$work/$page" "$major")
  runs=$(grep -c '^block .* run$' <<<"$report" || true)
  skips=$(grep -c '^block .* skip$' <<<"$report" || true)
  rows=$(grep -c '^row ' <<<"$report" || true)
  page_skips=$skips page_runs=0 page_rows=0
  if grep -q '^error ' <<<"$report"; then
    echo "docs check FAILED: $page:"
    grep '^error ' <<<"$report" | sed 's/^error \([0-9]*\) /    line \1: /'
    return 1
  fi
  [ "$runs" -gt 0 ] || [ "$rows" -gt 0 ] || { echo "docs check: $page: no runnable sql block ($skips skipped)"; return 0; }
  if grep -Eqi 'create[[:space:]]+extension[[:space:]]+(if[[:space:]]+not[[:space:]]+exists[[:space:]]+)?"?pg_partman' "$work/$page"; then
    provide_partman || { echo "docs check FAILED: $page needs pg_partman"; return 1; }
  fi
  "${PSQL[@]}" -d postgres -c "CREATE DATABASE $db" >/dev/null
  # The page installs the extension itself when its first runnable line naming uuid_shard does.
  if ! grep -i -m1 'uuid_shard' "$work/$page" | grep -Eqi '^[[:space:]]*create[[:space:]]+(schema|extension)[[:space:]]+(if[[:space:]]+not[[:space:]]+exists[[:space:]]+)?"?uuid_shard'; then
    "${PSQL[@]}" -d "$db" -c "$install_sql" >/dev/null
  fi
  # Notices are chatter; warnings, errors and psql's own complaints are failures.
  set +e
  err=$(cd "$work" && PGOPTIONS='-c client_min_messages=warning' timeout 300 "${PSQL[@]}" -d "$db" -f docs_row.sql -f "$page" 2>&1 >/dev/null)
  rc=$?
  set -e
  if [ $rc -ne 0 ] || [ -n "$err" ]; then
    at=$(grep -o -m1 "^psql:$page:[0-9]*:" <<<"$err" | cut -d: -f3 || true)
    where="(could not tell which block)"
    if [ -n "$at" ]; then
      where=$(awk -v at="$at" '$1 == "block" && $4 == "run" && at >= $2 && at <= $3 { print "the sql block at line " $2 " (lines " $2 "-" $3 "), at line " at }
                               $1 == "row" && at == $2 { print "the matrix row at line " at }' <<<"$report")
    fi
    echo "docs check FAILED: $page: $where (psql exit $rc):"
    sed 's/^/    /' <<<"$err" | head -20
    echo "  A page runs in order in one fresh database. Make the block run as written; a block that needs"
    echo "  what these machines cannot have gets, on the line right before its fence:"
    echo "    <!-- docs-check: skip: WHY -->   (or: skip below N: WHY, for a newer PostgreSQL)"
    return 1
  fi
  page_runs=$runs page_rows=$rows
  echo "docs check: $page: $runs sql blocks ran, $skips skipped, $rows matrix rows ran"
}

# The check checks itself first: a page with a bad block, an unterminated statement, a psql
# warning, a marker without a reason, a stray marker, a wrong matrix row must fail at the right
# lines; a good page must pass: it calls the extension through schema uuid_shard only (so it
# passes only if the README's install ran), skips a block by a marker with a reason, one for a later
# PostgreSQL and a recipe's excerpt, and checks a matrix of a value, NULL and an error.
self_test() {
  local d=$work/selftest out
  mkdir -p "$d"
  printf '%s\n' '# t' '```sql' 'CREATE TABLE t (id uuid DEFAULT uuid_shard.uuidv7());' '```' \
    '<!-- docs-check: skip: a signature -->' '```sql' 'uuidv7() RETURNS uuid' '```' '```sql' 'SELECT * FROM nosuch;' '```' >"$d/bad.md"
  printf '%s\n' '```sql' 'SELECT uuid_shard.uuid_bucket(uuid_shard.uuidv7(), 4)' '```' '```sql' 'SELECT 1;' '```' >"$d/open.md"
  printf '%s\n' '```sql' "SELECT 'SELECT 1' \\gexec -- comment" '```' >"$d/warn.md"
  printf '%s\n' '<!-- docs-check: skip -->' '```sql' 'not sql' '```' >"$d/noreason.md"
  printf '%s\n' '<!-- docs-check: skip: why -->' '' '```sql' 'not sql' '```' >"$d/stray.md"
  printf '%s\n' '| call | outcome |' '|---|---|' "| \`uuid_shard.uuid_bucket('919108f7-52d1-4320-9bac-f847db4148a8', 1)\` | 0 |" \
    "| \`uuid_shard.uuid_bucket('919108f7-52d1-4320-9bac-f847db4148a8', 2)\` | 7 |" >"$d/row.md"
  printf '%s\n' '  ```sql' '  SELECT uuid_shard.uuid_v7_time(uuid_shard.uuidv7());' '  ```' '  <!-- docs-check: skip: not sql -->' '  ```sql' '  not sql' '  ```' \
    '<!-- docs-check: skip below 99: from PostgreSQL 99 on -->' '```sql' 'not sql before 99' '```' '```text' 'not sql' '```' \
    '<!-- excerpt: tests/frameworks/x/migration.sql -->' '```sql' 'a recipe file, not run here' '```' \
    '| call | outcome |' '|---|---|' "| \`uuid_shard.uuid_bucket('919108f7-52d1-4320-9bac-f847db4148a8', 1)\` | 0 |" \
    '| `uuid_shard.uuid_v7_time(NULL)` | NULL |' "| \`uuid_shard.uuid_bucket('919108f7-52d1-4320-9bac-f847db4148a8', 0)\` | ERROR 22023: bucket count must be between 1 and 2147483647, got 0 |" >"$d/good.md"
  expect_failure() { # PAGE N TEXT...: PAGE fails with every TEXT in its verdict
    local page=$1 text
    out=$(cd "$work" && check_page "selftest/$page" "st$2") && { echo "self-test: $page passed"; return 1; }
    shift 2
    for text in "$@"; do
      grep -qF "$text" <<<"$out" || { echo "self-test: wrong verdict for $page (expected: $text): $out"; return 1; }
    done
  }
  expect_failure bad.md 1 'bad.md: the sql block at line 9 (lines 9-11), at line 10'
  expect_failure open.md 2 'open.md: the sql block at line 1 (lines 1-3), at line 3'
  expect_failure warn.md 3 'warn.md: the sql block at line 1 (lines 1-3)'
  expect_failure noreason.md 4 'line 1: the marker <!-- docs-check: skip --> has no reason'
  expect_failure stray.md 5 'line 1: the marker <!-- docs-check: skip: why --> is not on the line right before'
  expect_failure row.md 6 'row.md: the matrix row at line 4' 'the row at line 4 gives: '
  out=$(cd "$work" && check_page selftest/good.md st7) || { echo "self-test: a good page failed: $out"; return 1; }
  grep -qF '1 sql blocks ran, 3 skipped, 3 matrix rows ran' <<<"$out" || { echo "self-test: wrong count for good.md: $out"; return 1; }
  echo "docs check: self-test passed (failing blocks, unterminated statements, warnings, markers without a reason or out of place and wrong matrix rows caught; skip markers honoured; the README's install run)"
}
self_test

failed=0 total_run=0 total_skip=0 total_rows=0 n=0
for page in "${pages[@]}"; do
  n=$((n + 1))
  page_runs=0 page_skips=0 page_rows=0
  if check_page "$page" "$n"; then :; else failed=$((failed + 1)); fi
  total_run=$((total_run + page_runs)); total_skip=$((total_skip + page_skips)); total_rows=$((total_rows + page_rows))
done
echo "docs check (PostgreSQL $major): ${#pages[@]} pages, $total_run blocks and $total_rows matrix rows ran (of passing pages), $total_skip blocks skipped, $failed pages failed"
[ "$failed" = 0 ]
