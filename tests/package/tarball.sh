#!/usr/bin/env bash
# Installs dist/uuid_shard-<version>-pgMAJOR-linux-x86_64.tar.gz (scripts/package.sh) into PostgreSQL
# MAJOR with its own install.sh, as a user would, after removing any earlier copy of uuid_shard
# there, and checks that the installed files are the tarball's, byte for byte. scripts/test.sh
# then runs pg_regress and the cluster tests against this install.
#   tests/package/tarball.sh MAJOR     (for 13 and 15, under the machine-wide lock: scripts/test.sh holds it)
set -euo pipefail
major=${1:?usage: tests/package/tarball.sh MAJOR}
. "$(dirname "$0")/../../scripts/lib.sh"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$PROJECT_ROOT/Cargo.toml" | head -1)
tarball="$PROJECT_ROOT/dist/uuid_shard-$version-pg$major-linux-x86_64.tar.gz"
[ -f "$tarball" ] || { echo "missing $tarball: run scripts/package.sh --pg $major" >&2; exit 1; }
bin=$(pg_bin "$major")
libdir=$("$bin/pg_config" --pkglibdir) extdir=$("$bin/pg_config" --sharedir)/extension

# A Debian package of ours left behind by an interrupted run owns these files: remove it properly.
if dpkg-query -W -f='${Status}' "postgresql-$major-uuid-shard" 2>/dev/null | grep -q "ok installed"; then
  apt-get remove -y -qq -o DPkg::Lock::Timeout=600 "postgresql-$major-uuid-shard" >/dev/null
fi
# Any earlier copy (cargo pgrx install, cargo pgrx test) goes first, so what is tested is the tarball's.
rm -f "$libdir/uuid_shard.so" "$extdir/uuid_shard.control" "$extdir"/uuid_shard--*.sql

work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
top="$work/uuid_shard-$version-pg$major-linux-x86_64"
sh "$top/install.sh" "$bin/pg_config"

fail=0
cmp -s "$top/lib/uuid_shard.so" "$libdir/uuid_shard.so" || { echo "FAIL: $libdir/uuid_shard.so is not the tarball's"; fail=1; }
for f in "$top"/extension/*; do
  cmp -s "$f" "$extdir/$(basename "$f")" || { echo "FAIL: $extdir/$(basename "$f") is not the tarball's"; fail=1; }
done
grep -q "^default_version = '$version'" "$extdir/uuid_shard.control" \
  || { echo "FAIL: installed control file does not say default_version = '$version'"; fail=1; }
# install.sh refuses a PostgreSQL of another major.
other=$([ "$major" = 18 ] && echo 17 || echo 18)
if out=$(sh "$top/install.sh" "$(pg_bin "$other")/pg_config" 2>&1); then
  echo "FAIL: install.sh of the PG$major tarball installed into PostgreSQL $other"; fail=1
else
  case "$out" in *"built for PostgreSQL $major"*) ;; *) echo "FAIL: unexpected refusal: $out"; fail=1 ;; esac
fi
[ "$fail" = 0 ] && echo "PG$major: tarball installed by its install.sh; $(ls "$top/extension" | wc -l) extension files and the library match; another major refused"
exit "$fail"
