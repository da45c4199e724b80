#!/usr/bin/env bash
# The rekey's backfill against the one-table recipe of docs/reference.md, on two copies of the
# same table (ROWS rows, keys 'time' from a timestamp column, no referencing table, so both fill
# the same rows): rows per second and WAL bytes of each, as ratios from one run; then the swap's
# lock time with a referencing table of 2 x ROWS rows. Writers' latency per phase is not
# measured here yet.
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
# the swap, with a referencing table of 2 x ROWS rows
sql >/dev/null 2>&1 <<SQL
CREATE TABLE refs (id bigserial PRIMARY KEY, rekeyed_id bigint NOT NULL REFERENCES rekeyed ON DELETE CASCADE);
INSERT INTO refs (rekeyed_id) SELECT 1 + g % $rows FROM generate_series(1, 2 * $rows) g;
CREATE INDEX ON refs (rekeyed_id);
SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'rollback') \gexec
SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'expand', 'published') \gexec
CALL uuid_shard.uuid_rekey_run('rekeyed', 5000, '0', NULL);
SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'prepare') \gexec
SQL
swap=$(sql 2>&1 <<<"SELECT uuid_shard.uuid_rekey_ddl('rekeyed', 'swap') \gexec" | grep -o 'locks held for [0-9.]* ms' | grep -o '[0-9.]*' || echo "(no swap: see the cluster log)")
echo "  swap with a referencing table of $((2 * rows)) rows: locks held $swap ms"
