#!/usr/bin/env bash
# Foreign-key checks: the cost of inserting rows into a table whose column references a plain
# table keyed by v7 (the anchor) against one referencing a partitioned table, in one run
# (the figures of "Foreign keys to a partitioned table" in docs/layouts.md). PostgreSQL 19 checks
# a new referencing row against a plain referenced table by a direct index probe, and against a
# partitioned one still by a SQL query per row (tests/sql/pg19.sh shows which); this measures what
# that costs. The referenced tables hold the same --keys v7 keys (uuid_v7_from_name of times 30 s
# apart, about a year's worth, so that pgbench can name a key by a number):
#   plain    PRIMARY KEY (id), not partitioned (the anchor)
#   time     RANGE (id), monthly partitions from uuid_v7_partition_ddl
#   tail16   HASH (id uuid_tail_ops), 16 partitions from uuid_tail_partition_ddl
#   hash16   core HASH (id), 16 partitions
#   none     no foreign key at all: the cost of the insert without any check
# Two measurements, every variant in every round, their order rotating by one each round:
#   1. bulk: one INSERT ... SELECT of --rows keys in random order into the referencing table
#      (emptied before), timed by the server's clock; the check's own cost per row is the time
#      above "none", over the rows
#   2. single rows: pgbench -M prepared, 1 client, one INSERT of one random key per
#      transaction (synchronous_commit = off) for --seconds
# A ratio is taken to "plain" in each round (median, and min .. max over the rounds); no figure
# is compared with anything outside the run.
# Runs on a scratch cluster .pg/clusters/bench-fk-MAJOR. About a minute on 2 cores with the
# defaults. For figures, install a release build first (source scripts/lib.sh; install_extension
# MAJOR --release): the tail-hash variant routes each check through the extension's hash function.
#   bench/fk_check.sh [--pg 19] [--keys 200000] [--rows 100000] [--seconds 3] [--rounds 3]
set -euo pipefail
cd "$(dirname "$0")/.."
major=19 keys=200000 rows=100000 seconds=3 rounds=3
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) major=${2:?--pg needs a major}; shift 2 ;;
    --keys) keys=${2:?}; shift 2 ;;
    --rows) rows=${2:?}; shift 2 ;;
    --seconds) seconds=${2:?}; shift 2 ;;
    --rounds) rounds=${2:?}; shift 2 ;;
    -h|--help) sed -n '2,/^set /{/^#/p}' "$0"; exit 0 ;;
    *) echo "fk_check bench: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
for v in "$keys" "$rows" "$seconds" "$rounds"; do
  [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "fk_check bench: not a positive integer: $v" >&2; exit 2; }
done
[ "$rows" -le "$keys" ] || { echo "fk_check bench: --rows must not exceed --keys" >&2; exit 2; }
. scripts/lib.sh
cluster_start "$major" "bench-fk-$major" "shared_buffers = 512MB" "jit = off" "autovacuum = off" \
  "max_parallel_workers_per_gather = 0" "synchronous_commit = off" "max_wal_size = 8GB" "checkpoint_timeout = 1h"
work=$(mktemp -d)
trap 'cluster_stop; rm -rf "$CLUSTER_DIR" "$work"' EXIT
P=("${PSQL[@]}" -d postgres)
PGBENCH=("$CLUSTER_BIN/pgbench" -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres -n -M prepared)
results="$work/results.tsv"
: >"$results"
variants=(plain time tail16 hash16 none)
key_expr() { echo "uuid_shard.uuid_v7_from_name(timestamptz '2025-01-01 00:00:00+00' + $1 * interval '30 seconds', ($1)::text)"; }

