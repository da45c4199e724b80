#!/usr/bin/env bash
# The rekey's backfill against the one-table recipe of docs/reference.md, on two copies of the
# same table (ROWS rows, keys 'time' from a timestamp column, no referencing table, so both fill
# the same rows): rows per second and WAL bytes of each, as ratios from one run; then, with a
# referencing table of 2 x ROWS rows and writers running, the writers' latency in each phase
# against no migration, each phase's wall time, and how long expand and swap held their locks.
#   bench/rekey.sh [MAJOR] [ROWS]      (default 18, 200000; the extension must be installed)
set -euo pipefail
major=${1:-18}
rows=${2:-200000}
. "$(dirname "$0")/../scripts/lib.sh"
cluster_start "$major" "bench-rekey-$major" "shared_buffers = 128MB" "max_wal_size = 2GB"
trap cluster_stop EXIT
sql() { "${PSQL[@]}" -At -d postgres "$@"; }
sql -c "CREATE SCHEMA uuid_shard" -c "CREATE EXTENSION uuid_shard SCHEMA uuid_shard" >/dev/null
sql >/dev/null <<SQL
CREATE TABLE recipe (id bigserial PRIMARY KEY, published timestamptz NOT NULL, body text);
INSERT INTO recipe (published, body) SELECT '2024-01-01'::timestamptz + g * interval '1 s', repeat('x', 60) FROM generate_series(1, $rows) g;
CREATE TABLE rekeyed (LIKE recipe INCLUDING ALL);
INSERT INTO rekeyed SELECT * FROM recipe;
VACUUM ANALYZE recipe, rekeyed;
CHECKPOINT;
SQL
# the recipe: a nullable column, then UPDATE ... WHERE ctid IN (...) in batches of 5000 until none is left
t0=$(date +%s.%N); w0=$(sql -c "SELECT pg_current_wal_lsn()")
sql -c "ALTER TABLE recipe ADD COLUMN new_id uuid" >/dev/null
while [ "$(sql -c "WITH u AS (UPDATE recipe SET new_id = uuid_shard.uuid_v7_at(published)
            WHERE ctid IN (SELECT ctid FROM recipe WHERE new_id IS NULL LIMIT 5000) RETURNING 1) SELECT count(*) FROM u")" != 0 ]; do :; done
t1=$(date +%s.%N); w1=$(sql -c "SELECT pg_current_wal_lsn()")
sql -c "CHECKPOINT" >/dev/null
# the rekey: expand, then uuid_rekey_run with batches of 5000 and no pause
t2=$(date +%s.%N); w2=$(sql -c "SELECT pg_current_wal_lsn()")
sql >/dev/null 2>&1 <<'SQL'
SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'expand', 'published') \gexec
CALL uuid_shard.uuid_rekey_run('rekeyed', 5000, '0', NULL);
SQL
t3=$(date +%s.%N); w3=$(sql -c "SELECT pg_current_wal_lsn()")
sql -c "SELECT count(*) FILTER (WHERE uuid IS NULL) FROM rekeyed" | grep -qx 0 || { echo "rekey left rows unfilled" >&2; exit 1; }
read -r recipe_rps rekey_rps recipe_wal rekey_wal < <(sql -F' ' -c "SELECT round($rows / ($t1 - $t0)), round($rows / ($t3 - $t2)),
  pg_wal_lsn_diff('$w1', '$w0'), pg_wal_lsn_diff('$w3', '$w2')")
echo "PostgreSQL $major, $rows rows, keys 'time', batches of 5000, one run:"
echo "  recipe (UPDATE ... WHERE ctid IN): $recipe_rps rows/s, $recipe_wal WAL bytes"
echo "  rekey (uuid_rekey_run):            $rekey_rps rows/s, $rekey_wal WAL bytes"
echo "  ratios rekey/recipe: rows/s $(sql -c "SELECT round($rekey_rps::numeric / $recipe_rps, 2)"), WAL $(sql -c "SELECT round($rekey_wal::numeric / $recipe_wal, 2)")"
# The writers' latency in each phase, against the same writers with no migration in the same run:
# a referencing table of 2 x ROWS rows, 8 sessions each looping two short transactions (a row
# and a row referencing it, parent then child; re-parenting a referencing row and touching its
# parent, child then parent) with a 20 ms pause, each timed from its first statement to its
# COMMIT. After the swap they switch to the new columns (the new application), so that contract
# can drop the old ones under them. A phase's window is as long as the phase took, its lock
# attempts included (a phase of a fraction of a second: its p99 is its slowest transaction);
# beside it, the p99 over at least 10 s from the phase's start, as a monitor sampling every 10 s
# would show it; each phase's wall time is printed, the strong-lock ones beside their bound.
writers=8
sql >/dev/null 2>&1 <<SQL
SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'rollback') \gexec
CREATE TABLE refs (id bigserial PRIMARY KEY, rekeyed_id bigint NOT NULL REFERENCES rekeyed ON DELETE CASCADE);
INSERT INTO refs (rekeyed_id) SELECT 1 + g % $rows FROM generate_series(1, 2 * $rows) g;
CREATE INDEX ON refs (rekeyed_id);
VACUUM ANALYZE rekeyed, refs;
CREATE TABLE bench_stop (stop boolean, new_columns boolean);
INSERT INTO bench_stop VALUES (false, false);
CREATE TABLE bench_phase (phase text, started timestamptz DEFAULT clock_timestamp());
CREATE UNLOGGED TABLE bench_latency (ended timestamptz, ms float8);
CREATE PROCEDURE bench_writer() LANGUAGE plpgsql AS \$w\$
DECLARE
  t0 timestamptz; ends timestamptz[] := '{}'; mss float8[] := '{}'; v_id bigint; v_u uuid; v_p bigint; v_stop boolean; v_new boolean;
