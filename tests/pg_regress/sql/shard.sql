--
-- Shard keys and worker buckets from the random tail.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
CREATE FUNCTION pg_temp.err(sql text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE st text; msg text; det text;
BEGIN
  EXECUTE sql;
  RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  RETURN st || ': ' || msg || coalesce(' / ' || nullif(det, ''), '');
END $$;

-- shard key: hex nibbles from the last byte backwards, low nibble first
SELECT len, uuid_shard_key('0195e3a1-7c2e-7b3d-8a4f-0123456789ab', len) AS key
  FROM (VALUES (1), (2), (4), (15)) v(len);
SELECT uuid_shard_key('919108f7-52d1-4320-8000-000000000000', 15) AS zeros,
       uuid_shard_key('919108f7-52d1-4320-bfff-ffffffffffff', 15) AS ones;
-- agrees with its definition: the reversed hex string
SELECT count(*) FILTER (WHERE uuid_shard_key(id, 15) <> left(reverse(replace(id::text, '-', '')), 15)) AS mismatches
  FROM (SELECT public.uuidv7() AS id FROM generate_series(1, 10000)
        UNION ALL SELECT gen_random_uuid() FROM generate_series(1, 10000)) s;

-- bucket: jump consistent hash of the tail
SELECT n, uuid_bucket('919108f7-52d1-4320-9bac-f847db4148a8', n) AS bucket
  FROM (VALUES (1), (2), (5), (16), (1000), (2147483647)) v(n);
SELECT uuid_bucket('919108f7-52d1-4320-8000-000000000000', 2147483647) AS zeros,
       uuid_bucket('919108f7-52d1-4320-bfff-ffffffffffff', 2147483647) AS ones;
-- v3 and v5 (name-based) keys have hash tails and are accepted
SELECT uuid_bucket('6fa459ea-ee8a-3ca4-894e-db77e160355e', 5) AS v3, uuid_bucket('886313e1-3b8a-5372-9b90-0c9aee199e5d', 5) AS v5;

-- 1,000,000 v7 keys from one statement (on a fast machine thousands share a millisecond), and
-- 1,000,000 v4
CREATE TEMP TABLE k7 AS SELECT seq, public.uuidv7() AS id FROM generate_series(1, 1000000) seq;
CREATE TEMP TABLE k4 AS SELECT seq, gen_random_uuid() AS id FROM generate_series(1, 1000000) seq;

-- Uniformity: chi-square against the 0.999 quantile of the chi-square distribution
-- (10.828, 18.467, 37.697, 1143.0 for 1, 4, 15, 999 degrees of freedom): p >= 0.001.
CREATE FUNCTION pg_temp.chi_square(tbl regclass, n int) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE stat numeric;
BEGIN
  EXECUTE format('SELECT sum((coalesce(c, 0) - e) ^ 2 / e)
                    FROM generate_series(0, $1 - 1) b
                    LEFT JOIN (SELECT uuid_bucket(id, $1) AS b, count(*) AS c FROM %s GROUP BY 1) o USING (b),
                         (SELECT count(*)::numeric / $1 AS e FROM %s) x', tbl, tbl)
    INTO stat USING n;
  RETURN stat;
END $$;
-- A fair generator fails one sample with probability 0.001; such a failure is judged again
-- on a fresh sample, so a real bias fails twice and a fluke (1 in 10^6) does not fail the run.
CREATE FUNCTION pg_temp.uniform(tbl regclass, gen text, n int, crit numeric) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE ok boolean;
BEGIN
  IF pg_temp.chi_square(tbl, n) < crit THEN RETURN true; END IF;
  EXECUTE format('CREATE TEMP TABLE resample AS SELECT %s AS id FROM generate_series(1, 1000000)', gen);
  ok := pg_temp.chi_square('resample', n) < crit;
  DROP TABLE resample;
  RETURN ok;
END $$;
SELECT tbl, n, pg_temp.uniform(tbl, gen, n, crit) AS uniform
  FROM (VALUES ('k7'::regclass, 'public.uuidv7()'), ('k4', 'gen_random_uuid()')) t(tbl, gen),
       (VALUES (2, 10.828), (5, 18.467), (16, 37.697), (1000, 1143.0)) c(n, crit)
 ORDER BY 1, 2;

-- Independence from time: in generation order, the share of keys in their predecessor's
-- bucket is within 10% of 1/n ...
SELECT n, abs(same_share * n - 1) < 0.1 AS independent_of_predecessor
  FROM (SELECT n, avg((b = prev_b)::int) AS same_share
          FROM (VALUES (2), (5), (16)) v(n),
               LATERAL (SELECT uuid_bucket(id, n) AS b, lag(uuid_bucket(id, n)) OVER (ORDER BY k7.seq) AS prev_b FROM k7) s
         GROUP BY n) t ORDER BY n;
-- ... and every 100 keys made one after another (whatever milliseconds they fell in) reach all
-- 5 buckets (a random assignment misses one with probability 5 * 0.8^100 < 1e-9 per window,
-- under 1e-5 over the 10,000 windows)
SELECT count(*) AS windows, bool_and(buckets = 5) AS all_spread
  FROM (SELECT count(DISTINCT uuid_bucket(id, 5)) AS buckets FROM k7 GROUP BY (seq - 1) / 100) s;

-- Minimal movement: n -> n+1 moves about 1/(n+1) of the keys, all into bucket n
SELECT n, abs(moved::numeric / total * (n + 1) - 1) < 0.2 AS moved_about_1_over_n_plus_1, all_into_new
  FROM (SELECT n, count(*) FILTER (WHERE uuid_bucket(id, n) <> uuid_bucket(id, n + 1)) AS moved, count(*) AS total,
               bool_and(uuid_bucket(id, n + 1) = n) FILTER (WHERE uuid_bucket(id, n) <> uuid_bucket(id, n + 1)) AS all_into_new
          FROM (VALUES (5), (16), (100)) v(n), k7 GROUP BY n) s ORDER BY n;

-- Usable at scale: an expression index serves the worker filter
CREATE TABLE jobs (id uuid PRIMARY KEY DEFAULT public.uuidv7(), payload int);
INSERT INTO jobs (payload) SELECT g FROM generate_series(1, 200000) g;
CREATE INDEX jobs_bucket ON jobs (uuid_bucket(id, 8));
ANALYZE jobs;
EXPLAIN (COSTS OFF) SELECT count(*) FROM jobs WHERE uuid_bucket(id, 8) = 3;
SELECT count(*) = (SELECT count(*) FROM jobs) AS every_row_in_one_bucket
  FROM (SELECT DISTINCT ON (id) id FROM jobs, generate_series(0, 7) b WHERE uuid_bucket(id, 8) = b) s;

-- PARTITION BY LIST on the bucket routes every row
CREATE TABLE routed (id uuid NOT NULL DEFAULT public.uuidv7(), v int) PARTITION BY LIST (uuid_bucket(id, 4));
CREATE TABLE routed_0 PARTITION OF routed FOR VALUES IN (0);
CREATE TABLE routed_1 PARTITION OF routed FOR VALUES IN (1);
CREATE TABLE routed_2 PARTITION OF routed FOR VALUES IN (2);
CREATE TABLE routed_3 PARTITION OF routed FOR VALUES IN (3);
INSERT INTO routed (v) SELECT g FROM generate_series(1, 40000) g;
SELECT tableoid::regclass AS partition, count(*) BETWEEN 9000 AND 11000 AS about_a_quarter,
       bool_and(uuid_bucket(id, 4) = substr(tableoid::regclass::text, 8)::int) AS correct
  FROM routed GROUP BY 1 ORDER BY 1;

-- a generated column holding the shard key
CREATE TABLE files (id uuid PRIMARY KEY DEFAULT public.uuidv7(),
                    shard text GENERATED ALWAYS AS (uuid_shard_key(id, 2)) STORED);
INSERT INTO files DEFAULT VALUES;
INSERT INTO files (id) VALUES ('0195e3a1-7c2e-7b3d-8a4f-0123456789ab');
SELECT shard FROM files WHERE id = '0195e3a1-7c2e-7b3d-8a4f-0123456789ab';
SELECT count(*) FROM files WHERE shard = uuid_shard_key(id, 2);

-- NULL in, NULL out
SELECT uuid_shard_key(NULL, 2) IS NULL AS a, uuid_shard_key(gen_random_uuid(), NULL) IS NULL AS b,
       uuid_bucket(NULL, 5) IS NULL AS c, uuid_bucket(gen_random_uuid(), NULL) IS NULL AS d;

-- errors: SQLSTATE 22023
SELECT len, pg_temp.err(format('SELECT uuid_shard_key(%L, %s)', '919108f7-52d1-4320-9bac-f847db4148a8', len))
  FROM (VALUES (0), (16), (-1)) v(len);
SELECT n, pg_temp.err(format('SELECT uuid_bucket(%L, %s)', '919108f7-52d1-4320-9bac-f847db4148a8', n))
  FROM (VALUES (0), (-1), (-2147483648)) v(n);
SELECT u, pg_temp.err(format('SELECT uuid_bucket(%L, 5)', u)) AS bucket_error,
       pg_temp.err(format('SELECT uuid_shard_key(%L, 2)', u)) = pg_temp.err(format('SELECT uuid_bucket(%L, 5)', u)) AS same_for_shard_key
  FROM (VALUES ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
               ('c232ab00-9414-11ec-b3c8-9f6bdeced846'), ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'),
               ('320c3d4d-cc00-875b-8ec9-32d5f69181c0'), ('017f22e2-79b0-7cc3-18c4-dc0c0c07398f'),
               ('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'), ('017f22e2-79b0-7cc3-e8c4-dc0c0c07398f')) v(u);
-- the session keeps working
SELECT uuid_bucket('919108f7-52d1-4320-9bac-f847db4148a8', 5) AS still_working;
