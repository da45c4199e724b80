--
-- New in 0.3.0: min/max(uuid), ULID and base32hex text, the inclusive upper bound, the time
-- to the microsecond, deterministic keys. Bad input is in bad_input.sql.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';

-- ---- min(uuid), max(uuid) ----
CREATE TABLE agg (id uuid PRIMARY KEY, g int);
INSERT INTO agg SELECT public.uuid_v7_at(t), n % 3
  FROM generate_series(1, 3000) n, LATERAL (SELECT '2024-01-01'::timestamptz + n * interval '1 minute' AS t) s;
INSERT INTO agg VALUES ('00000000-0000-0000-0000-000000000000', 0), ('ffffffff-ffff-ffff-ffff-ffffffffffff', 1),
                       ('919108f7-52d1-4320-9bac-f847db4148a8', 2);
ANALYZE agg;
-- the same answers as ORDER BY, per group too, NULLs ignored, NULL for no rows
SELECT max(id) = (SELECT id FROM agg ORDER BY id DESC LIMIT 1) AS max_ok,
       min(id) = (SELECT id FROM agg ORDER BY id LIMIT 1) AS min_ok, max(id), min(id) FROM agg;
SELECT g, max(id) = (SELECT a2.id FROM agg a2 WHERE a2.g = a.g ORDER BY id DESC LIMIT 1) AS max_ok,
          min(id) = (SELECT a2.id FROM agg a2 WHERE a2.g = a.g ORDER BY id LIMIT 1) AS min_ok
  FROM agg a GROUP BY g ORDER BY g;
