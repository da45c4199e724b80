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
LOAD_SECONDS=${LOAD_SECONDS:-10}
CLIENTS=8
THREADS=2
case "$LOAD_SECONDS" in ''|*[!0-9]*|0) echo "LOAD_SECONDS must be a positive integer" >&2; exit 2 ;; esac

work=$(mktemp -d /tmp/rel-load.XXXXXX)
trap 'cluster_stop 2>/dev/null || true; rm -rf "$work"' EXIT
printf 'INSERT INTO t DEFAULT VALUES;\n' >"$work/insert.sql"

failures=0
trap 'echo "FAIL [PG$major]: unexpected error at ${BASH_SOURCE[0]##*/} line $LINENO: $BASH_COMMAND" >&2' ERR
fail() { echo "FAIL [PG$major $mode]: $*" >&2; failures=$((failures + 1)); }

run_pass() { # run_pass plain|preload
  mode=$1
  local conf=()
  [ "$mode" = preload ] && conf=("shared_preload_libraries = 'uuid_shard'")
  cluster_start "$major" "rel-load-$major" "${conf[@]}"

  # Is the library mapped into the postmaster (preload) or not (plain)?
  local pm mapped
  pm=$(head -1 "$CLUSTER_DIR/data/postmaster.pid")
  mapped=$(grep -c 'uuid_shard\.so' "/proc/$pm/maps" || true)
  if [ "$mode" = preload ] && [ "$mapped" = 0 ]; then fail "uuid_shard.so is not mapped in the postmaster (pid $pm)"; fi
  if [ "$mode" = plain ] && [ "$mapped" != 0 ]; then fail "uuid_shard.so is unexpectedly mapped in the postmaster"; fi

  "${PSQL[@]}" -d postgres <<'SQL'
CREATE EXTENSION uuid_shard;
CREATE TABLE t (id uuid PRIMARY KEY DEFAULT public.uuidv7(), backend int DEFAULT pg_backend_pid(), seq bigserial);
CREATE TABLE run (start_ts timestamptz, end_ts timestamptz);
INSERT INTO run VALUES (clock_timestamp(), NULL);
SQL

  local rc=0
  "$CLUSTER_BIN/pgbench" -n -c "$CLIENTS" -j "$THREADS" -T "$LOAD_SECONDS" -f "$work/insert.sql" \
    -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres postgres >"$work/pgbench.out" 2>"$work/pgbench.err" || rc=$?
  "${PSQL[@]}" -d postgres -c "UPDATE run SET end_ts = clock_timestamp()"

  [ "$rc" = 0 ] || { fail "pgbench exited $rc"; cat "$work/pgbench.out" "$work/pgbench.err" >&2; }
  local processed failed
  processed=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$work/pgbench.out")
  failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$work/pgbench.out")
  [ -n "$processed" ] || { fail "no 'transactions actually processed' line in pgbench output"; processed=-1; }
  # pgbench before 15 counts no failed transactions: any SQL error aborts the run (exit 2), so
  # there an exit 0 means none failed.
  if [ -z "$failed" ] && [ "$major" -lt 15 ] && [ "$rc" = 0 ]; then failed=0; fi
  [ -n "$failed" ] || { fail "no 'failed transactions' line in pgbench output"; failed=-1; }
  [ "$failed" = 0 ] || fail "pgbench reported $failed failed transactions"
  if grep -q 'ERROR\|FATAL' "$work/pgbench.err"; then fail "pgbench errors:"; head -20 "$work/pgbench.err" >&2; fi

  # One row of figures: every count after `rows` is a violation count except backends/distinct.
  local figures
  figures=$("${PSQL[@]}" -d postgres -At -F' ' <<'SQL'
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
  [ "$rows" -gt 0 ] 2>/dev/null || { fail "no rows inserted"; rows=0; }
  [ "$rows" = "$processed" ] || fail "rows $rows != transactions processed $processed"
  [ "$distinct" = "$rows" ] || fail "$((rows - distinct)) duplicate ids"
  [ "$not_v7" = 0 ] || fail "$not_v7 ids where uuid_version(id) <> 7"
  [ "$bad_bits" = 0 ] || fail "$bad_bits ids with wrong version nibble or variant bits"
  [ "$out_of_window" = 0 ] || fail "$out_of_window ids with uuid_v7_time outside the run window"
  [ "$nonmono" = 0 ] || fail "$nonmono per-backend monotonicity violations (id <= previous id of the same backend)"
  [ "$backends" = "$CLIENTS" ] || fail "$backends backends inserted, expected $CLIENTS"
  local tail_dups=$((rows - tails))
  [ "$tail_dups" = 0 ] || fail "$tail_dups rows share an 8-byte tail with another row"
  if grep -q 'PANIC\|terminated by signal\|server process .* was terminated' "$CLUSTER_DIR/server.log"; then
    fail "server log shows a crash:"; grep 'PANIC\|terminated' "$CLUSTER_DIR/server.log" | head -5 >&2
  fi

  local violations=$((not_v7 + bad_bits + out_of_window + nonmono + (rows - distinct) + tail_dups))
  printf 'load PG%s %-7s: rows=%s clients=%s seconds=%s (wall %ss) tps=%s failed_tx=%s backends=%s lib_in_postmaster=%s\n' \
    "$major" "$mode" "$rows" "$CLIENTS" "$LOAD_SECONDS" "$elapsed" \
    "$(sed -n 's/^tps = \([0-9]*\).*/\1/p' "$work/pgbench.out" | head -1)" "$failed" "$backends" "$([ "$mapped" != 0 ] && echo yes || echo no)"
  printf 'load PG%s %-7s: violations=%s (duplicates=%s tail_duplicates=%s not_v7=%s bad_bits=%s outside_window=%s non_monotonic=%s)\n' \
    "$major" "$mode" "$violations" "$((rows - distinct))" "$tail_dups" "$not_v7" "$bad_bits" "$out_of_window" "$nonmono"
  cluster_stop
  # Keep a failed pass's cluster (server.log, data) for a look; KEEP_CLUSTERS=1 keeps every one.
  [ "$failures" != 0 ] || [ "${KEEP_CLUSTERS:-0}" = 1 ] || rm -rf "$CLUSTER_DIR"
}

t0=$SECONDS
run_pass plain
run_pass preload
echo "load PG$major: $((SECONDS - t0))s, $failures failure(s)"
[ "$failures" = 0 ]
