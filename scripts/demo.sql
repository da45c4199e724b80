-- uuid_shard demo: every function, on a throwaway cluster.
\pset footer off
SET client_min_messages = warning;
-- a schema of its own, only its owner can create objects in it; every call names it
CREATE SCHEMA uuid_shard;
CREATE EXTENSION uuid_shard SCHEMA uuid_shard;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

\echo '--- 1. Time-ordered keys: uuidv7() (strictly increasing per session), its time and version'
SELECT n, uuid_shard.uuidv7() AS id, uuid_shard.uuid_v7_time(uuid_shard.uuidv7()) AS minted_at
  FROM generate_series(1, 3) n;
SELECT uuid_shard.uuid_version(uuid_shard.uuidv7()) AS v7, uuid_shard.uuid_version(gen_random_uuid()) AS v4;

\echo '--- uuidv7(interval): a key minted as if an hour ago; uuid_v7_at(t): a key for a given time (backfill)'
SELECT uuid_shard.uuid_v7_time(uuid_shard.uuidv7(interval '-1 hour')) < now() - interval '59 minutes' AS shifted_an_hour_back,
       uuid_shard.uuid_v7_at(timestamptz '2022-02-22 19:22:22.123+00') AS backfilled,
       uuid_shard.uuid_v7_time(uuid_shard.uuid_v7_at(timestamptz '2022-02-22 19:22:22.123+00')) AS its_time;

\echo '--- uuid_v7_boundary(t): the smallest v7 of the millisecond of t, for exact ranges'
SELECT uuid_shard.uuid_v7_boundary(timestamptz '2025-02-19 20:57:05.792+00') AS lower_bound,
       uuid_shard.uuid_v7_time(uuid '01952000-0000-7000-8000-000000000000') AS decodes_to;

\echo '--- 2. Shard keys from the random tail: uuid_shard_key(id, len)'
SELECT uuid_shard.uuid_shard_key(uuid '0195e3a1-7c2e-7b3d-8a4f-0123456789ab', 4) AS key4,
       uuid_shard.uuid_shard_key(uuid '0195e3a1-7c2e-7b3d-8a4f-0123456789ab', 15) AS key15;

\echo '--- 3. Buckets for parallel workers: 100,000 v7 keys over 5 workers, then over 6'
CREATE TEMP TABLE events AS SELECT uuid_shard.uuidv7() AS id FROM generate_series(1, 100000);
SELECT uuid_shard.uuid_bucket(id, 5) AS worker, count(*) AS rows FROM events GROUP BY 1 ORDER BY 1;
SELECT round(100.0 * count(*) FILTER (WHERE uuid_shard.uuid_bucket(id, 5) <> uuid_shard.uuid_bucket(id, 6)) / count(*), 1)
         AS pct_moved_5_to_6,
       bool_and(uuid_shard.uuid_bucket(id, 6) = 5) FILTER (WHERE uuid_shard.uuid_bucket(id, 5) <> uuid_shard.uuid_bucket(id, 6))
         AS all_moved_rows_went_to_new_worker
  FROM events;

\echo '--- errors are ordinary errors with SQLSTATEs; the session goes on'
\set ON_ERROR_STOP 0
\set VERBOSITY default
SELECT uuid_shard.uuid_bucket(uuid '00000000-0000-0000-0000-000000000000', 5);
SELECT uuid_shard.uuid_shard_key(gen_random_uuid(), 16);
SELECT uuid_shard.uuid_v7_at(timestamptz '1969-12-31 23:59:59+00');
\set ON_ERROR_STOP 1
SELECT 'still working' AS session;

\echo '--- 4. Time partitions on the key: DDL for a quarter of monthly partitions, run by psql''s \\gexec'
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7(), note text) PARTITION BY RANGE (id);
SELECT uuid_shard.uuid_v7_partition_ddl('orders'::regclass, timestamptz '2025-01-01 00:00+00', timestamptz '2025-04-01 00:00+00', interval '1 month') \gexec
INSERT INTO orders (id, note)
  SELECT uuid_shard.uuid_v7_at(t), 'backfilled' FROM generate_series('2025-01-01'::timestamptz, '2025-03-31', '1 day') t;
SELECT partition, from_time, to_time, (SELECT count(*) FROM orders o WHERE o.tableoid = p.partition) AS rows
  FROM uuid_shard.uuid_v7_partitions('orders'::regclass) p;
\echo 'retention: partitions wholly before 2025-03-01'
SELECT uuid_shard.uuid_v7_retention_ddl('orders'::regclass, timestamptz '2025-03-01 00:00+00', text 'drop');

\echo '--- 5. Bucket partitions: each worker reads only its share; growing 4 -> 5 moves only the rows of the new bucket'
CREATE TABLE jobs (id uuid NOT NULL DEFAULT uuid_shard.uuidv7(), payload int)
  PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4));
SELECT uuid_shard.uuid_bucket_partition_ddl('jobs'::regclass) \gexec
INSERT INTO jobs (payload) SELECT i FROM generate_series(1, 100000) i;
SELECT p.partition, p.bucket, p.buckets, (SELECT count(*) FROM jobs j WHERE j.tableoid = p.partition) AS rows
  FROM uuid_shard.uuid_bucket_partitions('jobs'::regclass) p;
\echo 'worker 2 of 4 scans one partition:'
EXPLAIN (COSTS OFF) SELECT count(*) FROM jobs WHERE uuid_shard.uuid_bucket(id, 4) = 2;
CREATE TEMP TABLE before_grow AS SELECT id, tableoid::regclass::text AS part FROM jobs;
\echo 'the grow script (one transaction; keep it until it has run: stopped anywhere, run it again from the start):'
SET client_min_messages = notice;   -- the generator says how the script holds off writes, as a NOTICE
CREATE TEMP TABLE grow_script AS SELECT i, s FROM uuid_shard.uuid_bucket_grow_ddl('jobs'::regclass, 5) WITH ORDINALITY g(s, i);
SET client_min_messages = warning;
SELECT s FROM grow_script ORDER BY i \gexec
SELECT p.partition, p.bucket, p.buckets, (SELECT count(*) FROM jobs j WHERE j.tableoid = p.partition) AS rows
  FROM uuid_shard.uuid_bucket_partitions('jobs'::regclass) p;
SELECT count(*) FILTER (WHERE b.part <> j.tableoid::regclass::text) AS rows_moved,
       count(*) FILTER (WHERE b.part <> j.tableoid::regclass::text AND uuid_shard.uuid_bucket(j.id, 5) <> 4) AS moved_elsewhere_than_new_bucket,
       count(*) AS rows_total
  FROM before_grow b JOIN jobs j USING (id);