BEGIN
  LOOP
    SELECT stop, new_columns INTO v_stop, v_new FROM bench_stop;
    EXIT WHEN v_stop;
    t0 := clock_timestamp();
    IF v_new THEN
      INSERT INTO rekeyed (published, body) VALUES (now(), 'w') RETURNING uuid INTO v_u;
      INSERT INTO refs (rekeyed_uuid) VALUES (v_u);
    ELSE
      INSERT INTO rekeyed (published, body) VALUES (now(), 'w') RETURNING id INTO v_id;
      INSERT INTO refs (rekeyed_id) VALUES (v_id);
    END IF;
    COMMIT;
    ends := ends || clock_timestamp(); mss := mss || 1000 * EXTRACT(epoch FROM clock_timestamp() - t0)::float8;
    t0 := clock_timestamp();
    v_p := 1 + floor(random() * 2 * $rows)::bigint;
    IF v_new THEN
      UPDATE refs SET rekeyed_uuid = rekeyed_uuid WHERE id = v_p RETURNING rekeyed_uuid INTO v_u;
      UPDATE rekeyed SET body = 'u' WHERE uuid = v_u;
    ELSE
      UPDATE refs SET rekeyed_id = 1 + v_p % $rows WHERE id = v_p;
      UPDATE rekeyed SET body = 'u' WHERE id = 1 + v_p % $rows;
    END IF;
    COMMIT;
    ends := ends || clock_timestamp(); mss := mss || 1000 * EXTRACT(epoch FROM clock_timestamp() - t0)::float8;
    PERFORM pg_sleep(0.02);
  END LOOP;
  INSERT INTO bench_latency SELECT * FROM unnest(ends, mss);
END
\$w\$;
CHECKPOINT;
SQL
phase() { sql -c "INSERT INTO bench_phase (phase) VALUES ('$1')" >/dev/null; }
script() { PGOPTIONS="-c client_min_messages=warning" sql -v ON_ERROR_STOP=1 -v VERBOSITY=terse >/dev/null <<<"$1" || { echo "bench: $2 failed" >&2; exit 1; }; }
pids=()
for _ in $(seq 1 $writers); do sql -c "CALL bench_writer()" >/dev/null & pids+=($!); done
phase "no migration"; sleep 10
held() { grep -o 'locks held for [0-9.]* ms' <<<"$1" | grep -o '[0-9.]*' || echo "(not printed)"; }
phase expand;   out=$(sql -v ON_ERROR_STOP=1 -v VERBOSITY=terse 2>&1 <<<"SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'expand', 'published') \gexec") \
                  || { echo "bench: expand failed: $out" >&2; exit 1; }
expand=$(held "$out")
phase backfill; script "CALL uuid_shard.uuid_rekey_run('rekeyed', 5000, '20 ms', NULL)" backfill
phase prepare;  script "SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'prepare') \gexec" prepare
phase swap;     out=$(sql -v ON_ERROR_STOP=1 -v VERBOSITY=terse 2>&1 <<<"SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'swap') \gexec") \
                  || { echo "bench: swap failed: $out" >&2; exit 1; }
swap=$(held "$out")
phase "after swap"; sql -c "UPDATE bench_stop SET new_columns = true" >/dev/null; sleep 10
phase contract; script "SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'contract') \gexec" contract
phase "after contract"; sleep 5
phase end
sql -c "UPDATE bench_stop SET stop = true" >/dev/null
for p in "${pids[@]}"; do wait "$p" || { echo "a writer failed" >&2; exit 1; }; done
echo "  writers ($writers sessions, both lock orders, referencing table of $((2 * rows)) rows), latency of their transactions in ms,"
echo "  and each phase's wall time (expand, swap and contract take strong locks: bound 5 s each):"
sql -F' ' <<'SQL' | column -t -s'|' | sed 's/^/    /'
WITH w AS (SELECT phase, started, lead(started) OVER (ORDER BY started) AS ended FROM bench_phase),
     l AS (SELECT w.phase, w.started, l.ms FROM w JOIN bench_latency l ON l.ended >= w.started AND l.ended < w.ended),
     s AS (SELECT phase, min(started) AS started, count(*) AS n,
                  percentile_disc(0.99) WITHIN GROUP (ORDER BY ms) AS p99, max(ms) AS worst FROM l GROUP BY phase),
     d AS (SELECT w.phase, percentile_disc(0.99) WITHIN GROUP (ORDER BY l.ms) AS p99 FROM w
             JOIN bench_latency l ON l.ended >= w.started AND l.ended < greatest(w.ended, w.started + interval '10 s') GROUP BY w.phase)
SELECT 'phase|transactions|p99|max|p99 / no migration (target <= 1.3)|over 10 s from its start|wall time s' UNION ALL
SELECT * FROM (SELECT s.phase || '|' || s.n || '|' || round(s.p99::numeric, 1) || '|' || round(s.worst::numeric, 1) || '|'
                      || round((s.p99 / b.p99)::numeric, 2) || '|' || round((d.p99 / b.p99)::numeric, 2) || '|'
                      || round(EXTRACT(epoch FROM w.ended - w.started)::numeric, 2)
                      || CASE WHEN s.phase IN ('expand', 'swap', 'contract') THEN ' (bound 5)' ELSE '' END
                 FROM s JOIN w USING (phase) JOIN d USING (phase), (SELECT p99 FROM s WHERE phase = 'no migration') b ORDER BY s.started) x
SQL
echo "  with the writers running, locks held by expand $expand ms, by swap $swap ms"
