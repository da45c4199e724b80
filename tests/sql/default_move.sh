#!/usr/bin/env bash
# Rows stranded in the default partition, moved by uuid_v7_partition_ddl under concurrent writes.
#   tests/sql/default_move.sh MAJOR     (the extension must already be installed into MAJOR)
#   DEFAULT_MOVE_ROWS=N overrides the size; KEEP_CLUSTERS=1 keeps the scratch cluster after a pass.
#
# Table ev (id uuid PRIMARY KEY, src text, n bigint) PARTITION BY RANGE (id): monthly partitions
# for January to June 2026 and a default partition. ROWS rows (1,000,000 where is_full_size,
# 100,000 elsewhere): 70% in January-June, 25% in July-October 2026 (no partition yet: they sit
# in the default partition), 5% in 2030 (outside every partition). The database is copied twice,
# and uuid_v7_partition_ddl('ev', '2026-07-01', '2026-11-01') \gexec -- one DO statement per month
# -- runs on each copy while two writer sessions insert throughout (each statement: 3 rows, one
# in July-October, one in January-June or now, one in 2030, plus their ids in a log table) and a
# reader session counts the original rows of July-October again and again:
#   straight   the statements in one psql run, as \gexec runs them;
#   stopped    a psql run stopped after its first statement, again and again until the function
#              returns nothing (so each statement of the plan ends a run); the first of those
#              statements is also cancelled while it runs, when it is still running after 0.3 s.
# After each: writers and reader exited 0 (no insert failed; every read saw each original row
# exactly once), the count and an order-independent hash of all ids equal those of the original
# rows plus the logged writer rows, no duplicate id, every row in the partition whose bounds hold
# it, the default partition holds only rows outside every partition, July-October exist as
# partitions, and the function returns nothing more for that range.
set -eEuo pipefail
major=${1:?usage: tests/sql/default_move.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
if is_full_size "$major"; then rows=1000000; else rows=100000; fi
rows=${DEFAULT_MOVE_ROWS:-$rows}

suite_tmpdir work
pids=()
# At exit: the writers and the reader stopped. The cluster holds the table three times (about
# 550 MB at 1,000,000 rows): suite.sh keeps it only after a failure, or with KEEP_CLUSTERS=1.
suite_on_exit 'touch "$work/stop" 2>/dev/null; for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done'

t0=$SECONDS
suite_cluster "defmove-$major" "max_wal_size = 4GB" "checkpoint_timeout = 30min"
export PGOPTIONS="-c TimeZone=UTC -c client_min_messages=warning"

suite_case setup
make_db base
db base <<SQL
CREATE EXTENSION uuid_shard;
CREATE TABLE ev (id uuid PRIMARY KEY, src text NOT NULL, n bigint) PARTITION BY RANGE (id);
SELECT uuid_v7_partition_ddl('ev', '2026-01-01', '2026-07-01', with_default => true) \gexec
-- i: original rows; times spread evenly over each span, so the layout is the same every run.
INSERT INTO ev (id, src, n)
SELECT public.uuid_v7_at(CASE WHEN i % 100 < 70 THEN timestamptz '2026-01-01' + (i / $rows.0) * interval '181 days'
                              WHEN i % 100 < 95 THEN timestamptz '2026-07-01' + (i / $rows.0) * interval '123 days'
                              ELSE timestamptz '2030-01-01' + (i / $rows.0) * interval '365 days' END),
       'i', i
  FROM generate_series(0, $rows - 1) i;
CREATE TABLE written (id uuid NOT NULL);
CREATE TABLE expected AS
SELECT count(*) AS n, sum(('x' || left(md5(id::text), 15))::bit(60)::bigint::numeric) AS h,
       count(*) FILTER (WHERE id >= public.uuid_v7_boundary('2026-07-01') AND id < public.uuid_v7_boundary('2026-11-01')) AS moving
  FROM ev;
VACUUM ANALYZE;
SQL
read -r n0 moving < <(db base -F ' ' -c "SELECT n, moving FROM expected")
in_default=$(db base -c "SELECT count(*) FROM ev_default")
check "rows loaded" "$n0" "$rows"
echo "setup: $n0 rows, $in_default in the default partition, $moving of them in July-October 2026 ($((SECONDS - t0))s)"
create_db_sql="CREATE DATABASE %s TEMPLATE base"
[ "$(db postgres -c 'SHOW server_version_num')" -ge 150000 ] && create_db_sql="$create_db_sql STRATEGY FILE_COPY"
for d in straight stopped; do db postgres -c "$(printf "$create_db_sql" "$d")"; done

ddl="SELECT s FROM public.uuid_v7_partition_ddl('ev', '2026-07-01', '2026-11-01') s"

writer() { # writer DB N: inserts until $work/stop exists; psql stops at the first failed statement
  local d=$1 w=$2
  while [ ! -e "$work/stop" ]; do
    echo "WITH w AS (INSERT INTO ev (id, src, n) VALUES
  (public.uuid_v7_at(timestamptz '2026-07-01' + random() * interval '123 days'), 'w$w', 1),
  (CASE WHEN random() < 0.5 THEN public.uuid_v7_at(timestamptz '2026-01-01' + random() * interval '181 days') ELSE public.uuidv7() END, 'w$w', 2),
  (public.uuid_v7_at(timestamptz '2030-01-01' + random() * interval '365 days'), 'w$w', 3) RETURNING id)
INSERT INTO written SELECT id FROM w;"
    sleep 0.02
  done | db "$d" >"$work/writer$w.out" 2>&1
}
reader() { # reader DB: each statement must see every original July-October row exactly once
  local d=$1
  while [ ! -e "$work/stop" ]; do
    echo "SELECT 1 / (count(*) = $moving)::int FROM ev WHERE src = 'i'
   AND id >= public.uuid_v7_boundary('2026-07-01') AND id < public.uuid_v7_boundary('2026-11-01');"
    sleep 0.1
  done | db "$d" >"$work/reader.out" 2>&1
}

