#!/usr/bin/env bash
# Hostile roles (docs/security.md): a role "mallory" with no more than CREATE on some schema
# (and SELECT on the table, or CREATEROLE, where a case says so) attacks what the extension runs
# and emits. Every attack is one case; every case asserts that none of mallory's code ran as
# anyone else, and that the operation either did its job or stopped cleanly with a clear error
# and nothing half-moved.
#   tests/sql/hostile.sh MAJOR                 this checkout's build (installed in MAJOR)
#   HOSTILE_RELEASE=0.2.0 tests/sql/hostile.sh MAJOR
#                                              the same attacks against a released version (built
#                                              from its commit, swapped in and restored after):
#                                              reports how many of them it falls to, exits 0
#
# Each case runs in a database of its own, in two settings: "public writable" (as PostgreSQL 13
# and 14 ship, and 15+ where a site grants CREATE on public to PUBLIC) with the extension in
# public, as 0.2.0's docs installed it; and "public locked" (as 15+ ship) with the extension in a
# schema of its own and mallory owning only her schema. Cases that need a writable shared schema
# say they do not apply in the locked setting. Both editions: the native extension, and the SQL
# edition's plain script (cases marked "both").
#
# Whether mallory's code ran, and as whom: her functions call mallory.hit(what), which bumps
# the sequence mlog.hit_<current role> (sequences survive a rollback, so an attack whose
# statement then fails is still seen) and logs a row when the transaction commits.
set -eEuo pipefail
major=${1:?usage: tests/sql/hostile.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
release=${HOSTILE_RELEASE:-}

suite_cluster "hostile-$major"
suite_tmpdir dist a+rx
restore=""
suite_on_exit '[ -z "$restore" ] || eval "$restore"'
SU=("${PSQL[@]}")
as() { local role=$1; shift; "${SU[@]:0:${#SU[@]}-2}" -U "$role" "$@"; }

# The editions under test: this checkout's, or the release's.
if [ -n "$release" ]; then
  . "$here/lib/upgrade.sh"
  use_release "$release"
  hold_major_lock "$major"
  installed_save_any() { local lib ext; lib=$(ext_libdir "$major") ext=$(ext_sharedir "$major"); mkdir -p "$1/extension"; cp "$lib/uuid_shard.so" "$1/"; cp "$ext"/uuid_shard.control "$ext"/uuid_shard--*.sql "$1/extension/"; }
  installed_save_any "$dist/current"
  old_build "$major"
  installed_put "$major" "$OLD_LIB" "$OLD_EXT"
  restore='installed_put "$major" "$dist/current/uuid_shard.so" "$dist/current/extension" "uuid_shard--$OLD_VERSION.sql"'
  # the release's SQL edition, built by its own scripts/sql_edition.sh
  mkdir -p "$dist/src"; git -C "$PROJECT_ROOT" archive "$OLD_COMMIT" | tar -x -C "$dist/src"
  bash "$dist/src/scripts/sql_edition.sh" "$dist" >/dev/null
  plain=$(ls "$dist"/uuid_shard-"$OLD_VERSION".sql)
  echo "hostile PG$major: attacking release $OLD_VERSION (${OLD_COMMIT})"
else
  python3 "$PROJECT_ROOT/tools/sql_edition.py" --out "$dist" >/dev/null
  plain=$(ls "$dist"/uuid_shard-*[0-9].sql)
fi
chmod a+r "$dist"/*.sql

"${SU[@]}" -d postgres -q <<'SQL'
CREATE ROLE app LOGIN;
CREATE ROLE mallory LOGIN CREATEROLE;
CREATE ROLE "app-owner" LOGIN;
CREATE ROLE "Reader ""x""";
SQL

# attack TITLE SETTING EDITION: the attack the next report is about (each case names it once).
# report OUTCOME DETAIL: OUTCOME is blocked (a passed check), fell or broken (failed checks), n/a
# (the attack does not apply in this setting: no check).
cases=0 blocked=0 fell=0 failed=0
attack() { ATTACK="$1 [$2, $3]"; }
report() {
  case $1 in
    n/a) echo "n/a    $ATTACK: $2"; return ;;
    blocked) blocked=$((blocked + 1)); pass "$ATTACK: $2" ;;
    fell) fell=$((fell + 1)); fail "$ATTACK" "FELL: $2" ;;
    *) failed=$((failed + 1)); fail "$ATTACK" "BROKEN: $2" ;;
  esac
  cases=$((cases + 1))
}

# newdb NAME SETTING EDITION [OWNER]: a database owned by OWNER (app) with uuid_shard in $X,
# mallory's schema, the hit log; sets X (the extension's schema) and DB. Locked: public belongs
# to the database owner and nobody else may create in it (as 15+ ship, on 13 too).
newdb() {
  local name=$1 setting=$2 edition=$3 owner=${4:-app}
  DB=$name
  make_db "$name" "$owner"
  "${SU[@]}" -d "$name" -q <<SQL
$( if [ "$setting" = writable ]; then echo "GRANT CREATE ON SCHEMA public TO PUBLIC;"
   else echo "REVOKE CREATE ON SCHEMA public FROM PUBLIC; ALTER SCHEMA public OWNER TO \"${owner//\"/\"\"}\";"; fi )
CREATE SCHEMA mlog;
GRANT USAGE ON SCHEMA mlog TO PUBLIC;
CREATE TABLE mlog.hits (who name, what text);
GRANT INSERT ON mlog.hits TO PUBLIC;
CREATE SEQUENCE mlog.hit_postgres; CREATE SEQUENCE mlog.hit_app; CREATE SEQUENCE "mlog"."hit_app-owner"; CREATE SEQUENCE mlog.hit_mallory;
GRANT USAGE, UPDATE ON ALL SEQUENCES IN SCHEMA mlog TO PUBLIC;
CREATE SCHEMA mallory AUTHORIZATION mallory;
GRANT USAGE ON SCHEMA mallory TO PUBLIC;
CREATE SCHEMA dba;
SQL
  as mallory -d "$name" -q <<'SQL'
CREATE FUNCTION mallory.hit(what text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_catalog.nextval(pg_catalog.format('mlog.%I', 'hit_' || current_user));
    INSERT INTO mlog.hits VALUES (current_user, what);
    RETURN true;
END $$;
CREATE FUNCTION mallory.hit_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM mallory.hit('trigger ' || TG_TABLE_NAME); RETURN NULL; END $$;
SQL
  if [ "$setting" = writable ]; then X=public; else X=uuid_shard; fi
  if [ "$edition" = native ]; then
    as "$owner" -d "$name" -q -c "CREATE SCHEMA IF NOT EXISTS $X" -c "CREATE EXTENSION uuid_shard SCHEMA $X" 2>/dev/null
  else
    # 0.2.0's script knows no shared_schema_ok and installs into public by default
    as "$owner" -d "$name" -q -v schema="$X" -v shared_schema_ok=on -f "$plain" >/dev/null 2>&1
  fi
}
# hits: whom mallory's code ran as, other than mallory ("" when nobody).
hits() {
  "${SU[@]}" -d "$DB" -At -c "SELECT coalesce(pg_catalog.string_agg(s.who || '=' || s.last_value, ' '), '')
    FROM (SELECT 'postgres' AS who, last_value, is_called FROM mlog.hit_postgres
          UNION ALL SELECT 'app', last_value, is_called FROM mlog.hit_app
          UNION ALL SELECT 'app-owner', last_value, is_called FROM mlog.\"hit_app-owner\") s WHERE s.is_called"
}
# bucket_table SCHEMA.NAME N ROWS [OWNER]: a bucket-partitioned table with ROWS rows.
bucket_table() {
  local t=$1 n=$2 rows=$3 owner=${4:-app}
  as "$owner" -d "$DB" -q <<SQL
CREATE TABLE $t (id uuid NOT NULL DEFAULT $X.uuidv7(), n int) PARTITION BY LIST ($X.uuid_bucket(id, $n));
SELECT $X.uuid_bucket_partition_ddl('$t'::regclass) \gexec
INSERT INTO $t (n) SELECT g FROM generate_series(1, $rows) g;
SQL
}
# placed SCHEMA.NAME N: rows, and rows not in their bucket's partition (both editions compute it)
placed() {
  "${SU[@]}" -d "$DB" -At -c "SELECT count(*) || ' rows, ' || count(*) FILTER (WHERE p.bucket IS DISTINCT FROM $X.uuid_bucket(e.id, $2)) || ' misplaced'
    FROM $1 e LEFT JOIN $X.uuid_bucket_partitions('$1'::regclass) p ON p.partition = e.tableoid"
}
# tail_table SCHEMA.NAME ROWS [OWNER]: a table PARTITION BY HASH (id uuid_tail_ops) in 4
# partitions (uuid_tail_partition_ddl) with a primary key and ROWS rows, and SCHEMA.NAME_refs with
# a foreign key to it (so that a split script drops, adds back and validates a foreign key).
tail_table() {
  local t=$1 rows=$2 owner=${3:-app}
  as "$owner" -d "$DB" -q <<SQL
SET client_min_messages = warning;
CREATE TABLE $t (id uuid PRIMARY KEY DEFAULT $X.uuidv7(), n int) PARTITION BY HASH (id $X.uuid_tail_ops);
SELECT $X.uuid_tail_partition_ddl('$t'::regclass, 4) \gexec
INSERT INTO $t (n) SELECT g FROM generate_series(1, $rows) g;
CREATE TABLE ${t}_refs (id bigserial PRIMARY KEY, ref uuid NOT NULL REFERENCES $t (id));
INSERT INTO ${t}_refs (ref) SELECT id FROM $t WHERE n % 10 = 0;
SQL
}
# tail_placed SCHEMA.NAME: rows, and rows not in the partition (m, r) with r = uuid_tail_remainder(id, m)
# or refused there by PostgreSQL's own partition check
tail_placed() {
  "${SU[@]}" -d "$DB" -At -c "SELECT count(*) || ' rows, ' || count(*) FILTER (WHERE NOT coalesce($X.uuid_tail_remainder(e.id, p.modulus) = p.remainder
                                    AND satisfies_hash_partition('$1'::regclass, p.modulus, p.remainder, e.id), false)) || ' misplaced'
    FROM $1 e LEFT JOIN $X.uuid_tail_partitions('$1'::regclass) p ON p.partition = e.tableoid"
}
# tail_parts SCHEMA.NAME: its partitions, "name:modulus:remainder" each
tail_parts() {
  "${SU[@]}" -d "$DB" -At -c "SELECT string_agg(partition::text || ':' || modulus || ':' || remainder, ' ' ORDER BY modulus, remainder) FROM $X.uuid_tail_partitions('$1'::regclass)"
}
# tail_script NAME PARTITION [OWNER]: the table's owner (app) makes uuid_tail_split_ddl's script of
# PARTITION (a regclass literal's text) into dba.NAME; prints psql's errors and fails when it
# cannot.
tail_script() {
  local owner=${3:-app}
  "${SU[@]}" -d "$DB" -q -c "GRANT USAGE, CREATE ON SCHEMA dba TO \"${owner//\"/\"\"}\""
  as "$owner" -d "$DB" -q -v part="$2" 2>&1 <<SQL
SET client_min_messages = warning;
CREATE TABLE dba.$1 AS SELECT i, s FROM $X.uuid_tail_split_ddl(:'part'::regclass) WITH ORDINALITY g(s, i);
SQL
}
# do_tag NAME: the dollar quote of the first DO block of dba.NAME
do_tag() { "${SU[@]}" -d "$DB" -At -c "SELECT substring(s FROM '^DO (\\\$[a-z_0-9]*\\\$)') FROM dba.$1 WHERE i = 1"; }
# run_script_as ROLE TABLE: as run_script, as ROLE (the table's owner, under its own search_path).
run_script_as() {
  local out rc=0
  out=$(as "$1" -d "$DB" -v ON_ERROR_STOP=1 2>&1 >/dev/null <<<"SELECT s FROM dba.$2 ORDER BY i \gexec") || rc=$?
  echo "$rc $(grep -m1 -o 'ERROR: .*' <<<"$out" || true)"
}
# run_script TABLE: runs the rows of dba.TABLE as the superuser, in order, under the runner's own
# search_path (the default "$user", public); prints psql's exit status and its errors.
run_script() {
  local out rc=0
  out=$("${SU[@]}" -d "$DB" -v ON_ERROR_STOP=1 2>&1 >/dev/null <<<"SELECT s FROM dba.$1 ORDER BY i \gexec") || rc=$?
  echo "$rc $(grep -m1 -o 'ERROR: .*' <<<"$out" || true)"
}

# ---- class 1: free text in emitted scripts -----------------------------------------------------
# A view name holding a newline and SQL; the grow script's notes name views with options.
case_notes() { # SETTING EDITION
  attack "notes: a view name ends a comment line" "$1" "$2"
  newdb c1_"$1"_"$2" "$1" "$2"
  bucket_table public.ev 4 2000
  as app -d "$DB" -q -c "GRANT SELECT ON public.ev TO mallory"
  as mallory -d "$DB" -q -c "CREATE VIEW mallory.\"v
SELECT mallory.hit('notes')--\" WITH (security_barrier) AS SELECT id FROM public.ev"
  "${SU[@]}" -d "$DB" -q -c "SET client_min_messages = warning" -c "CREATE TABLE dba.s AS SELECT i, s FROM $X.uuid_bucket_grow_ddl('public.ev'::regclass, 5) WITH ORDINALITY g(s, i)"
  local r h; r=$(run_script s); h=$(hits)
  local p; p=$(placed public.ev 5)
  if [ -n "$h" ]; then report fell "ran as $h"
  elif [ "${r%% *}" = 0 ] && [ "$p" = "2000 rows, 0 misplaced" ]; then report blocked "grow done ($p), nothing of mallory's ran"
  else report broken "script: $r; $p"; fi
}

# ---- class 2: calls that are not exact matches ---------------------------------------------------
# A domain named like an internal function, in the extension's schema: an untyped literal
# argument turns the call into a cast to the domain, whose CHECK runs mallory's code.
case_domain_grow() {
  attack "domain named _uuid_bucket_key (grow script)" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in the extension's schema"; return; }
  newdb c2_"$1"_"$2" "$1" "$2"
  bucket_table public.ev 4 2000
  as mallory -d "$DB" -q -c "CREATE DOMAIN $X._uuid_bucket_key AS text CHECK (mallory.hit('domain _uuid_bucket_key'))"
  "${SU[@]}" -d "$DB" -q -c "SET client_min_messages = warning" -c "CREATE TABLE dba.s AS SELECT i, s FROM $X.uuid_bucket_grow_ddl('public.ev'::regclass, 5) WITH ORDINALITY g(s, i)"
  local r h; r=$(run_script s); h=$(hits)
  local p; p=$(placed public.ev 5)
  if [ -n "$h" ]; then report fell "ran as $h"
  elif [ "${r%% *}" = 0 ] && [ "$p" = "2000 rows, 0 misplaced" ]; then report blocked "grow done ($p)"
  else report broken "script: $r; $p"; fi
}
case_domain_time() {
  attack "domain named uuid_v7_time (partition DDL)" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in the extension's schema"; return; }
  newdb c3_"$1"_"$2" "$1" "$2"
  as app -d "$DB" -q -c "CREATE TABLE public.ts (id uuid NOT NULL, n int) PARTITION BY RANGE (id)"
  as mallory -d "$DB" -q -c "CREATE DOMAIN $X.uuid_v7_time AS text CHECK (mallory.hit('domain uuid_v7_time'))"
  local out rc=0
  out=$(as app -d "$DB" -At -c "SELECT count(*) FROM $X.uuid_v7_partition_ddl('public.ts'::regclass, timestamptz '2026-01-01 UTC', timestamptz '2026-04-01 UTC', interval '1 month')" 2>&1) || rc=$?
  local h; h=$(hits)
  if [ -n "$h" ]; then report fell "ran as $h"
  elif [ "$rc" = 0 ] && [ "$out" = 3 ]; then report blocked "3 partitions emitted"
  else report broken "$out"; fi
}

# ---- class 3: emitted scripts under the runner's search_path -------------------------------------
# The grow re-creates views from their deparsed text; a function planted in public (on the
# runner's search_path) that matches better than the built-in it names takes the call over.
case_search_path() {
  attack "view rebinding through the runner's search_path" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in a schema on the runner's path"; return; }
  newdb c4_"$1"_"$2" "$1" "$2"
  bucket_table public.ev 4 500
  as app -d "$DB" -q -c "CREATE VIEW public.ev_label AS SELECT concat('id:', id::text) AS label FROM public.ev"
  as mallory -d "$DB" -q -c "CREATE FUNCTION public.concat(a text, b text) RETURNS text LANGUAGE sql AS \$\$ SELECT CASE WHEN mallory.hit('concat') THEN a || b END \$\$"
  "${SU[@]}" -d "$DB" -q -c "SET client_min_messages = warning" -c "CREATE TABLE dba.s AS SELECT i, s FROM $X.uuid_bucket_grow_ddl('public.ev'::regclass, 5) WITH ORDINALITY g(s, i)"
  local r; r=$(run_script s)
  local labels; labels=$(as app -d "$DB" -At -c "SELECT count(*) FILTER (WHERE label = 'id:' || e.id) FROM public.ev_label v JOIN public.ev e ON v.label = 'id:' || e.id" 2>&1)
  local h; h=$(hits)
  if [ -n "$h" ]; then report fell "ran as $h"
  elif [ "${r%% *}" = 0 ] && [ "$labels" = 500 ]; then report blocked "view re-created, bound to pg_catalog.concat"
  else report broken "script: $r; labels: $labels"; fi
}

# The SQL edition's generators run without SET search_path: an operator on the caller's path
# whose argument types match more exactly than pg_catalog's (float8 * int4 has no exact match
# there) would win an unqualified lookup, even with pg_catalog searched first.
case_generator_path() {
  attack "operators planted on the caller's path under uuidv7()" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in a schema on the caller's path"; return; }
  newdb c16_"$1"_"$2" "$1" "$2"
  as mallory -d "$DB" -q <<'SQL'
CREATE FUNCTION public.m_f8_i4(a float8, b int4) RETURNS float8 LANGUAGE sql AS $$ SELECT CASE WHEN mallory.hit('float8 op int4') THEN a END $$;
CREATE FUNCTION public.m_f8_i8(a float8, b int8) RETURNS float8 LANGUAGE sql AS $$ SELECT CASE WHEN mallory.hit('float8 op int8') THEN a END $$;
CREATE OPERATOR public.* (LEFTARG = float8, RIGHTARG = int4, FUNCTION = public.m_f8_i4);
CREATE OPERATOR public./ (LEFTARG = float8, RIGHTARG = int4, FUNCTION = public.m_f8_i4);
CREATE OPERATOR public.* (LEFTARG = float8, RIGHTARG = int8, FUNCTION = public.m_f8_i8);
SQL
  local out; out=$(as app -d "$DB" -At -c "SELECT $X.uuid_version($X.uuidv7()) || ' ' || $X.uuid_version($X.uuidv7('1 hour'))
                                             || ' ' || ($X.uuid_v7_time($X.uuidv7('1 hour')) > now() + interval '59 minutes')" 2>&1)
  local h; h=$(hits)
  if [ -n "$h" ]; then report fell "ran as $h"
  elif [ "$out" = "7 7 true" ]; then report blocked "uuidv7() and uuidv7(interval) used pg_catalog's operators"
  else report broken "$out"; fi
}

# Tail-hash partitions: the table's owner makes and runs a split, and computes remainders, with
# functions and operators mallory planted in public: an = on uuid, overloads of
# uuid_tail_remainder, operators on the types the SQL edition's uuid_tail_remainder computes with.
case_tail_path() {
  attack "functions and operators planted on the owner's path under a tail split" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in a schema on the owner's path"; return; }
  newdb c17_"$1"_"$2" "$1" "$2"
  as mallory -d "$DB" -q <<'SQL'
CREATE FUNCTION public.m_uuid_eq(a uuid, b uuid) RETURNS boolean LANGUAGE sql AS $$ SELECT mallory.hit('uuid = uuid') AND a OPERATOR(pg_catalog.=) b $$;
CREATE OPERATOR public.= (LEFTARG = uuid, RIGHTARG = uuid, FUNCTION = public.m_uuid_eq);
CREATE FUNCTION public.uuid_tail_remainder(id text, modulus integer) RETURNS integer LANGUAGE sql AS $$ SELECT CASE WHEN mallory.hit('uuid_tail_remainder(text, integer)') THEN 0 END $$;
CREATE FUNCTION public.uuid_tail_remainder(id uuid, modulus bigint) RETURNS integer LANGUAGE sql AS $$ SELECT CASE WHEN mallory.hit('uuid_tail_remainder(uuid, bigint)') THEN 0 END $$;
CREATE FUNCTION public.m_i8(a int8, b int8) RETURNS int8 LANGUAGE sql AS $$ SELECT CASE WHEN mallory.hit('int8 op int8') THEN a END $$;
CREATE FUNCTION public.m_i8_i4(a int8, b int4) RETURNS int8 LANGUAGE sql AS $$ SELECT CASE WHEN mallory.hit('int8 op int4') THEN a END $$;
CREATE FUNCTION public.m_txt(a text, b text) RETURNS text LANGUAGE sql AS $$ SELECT CASE WHEN mallory.hit('text || text') THEN a END $$;
CREATE OPERATOR public.& (LEFTARG = int8, RIGHTARG = int8, FUNCTION = public.m_i8);
CREATE OPERATOR public.% (LEFTARG = int8, RIGHTARG = int8, FUNCTION = public.m_i8);
CREATE OPERATOR public.% (LEFTARG = int8, RIGHTARG = int4, FUNCTION = public.m_i8_i4);
CREATE OPERATOR public.|| (LEFTARG = text, RIGHTARG = text, FUNCTION = public.m_txt);
SQL
  # the remainders of fixed keys, computed by app under its search_path and by the superuser with
  # only pg_catalog on the path
  local rem_sql="SELECT string_agg($X.uuid_tail_remainder(k, m)::text, ' ' ORDER BY k, m)
    FROM unnest('{00000000-0000-0000-0000-000000000000,ffffffff-ffff-ffff-ffff-ffffffffffff,c232ab00-9414-11ec-b3c8-9f6bdeced846,919108f7-52d1-4320-9bac-f847db4148a8,017f22e2-79b0-7cc3-98c4-dc0c0c07398f}'::uuid[]) k,
         unnest('{1,3,8,1000,2147483647}'::int[]) m"
  local mine theirs
  mine=$(as app -d "$DB" -At -c "$rem_sql" 2>&1 || true)
  theirs=$("${SU[@]}" -d "$DB" -At -c "SET search_path = pg_catalog" -c "$rem_sql")
  if [ "$2" = sql ]; then
    local h; h=$(hits)
    if [ -n "$h" ]; then report fell "ran as $h"
    elif [ "$mine" = "$theirs" ]; then report blocked "uuid_tail_remainder used pg_catalog's operators (the SQL edition has no uuid_tail_ops to split)"
    else report broken "remainders: '$mine', expected '$theirs'"; fi
    return
  fi
  tail_table public.acc 2000
  local made; made=$(tail_script s public.acc_h4_1) || { report broken "uuid_tail_split_ddl: $(grep -m1 -o 'ERROR: .*' <<<"$made")"; return; }
  local r; r=$(run_script_as app s)
  local found; found=$(as app -d "$DB" -At -c "SELECT count(*) FROM public.acc a WHERE a.id = (SELECT b.id FROM public.acc b ORDER BY b.n LIMIT 1)" 2>&1 || true)
  local h p parts; h=$(hits); p=$(tail_placed public.acc); parts=$(tail_parts public.acc)
  if [ -n "$h" ]; then report fell "ran as $h"
  elif [ "${r%% *}" = 0 ] && [ "$p" = "2000 rows, 0 misplaced" ] && [ "$parts" = "acc_h4_0:4:0 acc_h4_2:4:2 acc_h4_3:4:3 acc_h8_1:8:1 acc_h8_5:8:5" ] \
       && [ "$found" = 1 ] && [ "$mine" = "$theirs" ]; then
    report blocked "split done ($p), lookups and uuid_tail_remainder used pg_catalog's operators"
  else report broken "script: $r; $p; $parts; lookup: $found; remainders: '$mine', expected '$theirs'"; fi
}

# ---- class 4: idempotency that trusts names -------------------------------------------------------
case_squat_time() {
  attack "name of a time partition taken after the DDL was made" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in the table's schema"; return; }
  newdb c5_"$1"_"$2" "$1" "$2"
  as app -d "$DB" -q -c "CREATE TABLE public.ts (id uuid NOT NULL, n int) PARTITION BY RANGE (id)"
  "${SU[@]}" -d "$DB" -q -c "SET client_min_messages = warning" -c "CREATE TABLE dba.s AS SELECT i, s FROM $X.uuid_v7_partition_ddl('public.ts'::regclass, timestamptz '2026-01-01 UTC', timestamptz '2026-03-01 UTC', interval '1 month') WITH ORDINALITY g(s, i)"
  as mallory -d "$DB" -q -c "CREATE TABLE public.ts_p20260201 (id uuid, n int)"
  local r; r=$(run_script s)
  local state; state=$("${SU[@]}" -d "$DB" -At -c "SELECT count(*) FILTER (WHERE relispartition) || ' of 2 partitions, mallory''s attached: ' || bool_or(relispartition AND relowner = 'mallory'::regrole) FROM pg_class WHERE relname LIKE 'ts\_p%'")
  if [ "${r%% *}" = 0 ]; then report fell "script succeeded with mallory's table in place: $state"
  elif grep -q 'already exists' <<<"$r"; then report blocked "stopped: ${r#* }; $state"
  else report broken "$r; $state"; fi
}
case_squat_bucket_ddl() {
  attack "name of a bucket partition taken after the DDL was made" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in the table's schema"; return; }
  newdb c11_"$1"_"$2" "$1" "$2"
  as app -d "$DB" -q -c "CREATE TABLE public.bt (id uuid NOT NULL, n int) PARTITION BY LIST ($X.uuid_bucket(id, 3))"
  "${SU[@]}" -d "$DB" -q -c "CREATE TABLE dba.s AS SELECT i, s FROM $X.uuid_bucket_partition_ddl('public.bt'::regclass) WITH ORDINALITY g(s, i)"
  as mallory -d "$DB" -q -c "CREATE TABLE public.bt_b2 (id uuid, n int)" \
    -c "CREATE TRIGGER t AFTER INSERT ON public.bt_b2 FOR EACH ROW EXECUTE FUNCTION mallory.hit_trg()"
  local r; r=$(run_script s)
  local state; state=$("${SU[@]}" -d "$DB" -At -c "SELECT count(*) FILTER (WHERE relispartition) || ' of 3 partitions' FROM pg_class WHERE relname LIKE 'bt\_b%'")
  if [ "${r%% *}" = 0 ]; then report fell "script succeeded with mallory's table in place: $state"
  elif grep -q 'already exists' <<<"$r"; then report blocked "stopped: ${r#* }; $state"
  else report broken "$r; $state"; fi
}
case_squat_grow() {
  attack "name of a new bucket partition taken after the grow script was made" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in the table's schema"; return; }
  newdb c6_"$1"_"$2" "$1" "$2"
  bucket_table public.ev 4 2000
  "${SU[@]}" -d "$DB" -q -c "SET client_min_messages = warning" -c "CREATE TABLE dba.s AS SELECT i, s FROM $X.uuid_bucket_grow_ddl('public.ev'::regclass, 5) WITH ORDINALITY g(s, i)"
  as mallory -d "$DB" -q -c "CREATE TABLE public.ev_b4 (id uuid, n int)" \
    -c "CREATE TRIGGER t AFTER INSERT ON public.ev_b4 FOR EACH ROW EXECUTE FUNCTION mallory.hit_trg()"
  local r; r=$(run_script s)
  local h p; h=$(hits); p=$(placed public.ev 4)
  local theirs; theirs=$("${SU[@]}" -d "$DB" -At -c "SELECT count(*) FROM public.ev_b4")
  if [ -n "$h" ] || [ "$theirs" != 0 ]; then report fell "ran as ${h:-nobody}; $theirs rows in mallory's table"
  elif grep -q 'already exists' <<<"$r" && [ "$p" = "2000 rows, 0 misplaced" ]; then report blocked "stopped before a row moved: ${r#* }"
  else report broken "$r; $p"; fi
}
case_adopt_grow() {
  attack "a <table>_grow parent made by mallory" "$1" "$2"
  [ "$1" = writable ] || { report n/a "mallory cannot create in the table's schema"; return; }
  newdb c7_"$1"_"$2" "$1" "$2"
  bucket_table public.ev 4 2000
  # Row triggers of a partitioned table are cloned onto every partition attached to it.
  as mallory -d "$DB" -q -c "CREATE TABLE public.ev_grow (id uuid NOT NULL, n int) PARTITION BY LIST ($X.uuid_bucket(id, 5))" \
    -c "CREATE TRIGGER t AFTER INSERT ON public.ev_grow FOR EACH ROW EXECUTE FUNCTION mallory.hit_trg()"
  local out rc=0
  out=$("${SU[@]}" -d "$DB" -v ON_ERROR_STOP=1 2>&1 >/dev/null <<<"SELECT s FROM $X.uuid_bucket_grow_ddl('public.ev'::regclass, 5) s \gexec") || rc=$?
  local h p; h=$(hits); p=$(placed public.ev 4)
  local trg; trg=$("${SU[@]}" -d "$DB" -At -c "SELECT count(*) FROM pg_trigger WHERE tgrelid = 'public.ev'::regclass AND tgname = 't'")
  if [ -n "$h" ] || [ "$trg" != 0 ]; then report fell "ran as ${h:-nobody}; mallory's trigger on public.ev: $trg"
  elif [ "$rc" != 0 ] && grep -q 'already exists' <<<"$out" && [ "$p" = "2000 rows, 0 misplaced" ]; then report blocked "refused: $(grep -m1 -o 'ERROR: .*' <<<"$out")"
  else report broken "rc $rc: $(grep -m1 -o 'ERROR: .*' <<<"$out"); $p"; fi
}

case_tail_squat() {
  attack "name of a half taken after the tail split script was made" "$1" "$2"
  [ "$2" = native ] || { report n/a "the SQL edition has no uuid_tail_ops (creating an operator class takes a superuser)"; return; }
  [ "$1" = writable ] || { report n/a "mallory cannot create in the table's schema"; return; }
  newdb c18_"$1"_"$2" "$1" "$2"
  tail_table public.acc 2000
  local made; made=$(tail_script s public.acc_h4_1) || { report broken "uuid_tail_split_ddl: $(grep -m1 -o 'ERROR: .*' <<<"$made")"; return; }
  as mallory -d "$DB" -q -c "CREATE TABLE public.acc_h8_5 (id uuid, n int)" \
    -c "CREATE TRIGGER t AFTER INSERT ON public.acc_h8_5 FOR EACH ROW EXECUTE FUNCTION mallory.hit_trg()"
  local r; r=$(run_script_as app s)
  local h p parts theirs; h=$(hits); p=$(tail_placed public.acc); parts=$(tail_parts public.acc)
  theirs=$("${SU[@]}" -d "$DB" -At -c "SELECT count(*) FROM public.acc_h8_5")
  if [ -n "$h" ] || [ "$theirs" != 0 ]; then report fell "ran as ${h:-nobody}; $theirs rows in mallory's table"
  elif grep -q 'already exists' <<<"$r" && [ "$p" = "2000 rows, 0 misplaced" ] \
       && [ "$parts" = "acc_h4_0:4:0 acc_h4_1:4:1 acc_h4_2:4:2 acc_h4_3:4:3" ]; then report blocked "stopped before a row moved: ${r#* }"
  else report broken "$r; $p; $parts"; fi
}

# ---- class 5: role names quoted twice --------------------------------------------------------------
# Owner and grantee names that need quotes round-trip through the grow (no attacker: 0.2.0
# quoted them twice and failed, or gave the table away, see the next case).
case_role_names() {
  attack "owner and grantee names that need quotes" "$1" "$2"
  newdb c8_"$1"_"$2" "$1" "$2" app-owner
  bucket_table public.ev 4 1000 app-owner
  as app-owner -d "$DB" -q -c "GRANT SELECT ON public.ev TO \"Reader \"\"x\"\"\""
  "${SU[@]}" -d "$DB" -q -c "SET client_min_messages = warning" -c "CREATE TABLE dba.s AS SELECT i, s FROM $X.uuid_bucket_grow_ddl('public.ev'::regclass, 5) WITH ORDINALITY g(s, i)"
  local r; r=$(run_script s)
  local state; state=$("${SU[@]}" -d "$DB" -At -c "SELECT relowner::regrole || ' ' || has_table_privilege('Reader \"x\"', oid, 'SELECT') FROM pg_class WHERE oid = 'public.ev'::regclass")
  if [ "${r%% *}" = 0 ] && [ "$state" = "\"app-owner\" true" ]; then report blocked "owner \"app-owner\" and the grant to \"Reader \"\"x\"\"\" carried over"
  else report broken "script: $r; owner and grant: $state"; fi
}
# mallory (CREATEROLE) made a role literally named "app-owner", quotes included: a twice-quoted
# owner name hands the grown table to it.
case_role_hijack() {
  attack "a role named like the owner in quotes" "$1" "$2"
  newdb c9_"$1"_"$2" "$1" "$2" app-owner
  [ "$("${SU[@]}" -d "$DB" -At -c "SELECT count(*) FROM pg_roles WHERE rolname = '\"app-owner\"'")" = 1 ] \
    || as mallory -d "$DB" -q -c "CREATE ROLE \"\"\"app-owner\"\"\""
  bucket_table public.ev 4 1000 app-owner
  "${SU[@]}" -d "$DB" -q -c "SET client_min_messages = warning" -c "CREATE TABLE dba.s AS SELECT i, s FROM $X.uuid_bucket_grow_ddl('public.ev'::regclass, 5) WITH ORDINALITY g(s, i)"
  local r; r=$(run_script s)
  local owner; owner=$("${SU[@]}" -d "$DB" -At -c "SELECT relowner::regrole FROM pg_class WHERE oid = 'public.ev'::regclass")
  if [ "$owner" = "\"\"\"app-owner\"\"\"" ]; then report fell "the grown table belongs to mallory's role $owner"
  elif [ "${r%% *}" = 0 ] && [ "$owner" = "\"app-owner\"" ]; then report blocked "the grown table still belongs to \"app-owner\""
  else report broken "script: $r; owner: $owner"; fi
}

# Names that need quotes everywhere in a tail split (the owner's own, no attacker): table, key
# column, partitions, the referencing table and its foreign key, with quotes, spaces and the
# dollar quotes the script's DO blocks would use; a grant to "Reader ""x""" on the partition.
case_tail_names() {
  attack "tail split of names with quotes, spaces and dollar quotes" "$1" "$2"
  [ "$2" = native ] || { report n/a "the SQL edition has no uuid_tail_ops (creating an operator class takes a superuser)"; return; }
  newdb c19_"$1"_"$2" "$1" "$2" app-owner
  local t="public.\"Acc 'q' \"\"x\"\" \$uuid_shard\$ y\""
  as app-owner -d "$DB" -q -v x="$X" <<'SQL'
SET client_min_messages = warning;
CREATE TABLE public."Acc 'q' ""x"" $uuid_shard$ y" ("I ""d"" $1" uuid PRIMARY KEY DEFAULT :"x".uuidv7(), "n n" int)
  PARTITION BY HASH ("I ""d"" $1" :"x".uuid_tail_ops);
SELECT s FROM :"x".uuid_tail_partition_ddl(pg_catalog.format('public.%I', 'Acc ''q'' "x" $uuid_shard$ y')::regclass, 4) s \gexec
INSERT INTO public."Acc 'q' ""x"" $uuid_shard$ y" ("n n") SELECT g FROM generate_series(1, 1000) g;
CREATE TABLE public."Ord $uuid_shard_1$ 'z'" (id bigserial PRIMARY KEY, a uuid,
  CONSTRAINT "fk $uuid_shard$ END; $uuid_shard_2$ ""q"" 'x'" FOREIGN KEY (a) REFERENCES public."Acc 'q' ""x"" $uuid_shard$ y");
INSERT INTO public."Ord $uuid_shard_1$ 'z'" (a) SELECT "I ""d"" $1" FROM public."Acc 'q' ""x"" $uuid_shard$ y";
GRANT SELECT ON public."Acc 'q' ""x"" $uuid_shard$ y_h4_1" TO "Reader ""x""";
SQL
  local made; made=$(tail_script s "public.\"Acc 'q' \"\"x\"\" \$uuid_shard\$ y_h4_1\"" app-owner) \
    || { report broken "uuid_tail_split_ddl: $(grep -m1 -o 'ERROR: .*' <<<"$made")"; return; }
  local tag; tag=$(do_tag s)
  local r; r=$(run_script_as app-owner s)
  local h; h=$(hits)
  local state; state=$("${SU[@]}" -d "$DB" -At -v x="$X" -v t="$t" <<'SQL'
SELECT (SELECT string_agg(p.modulus || ':' || p.remainder, ' ' ORDER BY p.modulus, p.remainder) FROM :"x".uuid_tail_partitions(:'t'::regclass) p)
    || '; ' || (SELECT count(*) FROM public."Acc 'q' ""x"" $uuid_shard$ y" e JOIN :"x".uuid_tail_partitions(:'t'::regclass) p ON p.partition = e.tableoid
                 WHERE :"x".uuid_tail_remainder(e."I ""d"" $1", p.modulus) = p.remainder) || ' placed'
    || '; fk validated ' || (SELECT string_agg(convalidated::text, ',') FROM pg_constraint
                              WHERE contype = 'f' AND conparentid = 0 AND conname = 'fk $uuid_shard$ END; $uuid_shard_2$ "q" ''x''')
    || '; reader ' || (SELECT string_agg(has_table_privilege('Reader "x"', c.oid, 'SELECT')::text, ',' ORDER BY c.relname)
                         FROM pg_class c WHERE c.relname IN ('Acc ''q'' "x" $uuid_shard$ y_h8_1', 'Acc ''q'' "x" $uuid_shard$ y_h8_5'));
SQL
)
  if [ -n "$h" ]; then report fell "ran as $h"
  elif [ "${r%% *}" = 0 ] && [ "$state" = "4:0 4:2 4:3 8:1 8:5; 1000 placed; fk validated true; reader true,true" ] && [ -n "$tag" ] && [ "$tag" != '$uuid_shard$' ]; then
    report blocked "split done, every name quoted once, the DO block quoted with $tag"
  else report broken "script: $r; $state; tag '$tag'"; fi
}
# mallory, granted REFERENCES on the owner's table, adds a foreign key from a table of hers whose
# names would end the split script's dollar quote: the owner's split must stop before any row
# moves (the owner may not drop her constraint), and none of her text may run.
case_tail_fk() {
  attack "foreign key from mallory's table, its names built to end the split's dollar quote" "$1" "$2"
  [ "$2" = native ] || { report n/a "the SQL edition has no uuid_tail_ops (creating an operator class takes a superuser)"; return; }
  newdb c20_"$1"_"$2" "$1" "$2"
  tail_table public.acc 2000
  as app -d "$DB" -q -c "GRANT REFERENCES ON public.acc TO mallory"
  as mallory -d "$DB" -q <<'SQL'
CREATE TABLE mallory."m $uuid_shard$ t $uuid_shard_1$" (x uuid,
  CONSTRAINT "$uuid_shard$; SELECT mallory.hit('dollar quote'); --" FOREIGN KEY (x) REFERENCES public.acc (id));
SQL
  local made; made=$(tail_script s public.acc_h4_1) || { report broken "uuid_tail_split_ddl: $(grep -m1 -o 'ERROR: .*' <<<"$made")"; return; }
  local tag; tag=$(do_tag s)
  local r; r=$(run_script_as app s)
  local h p parts; h=$(hits); p=$(tail_placed public.acc); parts=$(tail_parts public.acc)
  if [ -n "$h" ]; then report fell "ran as $h"
  elif [ "${r%% *}" != 0 ] && [ "$p" = "2000 rows, 0 misplaced" ] && [ "$parts" = "acc_h4_0:4:0 acc_h4_1:4:1 acc_h4_2:4:2 acc_h4_3:4:3" ]; then
    report blocked "stopped before a row moved: ${r#* } (DO block quoted with $tag)"
  elif [ "${r%% *}" = 0 ] && [ "$p" = "2000 rows, 0 misplaced" ]; then report blocked "split done, nothing of mallory's ran (DO block quoted with $tag)"
  else report broken "$r; $p; $parts"; fi
}

# ---- class 6: the SQL edition's plain script over a function mallory made first --------------------
case_edition_squat() {
  attack "edition installed over mallory's function" "$1" sql
  [ "$1" = writable ] || { report n/a "mallory cannot create in a schema the installer uses"; return; }
  DB=c10_$1
  make_db "$DB" app
  "${SU[@]}" -d "$DB" -q -c "GRANT CREATE ON SCHEMA public TO PUBLIC" -c "CREATE SCHEMA mlog"
  as mallory -d "$DB" -q -c "CREATE FUNCTION public.uuid_bucket(id uuid, n integer) RETURNS integer LANGUAGE sql AS 'SELECT 0'"
  local out rc=0 out2 rc2=0
  out=$("${SU[@]}" -d "$DB" -v schema=public -f "$plain" 2>&1) || rc=$?
  out2=$("${SU[@]}" -d "$DB" -v schema=public -v shared_schema_ok=on -f "$plain" 2>&1) || rc2=$?
  local state; state=$("${SU[@]}" -d "$DB" -At -c "SELECT p.proowner::regrole || ' ' || (p.prosrc = 'SELECT 0') FROM pg_proc p WHERE p.oid = 'public.uuid_bucket(uuid, integer)'::regprocedure")
  if [ "$state" = "mallory false" ]; then report fell "public.uuid_bucket has the edition's body and still belongs to mallory, who can change it"
  elif [ "$rc" != 0 ] && [ "$rc2" != 0 ] && [ "$state" = "mallory true" ]; then
    report blocked "refused: $(grep -m1 -o 'ERROR: .*' <<<"$out" | cut -c1-90)...; with shared_schema_ok: $(grep -m1 -o 'ERROR: .*' <<<"$out2" | cut -c1-80)..."
  else report broken "rc $rc/$rc2, $state: $(grep -m1 -o 'ERROR: .*' <<<"$out$out2")"; fi
}

# ---- class 7: what the docs tell users to run ----------------------------------------------------
# Every helper call in a sql block of the README and docs/ passes typed arguments, so that an
# overload another role plants (say a text one, on 13/14's writable public) cannot be chosen.
case_docs_typed() {
  attack "docs call helpers with untyped literals" docs -
  local bad
  bad=$(python3 - "$PROJECT_ROOT" <<'PY'
import glob, re, sys
root = sys.argv[1]
helpers = re.compile(r"\b(uuid_v7_partition_ddl|uuid_v7_retention_ddl|uuid_v7_partitions|uuid_bucket_partition_ddl|uuid_bucket_partitions|uuid_bucket_grow_ddl"
                     r"|uuid_tail_partition_ddl|uuid_v7_tail_partition_ddl|uuid_tail_partitions|uuid_tail_split_ddl)\(")
typed_before = ("timestamptz", "interval", "text", "regclass", "uuid", "timestamp", "boolean")
bad = []
for page in [f"{root}/README.md"] + sorted(glob.glob(f"{root}/docs/*.md")):
    for block in re.findall(r"```sql\n(.*?)```", open(page).read(), re.S):
        for m in helpers.finditer(block):
            depth, i = 1, m.end()
            while i < len(block) and depth:          # the argument list, parentheses balanced
                depth += {"(": 1, ")": -1}.get(block[i], 0)
                i += 1
            args = block[m.end():i - 1]
            if re.search(r"\b\w+\s+(regclass|timestamptz|integer|interval|boolean|text(\[\])?)\s*(,|DEFAULT|$)", args):
                continue  # a signature (parameters with their types), not a call
            for lit in re.finditer(r"(\w+\s+)?'(?:[^']|'')*'(::)?", args):
                before = args[:lit.start()]
                in_array = before.rfind("ARRAY[") > before.rfind("]")
                if not lit.group(2) and not in_array and not (lit.group(1) and lit.group(1).strip().lower() in typed_before):
                    bad.append(f"{page[len(root) + 1:]}: {block[m.start():i][:100]}")
                    break
print("\n".join(bad))
PY
)
  if [ -n "$bad" ]; then report fell "$(wc -l <<<"$bad") calls, first: $(head -1 <<<"$bad")"
  else report blocked "every helper call in README.md and docs/ passes typed arguments"; fi
}

# ---- class 9: the rekey's state table and sync functions -------------------------------------------
# Where mallory may create in the tables' schema she plants the rekey's state table and a
# function named like a sync function: expand stops before any change (42P07, then 42710), and
# runs once they are gone; none of her code runs as the tables' owner.
case_rekey_squat() { # SETTING EDITION
  attack "rekey: a planted state table and sync function" "$1" "$2"
  if [ "$1" != writable ]; then report n/a "mallory cannot create in the tables' schema"; return; fi
  newdb c21_"$1"_"$2" "$1" "$2"
  as app -d "$DB" -q <<'SQL'
CREATE TABLE public.posts (id bigserial PRIMARY KEY, t timestamptz NOT NULL DEFAULT now());
CREATE TABLE public.comments (id bigserial PRIMARY KEY, post_id bigint REFERENCES public.posts);
INSERT INTO public.posts DEFAULT VALUES;
INSERT INTO public.comments (post_id) VALUES (1);
SQL
  as mallory -d "$DB" -q -c "CREATE TABLE public.posts_rekey (ord int)" -c "GRANT ALL ON public.posts_rekey TO PUBLIC" \
    -c "CREATE FUNCTION public.comments_rekey_sync() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN PERFORM mallory.hit('sync'); RETURN NEW; END \$\$" \
    -c "GRANT EXECUTE ON FUNCTION public.comments_rekey_sync() TO PUBLIC"
  local first second third
  first=$(as app -d "$DB" -v VERBOSITY=sqlstate 2>&1 <<<"SELECT $X.uuid_rekey_ddl('public.posts', 'expand') \gexec" || true)
  as mallory -d "$DB" -q -c "DROP TABLE public.posts_rekey"
  second=$(as app -d "$DB" -v VERBOSITY=sqlstate 2>&1 <<<"SELECT $X.uuid_rekey_ddl('public.posts', 'expand') \gexec" || true)
  as mallory -d "$DB" -q -c "DROP FUNCTION public.comments_rekey_sync()"
  third=$(as app -d "$DB" -v VERBOSITY=sqlstate -v ON_ERROR_STOP=1 2>&1 <<SQL || true
SELECT $X.uuid_rekey_ddl('public.posts', 'expand') \gexec
INSERT INTO public.comments (post_id) VALUES (1);
SELECT count(*) FROM public.comments WHERE post_uuid IS NULL;
SQL
)
  if [ -n "$(hits)" ]; then report fell "mallory's code ran as $(hits)"
  elif grep -q 'ERROR:  42P07' <<<"$first" && grep -q 'ERROR:  42710' <<<"$second" && ! grep -q ERROR <<<"$third"; then
    report blocked "42P07 for the state table, 42710 for the function, then expand ran"
  else report broken "first: $(grep -m1 ERROR <<<"$first") second: $(grep -m1 ERROR <<<"$second") third: $(grep -m1 ERROR <<<"$third")"; fi
}

# ---- class 8: old minors ---------------------------------------------------------------------------
# No server older than 13.12 / 14.9 / 15.4 runs here: the install and upgrade scripts are read
# instead, to see that their first statement refuses such minors.
case_minor_check() {
  attack "scripts run on minors with CVE-2023-39417" "$major" native
  local ext out; ext="$("$(pg_bin "$major")/pg_config" --sharedir)/extension"
  out=$(python3 - "$ext" <<'PY'
import glob, re, sys
bad = []
for f in sorted(glob.glob(sys.argv[1] + "/uuid_shard--*.sql")):
    text = re.sub(r"/\*.*?\*/", "", open(f).read(), flags=re.S)
    text = "\n".join(l for l in text.splitlines() if not l.strip().startswith(("--", "\\echo")) and l.strip())
    if "0.1.0--0.2.0" in f:
        continue  # released before the check; a database on 0.1.0 runs the next script next
    if not re.match(r"DO \$uuid_shard_minor_check\$", text):
        bad.append(f.rsplit("/", 1)[1])
print(" ".join(bad))
PY
)
  if [ -n "$out" ]; then report fell "no minor check first in: $out"
  else report blocked "install and upgrade scripts refuse 13.0-13.11, 14.0-14.8, 15.0-15.3 first"; fi
}

for setting in writable locked; do
  for edition in native sql; do
    case_notes "$setting" "$edition"
    case_domain_grow "$setting" "$edition"
    case_domain_time "$setting" "$edition"
    case_search_path "$setting" "$edition"
    case_generator_path "$setting" "$edition"
    case_squat_time "$setting" "$edition"
    case_squat_bucket_ddl "$setting" "$edition"
    case_squat_grow "$setting" "$edition"
    case_adopt_grow "$setting" "$edition"
    case_role_names "$setting" "$edition"
    case_role_hijack "$setting" "$edition"
    case_tail_path "$setting" "$edition"
    case_tail_squat "$setting" "$edition"
    case_tail_names "$setting" "$edition"
    case_tail_fk "$setting" "$edition"
    case_rekey_squat "$setting" "$edition"
  done
  case_edition_squat "$setting"
done
[ -n "$release" ] || case_docs_typed
case_minor_check

if [ -n "$release" ]; then
  # Measuring a release: what it falls to is the result, not a failure of this suite.
  echo "hostile PG$major: release $release falls to $fell of $cases attacks ($blocked blocked, $failed broken otherwise)"
  exit 0
fi
echo "hostile PG$major: $cases attacks, $blocked blocked, $fell succeeded, $failed broken"
finish
