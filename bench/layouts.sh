#!/usr/bin/env bash
# Partition layouts for a uuid key, against a plain table in the same run, printed as three
# tables of ratios (the figures of "Layouts: tail-hash partitions" in docs/benchmarks.md):
#   1. point lookups by id: a plain table (the anchor), LIST-bucket tables
#      (PARTITION BY LIST (uuid_bucket(id, N)): WHERE id = $1 cannot prune, every partition is
#      read) and tail-hash tables (PARTITION BY HASH (id uuid_tail_ops): pruned to one
#      partition), N = 16 and 64, --rows rows each; pgbench -M prepared, 2 clients. PostgreSQL keeps
#      a prepared tail-hash lookup on custom plans (planned at every execution), so the tail-hash
#      tables run again under plan_cache_mode = force_generic_plan (pruned when the plan starts)
#   2. one client inserting --insert-rows v7 keys (one INSERT ... SELECT after a CHECKPOINT) into
#      a plain table (the anchor), LIST-bucket 16, tail-hash 16 and time x tail (1 time partition x
#      16 tail partitions), and v4 keys into a plain table (the second anchor): rows/s on the
#      backend's CPU clock (/proc/self/schedstat, read by the backend) and on the wall clock, and
#      the size of the key's index, summed over the leaf partitions (pg_indexes_size, the only
#      index of each being the primary key, or each LIST partition's UNIQUE (id))
#   3. contention: pgbench -M prepared -c N -j min(N, cores), one row per transaction, for every
#      N of --clients, into v4 keys in a plain table (the anchor) and v7 keys in a plain table,
#      LIST-bucket 16, tail-hash 16, tail-hash 64 and time x tail (1 x 16), each emptied and
#      CHECKPOINTed before its run: TPS as a ratio to v4 at the same N; the index bytes per row
#      (what the run added to the indexes of the partition tree, over the rows it inserted); and
#      the wait events of the inserting backends (pg_stat_activity of the active ones, sampled
#      every 0.5 s during the run), the top 3 per layout with their share. The tables of the
#      16-core figures in docs/benchmarks.md, for a machine of that kind:
#        bench/layouts.sh --only contention --clients "16 32 64 128" --seconds 7 --rounds 2
#      It takes clients x rounds x 6 runs of --seconds each, plus a CHECKPOINT and a count around
#      each run (about 7 minutes for that command). It needs the cores (2 cores show no
#      right-edge contention: there it only checks the script), about 2 GB of memory
#      (shared_buffers = 1GB, wal_buffers = 256MB and a backend per client) and a few GB of disk
#      for the WAL of a run, no tmpfs: the cluster runs with fsync = off and synchronous_commit =
#      off, so a commit waits for no disk and the figures show lock contention, not disk flushes.
#   4. a split: partition (4, 1) of a tail-hash table of --insert-rows v7 keys split into (8, 1)
#      and (8, 5) by the script of uuid_tail_split_ddl (no foreign keys), timed: the time its
#      one statement holds the table's lock, against the anchor of copying the same rows into an
#      empty table with the same primary key (INSERT ... SELECT) in the same round
# Every measurement runs --rounds times, the variants interleaved (their order rotating by one
# each round); a table gives the median and a ratio is taken per round (median, and min .. max).
# How a lookup gets its key: pgbench variables are numbers, so the tables hold deterministic v7
# keys, row n keyed uuid_v7_from_name('2025-01-01' + n ms, n), and each lookup returns, besides
# its row, the key of the next one, chosen at random (\set r, then \gset key): the next
# transaction sends that key as its uuid parameter, WHERE id = $1 exactly as an application
# does. The key's computation (about 0.2 us) runs once per transaction whatever the layout, and
# the lookup itself costs no second query; a side table of keys read in a subquery would add an
# index probe as costly as the plain table's own, and a key built from numbers inside the WHERE
# clause would be evaluated again for every partition a LIST-bucket table reads.
# Builds the release extension and stages it as bench/run.sh does (bench/stage.sh), and runs on
# a scratch cluster .pg/clusters/bench-layouts-MAJOR. About 7 minutes on 2 cores with the
# defaults, plus about 2 minutes for a first release build.
#   bench/layouts.sh [--pg 18|15] [--clients "1 4 16 64"] [--rows 200000] [--insert-rows 1000000]
#                    [--seconds 3] [--rounds 3] [--only lookup|insert|contention|split] [--keep] [--write-doc]
#   --only       runs that one part (1 to 4 above) and prints its tables
#   --write-doc  also rewrites the section "Layouts: tail-hash partitions" of docs/benchmarks.md
#                (up to the page's next section; bench/report.py keeps it and what follows it when
#                it rewrites the rest)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
major=18 clients="1 4 16 64" rows=200000 insert_rows=1000000 seconds=3 rounds=3 only="" keep=0 write_doc=0
command="bench/layouts.sh $*"
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) major=${2:?--pg needs a major}; shift 2 ;;
    --clients) clients=${2:?--clients needs a list, e.g. \"1 4 16 64\"}; shift 2 ;;
    --rows) rows=${2:?}; shift 2 ;;
    --insert-rows) insert_rows=${2:?}; shift 2 ;;
    --seconds) seconds=${2:?}; shift 2 ;;
    --rounds) rounds=${2:?}; shift 2 ;;
    --only) only=${2:?--only needs a part: lookup, insert, contention or split}; shift 2 ;;
    --keep) keep=1; shift ;;
    --write-doc) write_doc=1; shift ;;
    -h|--help) sed -n '2,/^set /{/^#/p}' "$0"; exit 0 ;;
    *) echo "layouts bench: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
