#!/usr/bin/env bash
# Rows stranded in the default partition, moved by uuid_v7_partition_ddl under concurrent writes.
#   tests/sql/default_move.sh MAJOR     (the extension must already be installed into MAJOR)
#   DEFAULT_MOVE_ROWS=N overrides the size; KEEP_CLUSTERS=1 keeps the scratch cluster after a pass.
#
# Table ev (id uuid PRIMARY KEY, src text, n bigint) PARTITION BY RANGE (id): monthly partitions
# for January to June 2026 and a default partition. ROWS rows (1,000,000 where is_full_major,
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
if is_full_major "$major"; then rows=1000000; else rows=100000; fi
rows=${DEFAULT_MOVE_ROWS:-$rows}

work=$(mktemp -d /tmp/rel-defmove.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
  local status=$? p
  touch "$work/stop" 2>/dev/null || true
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [ -n "${CLUSTER_DIR:-}" ]; then
    cluster_stop 2>/dev/null || true
    # The cluster holds the table three times (about 550 MB at 1,000,000 rows): kept only after a
    # failure, or with KEEP_CLUSTERS=1.
    [ "$status" != 0 ] || [ "${KEEP_CLUSTERS:-0}" = 1 ] || rm -rf "$CLUSTER_DIR"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
failures=0
trap 'echo "FAIL [PG$major]: unexpected error at ${BASH_SOURCE[0]##*/} line $LINENO: $BASH_COMMAND" >&2' ERR
fail() { echo "FAIL [PG$major $mode]: $*" >&2; failures=$((failures + 1)); }

t0=$SECONDS
cluster_start "$major" "defmove-$major" "max_wal_size = 4GB" "checkpoint_timeout = 30min"
export PGOPTIONS="-c TimeZone=UTC -c client_min_messages=warning"
q() { "${PSQL[@]}" -At "$@"; }

mode=setup
q -d postgres -c "CREATE DATABASE base"
q -d base <<SQL
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
read -r n0 moving < <(q -d base -F ' ' -c "SELECT n, moving FROM expected")
in_default=$(q -d base -c "SELECT count(*) FROM ev_default")
[ "$n0" = "$rows" ] || fail "loaded $n0 rows, not $rows"
echo "setup: $n0 rows, $in_default in the default partition, $moving of them in July-October 2026 ($((SECONDS - t0))s)"
create_db_sql="CREATE DATABASE %s TEMPLATE base"
[ "$(q -d postgres -c 'SHOW server_version_num')" -ge 150000 ] && create_db_sql="$create_db_sql STRATEGY FILE_COPY"
for db in straight stopped; do q -d postgres -c "$(printf "$create_db_sql" "$db")"; done

ddl="SELECT s FROM public.uuid_v7_partition_ddl('ev', '2026-07-01', '2026-11-01') s"

writer() { # writer DB N: inserts until $work/stop exists; psql stops at the first failed statement
  local db=$1 w=$2
  while [ ! -e "$work/stop" ]; do
    echo "WITH w AS (INSERT INTO ev (id, src, n) VALUES
  (public.uuid_v7_at(timestamptz '2026-07-01' + random() * interval '123 days'), 'w$w', 1),
  (CASE WHEN random() < 0.5 THEN public.uuid_v7_at(timestamptz '2026-01-01' + random() * interval '181 days') ELSE public.uuidv7() END, 'w$w', 2),
  (public.uuid_v7_at(timestamptz '2030-01-01' + random() * interval '365 days'), 'w$w', 3) RETURNING id)
INSERT INTO written SELECT id FROM w;"
    sleep 0.02
  done | "${PSQL[@]}" -d "$db" >"$work/writer$w.out" 2>&1
}
reader() { # reader DB: each statement must see every original July-October row exactly once
  local db=$1
  while [ ! -e "$work/stop" ]; do
    echo "SELECT 1 / (count(*) = $moving)::int FROM ev WHERE src = 'i'
   AND id >= public.uuid_v7_boundary('2026-07-01') AND id < public.uuid_v7_boundary('2026-11-01');"
    sleep 0.1
  done | "${PSQL[@]}" -At -d "$db" >"$work/reader.out" 2>&1
}

