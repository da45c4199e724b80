#!/usr/bin/env bash
# Cross-language parity of shard keys, buckets, tail-hash partition remainders and the mask of
# public IDs.
#
# 1. Regenerates the test vectors from the Rust core (core/examples/vectors.rs) and fails if
#    they differ from the committed tests/vectors/vectors.json: the frozen vectors never drift.
# 2. Checks the Python, JavaScript, Go, PHP, Java, C# and Ruby reference implementations against
#    them (the mask's references, uuid_mask.* / mask.go / UuidMask.java / UuidMask.cs, against its
#    own section), and the text forms against outside libraries (tests/vectors/libraries.sh).
#
# Usage, from anywhere: bash tests/vectors/run.sh
# Installs golang-go, php-cli, default-jdk-headless (javac, java), mono-mcs, mono-runtime and ruby
# with apt-get when missing (needs root then); the outside libraries go under .pg/ (pinned in
# tests/vectors/libraries/). Needs cargo, python3 (>= 3.11) and node (>= 14) on PATH.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
VEC=tests/vectors
start=$(date +%s.%N)

die() { printf 'run.sh: ERROR: %s\n' "$*" >&2; exit 1; }

# --- tools -----------------------------------------------------------------------------------
need_pkgs=()
command -v go >/dev/null 2>&1 || need_pkgs+=(golang-go)
command -v php >/dev/null 2>&1 || need_pkgs+=(php-cli)
{ command -v javac && command -v java; } >/dev/null 2>&1 || need_pkgs+=(default-jdk-headless)
# C# (Mono's compiler and runtime) and Ruby, from Debian
command -v mcs >/dev/null 2>&1 || need_pkgs+=(mono-mcs)
command -v mono >/dev/null 2>&1 || need_pkgs+=(mono-runtime)
command -v ruby >/dev/null 2>&1 || need_pkgs+=(ruby)
if [ ${#need_pkgs[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || die "need root to install: ${need_pkgs[*]}"
  echo "installing ${need_pkgs[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq -o DPkg::Lock::Timeout=600 || die "apt-get update failed"
  apt-get install -y -qq -o DPkg::Lock::Timeout=600 "${need_pkgs[@]}" >/dev/null || die "apt-get install failed: ${need_pkgs[*]}"
fi
for tool in cargo python3 node go php javac java mcs mono ruby; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool not found on PATH"
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- the vectors are what the Rust core computes ---------------------------------------------
cargo run -q --manifest-path core/Cargo.toml --example vectors >"$tmp/vectors.json" \
  || die "cargo run --example vectors failed"
if ! cmp -s "$VEC/vectors.json" "$tmp/vectors.json"; then
  diff -u "$VEC/vectors.json" "$tmp/vectors.json" | head -n 40
  die "$VEC/vectors.json differs from what core/examples/vectors.rs prints (diff above, first 40 lines).
The vectors are frozen: if the change is intended, regenerate them with
  cargo run -q --manifest-path core/Cargo.toml --example vectors > $VEC/vectors.json"
fi
echo "rust: $VEC/vectors.json is what the core computes"

# --- the reference implementations -----------------------------------------------------------
failed=()
check() { # check NAME CMD...
  local name=$1
  shift
  "$@" || failed+=("$name")
}
vectors=$PWD/$VEC/vectors.json
# Python: the package uuid-shard, from its source packages/python/src (packages/python/test.sh
# checks the built wheel, installed)
check python python3 "$VEC/python/check.py" "$vectors"
check "python mask" python3 "$VEC/python/check_mask.py" "$vectors"
# JavaScript: the npm package uuid-shard, from its source packages/js/uuid_shard.cjs
# (packages/js/test.sh checks the packed tarball, installed, by import and by require)
check js node "$VEC/js/check.js" "$vectors"
check "js mask" node "$VEC/js/check_mask.js" "$vectors"
# Go: the module uuidshard, its source packages/go (packages/go/test.sh checks a copy installed
# into another module through a replace directive). Local directory mode (no package argument):
# never cached. Only the test's own lines are shown when it passes, everything when it fails.
[ -n "${GOCACHE:-}${XDG_CACHE_HOME:-}${HOME:-}" ] || export GOCACHE="$tmp/gocache"
check go bash -c 'out=$(cd "$1" && UUID_SHARD_VECTORS="$2" GOTOOLCHAIN=local CGO_ENABLED=0 go test 2>&1)
  rc=$?
  if [ $rc = 0 ]; then grep -E "^go( mask| tail remainder)?: " <<<"$out"; else printf "%s\n" "$out" >&2; fi
  exit $rc' _ packages/go "$vectors"
check php php "$VEC/php/check.php" "$vectors"
check "php mask" php "$VEC/php/check_mask.php" "$vectors"
check java bash -c 'javac -d "$1" "$2"/java/UuidShard.java "$2"/java/Check.java "$2"/java/UuidMask.java "$2"/java/CheckMask.java \
  && java -cp "$1" Check "$3" && java -cp "$1" CheckMask "$3"' _ "$tmp/java" "$VEC" "$vectors"
check csharp bash -c 'mcs -nologo -out:"$1/check.exe" "$2"/csharp/UuidShard.cs "$2"/csharp/UuidMask.cs "$2"/csharp/Check.cs && mono "$1/check.exe" "$3"' \
  _ "$tmp" "$VEC" "$vectors"
check ruby ruby -I packages/ruby/lib "$VEC/ruby/check.rb" "$vectors"   # the gem uuid_shard (packages/ruby)
# 0.3.0: the text forms against outside implementations (base64, python-ulid, npm ulid)
check libraries bash "$VEC/libraries.sh" "$vectors"

elapsed=$(echo "$start $(date +%s.%N)" | awk '{printf "%.1f", $2 - $1}')
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]} (${elapsed}s)" >&2
  exit 1
fi
echo "all seven implementations and the outside ULID/base32hex libraries agree with the Rust core (${elapsed}s)"
