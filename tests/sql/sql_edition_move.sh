#!/usr/bin/env bash
# Moving a database between the editions in place (sql_edition/to_native.sql and
# sql_edition/to_sql_edition.sql): SQL edition -> native -> SQL edition, over a table of
# 1,000,000 rows (100,000 where not is_full_size) with a default, a generated column, a CHECK
# constraint, an expression index and a view, a RANGE-partitioned table with bounds from the
# helpers and a LIST-partitioned one keyed on uuid_bucket. After each move: no row or stored
# value changed, no table or index was rewritten (same files), every function kept its OID and
# is the other edition's (language, markings, membership of the extension), the dependents agree
# with the functions now behind them, and the functions equal those of a fresh install of that
# edition, object by object. Then the same database dumped, restored into another one and moved
# to native there. Prints how long each move took.
#   tests/sql/sql_edition_move.sh MAJOR     (the native extension must be installed)
set -euo pipefail
major=${1:?usage: tests/sql/sql_edition_move.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
rows=1000000
is_full_size "$major" || rows=100000
. "$here/lib/edition.sh"
script=$plain_script
suite_cluster "edition-move-$major"
t0=$SECONDS
for d in app fresh_native fresh_sql helpers; do make_db "$d"; done
db fresh_native -c "CREATE EXTENSION uuid_shard"
# The edition's own helpers (argument domains, raising functions, alphabets), from the catalog of
# a database with both editions; to_native.sql drops them by a list that must be exactly these.
db helpers -q -c "CREATE EXTENSION uuid_shard" -v schema=ed -f "$script"
edition_helpers=$(edition_only public ed db helpers)
check_to_native_drops "$edition_helpers"
# In public, as a database that has had the edition there since before 0.3.0 (public is
# writable by every role on 13 and 14: the script warns and installs).
db fresh_sql -v schema=public -v shared_schema_ok=on -f "$script" 2>/dev/null

# The SQL edition in public, with everything that can depend on its functions.
db app -v schema=public -v shared_schema_ok=on -f "$script" 2>/dev/null
db app <<SQL
CREATE TABLE ev (
  id uuid PRIMARY KEY DEFAULT public.uuidv7(),
  key2 text GENERATED ALWAYS AS (uuid_shard_key(id, 2)) STORED,
  body int,
  CHECK (uuid_version(id) = 7));
CREATE INDEX ev_bucket ON ev (uuid_bucket(id, 8));
CREATE VIEW ev_times AS SELECT id, uuid_v7_time(id) AS t FROM ev;
CREATE TABLE jobs (id uuid NOT NULL DEFAULT public.uuidv7(), body int) PARTITION BY LIST (uuid_bucket(id, 2));
CREATE TABLE jobs_0 PARTITION OF jobs FOR VALUES IN (0);
CREATE TABLE jobs_1 PARTITION OF jobs FOR VALUES IN (1);
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT public.uuidv7(), total int) PARTITION BY RANGE (id);
SELECT uuid_v7_partition_ddl('orders', '2026-01-01', '2027-01-01', '1 month', 'UTC', true) \gexec
INSERT INTO ev (id, body) SELECT public.uuidv7(), g FROM generate_series(1, $rows) g;
INSERT INTO jobs (body) SELECT g FROM generate_series(1, 10000) g;
INSERT INTO orders (id, total) SELECT uuid_v7_at('2026-01-01'::timestamptz + g * interval '52 minutes'), g FROM generate_series(1, 10000) g;
ANALYZE;
SQL
echo "SQL edition installed, $rows rows in ev, 10,000 in jobs and in orders ($((SECONDS - t0))s)"

