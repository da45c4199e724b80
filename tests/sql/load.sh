#!/usr/bin/env bash
# Concurrency and fork-safety load test for uuid_shard.
#   tests/sql/load.sh MAJOR            (MAJOR = 15 or 18; the extension must already be installed)
#   LOAD_SECONDS=300 tests/sql/load.sh 18     (a longer run by hand; default 10 seconds per pass)
#
# 8 pgbench clients (-c 8 -j 2) insert `DEFAULT VALUES` into
#   t (id uuid PRIMARY KEY DEFAULT public.uuidv7(), backend int DEFAULT pg_backend_pid(), seq bigserial)
# for LOAD_SECONDS. Two passes, each on a fresh scratch cluster:
#   plain    - the library is loaded by each backend on first use
#   preload  - shared_preload_libraries = 'uuid_shard': the library is mapped into the postmaster
#              and every backend inherits it through fork() (the random tail must still differ)
# Each pass requires: pgbench exit 0 and 0 failed transactions; rows = transactions processed;
# every id version 7 with the RFC 9562 variant; uuid_v7_time(id) inside the run's wall-clock
# window (start truncated to the millisecond); no duplicate ids; within each backend, ids strictly
# increase in seq order; exactly 8 backends inserted; no two rows share the 8-byte tail (bytes
# 9-16: variant bits + 62 random bits; a chance collision is ~1e-7 at a million rows). The preload
# pass also requires the library to be mapped in the postmaster, the plain pass that it is not.
set -eEuo pipefail
major=${1:?usage: tests/sql/load.sh 15|18}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
LOAD_SECONDS=${LOAD_SECONDS:-10}
CLIENTS=8
THREADS=2
case "$LOAD_SECONDS" in ''|*[!0-9]*|0) echo "LOAD_SECONDS must be a positive integer" >&2; exit 2 ;; esac

suite_tmpdir work
printf 'INSERT INTO t DEFAULT VALUES;\n' >"$work/insert.sql"

