#!/usr/bin/env bash
# Parallel-query test for uuid_shard: the functions run inside parallel workers and give the
# same answers as a serial plan; workers minting UUIDs never share a random stream.
#   tests/sql/parallel.sh MAJOR        (MAJOR = 15 or 18; the extension must already be installed)
#   PARALLEL_ROWS=5000000 tests/sql/parallel.sh 18    (a bigger table by hand; default 1000000)
#
# Parallel plans are forced (parallel_setup_cost = parallel_tuple_cost = 0,
# min_parallel_table_scan_size = 0, max_parallel_workers_per_gather = 2) and the leader does not
# scan (parallel_leader_participation = off), so every value is computed in a worker. The source
# table holds PARALLEL_ROWS timestamps spread over only 10 distinct milliseconds, so the ids of one
# millisecond differ only in their random tails: a stream shared by two workers would repeat.
# Two passes on fresh scratch clusters: plain, and shared_preload_libraries = 'uuid_shard'
# (workers are forked from a postmaster that already has the library mapped). Each pass checks:
#   1. EXPLAIN ANALYZE VERBOSE of CREATE TABLE u AS SELECT ..., public.uuid_v7_at(ts): Gather with
#      Workers Launched > 0, uuid_v7_at in the Parallel Seq Scan's Output, worker rows add up to
#      every row; then in u: all ids distinct, all 8-byte tails distinct, version 7 + RFC variant,
#      uuid_v7_time(id) = date_trunc('milliseconds', ts).
#   2. SELECT count(DISTINCT id) FROM (SELECT public.uuid_v7_at(ts) id FROM src): uuid_v7_at
#      computed in the Parallel Seq Scan below a Gather with workers; the count equals the rows.
#   3. uuid_bucket / uuid_shard_key / uuid_v7_time in the Filter of a Parallel Seq Scan (partial
#      aggregates over them in the workers); the results equal those of a serial plan.
set -eEuo pipefail
major=${1:?usage: tests/sql/parallel.sh 15|18}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
ROWS=${PARALLEL_ROWS:-1000000}
case "$ROWS" in ''|*[!0-9]*|0) echo "PARALLEL_ROWS must be a positive integer" >&2; exit 2 ;; esac

suite_tmpdir work

FORCE_PARALLEL="SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2; SET parallel_leader_participation = off;"
EXPLAIN="EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF, SUMMARY OFF)"

