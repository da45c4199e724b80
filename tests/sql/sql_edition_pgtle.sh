#!/usr/bin/env bash
# The SQL edition through pg_tle, as on a managed service: a role with pgtle_admin runs
# dist/uuid_shard-<version>.pgtle.sql, then the database owner (not a superuser) runs
# CREATE EXTENSION uuid_shard, in public and in a schema of its own, and the same migration
# that is run against the native extension gives the same results. pg_tle refuses a name whose
# control file is on disk, so this runs on a tree of its own without the native files (setup.sh
# step 7: second copies of the PG16 and PG18 wheels); on other majors it says so and skips.
#   tests/sql/sql_edition_pgtle.sh MAJOR     (the native extension must be installed in MAJOR)
set -euo pipefail
major=${1:?usage: tests/sql/sql_edition_pgtle.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
case " $PGTLE_MAJORS " in
  *" $major "*) tle_major=$major ;;
  *) echo "sql_edition_pgtle PG$major: no pg_tle tree for PostgreSQL $major (pg_tle runs on $PGTLE_MAJORS): skipped"; exit 0 ;;
esac
tle_bin=$(pgtle_bin "$tle_major")
[ -f "$("$tle_bin/pg_config" --pkglibdir)/pg_tle.so" ] || { echo "pg_tle is not built in $tle_bin/..: run scripts/setup.sh"; exit 1; }
[ ! -f "$("$tle_bin/pg_config" --sharedir)/extension/uuid_shard.control" ] || { echo "the pg_tle tree has the native files"; exit 1; }
. "$here/lib/edition.sh"
t0=$SECONDS

# The migration an application runs, whichever edition the server has.
migration=$(cat <<'SQL'
SET client_min_messages = warning;
CREATE EXTENSION uuid_shard;
RESET client_min_messages;
SET TimeZone = 'UTC';
CREATE TABLE events (id uuid PRIMARY KEY DEFAULT public.uuidv7(), body int,
                     shard text GENERATED ALWAYS AS (uuid_shard_key(id, 2)) STORED);
CREATE INDEX ON events (uuid_bucket(id, 5));
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT public.uuidv7(), total numeric) PARTITION BY RANGE (id);
SELECT uuid_v7_partition_ddl('orders', '2026-01-01', '2026-04-01', '1 month') \gexec
INSERT INTO events (body) SELECT g FROM generate_series(1, 1000) g;
INSERT INTO orders (id, total) SELECT uuid_v7_at('2026-01-01'::timestamptz + g * interval '1 hour'), g FROM generate_series(1, 2000) g;
SELECT extname, extversion FROM pg_extension WHERE extname = 'uuid_shard';
SELECT count(*), count(DISTINCT uuid_bucket(id, 5)), bool_and(uuid_version(id) = 7), bool_and(shard = uuid_shard_key(id, 2)) FROM events;
SELECT partition, from_time, to_time, (SELECT count(*) FROM orders o WHERE o.tableoid = p.partition) FROM uuid_v7_partitions('orders') p;
SELECT uuid_bucket('0195e3a1-7c2e-7b3d-8a4f-0123456789ab', 2147483647), uuid_shard_key('0195e3a1-7c2e-7b3d-8a4f-0123456789ab', 15),
       uuid_v7_boundary('2025-02-19 20:57:05.792+00'), uuid_v7_time('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'),
       uuid_version('017F22E2-79B0-7CC3-98C4-DC0C0C07398F');
SELECT uuid_v7_retention_ddl('orders', '2026-02-01', 'drop');
SQL
)

# The native extension's answers.
cluster_start "$major" "edition-pgtle-native-$major"
"${PSQL[@]}" -d postgres -c "CREATE ROLE app_owner LOGIN" -c "CREATE DATABASE app OWNER app_owner"
native_out=$("${PSQL[@]}" -U app_owner -d app -At <<<"$migration")
# kept running for the dump and restore between editions below
native_dir=$CLUSTER_DIR native_bin=$CLUSTER_BIN native_psql=("${PSQL[@]}")
native_conn=(-h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres)
trap 'cluster_stop_dir "$native_dir" "$native_bin"; rm -rf "$dist"' EXIT

