-- Bucket quality of uuid_bucket(id, n) against the high-bits recipe
-- abs(('x' || translate(id::text, '-', ''))::bit(64)::bigint % n), on 1,000,000 keys minted
-- in one fast statement (thousands share a millisecond), on 1,000,000 keys backfilled with
-- uuid_v7_at() from timestamps a second apart, and on 1,000,000 v4 keys.
-- Run by bench/bucket_quality.sh.
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
CREATE TEMP TABLE keys AS
  SELECT 'v7' AS kind, seq, public.uuidv7() AS id FROM generate_series(1, 1000000) seq
  UNION ALL
  SELECT 'v7 at whole seconds', seq, public.uuid_v7_at('2025-01-01'::timestamptz + seq * interval '1 second')
    FROM generate_series(1, 1000000) seq
  UNION ALL
  SELECT 'v4', seq, gen_random_uuid() FROM generate_series(1, 1000000) seq;
-- PostgreSQL 18: core's uuidv7() too
DO $$
BEGIN
  IF to_regprocedure('pg_catalog.uuidv7()') IS NOT NULL THEN
    INSERT INTO keys SELECT 'v7 (core 18)', seq, pg_catalog.uuidv7() FROM generate_series(1, 1000000) seq;
  END IF;
END $$;
-- 0.3.0: deterministic keys from names one character apart, a second apart in time
INSERT INTO keys SELECT 'v7 from name', seq, public.uuid_v7_from_name('2025-01-01'::timestamptz + seq * interval '1 second', 'orders:' || seq)
  FROM generate_series(1, 1000000) seq;
CREATE TEMP TABLE assigned AS
  SELECT kind, seq, id, n, 'uuid_bucket' AS method, uuid_bucket(id, n) AS b
    FROM keys, (VALUES (2), (5), (16), (1000)) v(n)
  UNION ALL
  SELECT kind, seq, id, n, 'high-bits recipe', abs(('x' || translate(id::text, '-', ''))::bit(64)::bigint % n)::int
    FROM keys, (VALUES (2), (5), (16), (1000)) v(n);
-- chi-square over all n buckets (empty ones included) against the 0.999 quantile (p = 0.001)
CREATE TEMP TABLE chi AS
  SELECT kind, method, n, round(sum((coalesce(c, 0) - e) ^ 2 / e)::numeric, 1) AS chi_square, max(crit) AS crit_p001
    FROM (SELECT DISTINCT kind, method, n FROM assigned) g
    CROSS JOIN LATERAL generate_series(0, n - 1) b
    LEFT JOIN (SELECT kind, method, n, b, count(*)::numeric AS c FROM assigned GROUP BY 1, 2, 3, 4) o USING (kind, method, n, b)
    JOIN (SELECT kind, count(*)::numeric AS total FROM keys GROUP BY 1) t USING (kind)
    CROSS JOIN LATERAL (SELECT t.total / n AS e) x
    JOIN (VALUES (2, 10.828), (5, 18.467), (16, 37.697), (1000, 1143.0)) q(qn, crit) ON qn = n
   GROUP BY 1, 2, 3;
-- share of keys in their predecessor's bucket (ideal 1/n)
CREATE TEMP TABLE pred AS
  SELECT kind, method, n, round(avg((b = prev)::int)::numeric * n, 2) AS same_as_predecessor_x_n
    FROM (SELECT kind, method, n, b, lag(b) OVER (PARTITION BY kind, method, n ORDER BY seq) AS prev FROM assigned) s
   WHERE prev IS NOT NULL GROUP BY 1, 2, 3;
-- within milliseconds holding 100+ keys (v7 only), share of them reaching every bucket (n = 5)
CREATE TEMP TABLE spread AS
  SELECT method, round(avg((buckets = 5)::int)::numeric, 3) AS busy_ms_reaching_all_5
    FROM (SELECT method, uuid_v7_time(id) AS ms, count(DISTINCT b) AS buckets FROM assigned
           WHERE kind = 'v7' AND n = 5 GROUP BY 1, 2 HAVING count(*) >= 100) s GROUP BY 1;
\pset footer off
SELECT c.kind AS keys, c.method, c.n, c.chi_square, c.crit_p001, c.chi_square < c.crit_p001 AS uniform_p001,
       p.same_as_predecessor_x_n AS "same-as-predecessor share x n (ideal 1.00)"
  FROM chi c JOIN pred p USING (kind, method, n)
 ORDER BY c.kind = 'v4', c.kind, c.method DESC, c.n;
SELECT * FROM spread ORDER BY method DESC;