# Rows with their partition, every relation's file, every function's OID: none may change (but
# those of the internal functions that take the internal composite types, which to_native.sql
# makes anew with their type).
state_sql="SELECT string_agg(x, ' ' ORDER BY x) FROM (
  SELECT p.oid::regprocedure::text || '=' || p.oid AS x FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
     AND p.proname <> ALL (string_to_array('$(helper_names "$edition_helpers")', ' ')::name[])  -- the edition's helpers: only the edition has them
     AND p.proname <> 'uuid_tail_hash_extended'  -- native only: the support function of uuid_tail_ops
     -- internal functions of an internal composite type (nothing can depend on them): made anew
     AND NOT EXISTS (SELECT FROM pg_type t WHERE t.typnamespace = p.pronamespace AND t.typtype = 'c' AND t.typname LIKE '\\_uuid%'
                        AND (p.prorettype IN (t.oid, t.typarray) OR t.oid = ANY (p.proargtypes::oid[]) OR t.typarray = ANY (p.proargtypes::oid[])))
  UNION ALL SELECT c.relname || ':' || c.relfilenode FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i', 'v', 'p', 'I')
  UNION ALL SELECT 'ev:' || md5(string_agg(e::text, ',' ORDER BY id)) FROM ev e
  UNION ALL SELECT 'jobs:' || md5(string_agg(tableoid::regclass || j::text, ',' ORDER BY id)) FROM jobs j
  UNION ALL SELECT 'orders:' || md5(string_agg(tableoid::regclass || o::text, ',' ORDER BY id)) FROM orders o
  UNION ALL SELECT 'bounds:' || string_agg(c.relname || pg_get_expr(c.relpartbound, c.oid), ',' ORDER BY c.relname)
              FROM pg_class c WHERE c.relispartition) s"
# A function as a fresh install defines it (schema, OID and owner aside).
# (min/max(uuid) are aggregates, which pg_get_functiondef refuses: their pg_aggregate row instead.)
funcs_sql="SELECT string_agg(CASE WHEN p.prokind = 'a' THEN (SELECT format('AGGREGATE %s (%s, %s, %s, %s, %s)', p.oid::regprocedure,
                                    a.aggtransfn::regprocedure, a.aggcombinefn::regprocedure, a.aggsortop::regoperator,
                                    a.aggtranstype::regtype, p.proparallel) FROM pg_aggregate a WHERE a.aggfnoid = p.oid)
                              ELSE pg_get_functiondef(p.oid) END || coalesce(obj_description(p.oid, 'pg_proc'), '')
                  || (SELECT coalesce(string_agg(e.extname, ','), 'no extension') FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid
                       WHERE d.objid = p.oid AND d.deptype = 'e'), E'\n' ORDER BY p.oid::regprocedure::text)
             FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace"
# The dependents agree with the functions behind them now; the index answers as a scan does.
agree_sql="SELECT (SELECT count(*) FROM ev WHERE key2 IS DISTINCT FROM uuid_shard_key(id, 2)) = 0
   AND (SELECT count(*) FROM jobs_0 WHERE uuid_bucket(id, 2) <> 0) + (SELECT count(*) FROM jobs_1 WHERE uuid_bucket(id, 2) <> 1) = 0
   AND (SELECT count(*) FROM orders o WHERE NOT EXISTS (
          SELECT FROM uuid_v7_partitions('orders') p WHERE p.partition = o.tableoid AND o.id >= uuid_v7_boundary(p.from_time)
                 AND o.id < uuid_v7_boundary(p.to_time))) = 0
   AND (SELECT count(*) FROM ev_times WHERE t IS NULL OR t <> uuid_v7_time(id)) = 0"
