#!/usr/bin/env bash
# The .deb as a Debian user installs it: `apt-get install ./dist/postgresql-MAJOR-uuid-shard_<version>_amd64.deb`
# into Debian's own PostgreSQL MAJOR (the system package under /usr/lib/postgresql/MAJOR), a scratch
# cluster of that PostgreSQL, CREATE EXTENSION by a database owner who is not superuser, the
# pg_regress suite in that database, then `apt-get remove`, which must leave none of the package's
# files behind. Any earlier copy of uuid_shard in that PostgreSQL is removed first.
#   flock /tmp/uuid_shard-system-pgMAJOR.lock bash tests/package/deb.sh MAJOR   (scripts/test.sh holds the lock)
set -euo pipefail
major=${1:?usage: tests/package/deb.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$PROJECT_ROOT/Cargo.toml" | head -1)
pkg="postgresql-$major-uuid-shard"
deb="$PROJECT_ROOT/dist/${pkg}_${version}_amd64.deb"
bin=$(pg_bin "$major")
[ "$bin" = "/usr/lib/postgresql/$major/bin" ] || { echo "PostgreSQL $major here is not Debian's ($bin)" >&2; exit 1; }
[ -f "$deb" ] || { echo "missing $deb: run scripts/package.sh --pg $major" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "needs root (apt-get install)" >&2; exit 1; }
libdir=$("$bin/pg_config" --pkglibdir) extdir=$("$bin/pg_config" --sharedir)/extension
apt_get() { DEBIAN_FRONTEND=noninteractive apt-get -y -qq -o DPkg::Lock::Timeout=600 "$@" >/dev/null; }
installed() { dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed"; }

fail=0
# Leave nothing behind, whatever happens below.
cleanup() { cluster_stop 2>/dev/null || true; if installed; then apt_get remove "$pkg" || true; fi; }
trap cleanup EXIT

# Earlier copies: our package from an interrupted run, or files no package owns (cargo pgrx install).
if installed; then apt_get remove "$pkg"; fi
rm -f "$libdir/uuid_shard.so" "$extdir/uuid_shard.control" "$extdir"/uuid_shard--*.sql

apt_get install "$deb"
installed || { echo "FAIL: $pkg is not installed after apt-get install"; exit 1; }
owner=$(dpkg -S "$libdir/uuid_shard.so" | cut -d: -f1)
[ "$owner" = "$pkg" ] || { echo "FAIL: $libdir/uuid_shard.so belongs to '$owner'"; fail=1; }
dpkg-deb --fsys-tarfile "$deb" | tar -xOf - "./usr/lib/postgresql/$major/lib/uuid_shard.so" | cmp -s - "$libdir/uuid_shard.so" \
  || { echo "FAIL: installed library differs from the one in the .deb"; fail=1; }
mapfile -t files < <(dpkg -L "$pkg" | while read -r f; do [ -f "$f" ] && echo "$f"; done)
echo "PG$major: $pkg $version installed by apt-get, $libdir/uuid_shard.so owned by it (${#files[@]} files)"

cluster_start "$major" "pkg-deb-$major" "max_worker_processes = 16"
"${PSQL[@]}" -d postgres <<'SQL'
CREATE ROLE pkg_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE pkgdb OWNER pkg_owner;
SQL
as_owner=("${PSQL[@]:0:${#PSQL[@]}-2}" -U pkg_owner -d pkgdb)
out=$("${as_owner[@]}" -At <<'SQL'
SELECT rolsuper FROM pg_roles WHERE rolname = current_user;
CREATE EXTENSION uuid_shard;
SELECT extversion || ' ' || extowner::regrole FROM pg_extension WHERE extname = 'uuid_shard';
SELECT uuid_version(public.uuidv7()), uuid_bucket('0195e3a1-7c2e-7b3d-8a4f-0123456789ab', 5) BETWEEN 0 AND 4;
SQL
)
expected=$(printf 'f\n%s pkg_owner\n7|t' "$version")
if [ "$out" = "$expected" ]; then
  echo "PG$major: CREATE EXTENSION uuid_shard by the non-superuser owner of pkgdb: version $version"
else
  echo "FAIL: CREATE EXTENSION by the database owner: expected"; echo "$expected"; echo "got"; echo "$out"; fail=1
fi

# The pg_regress suite in that database of that cluster (the extension is already there).
regress=$(dirname "$(dirname "$("$bin/pg_config" --pgxs)")")/test/regress/pg_regress
out_dir="$PROJECT_ROOT/.pg/regress-out-deb-$major"
rm -rf "$out_dir"; mkdir -p "$out_dir"
if ! "$regress" --bindir="$bin" --host="$CLUSTER_DIR/sock" --port="$CLUSTER_PORT" --user=postgres \
    --use-existing --dbname=pkgdb --inputdir="$here/../pg_regress" --outputdir="$out_dir" \
    --schedule="$here/../pg_regress/schedule"; then
  [ -f "$out_dir/regression.diffs" ] && head -100 "$out_dir/regression.diffs"
  fail=1
fi
cluster_stop

apt_get remove "$pkg"
left=()
for f in "${files[@]}"; do [ -e "$f" ] && left+=("$f"); done
if installed || [ ${#left[@]} -gt 0 ]; then
  echo "FAIL: after apt-get remove: still installed or files left: ${left[*]}"; fail=1
else
  echo "PG$major: apt-get remove $pkg left none of its ${#files[@]} files"
fi
exit "$fail"
