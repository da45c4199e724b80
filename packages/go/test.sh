#!/usr/bin/env bash
# The Go module uuidshard, tested as an application uses it. From the repository root:
#
#   PGHOST=... PGPORT=... PGUSER=postgres UUID_SHARD_MAJOR=15 bash packages/go/test.sh
#
# 1. In the module: gofmt, go vet, a doc comment on every exported identifier, go test (every
#    vector of tests/vectors/vectors.json, the generator's rules, the examples).
# 2. Installs it: a copy of what the module holds (its files, without the testdata modules,
#    which have a go.mod of their own and so are no part of it), read-only, in a scratch
#    folder; a second module (testdata/consumer) requires uuidshard v0.5.0 with a replace
#    directive pointing at that copy, as an application's go.mod does without a module proxy.
# 3. From the installed copy: go test of it inside the consumer (every vector again); the
#    consumer against the live server ($PGHOST, $PGPORT, $PGUSER, the native extension of
#    PostgreSQL $UUID_SHARD_MAJOR, psql from $PSQL or scripts/lib.sh's pg_bin; it makes the
#    database pkg_go afresh and drops it); the speed ratios, printed, never asserted; and, when a
#    copy of github.com/google/uuid is at hand ($GOOGLE_UUID_DIR, else the framework tests' one
#    under .pg/), its UUID passed to the package as it is.
#
# One "ok" or "FAIL" line per check; exits 0 only if every check passed. Go 1.19+, no network:
# GOPROXY=off, no module is downloaded.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
mod=$root/packages/go
# The module's version, its Version constant (tests/sql/packages.sh checks it is the extension's).
version=$(sed -n 's/^const Version = "\(.*\)"$/\1/p' "$mod/uuid_shard.go")
export GOPROXY=off GOFLAGS= GOTOOLCHAIN=local GOWORK=off GO111MODULE=on CGO_ENABLED=0 GONOSUMDB= GOSUMDB=off
scratch=$(mktemp -d /tmp/uuidshard-go.XXXXXX)
[ -n "${GOCACHE:-}${XDG_CACHE_HOME:-}${HOME:-}" ] || export GOCACHE="$scratch/gocache"
trap 'chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT

. "$root/packages/checks.sh"

command -v go >/dev/null || { fail "go on PATH (Debian: apt-get install golang-go)"; finish; }
echo "     $(go version)"

# ---- 1. the module ---------------------------------------------------------------------------
check_cmd "gofmt: every file formatted" bash -c 'out=$(gofmt -l "$1"); [ -z "$out" ] || { echo "$out"; exit 1; }' _ "$mod"
deps=$(cd "$mod" && go list -deps -test -f '{{if not .Standard}}{{.ImportPath}}{{end}}' . 2>&1 | sed 's/ \[.*\]$//' | LC_ALL=C sort -u | paste -sd' ')
if [ "$deps" = "uuidshard uuidshard.test uuidshard_test" ] && ! grep -q '^require' "$mod/go.mod"; then
  ok "standard library only: no require in go.mod, every import of the package and its tests is std"
else
  fail "standard library only: $deps"
fi
check_cmd "go vet ./... (the module)" bash -c 'cd "$1" && go vet ./...' _ "$mod"
check_cmd "go vet of testdata/consumer" bash -c 'cd "$1/testdata/consumer" && go vet .' _ "$mod"
# a // comment right above every exported func, type, const and var, also inside const ( ) and var ( ) blocks
check_cmd "a doc comment on every exported identifier" awk '
  FNR == 1 { prev = ""; block = 0 }
  /^(const|var) \($/ { block = 1 }
  block && /^\)$/ { block = 0 }
  (/^(func|type|const|var) [A-Z]/ || (block && /^\t[A-Z][A-Za-z0-9_]* /)) && prev !~ /^[ \t]*\/\// {
    print FILENAME ":" FNR ": " $0; bad = 1 }
  { prev = $0 }
  END { exit bad }' $(ls "$mod"/*.go | grep -v '_test\.go$')
out=$(cd "$mod" && UUID_SHARD_VECTORS="$root/tests/vectors/vectors.json" go test -count=1 -v . 2>&1)
if [ $? = 0 ]; then
  ok "go test in the module: $(grep -cE '^--- PASS' <<<"$out") tests and examples passed; $(grep -E '^go( mask| tail remainder)?: ' <<<"$out" | paste -sd';' | sed 's/;/; /g')"
else
  fail "go test in the module"; printf '%s\n' "$out" | grep -vE '^(=== RUN|    --- PASS|--- PASS)' | sed 's/^/     /' | head -n 60
fi

# ---- 2. installed ----------------------------------------------------------------------------
inst=$scratch/modules/uuidshard-v$version  # no "@": go mod edit would read a version
mkdir -p "$inst"
# what a module holds: every file of its folder but those under a folder with a go.mod of its own
(cd "$mod" && find . -type f -print | LC_ALL=C sort | while read -r f; do
  d=$(dirname "$f"); own=no
  while [ "$d" != . ]; do [ -f "$d/go.mod" ] && own=yes; d=$(dirname "$d"); done
  [ $own = yes ] || { mkdir -p "$inst/$(dirname "$f")"; cp "$f" "$inst/$f"; }
done)
chmod -R a-w "$inst"
files=$(cd "$inst" && find . -type f | sed 's|^\./||' | LC_ALL=C sort | paste -sd' ')
if [ -f "$inst/go.mod" ] && [ -f "$inst/LICENSE" ] && grep -qx 'module uuidshard' "$inst/go.mod" && ! [ -e "$inst/testdata/consumer" ]; then
  ok "installed uuidshard v$version (read-only) into $inst: $files"