for v in "$rows" "$insert_rows" "$seconds" "$rounds" $clients; do
  [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "layouts bench: not a positive integer: $v" >&2; exit 2; }
done
case "$only" in
  ""|lookup|insert|contention|split) ;;
  *) echo "layouts bench: --only takes lookup, insert, contention or split, not $only" >&2; exit 2 ;;
esac
[ -z "$only" ] || [ "$write_doc" = 0 ] || { echo "layouts bench: --write-doc needs every part, not --only" >&2; exit 2; }
runs() { [ -z "$only" ] || [ "$only" = "$1" ]; }
bash scripts/setup.sh --demo "$major" >/dev/null
. scripts/lib.sh
. bench/stage.sh
mkdir -p "$BENCH_ROOT"
echo "==> release build of the extension for PostgreSQL $major (log: .pg/bench/build-pg$major.log)"
build_release "$major"
stage_install "$major"
max_clients=$(tr ' ' '\n' <<<"$clients" | sort -n | tail -1)
cluster_start "$major" "bench-layouts-$major" \
  "max_connections = $((max_clients + 20))" "shared_buffers = 1GB" "work_mem = 64MB" "jit = off" \
  "max_parallel_workers_per_gather = 0" "autovacuum = off" "max_wal_size = 16GB" "checkpoint_timeout = 1h" \
  "synchronous_commit = off" "wal_buffers = 256MB"
work=$(mktemp -d)
finish() {
  if [ "$keep" = 1 ]; then echo "cluster left running: ${PSQL[*]} -d postgres"; else cluster_stop; rm -rf "$CLUSTER_DIR"; fi
  rm -rf "$work"
}
trap finish EXIT
P=("${PSQL[@]}" -d postgres)
PGBENCH=("$CLUSTER_BIN/pgbench" -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres -n -M prepared)
results="$work/results.tsv"
: >"$results"
cores=$(nproc)
echo "PostgreSQL $major, $cores cores; lookups over $rows rows, inserts of $insert_rows rows, pgbench runs of ${seconds}s, $rounds rounds"
"${P[@]}" -c "SET client_min_messages = warning" -c "CREATE SCHEMA uuid_shard" -c "CREATE EXTENSION uuid_shard SCHEMA uuid_shard"

# make_table NAME LAYOUT N: an empty table (id uuid, n bigint) in one of the layouts, with a
# unique index on id: plain, list (LIST-bucket, N partitions), tail (tail-hash, N partitions),
# timetail (one time partition of a year, the current one, split into N tail partitions).
make_table() {
  local t=$1 layout=$2 n=${3:-}
  case "$layout" in
    plain) echo "CREATE TABLE $t (id uuid PRIMARY KEY, n bigint NOT NULL);" ;;
    list) echo "CREATE TABLE $t (id uuid NOT NULL, n bigint NOT NULL) PARTITION BY LIST (uuid_shard.uuid_bucket(id, $n));"
          echo "SELECT * FROM uuid_shard.uuid_bucket_partition_ddl('$t') \\gexec"
          echo "SELECT format('CREATE UNIQUE INDEX ON %s (id)', relid) FROM pg_partition_tree('$t') WHERE isleaf \\gexec" ;;
    tail) echo "CREATE TABLE $t (id uuid PRIMARY KEY, n bigint NOT NULL) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);"
          echo "SELECT * FROM uuid_shard.uuid_tail_partition_ddl('$t', $n) \\gexec" ;;
    timetail) echo "CREATE TABLE $t (id uuid PRIMARY KEY, n bigint NOT NULL) PARTITION BY RANGE (id);"
          echo "SELECT * FROM uuid_shard.uuid_v7_tail_partition_ddl('$t', now(), now() + interval '1 second', '1 year', $n) \\gexec" ;;
  esac | "${P[@]}" >/dev/null
}

