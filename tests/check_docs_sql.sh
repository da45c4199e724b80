#!/usr/bin/env bash
# Every fenced ```sql block of README.md and docs/*.md runs as written: the blocks of one page run
# in page order, in one psql session (ON_ERROR_STOP), in a fresh database of a scratch cluster. A
# page whose runnable blocks never say CREATE EXTENSION uuid_shard gets it created first, the way
# the docs install it: `CREATE SCHEMA uuid_shard; CREATE EXTENSION uuid_shard SCHEMA uuid_shard;`
# (a schema off the search path, so a block must name the schema in its calls, as the docs do).
# A block is skipped only when the line right before its fence is `<!-- docs-check: skip -->`
# (signatures, templates, blocks that need another server or extension). Any ERROR, WARNING or
# psql complaint fails the page and names the page, the block's line and the message.
#   tests/check_docs_sql.sh MAJOR [PAGE.md ...]    (default: README.md docs/*.md)
# Needs the extension installed into MAJOR (install_extension, as tests/pg_regress/run.sh does).
set -euo pipefail
major=${1:?usage: tests/check_docs_sql.sh 15|18 [PAGE.md ...]}; shift
. "$(dirname "$0")/../scripts/lib.sh"
cd "$PROJECT_ROOT"
if [ $# -gt 0 ]; then pages=("$@"); else pages=(README.md docs/*.md); fi
SKIP_MARK='<!-- docs-check: skip -->'

cluster_start "$major" "docs-sql-$major"
trap cluster_stop EXIT
work=$(mktemp -d); trap 'cluster_stop; rm -rf "$work"' EXIT

# extract PAGE OUT: writes OUT with PAGE's line count, the runnable sql blocks' lines in place
# (fence indentation removed) and every other line empty, so psql's "psql:PAGE:LINE:" messages
# give the page's own line numbers. Each closing fence becomes a statement of its own
# (`SELECT 'end of block';`), so a block that leaves a statement unterminated fails there with a
# syntax error instead of merging into the next block. Prints one line per
# sql block: "START END run|skip".
extract() {
  awk -v out="$2" -v mark="$SKIP_MARK" '
    function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
    {
      line = $0; body = ""
      if (state == "") {
        if (match(line, /^[ \t]*```+[ \t]*sql[ \t]*$/)) {
          state = (trim(prev) == mark) ? "skip" : "run"; start = NR
          indent = line; sub(/[^ \t].*$/, "", indent)
        } else if (match(line, /^[ \t]*```/)) {
          state = "other"
        }
      } else if (trim(line) ~ /^```+$/) {
        if (state == "run") body = "SELECT \x27end of block\x27;"
        if (state != "other") print start, NR, state
        state = ""
      } else if (state == "run") {
        body = line
        if (indent != "" && substr(body, 1, length(indent)) == indent) body = substr(body, length(indent) + 1)
      }
      print body > out
      prev = line
    }
    END { if (state == "run" || state == "skip") print start, NR, state "-unclosed" }
  ' "$1"
}

# check_page PAGE N: runs PAGE's blocks in database docs_N; prints one verdict; returns 1 on failure.
check_page() {
  local page=$1 db="docs_$2" blocks runs skips err rc at where
  mkdir -p "$work/$(dirname "$page")"
  blocks=$(extract "$page" "$work/$page")
  runs=$(grep -c ' run$' <<<"$blocks" || true)
  skips=$(grep -c ' skip$' <<<"$blocks" || true)
  if grep -q 'unclosed$' <<<"$blocks"; then
    echo "docs check FAILED: $page: the sql block at line $(grep 'unclosed$' <<<"$blocks" | cut -d' ' -f1) has no closing fence"
    return 1
  fi
  page_skips=$skips page_runs=0
  [ "$runs" -gt 0 ] || { echo "docs check: $page: no runnable sql block ($skips skipped)"; return 0; }
  "${PSQL[@]}" -d postgres -c "CREATE DATABASE $db" >/dev/null
  if ! grep -Eqi 'create[[:space:]]+extension[[:space:]]+(if[[:space:]]+not[[:space:]]+exists[[:space:]]+)?"?uuid_shard' "$work/$page"; then
    "${PSQL[@]}" -d "$db" -c 'CREATE SCHEMA uuid_shard' -c 'CREATE EXTENSION uuid_shard SCHEMA uuid_shard' >/dev/null
  fi
  # Notices are chatter; warnings, errors and psql's own complaints are failures.
  set +e
  err=$(cd "$work" && PGOPTIONS='-c client_min_messages=warning' timeout 300 "${PSQL[@]}" -d "$db" -f "$page" 2>&1 >/dev/null)
  rc=$?
  set -e
  if [ $rc -ne 0 ] || [ -n "$err" ]; then
    at=$(grep -o -m1 "^psql:$page:[0-9]*:" <<<"$err" | cut -d: -f3 || true)
    where="(could not tell which block)"
    if [ -n "$at" ]; then
      where=$(awk -v at="$at" '$3 == "run" && at >= $1 && at <= $2 { print "the sql block at line " $1 " (lines " $1 "-" $2 "), at line " at }' <<<"$blocks")
    fi
    echo "docs check FAILED: $page: $where (psql exit $rc):"
    sed 's/^/    /' <<<"$err" | head -20
    echo "  Blocks of a page run in order in one fresh database. Make the block run as written, or, if it"
    echo "  is a signature, a template or needs another server, put this line right before its fence:"
    echo "    $SKIP_MARK"
    return 1
  fi
  page_runs=$runs
  echo "docs check: $page: $runs sql blocks ran, $skips skipped"
}

# The check checks itself first: a page with a bad block, a marked signature, an unterminated
# statement and a psql warning must fail at the right lines; a good page must pass, and it calls
# the extension through schema uuid_shard only, so it passes only if the check installed it there.
self_test() {
  local dir=selftest out
  mkdir -p "$dir_abs/$dir"
  printf '%s\n' '# t' '```sql' 'CREATE TABLE t (id uuid DEFAULT uuid_shard.uuidv7());' '```' \
    "$SKIP_MARK" '```sql' 'uuidv7() RETURNS uuid' '```' '```sql' 'SELECT * FROM nosuch;' '```' >"$dir_abs/$dir/bad.md"
  printf '%s\n' '```sql' 'SELECT uuid_shard.uuid_bucket(uuid_shard.uuidv7(), 4)' '```' '```sql' 'SELECT 1;' '```' >"$dir_abs/$dir/open.md"
  printf '%s\n' '```sql' "SELECT 'SELECT 1' \\gexec -- comment" '```' >"$dir_abs/$dir/warn.md"
  printf '%s\n' '  ```sql' '  SELECT uuid_shard.uuid_v7_time(uuid_shard.uuidv7());' '  ```' "  $SKIP_MARK" '  ```sql' '  not sql' '  ```' >"$dir_abs/$dir/good.md"
  out=$(cd "$dir_abs" && check_page "$dir/bad.md" st1) && { echo "self-test: a failing block passed"; return 1; }
  grep -q 'bad.md: the sql block at line 9 (lines 9-11), at line 10' <<<"$out" || { echo "self-test: wrong verdict for bad.md: $out"; return 1; }
  out=$(cd "$dir_abs" && check_page "$dir/open.md" st2) && { echo "self-test: an unterminated statement passed"; return 1; }
  grep -q 'open.md: the sql block at line 1 (lines 1-3), at line 3' <<<"$out" || { echo "self-test: wrong verdict for open.md: $out"; return 1; }
  out=$(cd "$dir_abs" && check_page "$dir/warn.md" st3) && { echo "self-test: a psql warning passed"; return 1; }
  out=$(cd "$dir_abs" && check_page "$dir/good.md" st4) || { echo "self-test: a good page failed: $out"; return 1; }
  echo "docs check: self-test passed (failing, unterminated and warning blocks caught; skip mark honoured; extension created in schema uuid_shard)"
}
dir_abs=$(mktemp -d); trap 'cluster_stop; rm -rf "$work" "$dir_abs"' EXIT
chmod a+rx "$dir_abs"
self_test

failed=0 total_run=0 total_skip=0 n=0
for page in "${pages[@]}"; do
  n=$((n + 1))
  page_runs=0 page_skips=0
  if check_page "$page" "$n"; then :; else failed=$((failed + 1)); fi
  total_run=$((total_run + page_runs)); total_skip=$((total_skip + page_skips))
done
echo "docs check (PostgreSQL $major): ${#pages[@]} pages, $total_run blocks ran (of passing pages), $total_skip skipped, $failed pages failed"
[ "$failed" = 0 ]