else
  fail "installed copy: $files"
fi
app=$scratch/app
cp -r "$mod/testdata/consumer" "$app" && chmod -R u+w "$app"
(cd "$app" && go mod edit -require "uuidshard@v$version" -replace "uuidshard=$inst") || fail "go mod edit -replace in the consumer"
listed=$(cd "$app" && go list -m -f '{{.Path}} {{.Version}} => {{.Replace.Dir}}' uuidshard 2>&1)
dir=$(cd "$app" && go list -f '{{.Dir}}' uuidshard 2>&1)
if [ "$listed" = "uuidshard v$version => $inst" ] && [ "$dir" = "$inst" ]; then
  ok "the consumer module requires it: $listed"
else
  fail "the consumer module requires it: $listed ($dir)"
fi
check_cmd "go build of the consumer against the installed copy" bash -c 'cd "$1" && go build -o "$2" .' _ "$app" "$scratch/consumer"

# ---- 3. from the installed copy ----------------------------------------------------------------
out=$(cd "$app" && UUID_SHARD_VECTORS="$root/tests/vectors/vectors.json" go test -count=1 -v uuidshard 2>&1)
if [ $? = 0 ] && grep -q "^ok  	uuidshard	" <<<"$out"; then
  ok "go test uuidshard, the installed copy, from the consumer: $(grep -E '^go( mask| tail remainder)?: ' <<<"$out" | paste -sd';' | sed 's/;/; /g')"
else
  fail "go test uuidshard, the installed copy, from the consumer"; printf '%s\n' "$out" | grep -vE '^(=== RUN|    --- PASS|--- PASS)' | sed 's/^/     /' | head -n 60
fi

# the examples of README.md and docs/clients.md: each ```go block, run in the consumer, prints the
# ```text block after it
for doc in "README:$mod/README.md" "clients:$root/docs/clients.md"; do
  awk -v dir="$app/doc" -v tag="${doc%%:*}" '
    /^```go$/ { n++; d = dir "/" tag n; system("mkdir -p " d); f = d "/main.go"; mode = "go"; next }
    /^```text$/ && last == "go" { f = dir "/" tag n "/want.txt"; mode = "text"; next }
    /^```/ { if (mode != "") { close(f); last = mode; mode = "" } else { last = "" }; next }
    mode != "" { print > f; next }
    NF { last = "" }' "${doc#*:}"
done
for d in "$app"/doc/*/; do
  ex=$(basename "$d")
  if [ ! -f "$d/want.txt" ]; then fail "example $ex: no \`\`\`text block of its output after it"; continue; fi
  got=$(cd "$app" && go run "./doc/$ex" 2>&1)
  if [ "$got" = "$(cat "$d/want.txt")" ]; then
    ok "example $ex (${ex%%[0-9]*}.md) prints what the page says: $(head -n1 "$d/want.txt")"
  else
    fail "example $ex (${ex%%[0-9]*}.md)"; diff <(cat "$d/want.txt") <(printf '%s\n' "$got") | sed 's/^/     /'
  fi
done
[ -d "$app/doc" ] || fail "examples: no \`\`\`go block in README.md or docs/clients.md"

if [ -z "${PGHOST:-}" ] || [ -z "${PGPORT:-}" ] || [ -z "${UUID_SHARD_MAJOR:-}" ]; then
  fail "live server: set PGHOST, PGPORT, PGUSER=postgres and UUID_SHARD_MAJOR"
else
  export PGUSER=${PGUSER:-postgres}
  if [ -z "${PSQL:-}" ]; then
    bin=$(bash -c '. scripts/lib.sh >/dev/null 2>&1; pg_bin "$1"' _ "$UUID_SHARD_MAJOR" 2>/dev/null)
    PSQL=${bin:+$bin/psql}
    [ -x "${PSQL:-}" ] || PSQL=$(command -v psql)
  fi
  export PSQL
  echo "     live: $PSQL, $PGHOST:$PGPORT, PostgreSQL $UUID_SHARD_MAJOR"
  checker "live" "$scratch/consumer" live
fi

"$scratch/consumer" bench || fail "bench"

# github.com/google/uuid: scripts/setup.sh puts Debian's copy under .pg/ (or GOOGLE_UUID_DIR)
google=${GOOGLE_UUID_DIR:-$root/.pg/app_keys-go/usr/share/gocode/src/github.com/google/uuid}
if [ -f "$google/go.mod" ]; then
  interop=$scratch/interop
  cp -r "$mod/testdata/interop" "$interop" && chmod -R u+w "$interop"
  if (cd "$interop" && go mod edit -replace "uuidshard=$inst" -replace "github.com/google/uuid=$google" && go build -o "$scratch/interop-bin" .) >"$scratch/interop.log" 2>&1; then
    checker "github.com/google/uuid interoperation" "$scratch/interop-bin"
  else
    fail "build of testdata/interop with github.com/google/uuid at $google"; sed 's/^/     /' "$scratch/interop.log"
  fi
else
  fail "github.com/google/uuid interoperation: no copy at $google (scripts/setup.sh installs it; or set GOOGLE_UUID_DIR)"
fi
finish