per_bucket="SELECT string_agg((SELECT count(*) FROM ev WHERE uuid_bucket(id, 8) = k)::text, ',' ORDER BY k) FROM generate_series(0, 7) k"
# the same counts from one sequential scan (one call per row)
per_bucket_scan="SELECT string_agg(c::text, ',' ORDER BY k) FROM (SELECT uuid_bucket(id, 8) AS k, count(*) AS c FROM ev GROUP BY 1) s"
verify() { # verify EDITION(native|sql) FRESH_DB
  local lang; lang=$([ "$1" = native ] && echo c || echo plpgsql)
  suite_case "moved to the $1 edition"
  check "no row, stored value, partition bound, table or index file, function OID changed" "$(db app -c "$state_sql")" "$before"
  check "functions are the $1 edition's, as in a fresh install" "$(db app -c "$funcs_sql")" "$(db "$2" -c "$funcs_sql")"
  check "uuidv7() behind the default is $lang" \
    "$(db app -c "SELECT l.lanname FROM pg_attrdef a JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass AND d.objid = a.oid AND d.refclassid = 'pg_proc'::regclass
                     JOIN pg_proc p ON p.oid = d.refobjid JOIN pg_language l ON l.oid = p.prolang
                    WHERE a.adrelid = 'ev'::regclass AND p.proname = 'uuidv7'")" "$lang"
  check "generated column, LIST routing, RANGE partitions, view agree with the functions" "$(db app -c "$agree_sql")" t
  check "expression index used and equal to a sequential scan" \
    "$(db app -c "SET enable_seqscan = off" -c "SET enable_indexscan = off" -c "SET enable_indexonlyscan = off" -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM ev WHERE uuid_bucket(id, 8) = 3" | grep -c 'Bitmap Index Scan on ev_bucket'),$(db app -c "SET enable_seqscan = off" -c "SET enable_indexscan = off" -c "SET enable_indexonlyscan = off" -c "$per_bucket")" \
    "1,$(db app -c "SET enable_indexscan = off" -c "SET enable_bitmapscan = off" -c "$per_bucket_scan")"
  check "new rows through defaults into every table" \
    "$(db app -c "INSERT INTO ev (body) VALUES (-1) RETURNING uuid_version(id)" -c "INSERT INTO jobs (body) VALUES (-1) RETURNING 1" -c "INSERT INTO orders (total) VALUES (-1) RETURNING 1" | tr '\n' ,)" "7,1,1,"
  db app -qc "DELETE FROM ev WHERE body = -1" -c "DELETE FROM jobs WHERE body = -1" -c "DELETE FROM orders WHERE total = -1"
  suite_case
}
before=$(db app -c "$state_sql")

t1=$(date +%s.%N)
db app -v schema=public -f "$PROJECT_ROOT/sql_edition/to_native.sql" >/dev/null 2>&1 || { fail "SQL edition -> native: to_native.sql"; db app -v schema=public -f "$PROJECT_ROOT/sql_edition/to_native.sql" || true; finish; }
echo "SQL edition -> native: $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')s"
verify native fresh_native

t1=$(date +%s.%N)
db app -v schema=public -v script="$script" -f "$PROJECT_ROOT/sql_edition/to_sql_edition.sql" >/dev/null 2>&1 || { fail "native -> SQL edition: to_sql_edition.sql"; finish; }
echo "native -> SQL edition: $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')s"
verify sql fresh_sql

# Between servers: the plain script's database dumped, restored into another database (it
# carries the functions as ordinary functions), then moved to the native extension there.
rows_sql="SELECT md5(string_agg(x, ',' ORDER BY x)) FROM (
  SELECT e::text AS x FROM ev e UNION ALL SELECT tableoid::regclass || j::text FROM jobs j
  UNION ALL SELECT tableoid::regclass || o::text FROM orders o) s"
make_db restored
"$CLUSTER_BIN/pg_dump" -Fc -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres app >"$dist/app.dump"
"$CLUSTER_BIN/pg_restore" -f - "$dist/app.dump" | db restored >/dev/null
db restored -v schema=public -f "$PROJECT_ROOT/sql_edition/to_native.sql" >/dev/null 2>&1 || fail "to_native.sql on the restored database"
check "dumped, restored elsewhere, then moved to native: same rows, functions as a fresh install" \
  "$(db restored -c "$rows_sql")|$(db restored -c "$funcs_sql")" "$(db app -c "$rows_sql")|$(db fresh_native -c "$funcs_sql")"


# A table partitioned by uuid_tail_ops keeps the database on the native extension: the operator
# class is native only, and to_sql_edition.sql stops before it changes anything.
make_db tail_native
db tail_native -qc "CREATE EXTENSION uuid_shard" \
  -c "CREATE TABLE acc (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_tail_ops)" \
  -c "CREATE TABLE acc_h1_0 PARTITION OF acc FOR VALUES WITH (MODULUS 1, REMAINDER 0)"
out=$(db tail_native -v schema=public -v script="$script" -f "$PROJECT_ROOT/sql_edition/to_sql_edition.sql" 2>&1 || true)
check "to_sql_edition.sql refuses a table partitioned by uuid_tail_ops, nothing changed" \
  "$(grep -c 'tables are partitioned by the operator class uuid_tail_ops, which the SQL edition does not have' <<<"$out") $(db tail_native -c "SELECT count(*) FROM pg_extension WHERE extname = 'uuid_shard'") $(db tail_native -c "SELECT count(*) FROM pg_opclass WHERE opcname = 'uuid_tail_ops'")" \
  "1 1 1"

finish
