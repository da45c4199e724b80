#!/usr/bin/env bash
# Binary packages and the PGXN distribution, written to dist/:
#   postgresql-N-uuid-shard_<version>_amd64.deb     Debian's layout for PostgreSQL N, Depends: postgresql-N
#   uuid_shard-<version>-pgN-linux-x86_64.tar.gz    the same files plus install.sh PG_CONFIG, for
#                                                   PostgreSQL builds that are not Debian's
#   uuid_shard-<version>.zip                        (--pgxn) PGXN source distribution, from git archive HEAD
#   SHA256SUMS                                      over everything in dist/
#   scripts/package.sh [--pg N ...] [--pgxn] [--sql]
#   --pg N   package for PostgreSQL N (repeatable). Without --pg: every tested major, unless
#            --pgxn or --sql is given, which then build only what they name.
#   --pgxn   the PGXN zip (META.json at the top level)
#   --sql    the pure-SQL edition, made by tools/sql_edition.py DIST_DIR
# The library is built once per major, in the release profile, by `cargo pgrx package`; the .deb
# and the tarball hold the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

majors=() pgxn=0 sql=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) majors+=("${2:?--pg needs a major}"); shift 2 ;;
    --pgxn) pgxn=1; shift ;;
    --sql) sql=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "package: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
