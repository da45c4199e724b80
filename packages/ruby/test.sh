#!/usr/bin/env bash
# The gem uuid_shard as a user installs it: gem build, gem install --local into a scratch
# GEM_HOME outside the source folder, then, from the installed gem only: every vector of
# tests/vectors/vectors.json, the rules of uuid7, the examples of README.md and docs/clients.md, and a
# live server (PGHOST, PGPORT, PGUSER=postgres, UUID_SHARD_MAJOR; native extension 0.5.0
# installed; creates the database pkg_ruby). Then a benchmark, printed, never asserted.
#
# Usage, from the repository root: bash packages/ruby/test.sh
# One `ok`/`FAIL` line per check; exits 0 only if all passed. Needs ruby (2.5+), gem and, for
# the live checks, the pg gem (Debian: ruby-pg).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
pkg=$root/packages/ruby
# The gem's version, UuidShard::VERSION (tests/sql/packages.sh checks it is the extension's).
version=$(sed -n "s/^ *VERSION = '\(.*\)'$/\1/p" "$pkg/lib/uuid_shard/version.rb")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
. "$root/packages/checks.sh"

# --- build and install -----------------------------------------------------------------------
gemfile=$scratch/build/uuid_shard-$version.gem
mkdir -p "$scratch/build" "$scratch/app"
if (cd "$pkg" && gem build uuid_shard.gemspec --output "$gemfile") >"$scratch/build.log" 2>&1 && [ -f "$gemfile" ]; then
  ok "gem build: uuid_shard-$version.gem"
else
  fail "gem build (nothing to install)"; cat "$scratch/build.log"; finish
fi
[ -z "$(cd "$pkg" && ls ./*.gem 2>/dev/null)" ] && ok "gem build left nothing in the source folder" || fail "a .gem was left in $pkg"

files=$(tar -xOf "$gemfile" data.tar.gz | tar -tzf - | sort | tr '\n' ' ')
want="LICENSE README.md lib/uuid_shard.rb lib/uuid_shard/generator.rb lib/uuid_shard/mask.rb lib/uuid_shard/version.rb uuid_shard.gemspec "
[ "$files" = "$want" ] && ok "the gem holds: $files" || fail "the gem holds: $files, expected $want"
meta=$(tar -xOf "$gemfile" metadata.gz | gunzip)
if grep -q "^  version: $version$" <<<"$meta" && grep -q '^- MIT$' <<<"$meta" && grep -q '^dependencies: \[\]$' <<<"$meta"; then
  ok "gem metadata: version $version, license MIT, no dependencies"
else
  fail "gem metadata: $(grep -E '^  version:|^licenses|^- |^dependencies' <<<"$meta" | tr '\n' ' ')"
fi

export GEM_HOME=$scratch/gems GEM_PATH=$scratch/gems
unset RUBYLIB RUBYOPT BUNDLE_GEMFILE
if gem install --local --no-document "$gemfile" >"$scratch/install.log" 2>&1; then
  ok "gem install --local into a scratch GEM_HOME"
else
  fail "gem install (nothing installed)"; cat "$scratch/install.log"; finish
fi

# Everything below runs in a scratch folder, with nothing of the source on the load path.
cd "$scratch/app" || exit 1
installed=$(ruby -e 'require "uuid_shard"; f = $LOADED_FEATURES.grep(%r{/uuid_shard(/[a-z_]+)?\.rb\z})
  abort "loaded #{f}" unless f.size == 4 && f.all? { |x| x.start_with?(ENV["GEM_HOME"] + "/") } && $LOAD_PATH.none? { |p| p.start_with?(ARGV[0]) }
  puts "#{Gem.loaded_specs["uuid_shard"].full_gem_path} #{UuidShard::VERSION}"' "$pkg" 2>&1)
if [ $? = 0 ] && [ "${installed##* }" = "$version" ]; then
  ok "require 'uuid_shard' loads the installed gem: ${installed% *}"
else
  fail "require 'uuid_shard': $installed"
fi
warnings=$(ruby -w -e 'require "uuid_shard"; UuidShard.bucket(UuidShard.uuid7, 10); UuidShard.mask(UuidShard.uuid7, "k" * 16)' 2>&1)
[ -z "$warnings" ] && ok "ruby -w: no warnings" || fail "ruby -w: $warnings"

# --- every vector, from the installed gem ----------------------------------------------------
# tests/vectors/ruby/check.rb prints `ruby: N vectors ok` lines (or the failures, exiting 1).
vec_out=$(ruby -e 'require "uuid_shard"
  abort "not the installed gem" unless UuidShard.method(:bucket).source_location[0].start_with?(ENV["GEM_HOME"] + "/")
  load ARGV.shift' "$root/tests/vectors/ruby/check.rb" "$root/tests/vectors/vectors.json" 2>&1)
if [ $? = 0 ]; then
  while IFS= read -r line; do ok "vectors: $line"; done <<<"$vec_out"
else
  fail "vectors:"; printf '%s\n' "$vec_out" | head -n 25
fi
reasons=$(ruby -rjson -ruuid_shard -e 'd = JSON.parse(File.read(ARGV[0]))
  bad = d["rejected"].reject { |v| [:bucket, :shard_key].all? { |f| begin UuidShard.send(f, v["uuid"], 1); false
    rescue ArgumentError => e; e.message == "#{UuidShard::NO_RANDOM_TAIL}, got #{v["reason"]}" end } }
  print bad.size, " ", d["rejected"].size' "$root/tests/vectors/vectors.json" 2>&1)
[ "${reasons%% *}" = 0 ] && ok "vectors: ${reasons#* } rejected UUIDs refused by bucket and shard_key with the extension's message, ending in their reason" \
  || fail "vectors: rejected UUIDs' messages: $reasons"

# --- uuid7's rules, the examples ---------------------------------------------------------------
checker uuid7 ruby "$pkg/test/generator.rb"
checker examples ruby "$pkg/test/examples.rb" "$pkg/README.md" "$root/docs/clients.md"

# --- a live server -----------------------------------------------------------------------------
if [ -z "${PGHOST:-}" ] || [ -z "${PGPORT:-}" ]; then
  fail "live: PGHOST and PGPORT are not set (a server with the native extension $version)"
elif ! ruby -e 'require "pg"' 2>/dev/null; then
  fail "live: the pg gem is not available (Debian: apt-get install ruby-pg)"
else
  PGUSER=${PGUSER:-postgres} checker live ruby "$pkg/test/live.rb"
fi

# --- speed, printed --------------------------------------------------------------------------
ruby "$pkg/test/bench.rb" || echo "bench: did not run"

finish