run_mode() { # run_mode straight|stopped
  mode=$1
  suite_case "$mode"
  local d=$1 t1=$SECONDS runs=0 cancelled=0 rc
  rm -f "$work/stop"
  pids=()
  writer "$d" 1 & pids+=($!)
  writer "$d" 2 & pids+=($!)
  reader "$d" & pids+=($!)
  sleep 1
  if [ "$mode" = straight ]; then
    db "$d" <<<"$ddl \gexec" >/dev/null
    runs=1
  else
    while [ "$(db "$d" -c "SELECT count(*) FROM ($ddl) x")" != 0 ]; do
      runs=$((runs + 1))
      [ $runs -le 10 ] || { fail "psql runs until the function returns nothing" "still statements to run after 10 runs"; break; }
      if [ $runs = 1 ]; then
        # The first statement is cancelled if it is still running after 0.3 s.
        rc=0
        db "$d" <<<"$ddl LIMIT 1 \gexec" >"$work/first.out" 2>&1 &
        local first=$!
        sleep 0.3
        cancelled=$(db "$d" -c "SELECT count(*) FROM (SELECT pg_cancel_backend(pid) FROM pg_stat_activity
                                    WHERE datname = current_database() AND query LIKE 'DO %' AND state = 'active') c")
        wait "$first" || rc=$?
        check "first statement: completed, or cancelled by the test" \
          "$(if [ "$rc" = 0 ] || grep -q 'canceling statement due to user request' "$work/first.out"; then echo yes; else cat "$work/first.out"; fi)" yes
        [ "$rc" != 0 ] || cancelled=0
      else
        db "$d" <<<"$ddl LIMIT 1 \gexec" >/dev/null
      fi
    done
  fi
  local move_s=$((SECONDS - t1))
  sleep 1
  touch "$work/stop"
  local p bad=0
  for p in "${pids[@]}"; do wait "$p" || bad=$((bad + 1)); done
  pids=()
  check "writer/reader sessions that failed" "$bad" 0
  [ "$bad" = 0 ] || grep -h ERROR "$work"/writer*.out "$work/reader.out" | head -3
  local reads; reads=$(grep -c '^1$' "$work/reader.out" || true)
  local figures
  figures=$(db "$d" -F ' ' <<'SQL'
WITH b AS (SELECT partition, public.uuid_v7_boundary(from_time) AS lo, public.uuid_v7_boundary(to_time) AS hi
             FROM public.uuid_v7_partitions('ev') WHERE from_time IS NOT NULL),
     all_ids AS (SELECT count(*) AS n, count(DISTINCT id) AS d,
                        sum(('x' || left(md5(id::text), 15))::bit(60)::bigint::numeric) AS h FROM ev),
     w AS (SELECT count(*) AS n, coalesce(sum(('x' || left(md5(id::text), 15))::bit(60)::bigint::numeric), 0) AS h,
                  count(*) FILTER (WHERE id >= public.uuid_v7_boundary('2026-07-01')
                                     AND id < public.uuid_v7_boundary('2026-11-01')) AS moved_range FROM written)
SELECT a.n, a.d, a.n = e.n + w.n, a.h = e.h + w.h, w.n, w.moved_range,
       (SELECT count(*) FROM ev x JOIN b ON b.partition = x.tableoid WHERE NOT (x.id >= b.lo AND x.id < b.hi)),
       (SELECT count(*) FROM ev_default x WHERE EXISTS (SELECT FROM b WHERE x.id >= b.lo AND x.id < b.hi)),
       (SELECT count(*) FROM ev_default),
       (SELECT count(*) FROM b WHERE b.partition::text IN ('ev_p20260701', 'ev_p20260801', 'ev_p20260901', 'ev_p20261001')),
       (SELECT partdefid = 'ev_default'::regclass FROM pg_partitioned_table WHERE partrelid = 'ev'::regclass),
       (SELECT count(*) FROM public.uuid_v7_partition_ddl('ev', '2026-07-01', '2026-11-01'))
  FROM all_ids a, expected e, w;
SQL
)
  read -r n nd count_ok hash_ok wn wmoved misplaced def_covered def_rows new_parts def_ok left <<<"$figures"
  check "distinct ids = rows" "$nd" "$n"
  check "count $n = $n0 original + $wn written" "$count_ok" t
  check "the hash of all ids = that of the original and the written ids" "$hash_ok" t
  check "the writers inserted rows, some in July-October ($wn, $wmoved)" \
    "$([ "$wn" -gt 0 ] && [ "$wmoved" -gt 0 ] && echo yes || echo no)" yes
  check "rows in a partition whose bounds do not hold them" "$misplaced" 0
  check "rows in the default partition that belong to a partition" "$def_covered" 0
  check "partitions July-October 2026 that exist" "$new_parts" 4
  check "ev_default is the default partition of ev" "$def_ok" t
  check "statements the function still returns" "$left" 0
  check "reads the reader completed" "$([ "$reads" -gt 0 ] && echo some || echo none)" some
  echo "$mode: $runs psql run(s)$([ "$mode" = stopped ] && echo ", first statement cancelled: $cancelled"), moves took ${move_s}s;" \
       "$n rows = $n0 + $wn written ($wmoved of them in July-October), hash equal, 0 duplicates, 0 misplaced," \
       "$def_rows rows left in the default partition, all outside every partition; $reads reads each saw the $moving moving rows once"
}

run_mode straight
run_mode stopped
suite_case
echo "default_move: $rows rows"
finish
