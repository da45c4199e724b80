--
-- UUIDv7 generation and time functions, in the shapes of PostgreSQL's own uuid.sql.
-- Our functions are called schema-qualified: on PostgreSQL 18 an unqualified uuidv7()
-- resolves to pg_catalog.uuidv7() first.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
-- err(sql): the SQLSTATE, message and detail of the error the statement raises.
CREATE FUNCTION pg_temp.err(sql text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE st text; msg text; det text;
BEGIN
  EXECUTE sql;
  RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  RETURN st || ': ' || msg || coalesce(' / ' || nullif(det, ''), '');
END $$;

-- markings are part of the API (a procedure's arguments read without IN, as before
-- PostgreSQL 14 showed them)
SELECT proname || '(' || regexp_replace(pg_get_function_identity_arguments(p.oid), '(^|, )IN ', '\1', 'g') || ')' AS function,
       provolatile, proisstrict, proparallel, prosecdef
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.classid = 'pg_proc'::regclass
 WHERE d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'uuid_shard') AND d.deptype = 'e'
 ORDER BY 1;

CREATE TABLE guid1 (guid_field uuid, text_field text DEFAULT(now()));

-- generation test for v7
INSERT INTO guid1 (guid_field) VALUES (public.uuidv7());
INSERT INTO guid1 (guid_field) VALUES (public.uuidv7());
INSERT INTO guid1 (guid_field) VALUES (public.uuidv7(INTERVAL '1 day'));
INSERT INTO guid1 (guid_field) VALUES (public.uuid_v7_at(now()));
SELECT count(DISTINCT guid_field) FROM guid1;

-- uniqueness over many values
SELECT count(*) = count(DISTINCT id) AS all_distinct
  FROM (SELECT public.uuidv7() AS id FROM generate_series(1, 200000)) s;

-- test sortability of v7 uuids: 10 calls sort between nil and max, in call order
TRUNCATE guid1;
INSERT INTO guid1 (guid_field) VALUES ('00000000-0000-0000-0000-000000000000'::uuid);
INSERT INTO guid1 (guid_field) VALUES ('ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
INSERT INTO guid1 (guid_field) SELECT public.uuidv7() FROM generate_series(1, 10);
SELECT (SELECT array_agg(guid_field ORDER BY guid_field) FROM guid1)
     = '00000000-0000-0000-0000-000000000000'::uuid
       || (SELECT array_agg(guid_field ORDER BY ctid) FROM guid1 WHERE uuid_version(guid_field) = 7)
       || 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid AS sorted_in_call_order;

-- monotonic order of 1,000,000 values generated in one statement (many share a millisecond)
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order,
       count(*) - count(DISTINCT uuid_v7_time(id)) > 0 AS some_share_a_millisecond
  FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev
          FROM (SELECT n, public.uuidv7() AS id FROM generate_series(1, 1000000) n) g) s;

-- version and variant of 100,000 generated values
SELECT uuid_version(id) AS version, (get_byte(uuid_send(id), 8) >> 6) AS variant_bits, count(*)
  FROM (SELECT public.uuidv7() AS id FROM generate_series(1, 100000)) s
 GROUP BY 1, 2;

-- the time is the current time: the key's millisecond is the clock's (v7_burst: at any rate)
WITH k AS MATERIALIZED (SELECT public.uuidv7() AS id)
SELECT uuid_v7_time(id) BETWEEN date_trunc('milliseconds', statement_timestamp())
                            AND clock_timestamp() AS time_is_now
  FROM k;

-- offset sweep: extracted times never decrease, every year from 1970 to 10888
WITH uuidts AS (
    SELECT y, ts AS ts, lag(ts) OVER (ORDER BY y) AS prev_ts
    FROM (SELECT y, uuid_v7_time(public.uuidv7((y || ' years')::interval)) AS ts
          FROM generate_series(1970 - extract(year FROM now())::int, 10888 - extract(year FROM now())::int) y) s
)
SELECT y, ts, prev_ts FROM uuidts WHERE ts < prev_ts OR ts IS NULL;

-- a shift lands at the shifted time
SELECT uuid_v7_time(public.uuidv7(interval '-1 day')) BETWEEN now() - interval '1 day 1 second'
                                                          AND clock_timestamp() - interval '1 day' AS shifted;

-- RFC 9562 test vector (appendix A.6)
SELECT uuid_v7_time('017F22E2-79B0-7CC3-98C4-DC0C0C07398F') AS rfc9562_time,
       uuid_version('017F22E2-79B0-7CC3-98C4-DC0C0C07398F') AS rfc9562_version;