echo "PostgreSQL $("${P[@]}" -At -c "SHOW server_version"), $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)), $(awk '/^MemTotal/ {printf "%.0f GB", $2 / 1048576}' /proc/meminfo) memory, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$keys referenced keys; bulk inserts of $rows rows, pgbench runs of ${seconds}s, $rounds rounds"
echo "==> loading the referenced tables"
"${P[@]}" -v keys="$keys" -v rows="$rows" >/dev/null <<SQL
SET client_min_messages = warning;
CREATE SCHEMA uuid_shard;
CREATE EXTENSION uuid_shard SCHEMA uuid_shard;
CREATE TABLE ref_plain (id uuid PRIMARY KEY);
CREATE TABLE ref_time (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT uuid_shard.uuid_v7_partition_ddl('ref_time'::regclass, timestamptz '2025-01-01 00:00+00', timestamptz '2026-01-01 00:00+00') \gexec
CREATE TABLE ref_tail16 (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT * FROM uuid_shard.uuid_tail_partition_ddl('ref_tail16'::regclass, 16) \gexec
CREATE TABLE ref_hash16 (id uuid PRIMARY KEY) PARTITION BY HASH (id);
SELECT format('CREATE TABLE ref_hash16_%s PARTITION OF ref_hash16 FOR VALUES WITH (MODULUS 16, REMAINDER %s)', r, r)
  FROM generate_series(0, 15) r \gexec
INSERT INTO ref_plain SELECT $(key_expr g) FROM generate_series(1, :keys) g;
INSERT INTO ref_time SELECT id FROM ref_plain;
INSERT INTO ref_tail16 SELECT id FROM ref_plain;
INSERT INTO ref_hash16 SELECT id FROM ref_plain;
CREATE TABLE fk_plain (ref uuid NOT NULL REFERENCES ref_plain);
CREATE TABLE fk_time (ref uuid NOT NULL REFERENCES ref_time);
CREATE TABLE fk_tail16 (ref uuid NOT NULL REFERENCES ref_tail16);
CREATE TABLE fk_hash16 (ref uuid NOT NULL REFERENCES ref_hash16);
CREATE TABLE fk_none (ref uuid NOT NULL);
CREATE TABLE sample AS SELECT id AS ref FROM ref_plain ORDER BY random() LIMIT :rows;
-- The statement's time, AFTER triggers (the foreign-key checks) included.
CREATE FUNCTION bulk(t regclass) RETURNS float8 LANGUAGE plpgsql AS \$\$
DECLARE t0 timestamptz := clock_timestamp();
BEGIN
  EXECUTE format('INSERT INTO %s (ref) SELECT ref FROM sample', t);
  RETURN extract(epoch FROM clock_timestamp() - t0);
END \$\$;
VACUUM ANALYZE;
CHECKPOINT;
SQL
for v in "${variants[@]}"; do
  printf '\\set r random(1, %s)\nINSERT INTO fk_%s (ref) VALUES (%s);\n' "$keys" "$v" "$(key_expr ':r')" >"$work/insert_$v.sql"
done
# rotated ROUND WORD...: the words, rotated left by ROUND - 1.
rotated() {
  local r=$1; shift
  local a=("$@") k=$(( (r - 1) % $# ))
  echo "${a[@]:k}" "${a[@]:0:k}"
}
for r in $(seq 1 "$rounds"); do
  echo "==> round $r of $rounds"
  for v in $(rotated "$r" "${variants[@]}"); do
    "${P[@]}" -c "TRUNCATE fk_$v" -c "CHECKPOINT" >/dev/null
    printf 'bulk\t%s\t%s\t%s\n' "$v" "$r" "$("${P[@]}" -At -c "SELECT bulk('fk_$v')")" >>"$results"
  done
  for v in $(rotated "$r" "${variants[@]}"); do
    "${P[@]}" -c "TRUNCATE fk_$v" -c "CHECKPOINT" >/dev/null
    "${PGBENCH[@]}" -c 1 -j 1 -T "$seconds" -f "$work/insert_$v.sql" postgres >"$work/pgbench.out" 2>&1 \
      || { cat "$work/pgbench.out" >&2; echo "pgbench failed: $v" >&2; exit 1; }
    printf 'tps\t%s\t%s\t%s\n' "$v" "$r" "$(awk '/^tps = / {print $3; exit}' "$work/pgbench.out")" >>"$results"
  done
done

python3 - "$results" "$rows" "${variants[@]}" <<'PY'
import statistics, sys
path, rows, variants = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
data = {}
for line in open(path):
    kind, v, r, x = line.split("\t")
    data[(kind, v, int(r))] = float(x)
rounds = sorted({r for (_, _, r) in data})
def med(xs): return statistics.median(xs)
def span(xs): return f"{med(xs):.2f} ({min(xs):.2f} .. {max(xs):.2f})"
print(f"\n1. bulk: INSERT ... SELECT of {rows} rows, ratio of time to plain; the check's cost per row = time above 'none'")
print(f"{'referenced':<10} | {'ms':>8} | {'time vs plain':>20} | {'check us/row':>12} | {'check vs plain':>20}")
for v in variants:
    t = [data[("bulk", v, r)] for r in rounds]
    ratio = [data[("bulk", v, r)] / data[("bulk", "plain", r)] for r in rounds]
    if v == "none":
        print(f"{v:<10} | {med(t) * 1000:>8.0f} | {span(ratio):>20} | {'-':>12} | {'-':>20}")
        continue
    check = [(data[("bulk", v, r)] - data[("bulk", "none", r)]) / rows * 1e6 for r in rounds]
    cratio = [(data[("bulk", v, r)] - data[("bulk", "none", r)]) / (data[("bulk", "plain", r)] - data[("bulk", "none", r)]) for r in rounds]
    print(f"{v:<10} | {med(t) * 1000:>8.0f} | {span(ratio):>20} | {med(check):>12.2f} | {span(cratio):>20}")
print("\n2. single rows: pgbench -M prepared, 1 client, one INSERT per transaction, TPS as a ratio to plain")
print(f"{'referenced':<10} | {'TPS':>8} | {'vs plain':>20}")
for v in variants:
    t = [data[("tps", v, r)] for r in rounds]
    ratio = [data[("tps", v, r)] / data[("tps", "plain", r)] for r in rounds]
    print(f"{v:<10} | {med(t):>8.0f} | {span(ratio):>20}")
PY