SELECT max(x), min(x) FROM (VALUES (NULL::uuid), ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'), (NULL)) v(x);
SELECT max(id) IS NULL AS empty_max, min(id) IS NULL AS empty_min FROM agg WHERE false;
-- the sort operator makes max(id)/min(id) a one-row index scan (the plan's lines, without the
-- InitPlan and Replaces lines, whose wording differs between majors, and the Index Cond id IS NOT
-- NULL that PostgreSQL 17 and older print)
CREATE FUNCTION pg_temp.plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE l text;
BEGIN
  FOR l IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
    IF l !~ 'InitPlan|Replaces:|Index Cond' THEN RETURN NEXT l; END IF;
  END LOOP;
END $$;
SELECT pg_temp.plan('SELECT max(id) FROM agg');
SELECT pg_temp.plan('SELECT min(id) FROM agg');
-- parallel: partial aggregates combined
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2; SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT max(id), min(id) FROM agg;
SELECT max(id) = 'ffffffff-ffff-ffff-ffff-ffffffffffff' AND min(id) = '00000000-0000-0000-0000-000000000000' AS parallel_ok FROM agg;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather; RESET enable_indexscan; RESET enable_indexonlyscan; RESET enable_bitmapscan;
-- markings of the aggregates
SELECT a.aggfnoid::regprocedure, a.aggtransfn::regproc, a.aggcombinefn::regproc, a.aggsortop::regoperator, p.proparallel
  FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
 WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1::text;

-- ---- text forms ----
-- the ULID spec's example, and the extremes
SELECT uuid_to_ulid('01563e3a-b5d3-d676-4c61-efb99302bd5b') AS ulid,
       uuid_from_ulid('01arz3ndektsv4rrffq69g5fav') AS from_lower,
       uuid_to_base32hex('01563e3a-b5d3-d676-4c61-efb99302bd5b') AS base32hex;
SELECT uuid_to_ulid(u), uuid_to_base32hex(u)
  FROM (VALUES ('00000000-0000-0000-0000-000000000000'::uuid), ('ffffffff-ffff-ffff-ffff-ffffffffffff')) v(u);
-- round trips, both cases, with and without padding, over 10,000 keys of every kind
CREATE TEMP TABLE ids AS
SELECT CASE n % 3 WHEN 0 THEN gen_random_uuid() WHEN 1 THEN public.uuid_v7_at(now() - n * interval '1 s')
                  ELSE md5(n::text)::uuid END AS id
  FROM generate_series(1, 10000) n;
SELECT count(*) AS keys,
       bool_and(uuid_from_ulid(uuid_to_ulid(id)) = id AND uuid_from_ulid(lower(uuid_to_ulid(id))) = id) AS ulid_round_trip,
       bool_and(uuid_from_base32hex(uuid_to_base32hex(id)) = id AND uuid_from_base32hex(lower(uuid_to_base32hex(id))) = id
                AND uuid_from_base32hex(left(uuid_to_base32hex(id), 26)) = id) AS base32hex_round_trip,
       bool_and(length(uuid_to_ulid(id)) = 26 AND length(uuid_to_base32hex(id)) = 32) AS lengths
  FROM ids;
-- text order is uuid order under COLLATE "C"
SELECT count(*) FILTER (WHERE by_uuid <> by_ulid) AS ulid_order_differs,
       count(*) FILTER (WHERE by_uuid <> by_b32) AS base32hex_order_differs
  FROM (SELECT row_number() OVER (ORDER BY id) AS by_uuid,
               row_number() OVER (ORDER BY uuid_to_ulid(id) COLLATE "C") AS by_ulid,
               row_number() OVER (ORDER BY uuid_to_base32hex(id) COLLATE "C") AS by_b32
          FROM ids) s;
-- a v7 key's ULID carries its milliseconds in the first 10 digits (48 bits)
SELECT uuid_to_ulid(public.uuid_v7_boundary('2025-02-19 20:57:05.792+00')) AS ulid_of_boundary;

-- ---- inclusive upper bound ----
SELECT uuid_v7_boundary_last('2025-02-19 20:57:05.792+00') AS last,
       uuid_v7_boundary_last('2025-02-19 20:57:05.792999+00') AS last_same_ms,
       uuid_v7_boundary_last('1970-01-01 00:00:00+00') AS first_ms,
       uuid_v7_boundary_last('10889-08-02 05:31:50.655+00') AS last_ms;
-- exact at millisecond edges: every key of a millisecond is in [boundary, boundary_last],
-- the next millisecond's first key is above
SELECT bool_and(public.uuid_v7_at(t) BETWEEN public.uuid_v7_boundary(t) AND uuid_v7_boundary_last(t)) AS inside,
       bool_and(public.uuid_v7_boundary(t + interval '1 ms') > uuid_v7_boundary_last(t)) AS next_above,
       bool_and(uuid_v7_time(uuid_v7_boundary_last(t)) = date_trunc('milliseconds', t)) AS same_ms
  FROM generate_series('2025-01-01 00:00:00.999+00'::timestamptz, '2025-01-01 00:00:01.5+00', interval '7 microseconds') t;
SELECT provolatile, proisstrict, proparallel FROM pg_proc WHERE proname = 'uuid_v7_boundary_last';

-- ---- time to the microsecond ----
-- every microsecond of a millisecond comes back exactly
SELECT count(*) AS microseconds, count(*) FILTER (WHERE uuid_v7_time_us(public.uuid_v7_at(t)) = t) AS exact
  FROM generate_series('2025-06-30 23:59:59.999+00'::timestamptz, '2025-06-30 23:59:59.999999+00', interval '1 microsecond') t;
SELECT count(*) AS microseconds, count(*) FILTER (WHERE uuid_v7_time_us(public.uuid_v7_at(t)) = t) AS exact
  FROM generate_series('1970-01-01 00:00:00+00'::timestamptz, '1970-01-01 00:00:00.000999+00', interval '1 microsecond') t;
SELECT uuid_v7_time_us('017f22e2-79b0-7cc3-98c4-dc0c0c07398f') AS rfc_example,
       uuid_v7_time_us('017f22e2-79b0-7fff-98c4-dc0c0c07398f') AS fraction_4095,
       uuid_v7_time_us(gen_random_uuid()) AS v4,
       uuid_v7_time_us('ffffffff-ffff-7fff-bfff-ffffffffffff') AS last_key;

-- ---- deterministic keys ----
SELECT uuid_v7_from_name('2025-02-19 20:57:05.792123+00', 'orders:42') AS key,
       uuid_v7_from_name('2025-02-19 20:57:05.792123+00', 'orders:42') = uuid_v7_from_name('2025-02-19 20:57:05.792123+00', 'orders:42') AS same,
       uuid_v7_from_name('2025-02-19 20:57:05.792123+00', '') AS empty_name,
       uuid_v7_from_name('2025-02-19 20:57:05.792123+00', 'Grüße, 世界') AS utf8_name;
SELECT uuid_v7_time_us(uuid_v7_from_name('2025-02-19 20:57:05.792123+00', 'x')) AS time_us,
       uuid_version(uuid_v7_from_name('2025-02-19 20:57:05.792123+00', 'x')) AS version;
-- in a generated column (IMMUTABLE), equal to a recomputation
CREATE TABLE imported (src_id bigint, created timestamptz,
                       id uuid GENERATED ALWAYS AS (uuid_v7_from_name(created, 'imported:' || src_id)) STORED);
INSERT INTO imported (src_id, created) SELECT n, '2020-01-01'::timestamptz + n * interval '1 hour' FROM generate_series(1, 1000) n;
SELECT count(DISTINCT id) AS distinct_keys,
       bool_and(id = uuid_v7_from_name(created, 'imported:' || src_id)) AS recomputed,
       bool_and(uuid_v7_time_us(id) = created) AS times
  FROM imported;
-- buckets and shard keys stay uniform over keys from names: 100,000 keys of names 'orders:1'..
-- (one character apart), chi-square against the 0.999 quantile (10.828, 18.467, 37.697, 1143.0
-- for n = 2, 5, 16, 1000; 37.697 and 330.5 for 16 and 256 shard keys). Deterministic keys:
-- the statistic is the same on every run.
CREATE TEMP TABLE named AS
SELECT uuid_v7_from_name('2024-01-01'::timestamptz + n * interval '1 second', 'orders:' || n) AS id
  FROM generate_series(1, 100000) n;
SELECT n, chi < crit AS uniform_p001
  FROM (VALUES (2, 10.828), (5, 18.467), (16, 37.697), (1000, 1143.0)) q(n, crit),
       LATERAL (SELECT sum((coalesce(c, 0) - 100000.0 / n) ^ 2 / (100000.0 / n)) AS chi
                  FROM generate_series(0, n - 1) b
                  LEFT JOIN (SELECT uuid_bucket(id, n) AS b, count(*) AS c FROM named GROUP BY 1) o USING (b)) s
 ORDER BY n;
SELECT len, count(*) AS keys_seen, sum((c - e) ^ 2 / e) < crit AS uniform_p001
  FROM (SELECT len, uuid_shard_key(id, len) AS k, count(*) AS c FROM named, (VALUES (1), (2)) l(len) GROUP BY 1, 2) o,
       LATERAL (SELECT 100000.0 / (16 ^ len) AS e, CASE len WHEN 1 THEN 37.697 ELSE 330.5 END AS crit) x
 GROUP BY len, crit ORDER BY len;