-- uuid_v7_at: the time's millisecond and its sub-millisecond fraction, random tail
SELECT uuid_v7_time(public.uuid_v7_at('2022-02-22 19:22:22.123456+00')) AS at_time,
       substr(public.uuid_v7_at('2022-02-22 19:22:22.000500+00')::text, 15, 4) AS rand_a_half_ms,
       public.uuid_v7_at('2022-02-22 19:22:22+00') <> public.uuid_v7_at('2022-02-22 19:22:22+00') AS tails_differ;
-- backfilled keys interleave with their times
SELECT bool_and(k < lead_k) AS ordered_by_time
  FROM (SELECT public.uuid_v7_at(t) AS k, lead(public.uuid_v7_at(t)) OVER (ORDER BY t) AS lead_k
          FROM generate_series('2020-01-01'::timestamptz, '2020-01-02', '1 minute') t) s;

-- uuid_v7_boundary: the smallest v7 of the millisecond
SELECT uuid_v7_boundary('2025-02-19 20:57:05.792+00') AS documented_example,
       uuid_v7_boundary('2025-02-19 20:57:05.792999+00') AS same_millisecond,
       uuid_v7_boundary('1970-01-01 00:00:00+00') AS first,
       uuid_v7_boundary(to_timestamp(((2::numeric ^ 48) - 1) / 1000)) AS last;
-- bounds order every key of their millisecond
SELECT bool_and(uuid_v7_boundary(t) <= k AND k < uuid_v7_boundary(t + interval '1 millisecond')) AS bounds_hold
  FROM (SELECT t, public.uuid_v7_at(t) AS k
          FROM generate_series('2024-02-29 23:59:59.990'::timestamptz, '2024-03-01 00:00:00.010', '0.0007 s') t) s;
-- the round trip pg_partman checks: decoder(encoder(t)) = t for whole milliseconds
SELECT bool_and(uuid_v7_time(uuid_v7_boundary(t)) = t) AS round_trip
  FROM generate_series('1970-01-01'::timestamptz, '2200-01-01', '3 months 1 day 1 hour 1 minute 1.001 s') t;

-- uuid_v7_time and uuid_version on other UUIDs
SELECT u, uuid_v7_time(u::uuid) AS v7_time, uuid_version(u::uuid) AS version
  FROM (VALUES ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'),
               ('c232ab00-9414-11ec-b3c8-9f6bdeced846'), ('6fa459ea-ee8a-3ca4-894e-db77e160355e'),
               ('919108f7-52d1-4320-9bac-f847db4148a8'), ('886313e1-3b8a-5372-9b90-0c9aee199e5d'),
               ('1ec9414c-232a-6b00-b3c8-9f6bdeced846'), ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
               ('320c3d4d-cc00-875b-8ec9-32d5f69181c0'), ('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'),
               ('017f22e2-79b0-7cc3-18c4-dc0c0c07398f')) v(u);

-- NULL in, NULL out
SELECT uuid_v7_time(NULL) IS NULL AS t, uuid_version(NULL) IS NULL AS v, uuid_v7_boundary(NULL) IS NULL AS b,
       public.uuid_v7_at(NULL) IS NULL AS a, public.uuidv7(NULL::interval) IS NULL AS s;

-- errors: core 18.6's messages and SQLSTATE 22008
SELECT pg_temp.err($$SELECT public.uuidv7('200000 years'::interval)$$);
SELECT pg_temp.err($$SELECT public.uuidv7('-100 years'::interval)$$);
SELECT pg_temp.err($$SELECT public.uuid_v7_at('infinity')$$);
SELECT pg_temp.err($$SELECT public.uuid_v7_at('-infinity')$$);
SELECT pg_temp.err($$SELECT public.uuid_v7_at('1969-12-31 23:59:59.999999+00')$$);
SELECT pg_temp.err($$SELECT public.uuid_v7_at('10890-01-01 00:00:00+00')$$);
SELECT pg_temp.err($$SELECT uuid_v7_boundary('infinity')$$);
SELECT pg_temp.err($$SELECT uuid_v7_boundary('1969-12-31 23:59:59+00')$$);
SELECT pg_temp.err($$SELECT uuid_v7_boundary(to_timestamp((2::numeric ^ 48) / 1000))$$);
-- a session that got an error keeps working
SELECT uuid_version(public.uuidv7()) AS still_working;