run_mode() { # run_mode straight|stopped
  mode=$1
  local db=$1 t1=$SECONDS runs=0 cancelled=0 rc
  rm -f "$work/stop"
  pids=()
  writer "$db" 1 & pids+=($!)
  writer "$db" 2 & pids+=($!)
  reader "$db" & pids+=($!)
  sleep 1
  if [ "$mode" = straight ]; then
    q -d "$db" <<<"$ddl \gexec" >/dev/null
    runs=1
  else
    while [ "$(q -d "$db" -c "SELECT count(*) FROM ($ddl) x")" != 0 ]; do
      runs=$((runs + 1))
      [ $runs -le 10 ] || { fail "still statements to run after 10 runs"; break; }
      if [ $runs = 1 ]; then
        # The first statement is cancelled if it is still running after 0.3 s.
        rc=0
        q -d "$db" <<<"$ddl LIMIT 1 \gexec" >"$work/first.out" 2>&1 &
        local first=$!
        sleep 0.3
        cancelled=$(q -d "$db" -c "SELECT count(*) FROM (SELECT pg_cancel_backend(pid) FROM pg_stat_activity
                                    WHERE datname = current_database() AND query LIKE 'DO %' AND state = 'active') c")
        wait "$first" || rc=$?
        if [ "$rc" != 0 ] && ! grep -q 'canceling statement due to user request' "$work/first.out"; then
          fail "first statement failed: $(cat "$work/first.out")"
        fi
        [ "$rc" != 0 ] || cancelled=0
      else
        q -d "$db" <<<"$ddl LIMIT 1 \gexec" >/dev/null
      fi
    done
  fi
  local move_s=$((SECONDS - t1))
  sleep 1
  touch "$work/stop"
  local p bad=0
  for p in "${pids[@]}"; do wait "$p" || bad=$((bad + 1)); done
  pids=()
  [ "$bad" = 0 ] || fail "$bad of the writer/reader sessions failed: $(grep -h ERROR "$work"/writer*.out "$work/reader.out" | head -3)"
  local reads; reads=$(grep -c '^1$' "$work/reader.out" || true)
  local figures
  figures=$(q -d "$db" -F ' ' <<'SQL'
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
  read -r n d count_ok hash_ok wn wmoved misplaced def_covered def_rows new_parts def_ok left <<<"$figures"
  [ "$d" = "$n" ] || fail "$((n - d)) duplicate ids"
  [ "$count_ok" = t ] || fail "count $n is not $n0 original + $wn written"
  [ "$hash_ok" = t ] || fail "the hash of all ids is not that of the original and the written ids"
  [ "$wn" -gt 0 ] && [ "$wmoved" -gt 0 ] || fail "the writers inserted $wn rows, $wmoved of them in July-October"
  [ "$misplaced" = 0 ] || fail "$misplaced rows in a partition whose bounds do not hold them"
  [ "$def_covered" = 0 ] || fail "$def_covered rows in the default partition belong to a partition"
  [ "$new_parts" = 4 ] || fail "$new_parts of the 4 partitions July-October 2026 exist"
  [ "$def_ok" = t ] || fail "ev_default is not the default partition of ev"
  [ "$left" = 0 ] || fail "the function still returns $left statements"
  [ "$reads" -gt 0 ] || fail "the reader completed no read"
  echo "$mode: $runs psql run(s)$([ "$mode" = stopped ] && echo ", first statement cancelled: $cancelled"), moves took ${move_s}s;" \
       "$n rows = $n0 + $wn written ($wmoved of them in July-October), hash equal, 0 duplicates, 0 misplaced," \
       "$def_rows rows left in the default partition, all outside every partition; $reads reads each saw the $moving moving rows once"
}

run_mode straight
run_mode stopped
if [ "$failures" -ne 0 ]; then echo "default_move: $failures failure(s) on PostgreSQL $major" >&2; exit 1; fi
echo "default_move: $rows rows, all checks passed on PostgreSQL $major ($((SECONDS - t0))s)"