# The pg_tle tree: pg_tle preloaded, a pgtle_admin, a database owner.
pg_bin() { echo "$tle_bin"; }   # cluster_start on the pg_tle tree
cluster_start "$tle_major" "edition-pgtle-$tle_major" "shared_preload_libraries = 'pg_tle'"
trap 'cluster_stop; cluster_stop_dir "$native_dir" "$native_bin"; rm -rf "$dist"' EXIT
tle_conn=(-h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres)
echo "pg_tle tree: PostgreSQL $("$tle_bin/pg_config" --version | cut -d' ' -f2), pg_tle $("${PSQL[@]}" -d postgres -Atc "SELECT default_version FROM pg_available_extensions WHERE name = 'pg_tle'")"
"${PSQL[@]}" -d postgres -c "CREATE ROLE app_owner LOGIN" -c "CREATE DATABASE app OWNER app_owner" \
  -c "CREATE DATABASE app_schema OWNER app_owner" -c "CREATE DATABASE app_plain OWNER app_owner" -c "CREATE ROLE tle_admin LOGIN"
for d in app app_schema; do
  "${PSQL[@]}" -d "$d" -c "CREATE EXTENSION pg_tle" -c "GRANT pgtle_admin TO tle_admin" >/dev/null
  "${PSQL[@]}" -U tle_admin -d "$d" -f "$pgtle_script" >/dev/null
done
check "registered with pg_tle by a pgtle_admin (not a superuser)" \
  "$("${PSQL[@]}" -U tle_admin -d app -Atc "SELECT name || ' ' || default_version || ' ' || (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) FROM pgtle.available_extensions() WHERE name = 'uuid_shard'")" \
  "uuid_shard $version false"

# The same migration, by the database owner: the same answers.
tle_out=$("${PSQL[@]}" -U app_owner -d app -At <<<"$migration")
check "CREATE EXTENSION uuid_shard by the database owner (not a superuser), same migration, same results as native" "$tle_out" "$native_out"
[ "$tle_out" = "$native_out" ] || diff <(echo "$native_out") <(echo "$tle_out") || true

# Between servers by pg_dump and pg_restore (the pg_tle tree's tools, the newer or the same major).
# The rows, and what the functions now behind them say about them:
rows_sql="SELECT md5(string_agg(x, ',' ORDER BY x)) || ' ' || (SELECT bool_and(shard = uuid_shard_key(id, 2)) FROM events)
                 || ' ' || (SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
                             WHERE p.oid = 'public.uuid_bucket(uuid, integer)'::regprocedure)
            FROM (SELECT e::text AS x FROM events e UNION ALL SELECT tableoid::regclass || o::text FROM orders o) s"
# native -> pg_tle server: the target database gets pg_tle and the registration first; the dump's
# CREATE EXTENSION uuid_shard then creates the pg_tle edition
"${PSQL[@]}" -d postgres -c "CREATE DATABASE from_native OWNER app_owner" >/dev/null
"${PSQL[@]}" -d from_native -c "CREATE EXTENSION pg_tle" >/dev/null
"${PSQL[@]}" -U tle_admin -d from_native -f "$pgtle_script" >/dev/null 2>&1
"$tle_bin/pg_dump" -Fc "${native_conn[@]}" app >"$dist/native.dump"
restore() { # restore DUMP PSQL... [-- pg_restore options]: as SQL through psql (ON_ERROR_STOP), without
  # the pg_attver column options Debian's PostgreSQL 15.20 dumps and other builds reject, and without
  # the \restrict / \unrestrict lines of newer pg_restore, which psql before 13.22 (Debian 11's 13.16) rejects
  local dump=$1; shift
  "$tle_bin/pg_restore" -f - "${restore_opts[@]}" "$dump" | sed -e '/ SET (pg_attver=[0-9]*);$/d' -e '/^\\\(un\)\{0,1\}restrict /d' | "$@" >/dev/null
}
restore_opts=()
restore "$dist/native.dump" "${PSQL[@]}" -d from_native
check "native database dumped and restored onto the pg_tle edition: same rows, agreeing, SQL functions" \
  "$("${PSQL[@]}" -d from_native -Atc "$rows_sql")" "$(sed 's/ c$/ plpgsql/' <<<"$("${native_psql[@]}" -d app -Atc "$rows_sql")")"
