#!/usr/bin/env bash
# Binary packages and the PGXN distribution, written to dist/:
#   postgresql-N-uuid-shard_<version>_ARCH.deb      Debian's layout for PostgreSQL N, Depends: postgresql-N
#   uuid_shard-<version>-pgN-linux-MACHINE.tar.gz   the same files plus install.sh PG_CONFIG, for
#                                                   PostgreSQL builds that are not Debian's
#     for ARCH amd64 (MACHINE x86_64), built natively, and arm64 (aarch64), cross-built with the
#     toolchain and arm64 PostgreSQL trees scripts/setup.sh puts under .pg/arm64
#   uuid_shard-<version>.zip                        (--pgxn) PGXN source distribution, from git archive HEAD
#   SHA256SUMS                                      over everything in dist/
#   scripts/package.sh [--pg N ...] [--arch amd64|arm64 ...] [--pgxn] [--sql]
#   --pg N     package for PostgreSQL N (repeatable). Without --pg: every tested major, unless
#              --pgxn or --sql is given, which then build only what they name.
#   --arch A   only for architecture A (repeatable; default both)
#   --pgxn     the PGXN zip (META.json at the top level)
#   --sql      the pure-SQL edition, made by tools/sql_edition.py --out DIST_DIR
# The library is built once per major and architecture, in the release profile, by `cargo pgrx
# package`; the .deb and the tarball hold the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

majors=() arches=() pgxn=0 sql=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) majors+=("${2:?--pg needs a major}"); shift 2 ;;
    --arch) case "${2:-}" in amd64|arm64) arches+=("$2") ;; *) echo "package: --arch takes amd64 or arm64" >&2; exit 2 ;; esac; shift 2 ;;
    --pgxn) pgxn=1; shift ;;
    --sql) sql=1; shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "package: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
