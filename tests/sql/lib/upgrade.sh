# Shared by tests/sql/upgrade.sh and tests/sql/pg_upgrade.sh (sourced after scripts/lib.sh and
# tests/lib/suite.sh: symbols_check, works and compare_snapshots report with check, pass and fail).
# A folder of its own, so scripts/test.sh (which runs tests/sql/*.sh) does not run it.

# Every released version with the commit it was built from, oldest first (sql/RELEASES), as
# "VERSION=COMMIT ..."; the new version is Cargo.toml's, reached from the last release by
# UPGRADE_SCRIPT (and from older ones through the chain of scripts in sql/).
RELEASES=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's/^[[:space:]]*\([^[:space:]]*\)[[:space:]]*\([^[:space:]]*\).*/\1=\2/' "$PROJECT_ROOT/sql/RELEASES" | tr '\n' ' ')
RELEASES=${RELEASES% }
LAST_RELEASE=${RELEASES##* }; LAST_RELEASE=${LAST_RELEASE%%=*}
FIRST_RELEASE=${RELEASES%%=*}
NEW_VERSION=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$PROJECT_ROOT/Cargo.toml" | head -1)
UPGRADE_SCRIPT="sql/uuid_shard--$LAST_RELEASE--$NEW_VERSION.sql"
# use_release VERSION: the release a test upgrades from (OLD_VERSION, OLD_COMMIT).
use_release() {
  local r
  for r in $RELEASES; do
    [ "${r%%=*}" = "$1" ] && { OLD_VERSION=${r%%=*} OLD_COMMIT=${r#*=}; return 0; }
  done
  echo "$1 is not a released version (sql/RELEASES: $RELEASES)" >&2; return 1
}
use_release "$LAST_RELEASE"
# release_majors VERSION: the majors the release can be built for (the pgNN features of its
# Cargo.toml), oldest first. A database of it reaches a newer major by pg_upgrade only.
release_majors() {
  local r commit
  for r in $RELEASES; do [ "${r%%=*}" = "$1" ] && commit=${r#*=}; done
  git -C "$PROJECT_ROOT" show "${commit:?$1 is not a released version}:Cargo.toml" \
    | sed -n 's/^pg\([0-9][0-9]*\) = .*/\1/p' | sort -n | tr '\n' ' ' | sed 's/ $//'
}
# release_newest_major VERSION: the newest major the release can be built for.
release_newest_major() { local majors; majors=$(release_majors "$1"); echo "${majors##* }"; }

ext_libdir() { "$(pg_bin "$1")/pg_config" --pkglibdir; }
ext_sharedir() { echo "$("$(pg_bin "$1")/pg_config" --sharedir)/extension"; }

# old_build MAJOR: the released version's files for MAJOR, built once per checkout and cached in
# .pg/old-builds/COMMIT/pgMAJOR/ (uuid_shard.so, extension/{control, install script}).
# Built from `git archive` of the release commit, by the cargo-pgrx of the pgrx it pins, in
# target/old-builds (shared by the releases). Sets OLD_LIB, OLD_EXT.
old_build() {
  # One build at a time: the groups of scripts/test.sh run side by side, and the releases share
  # their target folder and their cache.
  local lock_fd rc
  mkdir -p "$PROJECT_ROOT/.pg/old-builds"
  exec {lock_fd}>"$PROJECT_ROOT/.pg/old-builds/.lock"
  flock "$lock_fd"
  old_build_locked "$@"; rc=$?
  exec {lock_fd}>&-
  return "$rc"
}
old_build_locked() {
  local major=$1 bin commit cache src pkg t0=$SECONDS
  bin=$(pg_bin "$major") || return 1
  commit=$(git -C "$PROJECT_ROOT" rev-parse --verify "$OLD_COMMIT^{commit}") \
    || { echo "release commit $OLD_COMMIT not in this repository" >&2; return 1; }
  cache="$PROJECT_ROOT/.pg/old-builds/$commit/pg$major"
  OLD_LIB="$cache/uuid_shard.so" OLD_EXT="$cache/extension"
  if [ -f "$cache/done" ]; then
    echo "$OLD_VERSION for PG$major: cached build of ${commit:0:7} in ${cache#"$PROJECT_ROOT"/}"
    return 0
  fi
  src="$PROJECT_ROOT/.pg/old-builds/$commit/src" pkg="$cache/pkg"
  rm -rf "$src" "$cache"; mkdir -p "$src" "$cache"
  git -C "$PROJECT_ROOT" archive "$commit" | tar -x -C "$src"
  # With the cargo-pgrx of the pgrx the release pins, in a target directory of the releases' own.
  local CARGO_PGRX; cargo_pgrx_of "$src" || return 1
  touch_crate_sources "$src"
  # A debug build without debug info: the tests compare what the release does, not its speed,
  # and its dependencies compile in a fraction of the release profile's time.
  (cd "$src" && CARGO_TARGET_DIR="$PROJECT_ROOT/target/old-builds" CARGO_PROFILE_DEV_DEBUG=false "${CARGO_PGRX[@]}" package \
      --debug --no-default-features --features "pg$major" --pg-config "$bin/pg_config" --out-dir "$pkg") \
    >"$cache/build.log" 2>&1 || { tail -40 "$cache/build.log" >&2; echo "build of $OLD_VERSION for PG$major failed" >&2; return 1; }
  mkdir -p "$OLD_EXT"
  cp "$pkg$("$bin/pg_config" --pkglibdir)/uuid_shard.so" "$OLD_LIB"
  cp "$pkg$("$bin/pg_config" --sharedir)/extension/uuid_shard.control" \
     "$pkg$("$bin/pg_config" --sharedir)/extension/uuid_shard--$OLD_VERSION.sql" "$OLD_EXT/"
  grep -q "default_version = '$OLD_VERSION'" "$OLD_EXT/uuid_shard.control" \
    || { echo "the build of ${commit:0:7} is not version $OLD_VERSION" >&2; return 1; }
  rm -rf "$pkg" "$src"
  touch "$cache/done"
  echo "$OLD_VERSION for PG$major: built from ${commit:0:7} in $((SECONDS - t0))s (cached for later runs)"
}

# old_script MAJOR LIB: the released version's extension files (control file and install script,
# the same SQL for every major) from its build for its newest major (old_build, which the
# pg_upgrade test builds too), with the library LIB: what a database of that version runs once
# this version's package is installed. Sets OLD_LIB, OLD_EXT.
old_script() {
  local lib=$2
  old_build "$(release_newest_major "$OLD_VERSION")" || return 1
  OLD_LIB=$lib
}

# installed_save MAJOR DIR: copies the uuid_shard files installed in MAJOR to DIR, after checking
# they are this version's (install_extension MAJOR must have run).
installed_save() {
  local major=$1 dir=$2 lib ext
  lib=$(ext_libdir "$major") ext=$(ext_sharedir "$major")
  grep -q "default_version = '$NEW_VERSION'" "$ext/uuid_shard.control" 2>/dev/null \
    && [ -f "$ext/uuid_shard--$LAST_RELEASE--$NEW_VERSION.sql" ] && [ -f "$lib/uuid_shard.so" ] \
    || { echo "uuid_shard $NEW_VERSION is not installed in PG$major: run install_extension $major (scripts/lib.sh) first" >&2; return 1; }
  mkdir -p "$dir/extension"
  cp "$lib/uuid_shard.so" "$dir/"
  cp "$ext"/uuid_shard.control "$ext"/uuid_shard--*.sql "$dir/extension/"
}

# installed_put MAJOR LIB EXTDIR [remove...]: installs a library and extension files as a package
# would. The library is renamed into place, never overwritten in place: running backends keep
# the file they mapped, new backends load the new one.
installed_put() {
  local major=$1 lib=$2 extdir=$3 libdir ext f; shift 3
  libdir=$(ext_libdir "$major") ext=$(ext_sharedir "$major")
  install -m 755 "$lib" "$libdir/.uuid_shard.so.new" && mv -f "$libdir/.uuid_shard.so.new" "$libdir/uuid_shard.so"
  for f in "$extdir"/*; do install -m 644 "$f" "$ext/"; done
  for f in "$@"; do rm -f "$ext/$f"; done
}

# symbols_check OLD_SQL NEW_LIB: every `AS 'MODULE_PATHNAME', 'symbol'` of the released install
# script must be exported by the new library, with its pg_finfo_ record (src/fmgr.rs).
symbols_check() {
  local old_sql=$1 new_lib=$2 syms exported missing=() s
  syms=$(grep -o "'MODULE_PATHNAME', *'[^']*'" "$old_sql" | sed "s/.*, *'\(.*\)'/\1/" | sort -u)
  exported=$(nm -D --defined-only "$new_lib" | awk '{print $NF}' | sort -u)
  for s in $syms; do
    grep -qx "$s" <<<"$exported" || missing+=("$s")
    grep -qx "pg_finfo_$s" <<<"$exported" || missing+=("pg_finfo_$s")
  done
  local label="symbols: the $(wc -w <<<"$syms") C symbols named by $OLD_VERSION's install script (and their pg_finfo_ records) are exported by the $NEW_VERSION library"
  if [ ${#missing[@]} -gt 0 ]; then
    fail "$label" "missing: ${missing[*]}
  A database created with $OLD_VERSION calls them until ALTER EXTENSION UPDATE (and pg_upgrade restores
  them as they are): keep every released symbol exported (see the rule in src/fmgr.rs)."
  else
    pass "$label"
  fi
}

# The user objects of a database that uses the extension (run in database DB, TimeZone UTC):
#   events   id DEFAULT public.uuidv7(), shard GENERATED ALWAYS AS (uuid_shard_key(id, 2)) STORED,
#            index events_bucket_idx ON (uuid_bucket(id, 8)), view events_per_minute (uuid_v7_time)
#   jobs     PARTITION BY LIST (uuid_bucket(id, 4)), partitions jobs_0 .. jobs_3
#   readings PARTITION BY RANGE (id), monthly partitions made by uuid_v7_partition_ddl over five
#            months around now, rows backfilled with uuid_v7_at
#   samples  v4 keys (gen_random_uuid) for the frozen-output fingerprint
POPULATE_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
CREATE TABLE public.events (
  id uuid PRIMARY KEY DEFAULT public.uuidv7(),
  shard text GENERATED ALWAYS AS (public.uuid_shard_key(id, 2)) STORED,
  payload text NOT NULL
);
CREATE INDEX events_bucket_idx ON public.events (public.uuid_bucket(id, 8));
INSERT INTO public.events (payload) SELECT 'before ' || g FROM generate_series(1, 5000) g;
CREATE VIEW public.events_per_minute AS
  SELECT date_trunc('minute', public.uuid_v7_time(id)) AS minute, count(*) AS n FROM public.events GROUP BY 1;

CREATE TABLE public.jobs (id uuid NOT NULL DEFAULT public.uuidv7(), body text) PARTITION BY LIST (public.uuid_bucket(id, 4));
SELECT format('CREATE TABLE public.%I PARTITION OF public.jobs FOR VALUES IN (%s)', 'jobs_' || b, b)
  FROM generate_series(0, 3) b \gexec
INSERT INTO public.jobs (body) SELECT 'job ' || g FROM generate_series(1, 2000) g;

CREATE TABLE public.readings (id uuid NOT NULL DEFAULT public.uuidv7(), at timestamptz NOT NULL, v int NOT NULL,
  PRIMARY KEY (id)) PARTITION BY RANGE (id);
SELECT date_trunc('month', now()) - interval '3 months' AS p_from, date_trunc('month', now()) + interval '2 months' AS p_to \gset
SELECT public.uuid_v7_partition_ddl('public.readings', :'p_from', :'p_to', '1 month') \gexec
INSERT INTO public.readings (id, at, v)
  SELECT public.uuid_v7_at(t), t, 1 FROM generate_series(:'p_from'::timestamptz, :'p_to'::timestamptz - interval '1 ms', '30 minutes') t;
CREATE TABLE public.readings_range AS SELECT :'p_from'::timestamptz AS p_from, :'p_to'::timestamptz AS p_to;

CREATE TABLE public.samples AS SELECT gen_random_uuid() AS id FROM generate_series(1, 500);
ANALYZE;
SQL
)

# One line that must not change across versions and majors: every frozen function's output over
# the stored keys (v7 and v4) and over fixed times.
FINGERPRINT_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
SELECT md5(string_agg(concat_ws(':', id, public.uuid_shard_key(id, 2), public.uuid_shard_key(id, 15),
                                public.uuid_bucket(id, 8), public.uuid_bucket(id, 4), public.uuid_bucket(id, 1000003),
                                public.uuid_v7_time(id), public.uuid_version(id)), ',' ORDER BY id))
       || ' ' || (SELECT md5(string_agg(public.uuid_v7_boundary(t)::text, ',' ORDER BY t))
                    FROM generate_series(timestamptz '1970-01-01 00:00:00+00', '2200-01-01', '997 hours 13.5 seconds') t)
  FROM (SELECT id FROM public.events WHERE payload LIKE 'before %' UNION ALL SELECT id FROM public.samples) k
SQL
)

# The extension as a catalog sees it, one block per member object in a fixed order: the
# extension row, then every pg_depend deptype 'e' member with its description, comment and
# initial privileges, and for functions the full pg_get_functiondef plus every marking (and the
# aggregate's parts); for relations, types, operators and casts their shape; for other kinds
# their identity.
SNAPSHOT_SQL=$(cat <<'SQL'
SET search_path = pg_catalog;
WITH e AS (SELECT * FROM pg_extension WHERE extname = 'uuid_shard'),
m AS (
  SELECT d.classid, d.objid, d.objsubid, pg_describe_object(d.classid, d.objid, d.objsubid) AS what
    FROM pg_depend d JOIN e ON d.refobjid = e.oid
   WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e')
SELECT line FROM (
  SELECT '' AS what, format('extension uuid_shard %s schema=%s relocatable=%s owner-is-superuser=%s config=%s condition=%s',
         extversion, extnamespace::regnamespace, extrelocatable,
         (SELECT rolsuper FROM pg_roles WHERE oid = extowner), extconfig::regclass[], extcondition) AS line
    FROM e
  UNION ALL
  SELECT m.what, concat_ws(E'\n', '== ' || m.what,
    'comment: ' || (SELECT description FROM pg_description
                     WHERE classoid = m.classid AND objoid = m.objid AND objsubid = m.objsubid),
    'initial privileges: ' || (SELECT initprivs::text FROM pg_init_privs
                                WHERE classoid = m.classid AND objoid = m.objid AND objsubid = m.objsubid),
    CASE m.classid
      WHEN 'pg_proc'::regclass THEN (
        SELECT concat_ws(E'\n',
          format('kind=%s volatility=%s strict=%s parallel=%s security_definer=%s leakproof=%s cost=%s rows=%s '
                 'language=%s config=%s owner-is-superuser=%s acl=%s support=%s',
                 p.prokind, p.provolatile, p.proisstrict, p.proparallel, p.prosecdef, p.proleakproof, p.procost,
                 p.prorows, l.lanname, p.proconfig, (SELECT rolsuper FROM pg_roles WHERE oid = p.proowner),
                 p.proacl, p.prosupport),
          CASE WHEN p.prokind IN ('f', 'p', 'w') THEN pg_get_functiondef(p.oid) END,
          (SELECT format('aggregate args=%s transfn=%s finalfn=%s combinefn=%s stype=%s initval=%s sortop=%s',
                         pg_get_function_arguments(p.oid), a.aggtransfn, a.aggfinalfn, a.aggcombinefn,
                         a.aggtranstype::regtype, a.agginitval, a.aggsortop::regoperator)
             FROM pg_aggregate a WHERE a.aggfnoid = p.oid))
          FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = m.objid)
      WHEN 'pg_operator'::regclass THEN (
        SELECT format('left=%s right=%s result=%s code=%s commutator=%s negator=%s restrict=%s join=%s merges=%s hashes=%s',
                      o.oprleft::regtype, o.oprright::regtype, o.oprresult::regtype, o.oprcode, o.oprcom::regoperator,
                      o.oprnegate::regoperator, o.oprrest, o.oprjoin, o.oprcanmerge, o.oprcanhash)
          FROM pg_operator o WHERE o.oid = m.objid)
      WHEN 'pg_cast'::regclass THEN (
        SELECT format('function=%s context=%s method=%s', c.castfunc::regprocedure, c.castcontext, c.castmethod)
          FROM pg_cast c WHERE c.oid = m.objid)
      WHEN 'pg_class'::regclass THEN (
        SELECT concat_ws(E'\n', format('relkind=%s', c.relkind),
          CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid) END,
          (SELECT string_agg(format('  %s %s%s', a.attname, format_type(a.atttypid, a.atttypmod),
                                    CASE WHEN a.attnotnull THEN ' not null' ELSE '' END), E'\n' ORDER BY a.attnum)
             FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped))
          FROM pg_class c WHERE c.oid = m.objid)
      WHEN 'pg_type'::regclass THEN (
        SELECT format('typtype=%s len=%s input=%s output=%s', t.typtype, t.typlen, t.typinput, t.typoutput)
          FROM pg_type t WHERE t.oid = m.objid)
      ELSE 'identity: ' || (pg_identify_object(m.classid, m.objid, m.objsubid)).identity
    END)
    FROM m
) s ORDER BY what;
SQL
)

# What the application does with its database, with the expected answer. Run after each step
# (this version's library under the old catalog, after the update, after pg_upgrade): new rows by
# default, the generated column, list and range partition routing, stored values recomputed
# (shard keys, buckets, partition bounds), the view, the partition helpers (DDL run inside a
# rolled-back transaction), and every C function of the catalog resolving in the loaded library.
WORKS_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
SELECT p_from, p_to FROM public.readings_range \gset
INSERT INTO public.events (payload) SELECT 'later ' || :'run' || ' ' || g FROM generate_series(1, 200) g;
INSERT INTO public.jobs (body) SELECT 'later ' || g FROM generate_series(1, 200) g;
INSERT INTO public.readings (id, at, v)
  SELECT public.uuid_v7_at(t), t, 2 FROM generate_series(:'p_from'::timestamptz, :'p_to'::timestamptz - interval '1 ms', '7 hours') t;
INSERT INTO public.readings (at, v) SELECT now(), 3 FROM generate_series(1, 50);
WITH c AS MATERIALIZED (
  SELECT p.oid FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
     AND d.deptype = 'e' AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid_shard')
   WHERE p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c'))
SELECT count(*) AS c_validated FROM c WHERE fmgr_c_validator(c.oid) IS NOT NULL \gset
WITH b AS (
  SELECT c.oid AS part,
         substring(pg_get_expr(c.relpartbound, c.oid) FROM $$FROM \('([0-9a-f-]+)'\)$$)::uuid AS lo,
         substring(pg_get_expr(c.relpartbound, c.oid) FROM $$TO \('([0-9a-f-]+)'\)$$)::uuid AS hi
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'public.readings'::regclass)
SELECT
  (SELECT count(*) FROM public.events WHERE payload LIKE 'later ' || :'run' || ' %' AND public.uuid_version(id) = 7
      AND public.uuid_v7_time(id) > now() - interval '10 minutes') AS new_v7,
  (SELECT count(*) FROM public.events WHERE shard IS DISTINCT FROM public.uuid_shard_key(id, 2)) AS bad_shard,
  (SELECT count(*) FROM public.jobs
    WHERE tableoid IS DISTINCT FROM to_regclass(format('public.jobs_%s', public.uuid_bucket(id, 4)))) AS bad_bucket,
  (SELECT count(*) FROM public.readings r LEFT JOIN b ON b.part = r.tableoid
    WHERE NOT coalesce(r.id >= b.lo AND r.id < b.hi, false)) AS misrouted,
  (SELECT count(*) FROM b WHERE lo IS DISTINCT FROM public.uuid_v7_boundary(date_trunc('month', public.uuid_v7_time(lo)))
      OR hi IS DISTINCT FROM public.uuid_v7_boundary(date_trunc('month', public.uuid_v7_time(lo)) + interval '1 month')) AS bad_bound,
  (SELECT count(*) FROM b) AS parts,
  (SELECT count(*) FROM public.uuid_v7_partitions('public.readings') p JOIN b ON b.part = p.partition
    WHERE p.from_time = public.uuid_v7_time(b.lo) AND p.to_time = public.uuid_v7_time(b.hi)) AS helper_parts,
  (SELECT sum(n) FROM public.events_per_minute) = (SELECT count(*) FROM public.events) AS view_ok,
  :c_validated AS c_validated
\gset
BEGIN;
SELECT public.uuid_v7_partition_ddl('public.readings', :'p_to', :'p_to'::timestamptz + interval '1 month', '1 month') \gexec
INSERT INTO public.readings (id, at, v) VALUES (public.uuid_v7_at(:'p_to'::timestamptz + interval '1 day'), :'p_to'::timestamptz + interval '1 day', 4);
SELECT (SELECT count(*) FROM public.readings WHERE v = 4 AND tableoid <> 'public.readings'::regclass)
     + (SELECT count(*) FROM public.uuid_v7_retention_ddl('public.readings', :'p_from'::timestamptz + interval '1 month', 'detach')) AS helpers_ran \gset
ROLLBACK;
SELECT format('new_v7=%s bad_shard=%s bad_bucket=%s misrouted=%s bad_bound=%s parts=%s helper_parts=%s view_ok=%s c_validated=%s helpers_ran=%s',
              :'new_v7', :'bad_shard', :'bad_bucket', :'misrouted', :'bad_bound', :'parts', :'helper_parts',
              :'view_ok', :'c_validated', :'helpers_ran');
SQL
)
# c_validated counts the C functions whose symbol fmgr_c_validator found in the library; the
# expected figure is taken from the catalog (C_FUNCTIONS_SQL) so a missing symbol fails.
C_FUNCTIONS_SQL="SELECT count(*) FROM pg_proc p JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
  AND d.deptype = 'e' AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid_shard')
 WHERE p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c')"

# server_18_plus PSQL_VAR DB: whether the server is PostgreSQL 18 or later (pg_get_loaded_modules).
server_18_plus() {
  local -n sp=$1
  [ "$("${sp[@]}" -d "$2" -At -c "SHOW server_version_num")" -ge 180000 ]
}

# loaded_library PSQL_VAR DB: "name|version" of the uuid_shard library a new session in DB loads,
# from pg_get_loaded_modules() (PostgreSQL 18+; empty before). 0.1.0 was built with pgrx
# 0.18.1's magic-block bug and shows "0.1.0|" (src/lib.rs).
loaded_library() {
  local -n lp=$1
  [ "$("${lp[@]}" -d "$2" -At -c "SHOW server_version_num")" -ge 180000 ] || return 0
  "${lp[@]}" -d "$2" -At -c "SELECT public.uuid_version(public.uuidv7())" -c "SELECT string_agg(module_name || '|' || coalesce(version, ''), ',')
     FROM pg_get_loaded_modules() WHERE file_name LIKE 'uuid_shard%'" | tail -n 1
}

# works PSQL_VAR DB: runs WORKS_SQL and the index checks in DB (5 checks on PG18+, 4 before;
# 1 when the application's statements fail).
works() {
  local -n wp=$1; local db=$2 out cfun expect plan by_index by_seq lib
  # On PG18+ every session names the library it loaded; before, no view shows it.
  if server_18_plus wp "$db"; then
    lib=$(loaded_library wp "$db")
    check "$db: the library new sessions load" "$lib" "uuid_shard|$NEW_VERSION"
  fi
  works_run=$((${works_run:-0} + 1))
  cfun=$("${wp[@]}" -d "$db" -At -c "$C_FUNCTIONS_SQL")
  if out=$("${wp[@]}" -d "$db" -At -v run="$works_run" <<<"$WORKS_SQL" 2>&1); then
    pass "$db: the application's statements run"
  else
    fail "$db: the application's statements run" "psql failed:
$out"
    return 0
  fi
  expect="new_v7=200 bad_shard=0 bad_bucket=0 misrouted=0 bad_bound=0 parts=5 helper_parts=5 view_ok=t c_validated=$cfun helpers_ran=2"
  check "$db: the application's results (inserts, generated column, routing, bounds, view, helpers, C symbols)" "$out" "$expect"
  "${wp[@]}" -d "$db" -c "ANALYZE public.events"
  plan=$("${wp[@]}" -d "$db" -At -c "SET enable_seqscan = off" -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM public.events WHERE public.uuid_bucket(id, 8) = 3")
  if grep -q 'events_bucket_idx' <<<"$plan"; then
    pass "$db: events_bucket_idx used for uuid_bucket(id, 8) = 3"
  else
    fail "$db: events_bucket_idx used for uuid_bucket(id, 8) = 3" "the plan:
$plan"
  fi
  # The index holds buckets computed when each row was stored (some under the old version); a seq scan
  # recomputes them. Row counts per bucket, read both ways, must agree for every bucket.
  local per_bucket="SELECT string_agg((SELECT count(*) FROM public.events WHERE public.uuid_bucket(id, 8) = b)::text, ' ' ORDER BY b)
    FROM generate_series(0, 7) b"
  by_index=$("${wp[@]}" -d "$db" -At -c "SET enable_seqscan = off" -c "$per_bucket")
  by_seq=$("${wp[@]}" -d "$db" -At -c "SET enable_indexscan = off" -c "SET enable_bitmapscan = off" -c "$per_bucket")
  if [ -n "$by_index" ] && [ "$by_index" = "$by_seq" ]; then
    pass "$db: rows per bucket, by the index = by a seq scan"
  else
    fail "$db: rows per bucket, by the index = by a seq scan" "by the index: '$by_index', by a seq scan: '$by_seq'"
  fi
}

# compare_snapshots PSQL_VAR DB_UPDATED DB_FRESH WORKDIR: the extension in the updated (or carried)
# database must equal the fresh one's (one check); prints the diff and what to do otherwise.
compare_snapshots() {
  local -n cp=$1; local upd=$2 fresh=$3 dir=$4 label
  "${cp[@]}" -d "$upd" -At <<<"$SNAPSHOT_SQL" >"$dir/updated.txt"
  "${cp[@]}" -d "$fresh" -At <<<"$SNAPSHOT_SQL" >"$dir/fresh.txt"
  label="$upd: the extension equals a fresh CREATE EXTENSION in $fresh ($(grep -c '^== ' "$dir/fresh.txt") member objects, $(grep -c '^== function' "$dir/fresh.txt") functions: definitions and markings)"
  if diff -u --label "updated ($upd: $OLD_VERSION + ALTER EXTENSION UPDATE)" --label "fresh ($fresh: CREATE EXTENSION $NEW_VERSION)" \
       "$dir/updated.txt" "$dir/fresh.txt" >"$dir/snapshot.diff"; then
    pass "$label"
  else
    cat "$dir/snapshot.diff"
    fail "$label" "diff above:
  '-' only in the updated database, '+' only in the fresh one. Every SQL object added or changed since
  $LAST_RELEASE must be created or changed by hand in $UPGRADE_SCRIPT too: append a section
  with a comment naming your change (rules in sql/README.md), reinstall (install_extension), run this test again."
  fi
}