# pg_tle -> native server: the dump without pg_tle's schema and extension entries
"$tle_bin/pg_dump" -Fc -N pgtle "${tle_conn[@]}" app >"$dist/tle.dump"
"$tle_bin/pg_restore" -l "$dist/tle.dump" | grep -v -e ' EXTENSION - pg_tle' -e 'COMMENT - EXTENSION pg_tle' >"$dist/tle.list"
"${native_psql[@]}" -d postgres -c "CREATE DATABASE from_tle OWNER app_owner" >/dev/null
restore_opts=(-L "$dist/tle.list")
# (through the pg_tle tree's psql: an older psql may not know what a newer pg_restore writes)
restore "$dist/tle.dump" "$tle_bin/psql" -X -q -v ON_ERROR_STOP=1 "${native_conn[@]}" -d from_tle
check "pg_tle database dumped (-N pgtle, pg_tle entries left out) and restored onto the native extension: same rows, agreeing, C functions" \
  "$("${native_psql[@]}" -d from_tle -Atc "$rows_sql")" "$(sed 's/ plpgsql$/ c/' <<<"$("${PSQL[@]}" -d app -Atc "$rows_sql")")"

# Its functions are the plain script's, object by object (the plain script is the one proven
# bit-identical to the native extension by sql_edition_parity.sh).
"${PSQL[@]}" -U app_owner -d app_plain -f "$plain_script" 2>/dev/null
funcs_sql="SELECT string_agg(pg_get_functiondef(p.oid) || coalesce(obj_description(p.oid, 'pg_proc'), ''), E'\n' ORDER BY p.oid::regprocedure::text)
             FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace"
check "functions equal the plain script's, object by object" \
  "$("${PSQL[@]}" -d app -Atc "$funcs_sql")" "$("${PSQL[@]}" -d app_plain -Atc "$funcs_sql")"
check "every function a member of extension uuid_shard" \
  "$("${PSQL[@]}" -d app -Atc "SELECT count(*) FILTER (WHERE d.objid IS NULL) FROM pg_proc p LEFT JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e' WHERE p.pronamespace = 'public'::regnamespace")" 0

# From the pg_tle edition to the plain script in place (sql_edition/to_sql_edition.sql), the first
# half of a move to the native extension on a server that has its files (tests/sql/sql_edition_move.sh
# does the second): every function keeps its OID, no table or index is rewritten.
state_sql="SELECT string_agg(x, ' ' ORDER BY x) FROM (
  SELECT p.oid::regprocedure::text || '=' || p.oid AS x FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
  UNION ALL SELECT c.relname || ':' || c.relfilenode FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i', 'p')
  UNION ALL SELECT 'events:' || md5(string_agg(e::text, ',' ORDER BY id)) FROM events e) s"
before=$("${PSQL[@]}" -d app -Atc "$state_sql")
"${PSQL[@]}" -d app -v schema=public -v script="$plain_script" -f "$PROJECT_ROOT/sql_edition/to_sql_edition.sql" >/dev/null 2>&1
check "pg_tle edition -> plain script in place: extension gone, OIDs, files and rows kept, functions as the plain script's" \
  "$("${PSQL[@]}" -d app -Atc "SELECT count(*) FROM pg_extension WHERE extname = 'uuid_shard'")|$("${PSQL[@]}" -d app -Atc "$state_sql")|$("${PSQL[@]}" -d app -Atc "$funcs_sql")" \
  "0|$before|$("${PSQL[@]}" -d app_plain -Atc "$funcs_sql")"