run_pass() { # run_pass plain|preload
  mode=$1
  suite_case "$mode"
  local conf=()
  [ "$mode" = preload ] && conf=("shared_preload_libraries = 'uuid_shard'")
  suite_cluster "rel-load-$major" "${conf[@]}"

  # Is the library mapped into the postmaster (preload) or not (plain)?
  local pm mapped
  pm=$(head -1 "$CLUSTER_DIR/data/postmaster.pid")
  mapped=$(grep -c 'uuid_shard\.so' "/proc/$pm/maps" || true)
  check "uuid_shard.so mapped in the postmaster (pid $pm)" "$([ "$mapped" != 0 ] && echo yes || echo no)" \
    "$([ "$mode" = preload ] && echo yes || echo no)"

  db postgres <<'SQL'
CREATE EXTENSION uuid_shard;
CREATE TABLE t (id uuid PRIMARY KEY DEFAULT public.uuidv7(), backend int DEFAULT pg_backend_pid(), seq bigserial);
CREATE TABLE run (start_ts timestamptz, end_ts timestamptz);
INSERT INTO run VALUES (clock_timestamp(), NULL);
SQL

  local rc=0
  "$CLUSTER_BIN/pgbench" -n -c "$CLIENTS" -j "$THREADS" -T "$LOAD_SECONDS" -f "$work/insert.sql" \
    -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres postgres >"$work/pgbench.out" 2>"$work/pgbench.err" || rc=$?
  db postgres -c "UPDATE run SET end_ts = clock_timestamp()"

  check "pgbench's exit status" "$rc" 0
  [ "$rc" = 0 ] || cat "$work/pgbench.out" "$work/pgbench.err" >&2
  local processed failed
  processed=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$work/pgbench.out")
  failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$work/pgbench.out")
  check "a 'transactions actually processed' line in pgbench's output" "${processed:+present}" present
  processed=${processed:--1}
  # pgbench before 15 counts no failed transactions: any SQL error aborts the run (exit 2), so
  # there an exit 0 means none failed.
  if [ -z "$failed" ] && [ "$major" -lt 15 ] && [ "$rc" = 0 ]; then failed=0; fi
  check "a 'failed transactions' line in pgbench's output" "${failed:+present}" present
  failed=${failed:--1}
  check "failed transactions" "$failed" 0
  check "ERROR and FATAL lines from pgbench" "$(grep -c 'ERROR\|FATAL' "$work/pgbench.err" || true)" 0
  ! grep -q 'ERROR\|FATAL' "$work/pgbench.err" || head -20 "$work/pgbench.err" >&2

  # One row of figures: every count after `rows` is a violation count except backends/distinct.
  local figures
  figures=$(db postgres -F' ' <<'SQL'
SELECT count(*),
       count(DISTINCT id),
       count(DISTINCT substr(uuid_send(id), 9, 8)),
       count(*) FILTER (WHERE public.uuid_version(id) IS DISTINCT FROM 7),
       count(*) FILTER (WHERE get_byte(uuid_send(id), 6) >> 4 <> 7 OR get_byte(uuid_send(id), 8) >> 6 <> 2),
       count(*) FILTER (WHERE public.uuid_v7_time(id) IS NULL
                           OR public.uuid_v7_time(id) < date_trunc('milliseconds', r.start_ts)
                           OR public.uuid_v7_time(id) > r.end_ts),
       (SELECT count(*) FROM (SELECT id, lag(id) OVER (PARTITION BY backend ORDER BY seq) AS prev FROM t) s
         WHERE id <= prev),
       count(DISTINCT backend),
       round(extract(epoch FROM r.end_ts - r.start_ts)::numeric, 1)  -- numeric before PG14 too
  FROM t, run r
 GROUP BY r.start_ts, r.end_ts;
SQL
)
  local rows distinct tails not_v7 bad_bits out_of_window nonmono backends elapsed
  read -r rows distinct tails not_v7 bad_bits out_of_window nonmono backends elapsed <<<"$figures"
  check "rows inserted" "$([ "$rows" -gt 0 ] 2>/dev/null && echo some || echo none)" some
  [ "$rows" -gt 0 ] 2>/dev/null || rows=0
  check "rows = transactions processed" "$rows" "$processed"
  check "distinct ids = rows" "$distinct" "$rows"
  check "ids where uuid_version(id) <> 7" "$not_v7" 0
  check "ids with a wrong version nibble or variant bits" "$bad_bits" 0
  check "ids with uuid_v7_time outside the run window" "$out_of_window" 0
  check "per-backend monotonicity violations (id <= previous id of the same backend)" "$nonmono" 0
  check "backends that inserted" "$backends" "$CLIENTS"
  local tail_dups=$((rows - tails))
  check "rows sharing an 8-byte tail with another row" "$tail_dups" 0
  check "crash lines in server.log" "$(grep -c 'PANIC\|terminated by signal\|server process .* was terminated' "$CLUSTER_DIR/server.log" || true)" 0
  ! grep -q 'PANIC\|terminated' "$CLUSTER_DIR/server.log" || grep 'PANIC\|terminated' "$CLUSTER_DIR/server.log" | head -5 >&2

  local violations=$((not_v7 + bad_bits + out_of_window + nonmono + (rows - distinct) + tail_dups))
  printf 'load PG%s %-7s: rows=%s clients=%s seconds=%s (wall %ss) tps=%s failed_tx=%s backends=%s lib_in_postmaster=%s\n' \
    "$major" "$mode" "$rows" "$CLIENTS" "$LOAD_SECONDS" "$elapsed" \
    "$(sed -n 's/^tps = \([0-9]*\).*/\1/p' "$work/pgbench.out" | head -1)" "$failed" "$backends" "$([ "$mapped" != 0 ] && echo yes || echo no)"
  printf 'load PG%s %-7s: violations=%s (duplicates=%s tail_duplicates=%s not_v7=%s bad_bits=%s outside_window=%s non_monotonic=%s)\n' \
    "$major" "$mode" "$violations" "$((rows - distinct))" "$tail_dups" "$not_v7" "$bad_bits" "$out_of_window" "$nonmono"
  cluster_stop
  suite_case
}

run_pass plain
run_pass preload
finish
