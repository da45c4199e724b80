--
-- Living beside PostgreSQL 18's core uuidv7(): name resolution, interleaving, mutual decoding.
-- PostgreSQL 15 takes the other branch (expected/core18_1.out).
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
SET timezone = 'UTC';
SELECT current_setting('server_version_num')::int >= 180000 AS has_core_uuidv7 \gset

-- which uuidv7() an unqualified call resolves to: pg_catalog is searched first
SELECT pronamespace::regnamespace AS unqualified_uuidv7_resolves_to FROM pg_proc WHERE oid = 'uuidv7()'::regprocedure;
-- ours is always reachable schema-qualified
SELECT uuid_version(public.uuidv7()) AS ours_schema_qualified;

\if :has_core_uuidv7
-- same layout: each side decodes the other's values to the same millisecond
CREATE TEMP TABLE mixed AS
  SELECT n, CASE WHEN n % 2 = 0 THEN pg_catalog.uuidv7() ELSE public.uuidv7() END AS id,
         CASE WHEN n % 2 = 0 THEN 'core' ELSE 'ours' END AS minted_by
    FROM generate_series(1, 20000) n;
SELECT minted_by,
       bool_and(uuid_v7_time(id) = uuid_extract_timestamp(id)) AS same_time,
       bool_and(uuid_version(id) = uuid_extract_version(id)) AS same_version,
       count(*)
  FROM mixed GROUP BY 1 ORDER BY 1;
-- interleaving: keys minted a millisecond apart sort in minting order whoever minted them
CREATE TEMP TABLE alternating (n int, id uuid);
DO $$
BEGIN
  FOR i IN 1..40 LOOP
    PERFORM pg_sleep(0.0015);
    INSERT INTO alternating VALUES (i, CASE WHEN i % 2 = 0 THEN pg_catalog.uuidv7() ELSE public.uuidv7() END);
  END LOOP;
END $$;
SELECT array_agg(n ORDER BY id) = array_agg(n ORDER BY n) AS sorted_in_minting_order FROM alternating;
-- shifted: both put uuidv7('-1 year') a year back, within the same few milliseconds
SELECT abs(extract(epoch FROM uuid_v7_time(public.uuidv7('-1 year')) - uuid_extract_timestamp(pg_catalog.uuidv7('-1 year')))) < 1
       AS same_shift;
-- the sub-millisecond fraction: rand_a grows with time within a millisecond for both
SELECT minted_by, bool_and(id < next_id) AS increasing
  FROM (SELECT minted_by, id, lead(id) OVER (PARTITION BY minted_by ORDER BY n) AS next_id FROM mixed) s
 WHERE next_id IS NOT NULL GROUP BY 1 ORDER BY 1;
-- the same out-of-range errors as core
\set VERBOSITY default
\set ON_ERROR_STOP 0
SELECT pg_catalog.uuidv7('infinity'::interval);
SELECT public.uuidv7('infinity'::interval);
SELECT pg_catalog.uuidv7('-infinity'::interval);
SELECT public.uuidv7('-infinity'::interval);
SELECT pg_catalog.uuidv7('9000 years'::interval);
SELECT public.uuidv7('9000 years'::interval);
\set ON_ERROR_STOP 1
\else
SELECT 'no core uuidv7() before PostgreSQL 18: ours serves unqualified calls' AS note;
\endif