# In a schema of its own, called with that schema off search_path (@extschema@ substituted).
check "CREATE EXTENSION uuid_shard SCHEMA shard, calls with shard off search_path" "$("${PSQL[@]}" -U app_owner -d app_schema -At <<'SQL'
CREATE SCHEMA shard;
CREATE EXTENSION uuid_shard SCHEMA shard;
SET search_path = '';
CREATE TABLE public.t (id uuid PRIMARY KEY DEFAULT shard.uuidv7()) PARTITION BY RANGE (id);
SELECT shard.uuid_v7_partition_ddl('public.t', '2026-01-01', '2026-03-01') \gexec
SELECT string_agg(partition::text, ',' ORDER BY from_time) FROM shard.uuid_v7_partitions('public.t');
SQL
)" "public.t_p20260101,public.t_p20260201"

# Dropping it leaves pg_tle's registration, so it can be created again.
check "DROP EXTENSION, CREATE EXTENSION again" \
  "$("${PSQL[@]}" -U app_owner -d app_schema -Atc "DROP EXTENSION uuid_shard CASCADE" -c "CREATE EXTENSION uuid_shard" -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'" 2>/dev/null)" "$version"

# A newer release over an installed one: its .pgtle.sql registers the new version with an update
# path, ALTER EXTENSION uuid_shard UPDATE replaces the functions in place (same OIDs), and what
# depends on them stays. (The newer release is this one with a changed function body.)
"${PSQL[@]}" -U app_owner -d app_schema -q <<'SQL'
CREATE TABLE upd (id uuid PRIMARY KEY DEFAULT public.uuidv7(), b int GENERATED ALWAYS AS (uuid_bucket(id, 4)) STORED);
CREATE INDEX upd_key ON upd (uuid_shard_key(id, 3));
INSERT INTO upd SELECT FROM generate_series(1, 1000);
SQL
upd_state="SELECT string_agg(x, ' ' ORDER BY x) FROM (
  SELECT p.oid::regprocedure::text || '=' || p.oid AS x FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
  UNION ALL SELECT c.relname || ':' || c.relfilenode FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i')
  UNION ALL SELECT 'upd:' || md5(string_agg(u::text, ',' ORDER BY id)) FROM upd u) s"
before=$("${PSQL[@]}" -d app_schema -Atc "$upd_state")
sed "s/^    v_version CONSTANT text := '$version';/    v_version CONSTANT text := '$version.1';/; s/^    b bigint := -1;/    b bigint := -1;  -- newer/" "$pgtle_script" >"$dist/newer.pgtle.sql"
"${PSQL[@]}" -U tle_admin -d app_schema -f "$dist/newer.pgtle.sql" >/dev/null 2>&1
"${PSQL[@]}" -U tle_admin -d app_schema -f "$dist/newer.pgtle.sql" >/dev/null 2>&1   # again: a no-op
check "newer release: registered with an update path, ALTER EXTENSION UPDATE, functions replaced in place, dependents kept" \
  "$("${PSQL[@]}" -U app_owner -d app_schema -Atc "ALTER EXTENSION uuid_shard UPDATE" \
       -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'" \
       -c "SELECT prosrc LIKE '%-- newer%' FROM pg_proc WHERE oid = 'public.uuid_bucket(uuid, integer)'::regprocedure" | tr '\n' ' ')$("${PSQL[@]}" -d app_schema -Atc "$upd_state")" \
  "$version.1 t $before"

echo "sql_edition_pgtle PG$major (pg_tle tree PG$tle_major): $((SECONDS - t0))s, $([ $fail = 0 ] && echo ok || echo FAILED)"
exit $fail