if [ ${#majors[@]} = 0 ] && [ "$pgxn" = 0 ] && [ "$sql" = 0 ]; then read -ra majors <<<"$TESTED_MAJORS"; fi

die() { printf 'package: ERROR: %s\n' "$*" >&2; exit 1; }
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
[ -n "$version" ] || die "no version in Cargo.toml"
dist_dir="$PROJECT_ROOT/dist"
mkdir -p "$dist_dir"
# The maintainer, abstract and description are META.json's, so the packages say what PGXN says.
meta() { # meta KEY: META.json's value (the first one of a list)
  python3 -c 'import json,sys; v=json.load(open("META.json"))[sys.argv[1]]; print(v[0] if isinstance(v, list) else v)' "$1"
}
maintainer=$(meta maintainer) abstract=$(meta abstract) description=$(meta description)

# package_major N: release build for PostgreSQL N, then its .deb and tarball.
package_major() {
  local major=$1 bin out so
  bin=$(pg_bin "$major") || return 1
  [ -x "$bin/pg_config" ] || die "PostgreSQL $major not found at $bin: run scripts/setup.sh"
  out="$PROJECT_ROOT/target/package/pg$major"
  rm -rf "$out"
  echo "==> PG$major: release build (cargo pgrx package)"
  local t0=$SECONDS log="$PROJECT_ROOT/target/package/build-pg$major.log"
  mkdir -p "$(dirname "$log")"
  cargo pgrx package --no-default-features --features "pg$major" --pg-config "$bin/pg_config" --out-dir "$out" \
    >"$log" 2>&1 || { tail -40 "$log" >&2; die "release build for PG$major failed (log: $log)"; }
  echo "    built in $((SECONDS - t0))s"
  so=$(find "$out" -name uuid_shard.so -type f)
  [ -n "$so" ] && [ "$(printf '%s\n' "$so" | wc -l)" = 1 ] || die "expected one uuid_shard.so under $out"
  # Symbols that only a debugger reads go, as Debian's packaging tools do; the dynamic symbols stay.
  strip --strip-unneeded "$so" || die "strip failed on $so"
  local ext=() f
  while IFS= read -r f; do ext+=("$f"); done < <(find "$out" -path '*/extension/*' -type f -name 'uuid_shard*' | sort)
  [ -n "$(printf '%s\n' "${ext[@]}" | grep '/uuid_shard.control$')" ] || die "no uuid_shard.control under $out"
  [ -n "$(printf '%s\n' "${ext[@]}" | grep "/uuid_shard--$version.sql\$")" ] || die "no uuid_shard--$version.sql under $out"

  # .deb: Debian's own paths for PostgreSQL N, built with dpkg-deb alone.
  local pkg="postgresql-$major-uuid-shard" stage glibc
  stage=$(mktemp -d)
  install -D -m 0644 "$so" "$stage/usr/lib/postgresql/$major/lib/uuid_shard.so"
  install -d "$stage/usr/share/postgresql/$major/extension" "$stage/usr/share/doc/$pkg" "$stage/DEBIAN"
  install -m 0644 "${ext[@]}" "$stage/usr/share/postgresql/$major/extension/"
  copyright >"$stage/usr/share/doc/$pkg/copyright"
  # The newest glibc symbol version the library needs (it is built on this machine's Debian).
  glibc=$(objdump -T "$so" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -1)
  {
    echo "Package: $pkg"
    echo "Version: $version"
    echo "Architecture: amd64"
    echo "Maintainer: $maintainer"
    echo "Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
    echo "Depends: postgresql-$major${glibc:+, libc6 (>= $glibc)}"
    echo "Section: database"
    echo "Priority: optional"
    echo "Description: $abstract"
    printf '%s\n' "$description" | fold -s -w 78 | sed 's/ *$//; s/^/ /'
  } >"$stage/DEBIAN/control"
  chmod -R u+rwX,go+rX,go-w "$stage"
  local deb="$dist_dir/${pkg}_${version}_amd64.deb"
  dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null || die "dpkg-deb failed for PG$major"
  rm -rf "$stage"

  # Tarball: the same files, and install.sh for any PostgreSQL N with a pg_config.
  local name="uuid_shard-$version-pg$major-linux-x86_64"
  stage=$(mktemp -d)
  install -D -m 0755 "$so" "$stage/$name/lib/uuid_shard.so"
  install -d "$stage/$name/extension"
  install -m 0644 "${ext[@]}" "$stage/$name/extension/"
  copyright >"$stage/$name/COPYRIGHT"
  sed -e "s/@MAJOR@/$major/g" -e "s/@VERSION@/$version/g" scripts/package_install.sh >"$stage/$name/install.sh"
  chmod 0755 "$stage/$name/install.sh"
  tar --owner=0 --group=0 --numeric-owner --sort=name -C "$stage" -czf "$dist_dir/$name.tar.gz" "$name"
  rm -rf "$stage"
  echo "    $(basename "$deb") ($(stat -c %s "$deb") bytes), $name.tar.gz ($(stat -c %s "$dist_dir/$name.tar.gz") bytes)"
}

copyright() { # Debian machine-readable copyright, with the license text
  printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
  printf 'Upstream-Name: uuid_shard\n\nFiles: *\nCopyright: the uuid_shard authors\nLicense: MIT\n'
  sed -e 's/^$/./' -e 's/^/ /' LICENSE
}

[ -f LICENSE ] || die "LICENSE missing"
for m in "${majors[@]}"; do package_major "$m"; done

if [ "$pgxn" = 1 ]; then
  # PGXN wants a zip with one top-level folder <name>-<version> holding META.json.
  [ -z "$(git status --porcelain -- META.json Cargo.toml uuid_shard.control)" ] \
    || echo "    note: the zip is made from the last commit; META.json, Cargo.toml or the control file have uncommitted changes"
  zip="$dist_dir/uuid_shard-$version.zip"
  git archive --format=zip --prefix="uuid_shard-$version/" -o "$zip" HEAD || die "git archive failed"
  echo "==> $(basename "$zip") ($(stat -c %s "$zip") bytes)"
fi

if [ "$sql" = 1 ]; then
  echo "==> pure-SQL edition (tools/sql_edition.py)"
  python3 tools/sql_edition.py "$dist_dir" || die "tools/sql_edition.py failed"
fi

# Checksums over everything in dist/, rewritten on every run.
(cd "$dist_dir" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | sort | xargs -r sha256sum >SHA256SUMS)
echo "==> dist/SHA256SUMS ($(wc -l <"$dist_dir/SHA256SUMS") files)"
