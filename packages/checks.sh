# The package tests' one helper library, sourced by core/test.sh and packages/*/test.sh: one
# `ok` or `FAIL` line per check, counted; `finish` prints the counts and exits 0 only if no
# check failed.
passed=0 failed=0
ok() { echo "ok   $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
# check_cmd WHAT CMD...: one check, passed if CMD exits 0; its output shown when it fails
check_cmd() {
  local what=$1 out
  shift
  if out=$("$@" 2>&1); then ok "$what"; else fail "$what"; printf '%s\n' "$out" | sed 's/^/     /' | tail -n 60; fi
}
# checker WHAT CMD...: CMD prints its own ok/FAIL lines, shown and counted here; a non-zero exit
# without a FAIL line (a crash), or no ok line at all, is one FAIL more
checker() {
  local what=$1 out rc p f
  shift
  out=$("$@" 2>&1)
  rc=$?
  printf '%s\n' "$out"
  p=$(grep -c '^ok ' <<<"$out")
  f=$(grep -c '^FAIL ' <<<"$out")
  passed=$((passed + p)) failed=$((failed + f))
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then fail "$what: exit $rc"; fi
  if [ "$rc" -eq 0 ] && [ "$p" -eq 0 ]; then fail "$what: no check ran"; fi
}
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit
}