# workers_launched PLANFILE -> the first "Workers Launched: N" (0 if none)
workers_launched() { sed -n 's/.*Workers Launched: \([0-9]*\).*/\1/p' "$1" | head -1 | grep . || echo 0; }
# scan_lines PLANFILE -> the Output/Filter/Worker lines of the Parallel Seq Scan node
scan_lines() { awk '/Parallel Seq Scan/ {on=1; next} on && /->/ {on=0} on' "$1"; }
# check_plan NAME PLANFILE FUNCTION... : a Gather with workers, the functions in the parallel scan
# (one check each, labelled "NAME: ..."); prints the plan after a failed one.
check_plan() {
  local name=$1 plan=$2; shift 2
  local before=$SUITE_FAILURES launched scan f
  launched=$(workers_launched "$plan")
  check "$name: Gather nodes in the plan" "$(grep -c 'Gather' "$plan" | sed 's/^[1-9][0-9]*$/some/')" some
  check "$name: parallel workers launched" "$([ "$launched" -gt 0 ] && echo some || echo none)" some
  scan=$(scan_lines "$plan")
  check "$name: a Parallel Seq Scan in the plan" "${scan:+present}" present
  for f in "$@"; do
    check "$name: $f evaluated in the Parallel Seq Scan" \
      "$(grep -E '^ *(Output|Filter):' <<<"$scan" | grep -q "$f(" && echo yes || echo no)" yes
  done
  if [ "$SUITE_FAILURES" != "$before" ]; then echo "---- plan ($name)"; cat "$plan"; fi
}

run_pass() { # run_pass plain|preload
  mode=$1
  suite_case "$mode"
  local conf=("max_worker_processes = 8" "max_parallel_workers = 8")
  [ "$mode" = preload ] && conf+=("shared_preload_libraries = 'uuid_shard'")
  suite_cluster "rel-parallel-$major" "${conf[@]}"
  local pm mapped
  pm=$(head -1 "$CLUSTER_DIR/data/postmaster.pid")
  mapped=$(grep -c 'uuid_shard\.so' "/proc/$pm/maps" || true)
  [ "$mode" != preload ] || check "uuid_shard.so mapped in the postmaster" "$([ "$mapped" != 0 ] && echo yes || echo no)" yes

  db postgres -v rows="$ROWS" <<'SQL'
CREATE EXTENSION uuid_shard;
CREATE TABLE src AS
  SELECT i, timestamptz '2024-05-01 12:00:00.123456+00' + (i % 10) * interval '1 ms' AS ts
    FROM generate_series(1, :rows) i;
VACUUM ANALYZE src;
SQL

  # 1. CREATE TABLE AS: uuid_v7_at computed by the workers, the leader only stores.
  "${PSQL[@]}" -d postgres -c "$FORCE_PARALLEL" \
    -c "$EXPLAIN CREATE TABLE u AS SELECT i, ts, public.uuid_v7_at(ts) AS id FROM src" >"$work/ctas.plan"
  local w1 worker_rows
  check_plan "CREATE TABLE AS" "$work/ctas.plan" uuid_v7_at
  w1=$(workers_launched "$work/ctas.plan")
  worker_rows=$(scan_lines "$work/ctas.plan" | sed -n 's/.*Worker [0-9]*: *actual rows=\([0-9]*\).*/\1/p' | awk '{s += $1} END {print s + 0}')
  check "CREATE TABLE AS: rows the workers produced" "${worker_rows:-0}" "$ROWS"
  local figures
  figures=$(db postgres -F' ' -c "VACUUM ANALYZE u" -c "
SELECT count(*),
       count(DISTINCT id),
       count(DISTINCT substr(uuid_send(id), 9, 8)),
       count(*) FILTER (WHERE public.uuid_version(id) IS DISTINCT FROM 7
                           OR get_byte(uuid_send(id), 6) >> 4 <> 7 OR get_byte(uuid_send(id), 8) >> 6 <> 2),
       count(*) FILTER (WHERE public.uuid_v7_time(id) IS DISTINCT FROM date_trunc('milliseconds', ts))
  FROM u")
  local rows distinct tails bad_bits bad_time
  read -r rows distinct tails bad_bits bad_time <<<"$figures"
  check "rows in u" "$rows" "$ROWS"
  check "distinct ids from the parallel workers = rows" "$distinct" "$rows"
  check "distinct 8-byte tails from the parallel workers = rows" "$tails" "$rows"
  check "ids without version 7 / RFC variant" "$bad_bits" 0
  check "ids whose uuid_v7_time is not the millisecond of their ts" "$bad_time" 0

  # 2. A serial aggregate over a parallel scan that computes uuid_v7_at in the workers.
  local q2="SELECT count(DISTINCT id) FROM (SELECT public.uuid_v7_at(ts) AS id FROM src) s"
  "${PSQL[@]}" -d postgres -c "$FORCE_PARALLEL" -c "$EXPLAIN $q2" >"$work/agg.plan"
  local w2 agg_distinct
  check_plan "count(DISTINCT uuid_v7_at)" "$work/agg.plan" uuid_v7_at
  w2=$(workers_launched "$work/agg.plan")
  agg_distinct=$(db postgres -c "$FORCE_PARALLEL" -c "$q2")
  check "count(DISTINCT uuid_v7_at(ts))" "$agg_distinct" "$ROWS"

  # 3. Shard and time functions in the workers' Filter; results equal to a serial plan.
  local q3="SELECT count(*), sum(public.uuid_bucket(id, 8)), sum(hashtext(public.uuid_shard_key(id, 2))),
       min(public.uuid_v7_time(id)), max(public.uuid_v7_time(id))
  FROM u WHERE public.uuid_bucket(id, 8) = 3 AND public.uuid_shard_key(id, 2) <> '' AND public.uuid_v7_time(id) >= '2024-05-01'"
  "${PSQL[@]}" -d postgres -c "$FORCE_PARALLEL" -c "$EXPLAIN $q3" >"$work/shard.plan"
  local w3 par ser
  check_plan "shard functions" "$work/shard.plan" uuid_bucket uuid_shard_key uuid_v7_time
  w3=$(workers_launched "$work/shard.plan")
  par=$(db postgres -c "$FORCE_PARALLEL" -c "$q3")
  "${PSQL[@]}" -d postgres -c "SET max_parallel_workers_per_gather = 0" -c "EXPLAIN (COSTS OFF) $q3" >"$work/serial.plan"
  check "Gather nodes in the serial plan" "$(grep -c Gather "$work/serial.plan" || true)" 0
  ser=$(db postgres -c "SET max_parallel_workers_per_gather = 0" -c "$q3")
  check "shard functions: parallel results = serial results" "$par" "$ser"
  local bucket3=${par%%|*}
  check "rows in bucket 3" "$([ "$bucket3" -gt 0 ] && echo some || echo none)" some
  check "crash lines in server.log" "$(grep -c 'PANIC\|terminated by signal' "$CLUSTER_DIR/server.log" || true)" 0

  printf 'parallel PG%s %-7s: rows=%s workers_launched=%s/%s/%s worker_rows=%s duplicates=%s tail_duplicates=%s bad_bits=%s bad_time=%s distinct_in_agg=%s bucket3_rows=%s parallel=serial:%s lib_in_postmaster=%s\n' \
    "$major" "$mode" "$rows" "$w1" "$w2" "$w3" "$worker_rows" "$((rows - distinct))" "$((rows - tails))" "$bad_bits" "$bad_time" \
    "$agg_distinct" "$bucket3" "$([ "$par" = "$ser" ] && echo yes || echo NO)" "$([ "$mapped" != 0 ] && echo yes || echo no)"
  cluster_stop
  suite_case
}

run_pass plain
run_pass preload
finish
