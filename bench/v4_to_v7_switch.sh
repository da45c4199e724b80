#!/usr/bin/env bash
# The v4 -> v7 default switch (docs/pitfalls.md): a table keyed by v4 whose DEFAULT alone is
# switched to a v7 generator, against a table keyed by v7 from the start, 1,000,000 rows each.
#   switched:  500,000 rows with gen_random_uuid(), then 500,000 with public.uuidv7()
#   fresh v7:  1,000,000 rows with public.uuidv7()
#   all v4:    1,000,000 rows with gen_random_uuid() (for scale)
# Rows go in by single-row INSERTs in batches of 1,000 per statement (one index insertion at a
# time, as an application inserts), then the primary key index sizes and leaf fill are compared.
#   bench/v4_to_v7_switch.sh [MAJOR] [ROWS]     (the extension must be installed into MAJOR)
set -euo pipefail
major=${1:-18} rows=${2:-1000000}
. "$(dirname "$0")/../scripts/lib.sh"
cluster_start "$major" "bench-switch-$major" "shared_buffers = 256MB" "autovacuum = off" "max_wal_size = 4GB"
trap cluster_stop EXIT
"${PSQL[@]}" -d postgres <<SQL
SET client_min_messages = warning;
CREATE EXTENSION uuid_shard;
CREATE EXTENSION pgstattuple;
CREATE TABLE switched (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int);
CREATE TABLE fresh_v7 (id uuid PRIMARY KEY DEFAULT public.uuidv7(), n int);
CREATE TABLE all_v4 (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int);
-- one row per INSERT ... VALUES would take long; a multi-row INSERT inserts its rows one by one
-- into the index all the same (no bulk load), in the order generated
INSERT INTO switched (n) SELECT g FROM generate_series(1, $rows / 2) g;
ALTER TABLE switched ALTER id SET DEFAULT public.uuidv7();
INSERT INTO switched (n) SELECT g FROM generate_series($rows / 2 + 1, $rows) g;
INSERT INTO fresh_v7 (n) SELECT g FROM generate_series(1, $rows) g;
INSERT INTO all_v4 (n) SELECT g FROM generate_series(1, $rows) g;
CHECKPOINT;
\pset footer off
SELECT t AS "table", c AS rows,
       pg_size_pretty(pg_relation_size(i)) AS pkey_size, pg_relation_size(i) / 8192 AS pages,
       round((s).avg_leaf_density::numeric, 1) AS avg_leaf_density_pct,
       round(pg_relation_size(i)::numeric / pg_relation_size('fresh_v7_pkey'), 2) AS ratio_to_fresh_v7
  FROM (VALUES ('switched', 'switched_pkey'::regclass, (SELECT count(*) FROM switched)),
               ('fresh_v7', 'fresh_v7_pkey'::regclass, (SELECT count(*) FROM fresh_v7)),
               ('all_v4', 'all_v4_pkey'::regclass, (SELECT count(*) FROM all_v4))) v(t, i, c),
       LATERAL (SELECT pgstatindex(i) AS s) s;
SQL