# pgbench_tps SCRIPT CLIENTS [pgbench options]: runs pgbench for --seconds, prints its TPS.
pgbench_tps() {
  local script=$1 c=$2; shift 2
  local j=$((c < cores ? c : cores)) out="$work/pgbench.out"
  "${PGBENCH[@]}" -c "$c" -j "$j" -T "$seconds" -f "$script" "$@" postgres >"$out" 2>&1 \
    || { cat "$out" >&2; echo "pgbench failed: $script, $c clients" >&2; return 1; }
  awk '/^tps = / {print $3; exit}' "$out"
}
# rotated ROUND WORD...: the words, rotated left by ROUND - 1.
rotated() {
  local r=$1; shift
  local a=("$@") k=$(( (r - 1) % $# ))
  echo "${a[@]:k}" "${a[@]:0:k}"
}
record() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$results"; }  # section variant clients round metric value

# --- 1. point lookups -------------------------------------------------------------------------
if runs lookup; then
  echo "==> 1. point lookups: loading $rows rows into plain, LIST-bucket and tail-hash tables"
  key_expr() { echo "uuid_shard.uuid_v7_from_name(timestamptz '2025-01-01 00:00:00+00' + $1 * interval '1 millisecond', ($1)::text)"; }
  tables=(plain list16 tail16 list64 tail64)
  declare -A lk_layout=([plain]=plain [list16]=list [tail16]=tail [list64]=list [tail64]=tail)
  declare -A lk_parts=([plain]=1 [list16]=16 [tail16]=16 [list64]=64 [tail64]=64)
  for t in "${tables[@]}"; do make_table "lk_$t" "${lk_layout[$t]}" "${lk_parts[$t]}"; done
  "${P[@]}" -v rows="$rows" >/dev/null <<SQL
INSERT INTO lk_plain SELECT $(key_expr g), g FROM generate_series(1, :rows) g;
$(for t in "${tables[@]:1}"; do echo "INSERT INTO lk_$t SELECT * FROM lk_plain;"; done)
VACUUM (FREEZE, ANALYZE);
CHECKPOINT;
SQL
  first_key=$("${P[@]}" -At -c "SELECT $(key_expr 1)")
  # Variants: the tables, each with the plan PostgreSQL picks for a prepared statement
  # (plan_cache_mode = auto), and the tail-hash tables again with plan_cache_mode =
  # force_generic_plan (variant name ending in g).
  lookup_variants=(plain list16 tail16 tail16g list64 tail64 tail64g)
  declare -A lk_options=([tail16g]="-c plan_cache_mode=force_generic_plan" [tail64g]="-c plan_cache_mode=force_generic_plan")
  for v in "${lookup_variants[@]}"; do
    t=${v%g}
    cat >"$work/lookup_$v.sql" <<SQL
\\set r random(1, $rows)
SELECT n AS found, $(key_expr ':r::int') AS key FROM lk_$t WHERE id = :key \\gset
SQL
    # The plan the prepared lookup settles on (after 10 executions), the partitions one execution
    # of it reads, and how evenly the rows spread.
    info=$(PGOPTIONS="${lk_options[$v]:-}" "${P[@]}" -At -F ' ' <<SQL
PREPARE q(uuid, int) AS SELECT n AS found, $(key_expr '$2') AS key FROM lk_$t WHERE id = \$1;
$(for i in $(seq 1 10); do echo "EXECUTE q('$first_key', $i) \\g /dev/null"; done)
SELECT CASE WHEN generic_plans > 0 THEN 'generic' ELSE 'custom' END FROM pg_prepared_statements WHERE name = 'q';
SELECT min(c), max(c) FROM (SELECT count(*) AS c FROM lk_$t GROUP BY tableoid) s;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE q('$first_key', 11);
SQL
  )
    read -r plan rmin rmax <<<"$(head -2 <<<"$info" | tr '\n' ' ')"
    scans=$(tail -n +3 <<<"$info" | grep -E '(Seq Scan|Index Scan using [^ ]+|Index Only Scan using [^ ]+|Bitmap Heap Scan) on ' \
      | grep -vc 'never executed' || true)
    record lookup "$v" 2 0 plan "$plan"
    record lookup "$v" 2 0 scans "$scans"
    record lookup "$v" 2 0 spread "$rmin .. $rmax"
  done
  echo "==> 1. point lookups: $rounds rounds of ${seconds}s per variant, 2 clients"
  for r in $(seq 1 "$rounds"); do
    for v in $(rotated "$r" "${lookup_variants[@]}"); do
      tps=$(PGOPTIONS="${lk_options[$v]:-}" pgbench_tps "$work/lookup_$v.sql" 2 -D key="$first_key")
      record lookup "$v" 2 "$r" tps "$tps"
    done
  done
  python3 bench/layouts_report.py "$results" lookup --rows "$rows"
fi

# --- 2. single-client inserts -----------------------------------------------------------------
if runs insert; then
  echo "==> 2. inserts: $rounds rounds of $insert_rows rows per table, one client"
  insert_variants=(v7_plain v4_plain v7_list16 v7_tail16 v7_timetail16)
  declare -A ins_layout=([v7_plain]=plain [v4_plain]=plain [v7_list16]=list [v7_tail16]=tail [v7_timetail16]=timetail)
  for v in "${insert_variants[@]}"; do make_table "ins_$v" "${ins_layout[$v]}" 16; done
  # The backend's on-CPU time from its own /proc/self/schedstat (the clock bench/bench.py trusts on a
  # shared machine: wall time also counts waiting for a CPU held by other jobs), when the kernel has it.
  cpu_ns="split_part(pg_read_file('/proc/self/schedstat', 0, 200, true), ' ', 1)::bigint"
  for r in $(seq 1 "$rounds"); do
    for v in $(rotated "$r" "${insert_variants[@]}"); do
      gen="uuid_shard.uuidv7()"; [ "${v%%_*}" = v4 ] && gen="gen_random_uuid()"
      res=$("${P[@]}" -At -F ' ' -v rows="$insert_rows" <<SQL
TRUNCATE ins_$v;
CHECKPOINT;
SELECT clock_timestamp() AS t0, coalesce($cpu_ns, 0) AS cpu0 \\gset
INSERT INTO ins_$v (id, n) SELECT $gen, g FROM generate_series(1, :rows) g;
SELECT extract(epoch FROM clock_timestamp() - :'t0'::timestamptz), coalesce(($cpu_ns - :cpu0) / 1e9, 0),
       coalesce((SELECT sum(pg_indexes_size(relid)) FROM pg_partition_tree('ins_$v') WHERE isleaf),
                pg_indexes_size('ins_$v'));
SQL
  )
      read -r wall cpu bytes <<<"$res"
      record insert "$v" 1 "$r" rows_per_s "$(awk -v n="$insert_rows" -v s="$wall" 'BEGIN {print n / s}')"
      awk -v s="$cpu" 'BEGIN {exit !(s > 0)}' \
        && record insert "$v" 1 "$r" rows_per_cpu_s "$(awk -v n="$insert_rows" -v s="$cpu" 'BEGIN {print n / s}')"
      record insert "$v" 1 "$r" index_bytes "$bytes"
    done
  done
  python3 bench/layouts_report.py "$results" insert --rows "$insert_rows"
  "${P[@]}" -c "DROP TABLE $(printf 'ins_%s, ' "${insert_variants[@]}" | sed 's/, $//')" -c CHECKPOINT
fi

# --- 3. contention ----------------------------------------------------------------------------
if runs contention; then
  echo "==> 3. contention: one row per transaction, clients $clients, $rounds rounds of ${seconds}s per table"
  contention_variants=(v4_plain v7_plain v7_list16 v7_tail16 v7_tail64 v7_timetail16)
  declare -A c_layout=([v4_plain]=plain [v7_plain]=plain [v7_list16]=list [v7_tail16]=tail [v7_tail64]=tail [v7_timetail16]=timetail)
  declare -A c_parts=([v7_list16]=16 [v7_tail16]=16 [v7_tail64]=64 [v7_timetail16]=16)
  for v in "${contention_variants[@]}"; do
    make_table "c_$v" "${c_layout[$v]}" "${c_parts[$v]:-}"
    gen="uuid_shard.uuidv7()"; [ "${v%%_*}" = v4 ] && gen="gen_random_uuid()"
    printf '\\set n random(1, 1000000000)\nINSERT INTO c_%s (id, n) VALUES (%s, :n);\n' "$v" "$gen" >"$work/insert_$v.sql"
  done
  # index_bytes TABLE: the size of every index in the table's partition tree.
  index_bytes() {
    "${P[@]}" -At -c "SELECT coalesce((SELECT sum(pg_indexes_size(relid)) FROM pg_partition_tree('$1')), pg_indexes_size('$1'))"
  }
  # sample_waits TABLE: while pgbench runs, every 0.5 s, the wait event of each backend running
  # an INSERT into TABLE (CPU when it waits on nothing), one line per backend and sample.
  sample_waits() {
    for _ in $(seq 2 $((2 * seconds))); do
      echo "SELECT pg_sleep(0.5) \\g /dev/null"
      echo "SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') FROM pg_stat_activity
             WHERE state = 'active' AND starts_with(query, 'INSERT INTO $1 ');"
    done | "${P[@]}" -At
  }
  for c in $clients; do
    for r in $(seq 1 "$rounds"); do
      for v in $(rotated "$r" "${contention_variants[@]}"); do
        "${P[@]}" -c "TRUNCATE c_$v" -c CHECKPOINT
        empty=$(index_bytes "c_$v")
        sample_waits "c_$v" >"$work/waits" &
        sampler=$!
        tps=$(pgbench_tps "$work/insert_$v.sql" "$c")
        wait "$sampler"
        inserted=$("${P[@]}" -At -c "SELECT count(*) FROM c_$v")
        record contention "$v" "$c" "$r" tps "$tps"
        record contention "$v" "$c" "$r" index_bytes_per_row \
          "$(awk -v b="$(index_bytes "c_$v")" -v e="$empty" -v n="$inserted" 'BEGIN {print (b - e) / n}')"
        sort "$work/waits" | uniq -c | while read -r n event; do
          record contention "$v" "$c" "$r" "wait $event" "$n"
        done
      done
    done
  done
  python3 bench/layouts_report.py "$results" contention
fi

# --- 4. a split -------------------------------------------------------------------------------
if runs split; then
  echo "==> 4. split: (4, 1) of a tail-hash table of $insert_rows rows, $rounds rounds"
  for r in $(seq 1 "$rounds"); do
    res=$("${P[@]}" -At -F ' ' -v rows="$insert_rows" <<'SQL'
SET client_min_messages = warning;
DROP TABLE IF EXISTS sp, sp_copy;
CREATE TABLE sp (id uuid PRIMARY KEY, n bigint NOT NULL) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT * FROM uuid_shard.uuid_tail_partition_ddl('sp'::regclass, 4) \gexec
INSERT INTO sp SELECT uuid_shard.uuidv7(), g FROM generate_series(1, :rows) g;
CREATE TABLE sp_copy (id uuid PRIMARY KEY, n bigint NOT NULL);
VACUUM ANALYZE sp;
CREATE TEMP TABLE split_script AS SELECT s FROM uuid_shard.uuid_tail_split_ddl('sp_h4_1'::regclass) s;
SELECT count(*) AS part_rows FROM sp_h4_1 \gset
CHECKPOINT;
SELECT clock_timestamp() AS t0 \gset
INSERT INTO sp_copy SELECT * FROM sp_h4_1;
SELECT extract(epoch FROM clock_timestamp() - :'t0'::timestamptz) AS copy_s \gset
CHECKPOINT;
SELECT clock_timestamp() AS t1 \gset
SELECT s FROM split_script \gexec
SELECT :part_rows, :copy_s, extract(epoch FROM clock_timestamp() - :'t1'::timestamptz),
       (SELECT count(*) FROM pg_inherits WHERE inhparent = 'sp'::regclass);
SQL
  )
    read -r part_rows copy_s split_s parts <<<"$(tail -1 <<<"$res")"
    [ "$parts" = 5 ] || { echo "layouts bench: the split left $parts partitions, not 5" >&2; exit 1; }
    record split sp 1 "$r" rows "$part_rows"
    record split sp 1 "$r" split_s "$split_s"
    record split copy 1 "$r" split_s "$copy_s"
  done
  python3 bench/layouts_report.py "$results" split --rows "$insert_rows"
fi

if [ "$write_doc" = 1 ]; then
  page=docs/benchmarks.md heading='## Layouts: tail-hash partitions'
  python3 bench/layouts_report.py "$results" doc --rows "$rows" --insert-rows "$insert_rows" --major "$major" \
    --cores "$cores" --rounds "$rounds" --command "${command% --write-doc}" >"$work/section.md"
  # The section replaces the old one up to the page's next section (hand-written: it stays), or
  # ends the page.
  if grep -qxF "$heading" "$page"; then
    awk -v heading="$heading" -v section="$work/section.md" '
      $0 == heading { while ((getline line < section) > 0) print line; skip = 1; next }
      skip && /^## / { skip = 0; print "" }
      !skip' "$page"
  else
    cat "$page"; echo; cat "$work/section.md"
  fi >"$work/page.md"
  mv "$work/page.md" "$page"
  echo "==> wrote the section \"${heading#\#\# }\" of $page"
fi
echo "(run: $((SECONDS - start)) s in all, $(date -u '+%Y-%m-%d %H:%M') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg))"
