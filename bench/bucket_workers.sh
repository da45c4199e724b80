#!/usr/bin/env bash
# Five workers over one table, worker k reading WHERE uuid_bucket(id, 5) = k, three ways:
#   filter      a plain table: every worker scans all of it and keeps a fifth
#   expr_index  the same table with an index on (uuid_bucket(id, 5)): bitmap scans of a fifth
#   partitions  PARTITION BY LIST (uuid_bucket(id, 5)): every worker scans one partition
# Prints, per way, the rows each worker read (from EXPLAIN ANALYZE of worker 2: rows kept + rows
# removed by the filter, and heap blocks), the median wall time of the five workers running at
# once over ROUNDS interleaved rounds, and that time as a ratio of the filter way's in this run.
# Run by hand (not part of the test command); the figures in docs/buckets.md come from it.
#   bench/bucket_workers.sh [15|18]     ROWS=5000000 ROUNDS=5 by default
set -euo pipefail
major=${1:-18}
ROWS=${ROWS:-5000000} ROUNDS=${ROUNDS:-5}
. "$(dirname "$0")/../scripts/lib.sh"
cluster_start "$major" "bench-workers-$major" "shared_buffers = 256MB" "max_parallel_workers_per_gather = 0" \
  "work_mem = 64MB" "jit = off"
trap cluster_stop EXIT
P=("${PSQL[@]}" -d postgres)
echo "PostgreSQL $major, $ROWS rows, $ROUNDS rounds, $(nproc) cores, $(date -u +%Y-%m-%d)"
"${P[@]}" -v rows="$ROWS" <<'SQL' >/dev/null
CREATE EXTENSION uuid_shard;
CREATE TABLE t_filter (id uuid NOT NULL, n int, body text);
INSERT INTO t_filter SELECT public.uuidv7(), i, md5(i::text) FROM generate_series(1, :rows) i;
CREATE TABLE t_index AS SELECT * FROM t_filter;
CREATE INDEX t_index_bucket5 ON t_index (public.uuid_bucket(id, 5));
CREATE TABLE t_parts (id uuid NOT NULL, n int, body text) PARTITION BY LIST (public.uuid_bucket(id, 5));
SELECT public.uuid_bucket_partition_ddl('t_parts') \gexec
INSERT INTO t_parts SELECT * FROM t_filter;
VACUUM ANALYZE t_filter, t_index, t_parts;
SQL
declare -A table=([filter]=t_filter [expr_index]=t_index [partitions]=t_parts)
ways=(filter expr_index partitions)
declare -A read_rows kept_rows blocks_read node times
query() { echo "SELECT count(*), sum(length(body)) FROM ${table[$1]} WHERE public.uuid_bucket(id, 5) = $2"; }

# Rows read by one worker (worker 2), from its plan.
for w in "${ways[@]}"; do
  plan=$("${P[@]}" -At -c "EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, SUMMARY OFF) $(query "$w" 2)")
  kept=$(grep -E 'Scan' <<<"$plan" | grep -o 'actual rows=[0-9]*' | sed 's/.*=//' | sort -n | tail -1)
  removed=$( (grep -o 'Rows Removed by [A-Za-z ]*: [0-9]*' <<<"$plan" || true) | sed 's/.*: //' | awk '{s += $1} END {print s + 0}')
  blocks=$( (grep -m1 'Buffers:' <<<"$plan" || true) | grep -o '[0-9][0-9]*' | awk '{s += $1} END {print s + 0}')
  read_rows[$w]=$((kept + removed)) kept_rows[$w]=$kept blocks_read[$w]=$blocks
  node[$w]=$(grep -oE '(Seq Scan|Bitmap Heap Scan|Index Scan|Bitmap Index Scan) on [a-z_0-9]+' <<<"$plan" | head -2 | tr '\n' ',' | sed 's/,$//')
done

# Five workers at once, interleaved rounds; wall time of the slowest worker per round.
for r in $(seq 1 "$ROUNDS"); do
  for w in "${ways[@]}"; do
    t0=$(date +%s%N)
    for k in 0 1 2 3 4; do "${P[@]}" -At -c "$(query "$w" "$k")" >/dev/null & done
    wait
    times[$w]+="$(( ($(date +%s%N) - t0) / 1000000 )) "
  done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
anchor=$(median "${times[filter]}")
printf '\n%-11s | %-62s | %14s | %12s | %14s | %13s | %s\n' way "plan of worker 2" "rows read" "rows kept" "buffers" "five at once" "vs filter"
printf -- '%.0s-' {1..140}; echo
for w in "${ways[@]}"; do
  m=$(median "${times[$w]}")
  printf '%-11s | %-62s | %14s | %12s | %14s | %10s ms | %.2f\n' "$w" "${node[$w]}" "${read_rows[$w]}" "${kept_rows[$w]}" \
    "${blocks_read[$w]}" "$m" "$(awk -v a="$m" -v b="$anchor" 'BEGIN {print a / b}')"
done
echo "(rounds, ms: $(for w in "${ways[@]}"; do printf '%s=[%s] ' "$w" "${times[$w]% }"; done))"