if [ ${#majors[@]} = 0 ] && [ "$pgxn" = 0 ] && [ "$sql" = 0 ]; then read -ra majors <<<"$TESTED_MAJORS"; fi
[ ${#arches[@]} -gt 0 ] || arches=(amd64 arm64)

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

# build_env ARCH MAJOR: sets the release build's pg_config, cargo arguments, environment, binutils
# and output folder for ARCH (amd64: this machine; arm64: cross-built against the arm64 PostgreSQL
# tree).
build_env() {
  local arch=$1 major=$2 bin
  bin=$(pg_bin "$major") || return 1
  case "$arch" in
    amd64)
      pg_config="$bin/pg_config" cargo_args=() cargo_env=() strip=strip objdump=objdump machine=x86_64
      lib_dir="${CARGO_TARGET_DIR:-$PROJECT_ROOT/target}/release"
      [ -x "$pg_config" ] || die "PostgreSQL $major not found at $bin: run scripts/setup.sh" ;;
    arm64)
      arm64_tree "$major"
      [ -x "$ARM64_BIN/pg_config" ] || die "arm64 PostgreSQL $major not found at $ARM64_BIN: run scripts/setup.sh"
      local rustc="$RUST_ROOT/rustc" target_dir="$PROJECT_ROOT/target/arm64"
      [ -x "$rustc" ] || die "no Rust with an aarch64 standard library at $rustc: run scripts/setup.sh"
      command -v aarch64-linux-gnu-gcc >/dev/null || die "aarch64-linux-gnu-gcc not found: run scripts/setup.sh"
      # The tree's pg_config runs under qemu. pgrx's build reads the headers of the pg_config named
      # by PGRX_PG_CONFIG_PATH (--pg-config alone would leave it on this machine's), or those
      # PGRX_INCLUDEDIR_SERVER_PGn names, and its include detection would add this machine's
      # own: off. The wrapper is rewritten only when it changes, as pgrx-pg-sys is built again
      # when it does.
      pg_config="$target_dir/pg_config-pg$major"
      mkdir -p "$target_dir"
      arm64_pg_config "$pg_config.new" "$ARM64_BIN/pg_config" "$ARM64_SYSROOT"
      if cmp -s "$pg_config.new" "$pg_config"; then rm "$pg_config.new"; else mv "$pg_config.new" "$pg_config"; fi
      cargo_args=(--target "$ARM64_TARGET")
      cargo_env=(RUSTC="$rustc" CARGO_TARGET_DIR="$target_dir"
        CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
        CC_aarch64_unknown_linux_gnu=aarch64-linux-gnu-gcc AR_aarch64_unknown_linux_gnu=aarch64-linux-gnu-ar
        PGRX_PG_CONFIG_PATH="$pg_config" "PGRX_INCLUDEDIR_SERVER_PG$major=$("$pg_config" --includedir-server)"
        PGRX_BINDGEN_NO_DETECT_INCLUDES=1)
      strip=aarch64-linux-gnu-strip objdump=aarch64-linux-gnu-objdump machine=aarch64
      lib_dir="$target_dir/$ARM64_TARGET/release" ;;
  esac
}

# package_major ARCH N: release build for PostgreSQL N on ARCH, then its .deb and tarball.
package_major() {
  local arch=$1 major=$2 out so pg_config cargo_args cargo_env strip objdump machine lib_dir
  build_env "$arch" "$major"
  # Cargo names a cdylib without a hash, so the library in lib_dir may be another major's (or
  # another build's) while cargo judges this one fresh: unless it is the one this script last
  # linked for this major, it goes, and cargo links again.
  local stamp="$lib_dir/uuid_shard.so.package" lock_fd
  exec {lock_fd}>"$(build_lock "$lib_dir")"
  flock "$lock_fd"
  [ "$(cat "$stamp" 2>/dev/null)" = "pg$major $(stat -c '%i %Y %s' "$lib_dir/libuuid_shard.so" 2>/dev/null)" ] \
    || rm -f "$lib_dir/libuuid_shard.so" "$lib_dir/deps/libuuid_shard.so"
  out="$PROJECT_ROOT/target/package/$([ "$arch" = amd64 ] || echo "$arch/")pg$major"
  rm -rf "$out"
  echo "==> PG$major $arch: release build (cargo pgrx package)"
  local t0=$SECONDS log="$(dirname "$out")/build-pg$major.log"
  mkdir -p "$(dirname "$log")"
  env "${cargo_env[@]}" cargo pgrx package "${cargo_args[@]}" --no-default-features --features "pg$major" \
      --pg-config "$pg_config" --out-dir "$out" >"$log" 2>&1 \
    || { tail -40 "$log" >&2; die "release build for PG$major $arch failed (log: $log)"; }
  echo "    built in $((SECONDS - t0))s"
  echo "pg$major $(stat -c '%i %Y %s' "$lib_dir/libuuid_shard.so")" >"$stamp"
  exec {lock_fd}>&-
  so=$(find "$out" -name uuid_shard.so -type f)
  [ -n "$so" ] && [ "$(printf '%s\n' "$so" | wc -l)" = 1 ] || die "expected one uuid_shard.so under $out"
  [ "$(elf_machine "$so")" = "$machine" ] || die "$so is for $(elf_machine "$so"), not $machine"
  [ "$arch" = amd64 ] || check_bindings "$major"
  # Symbols that only a debugger reads go, as Debian's packaging tools do; the dynamic symbols stay.
  "$strip" --strip-unneeded "$so" || die "$strip failed on $so"
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
  glibc=$("$objdump" -T "$so" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -1)
  {
    echo "Package: $pkg"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Maintainer: $maintainer"
    echo "Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | cut -f1)"
    echo "Depends: postgresql-$major${glibc:+, libc6 (>= $glibc)}"
    echo "Section: database"
    echo "Priority: optional"
    echo "Description: $abstract"
    printf '%s\n' "$description" | fold -s -w 78 | sed 's/ *$//; s/^/ /'
  } >"$stage/DEBIAN/control"
  chmod -R u+rwX,go+rX,go-w "$stage"
  local deb="$dist_dir/${pkg}_${version}_$arch.deb"
  dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null || die "dpkg-deb failed for PG$major $arch"
  rm -rf "$stage"

  # Tarball: the same files, and install.sh for any PostgreSQL N with a pg_config.
  local name="uuid_shard-$version-pg$major-linux-$machine"
  stage=$(mktemp -d)
  install -D -m 0755 "$so" "$stage/$name/lib/uuid_shard.so"
  install -d "$stage/$name/extension"
  install -m 0644 "${ext[@]}" "$stage/$name/extension/"
  copyright >"$stage/$name/COPYRIGHT"
  sed -e "s/@MAJOR@/$major/g" -e "s/@VERSION@/$version/g" -e "s/@MACHINE@/$machine/g" scripts/package_install.sh >"$stage/$name/install.sh"
  chmod 0755 "$stage/$name/install.sh"
  tar --owner=0 --group=0 --numeric-owner --sort=name -C "$stage" -czf "$dist_dir/$name.tar.gz" "$name"
  rm -rf "$stage"
  echo "    $(basename "$deb") ($(stat -c %s "$deb") bytes), $name.tar.gz ($(stat -c %s "$dist_dir/$name.tar.gz") bytes)"
}

# check_bindings MAJOR: the arm64 build's PostgreSQL bindings were generated for aarch64 (glibc's
# __jmp_buf, under PostgreSQL's sigjmp_buf, is 22 words there, 8 on x86_64) from the arm64 tree's
# headers, not this machine's (whose pg_config.h picks x86_64's SSE 4.2 CRC-32C).
check_bindings() {
  local f
  f=$(ls -t "$PROJECT_ROOT"/target/arm64/"$ARM64_TARGET"/release/build/pgrx-pg-sys-*/out/pg"$1".rs 2>/dev/null | head -1)
  [ -n "$f" ] || die "no PostgreSQL $1 bindings of the arm64 build under target/arm64"
  grep -Eq 'pub type __jmp_buf = \[[^;]*; 22usize\]' "$f" || die "$f: the bindings are not aarch64's (__jmp_buf: $(grep -o 'pub type __jmp_buf = [^;]*;[^]]*]' "$f"))"
  ! grep -q 'pub const USE_SSE42_CRC32C' "$f" || die "$f: the bindings come from x86_64 headers (USE_SSE42_CRC32C)"
}

copyright() { # Debian machine-readable copyright, with the license text
  printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
  printf 'Upstream-Name: uuid_shard\n\nFiles: *\nCopyright: the uuid_shard authors\nLicense: MIT\n'
  sed -e 's/^$/./' -e 's/^/ /' LICENSE
}

[ -f LICENSE ] || die "LICENSE missing"
for m in "${majors[@]}"; do
  for a in "${arches[@]}"; do package_major "$a" "$m"; done
done

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
  python3 tools/sql_edition.py --out "$dist_dir" || die "tools/sql_edition.py failed"
fi

# Checksums over everything in dist/, rewritten on every run.
(cd "$dist_dir" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | sort | xargs -r sha256sum >SHA256SUMS)
echo "==> dist/SHA256SUMS ($(wc -l <"$dist_dir/SHA256SUMS") files)"
