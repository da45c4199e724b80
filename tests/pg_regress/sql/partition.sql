-- Time-range partition helpers: uuid_v7_partition_ddl, uuid_v7_partitions, uuid_v7_retention_ddl.
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET intervalstyle = 'postgres';
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
CREATE SCHEMA part_t;
SET search_path = part_t, public;

-- Helpers: run a statement and report 'SQLSTATE: message' (or 'ok'); the DETAIL of an error;
-- the partitions an EXPLAIN scans plus its "Subplans Removed" lines (nothing version specific).
CREATE FUNCTION err(q text) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    EXECUTE q;
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE || ': ' || SQLERRM;
END $$;
CREATE FUNCTION err_detail(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE d text;
BEGIN
    EXECUTE q;
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS d = PG_EXCEPTION_DETAIL;
    RETURN d;
END $$;
CREATE FUNCTION plan(q text, with_analyze boolean DEFAULT false) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE line text; m text[];
BEGIN
    FOR line IN EXECUTE CASE WHEN with_analyze THEN 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) '
                             ELSE 'EXPLAIN (COSTS OFF) ' END || q LOOP
        m := regexp_match(line, 'Scan.* on (\S+)');
        IF m IS NOT NULL THEN RETURN NEXT 'scan ' || m[1]; END IF;
        m := regexp_match(line, '(Subplans Removed: \d+)');
        IF m IS NOT NULL THEN RETURN NEXT m[1]; END IF;
    END LOOP;
END $$;

-- ===== Signatures and markings =====
SELECT p.proname, pg_get_function_arguments(p.oid) AS arguments, pg_get_function_result(p.oid) AS result
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = 'public' AND p.proname IN ('uuid_v7_partition_ddl', 'uuid_v7_partitions', 'uuid_v7_retention_ddl')
 ORDER BY 1;
SELECT p.proname, p.provolatile, p.proparallel, p.proisstrict, p.prosecdef, p.proconfig
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = 'public'
   AND (p.proname LIKE '%uuid_v7_partition%' OR p.proname IN ('uuid_v7_retention_ddl', '_uuid_v7_child_name'))
 ORDER BY 1;

-- ===== pg_partman 5.2+ p_time_encoder / p_time_decoder rules, checked against pg_catalog =====
-- Schema-qualified names that parse to exactly two parts and find exactly one function each
-- with the argument and result types pg_partman looks for.
SELECT f.role, cardinality(parse_ident(f.name)) AS name_parts,
       (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = (parse_ident(f.name))[1] AND p.proname = (parse_ident(f.name))[2]
           AND p.pronargs >= 1 AND p.proargtypes[0] = f.arg AND p.prorettype = f.ret) AS matches
  FROM (VALUES ('encoder', 'public.uuid_v7_boundary', 'timestamptz'::regtype, 'uuid'::regtype),
               ('decoder', 'public.uuid_v7_time', 'uuid'::regtype, 'timestamptz'::regtype)) f(role, name, arg, ret);
-- IMMUTABLE, PARALLEL SAFE, STRICT (NULL for NULL).
SELECT p.proname, p.provolatile = 'i' AS immutable, p.proparallel = 's' AS parallel_safe, p.proisstrict AS strict
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = 'public' AND p.proname IN ('uuid_v7_boundary', 'uuid_v7_time') ORDER BY 1;
SELECT uuid_v7_boundary(NULL) IS NULL AS encoder_null, uuid_v7_time(NULL) IS NULL AS decoder_null;
-- decoder(encoder(start)) = start for partition starts of every kind of interval.
SELECT count(*) AS starts, bool_and(uuid_v7_time(uuid_v7_boundary(t)) = t) AS round_trip
  FROM (SELECT generate_series(timestamptz '1970-01-01', '2100-01-01', '1 month') AS t
        UNION ALL SELECT generate_series(timestamptz '2024-01-01', '2026-01-01', '1 day')
        UNION ALL SELECT generate_series(timestamptz '2025-03-01', '2025-04-01', '15 minutes')
        UNION ALL SELECT generate_series(timestamptz '2025-03-01', '2025-03-01 00:01', '1 second')) s;
-- The released pg_partman 5.x call the decoder with the bound as text: uuid_v7_time(text) gives
-- the same answers and NULL for NULL.
SELECT uuid_v7_time(NULL::text) IS NULL AS decoder_null,
       uuid_v7_time(uuid_v7_boundary('2025-03-01')::text) = '2025-03-01' AS round_trip,
       uuid_v7_time('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::text) = uuid_v7_time('017F22E2-79B0-7CC3-98C4-DC0C0C07398F'::uuid) AS same;

-- ===== A year of monthly partitions =====
CREATE TABLE events (id uuid NOT NULL, t timestamptz NOT NULL, note text) PARTITION BY RANGE (id);
SELECT * FROM uuid_v7_partition_ddl('events', '2024-01-01', '2025-01-01');
SELECT * FROM uuid_v7_partition_ddl('events', '2024-01-01', '2025-01-01') \gexec
SELECT * FROM uuid_v7_partitions('events');
-- Re-running emits nothing; a partly covered range emits only what is missing.
SELECT count(*) AS rerun FROM uuid_v7_partition_ddl('events', '2024-01-01', '2025-01-01');
SELECT count(*) AS rerun_inside FROM uuid_v7_partition_ddl('events', '2024-03-10', '2024-03-11', '1 day');
SELECT * FROM uuid_v7_partition_ddl('events', '2024-11-15', '2025-02-15 00:00:00.001', with_default => true);
SELECT * FROM uuid_v7_partition_ddl('events', '2024-11-15', '2025-02-15 00:00:00.001', with_default => true) \gexec
SELECT count(*) AS rerun FROM uuid_v7_partition_ddl('events', '2024-01-01', '2025-03-01', with_default => true);
SELECT * FROM uuid_v7_partitions('events');

-- Rows across the span: each lands in the partition whose name and decoded bounds hold its time,
-- including the first and the last millisecond of every month.
INSERT INTO events (id, t, note)
SELECT uuid_v7_at(t), t, 'series'
  FROM generate_series(timestamptz '2024-01-01 00:00:00.0004', '2025-02-28 23:00', '61 hours 7 minutes 3.3 seconds') t;
INSERT INTO events (id, t, note)
SELECT uuid_v7_at(m + d), m + d, 'edge'
  FROM generate_series(timestamptz '2024-01-01', '2025-03-01', '1 month') m,
       (VALUES (interval '0'), (interval '-1 millisecond'), (interval '-1 microsecond')) v(d)
 WHERE m + d >= '2024-01-01' AND m + d < '2025-03-01';
SELECT count(*) AS rows_total,
       count(*) FILTER (WHERE p.from_time <= e.t AND e.t < p.to_time) AS within_bounds,
       count(*) FILTER (WHERE p.partition::text = 'events_p' || to_char(e.t, 'YYYYMM') || '01') AS named_for_month,
       count(*) FILTER (WHERE e.tableoid = 'events_default'::regclass) AS in_default
  FROM events e JOIN uuid_v7_partitions('events') p ON p.partition = e.tableoid;
SELECT e.tableoid::regclass AS partition, count(*) AS rows, min(e.t) AS first_t, max(e.t) AS last_t
  FROM events e GROUP BY 1 ORDER BY 3;

-- ===== Pruning =====
-- Constant bounds: pruned at plan time.
SELECT * FROM plan($$SELECT count(*) FROM events WHERE id >= uuid_v7_boundary('2024-03-01') AND id < uuid_v7_boundary('2024-04-01')$$);
SELECT * FROM plan($$SELECT count(*) FROM events WHERE id >= uuid_v7_boundary('2024-11-20') AND id < uuid_v7_boundary('2025-01-10')$$);
-- Parameters of a generic plan: pruned at executor start-up.
SET plan_cache_mode = force_generic_plan;
PREPARE window_count(timestamptz, timestamptz) AS
    SELECT count(*) FROM events WHERE id >= uuid_v7_boundary($1) AND id < uuid_v7_boundary($2);
SELECT * FROM plan($$EXECUTE window_count('2024-06-01', '2024-08-01')$$, with_analyze => true);
EXECUTE window_count('2024-06-01', '2024-08-01');
SELECT count(*) FROM events WHERE t >= '2024-06-01' AND t < '2024-08-01';
DEALLOCATE window_count;
RESET plan_cache_mode;
-- now() - interval: pruned at executor start-up. Daily partitions around now; the window
-- [now() - 2 days, now() - 1 day) touches exactly the two days it spans.
CREATE TABLE recent (id uuid NOT NULL) PARTITION BY RANGE (id);
SELECT count(*) FROM (SELECT uuid_v7_partition_ddl('recent', now() - interval '10 days', now() + interval '10 days', '1 day') AS ddl) d \gset
SELECT :count AS recent_partitions;
\set ECHO none
SELECT * FROM uuid_v7_partition_ddl('recent', now() - interval '10 days', now() + interval '10 days', '1 day') \gexec
\set ECHO all
CREATE FUNCTION recent_check() RETURNS TABLE(scanned bigint, removed text, as_expected boolean) LANGUAGE sql AS $$
    WITH lines AS (
        SELECT * FROM plan($q$SELECT * FROM recent WHERE id >= uuid_v7_boundary(now() - interval '2 days')
                                                     AND id < uuid_v7_boundary(now() - interval '1 day')$q$, true) l),
    expected AS (
        SELECT 'scan ' || p.partition::text AS l FROM uuid_v7_partitions('recent') p
         WHERE p.from_time < now() - interval '1 day' AND p.to_time > now() - interval '2 days')
    SELECT (SELECT count(*) FROM lines WHERE l LIKE 'scan %'),
           (SELECT string_agg(l, ', ') FROM lines WHERE l LIKE 'Subplans%'),
           (SELECT array_agg(l ORDER BY l) FROM lines WHERE l LIKE 'scan %')
               = (SELECT array_agg(l ORDER BY l) FROM expected)
$$;
SELECT * FROM recent_check();

-- ===== Alignment =====
CREATE TABLE al (id uuid) PARTITION BY RANGE (id);
CREATE FUNCTION show_ddl(f timestamptz, t timestamptz, s interval, z text DEFAULT 'UTC')
RETURNS TABLE(name text, from_local timestamp, to_local timestamp, length interval) LANGUAGE sql AS $$
    SELECT (regexp_match(d, 'part_t\.(\S+) PARTITION'))[1],
           uuid_v7_time(m[1]::uuid) AT TIME ZONE z, uuid_v7_time(m[2]::uuid) AT TIME ZONE z,
           uuid_v7_time(m[2]::uuid) - uuid_v7_time(m[1]::uuid)
      FROM uuid_v7_partition_ddl('al', f, t, s, z) d,
           regexp_match(d, 'FROM \(''(.*)''\) TO \(''(.*)''\)') m
$$;
-- '3 months': calendar quarters; '1 year' and '2 years' start in January (of even years).
SELECT * FROM show_ddl('2024-02-15', '2024-08-01', '3 months');
SELECT * FROM show_ddl('2023-05-01', '2026-02-01', '1 year');
SELECT * FROM show_ddl('2023-05-01', '2026-02-01', '2 years');
SELECT * FROM show_ddl('2024-05-01', '2024-12-01', '4 months');
-- '7 days' / '1 week': ISO weeks from Monday.
SELECT * FROM show_ddl('2024-02-28', '2024-03-12', '1 week');
-- Below a day: multiples of the step from midnight.
SELECT * FROM show_ddl('2024-02-28 13:10', '2024-02-29 02:00', '6 hours');
SELECT * FROM show_ddl('2024-02-28 22:45', '2024-02-29 01:00', '90 minutes');
-- Aligned in time_zone: a Berlin month starts at 23:00 UTC the day before.
SELECT * FROM show_ddl('2024-01-15', '2024-03-01', '1 month', 'Europe/Berlin');
SELECT d FROM uuid_v7_partition_ddl('al', '2024-01-15', '2024-03-01', '1 month', 'Europe/Berlin') d;
-- DST-crossing daily partitions in Europe/Berlin: 23 hours in March, 25 hours in October.
SELECT * FROM show_ddl('2024-03-29 12:00', '2024-04-01 12:00', '1 day', 'Europe/Berlin');
SELECT * FROM show_ddl('2024-10-26 12:00', '2024-10-29 12:00', '1 day', 'Europe/Berlin');
-- Below a day across DST: the skipped hour 02:00-03:00 has no partition; the repeated hour is
-- split as the wall clock reads it (01:00 runs until the second 02:00).
SELECT * FROM show_ddl('2024-03-31 00:00', '2024-03-31 02:00', '30 minutes', 'Europe/Berlin');
SELECT * FROM show_ddl('2024-10-27 00:00', '2024-10-27 03:00', '1 hour', 'Europe/Berlin');
-- The same DDL whatever the session's TimeZone.
CREATE TEMP TABLE ddl_utc AS
    SELECT array_agg(d) AS a FROM uuid_v7_partition_ddl('al', '2024-03-01', '2024-11-30', '1 day', 'Europe/Berlin') d;
SET timezone = 'America/New_York';
SELECT (SELECT array_agg(d) FROM uuid_v7_partition_ddl('al', '2024-03-01', '2024-11-30', '1 day', 'Europe/Berlin') d)
       = (SELECT a FROM ddl_utc) AS same_ddl,
       (SELECT cardinality(a) FROM ddl_utc) AS partitions;
SET timezone = 'UTC';
-- Exactly 10,000 partitions is allowed.
SELECT count(*) AS partitions FROM uuid_v7_partition_ddl('al', '2000-01-01', timestamptz '2000-01-01' + interval '10000 days', '1 day');

-- PARALLEL SAFE holds: the helpers also run inside a parallel worker.
SELECT set_config(CASE WHEN current_setting('server_version_num')::integer >= 160000
                       THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END, 'on', false) AS parallel_on \gset
SELECT count(*) AS in_worker FROM uuid_v7_partition_ddl('al', '2024-01-01', '2025-01-01', '1 day', 'Europe/Berlin', true);
SELECT count(*) AS in_worker FROM uuid_v7_partitions('events');
SELECT count(*) AS in_worker FROM uuid_v7_retention_ddl('events', '2024-06-01');
SELECT set_config(CASE WHEN current_setting('server_version_num')::integer >= 160000
                       THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END, 'off', false) AS parallel_off \gset

-- ===== Names: quoting, schema, length =====
CREATE TABLE canary (x int);
CREATE SCHEMA "Odd ""Schema""; DROP TABLE part_t.canary; --";
CREATE TABLE "Odd ""Schema""; DROP TABLE part_t.canary; --"."Évé ""nts""; DROP TABLE part_t.canary;--"
    (id uuid NOT NULL, t timestamptz) PARTITION BY RANGE (id);
CREATE TEMP TABLE rels_before AS
    SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%';
SELECT * FROM uuid_v7_partition_ddl('"Odd ""Schema""; DROP TABLE part_t.canary; --"."Évé ""nts""; DROP TABLE part_t.canary;--"',
                                    '2024-01-01', '2024-03-01', with_default => true);
SELECT * FROM uuid_v7_partition_ddl('"Odd ""Schema""; DROP TABLE part_t.canary; --"."Évé ""nts""; DROP TABLE part_t.canary;--"',
                                    '2024-01-01', '2024-03-01', with_default => true) \gexec
-- Exactly the three partitions appeared (and nothing else), and the canary is still there.
SELECT c.oid::regclass AS new_relation, c.relkind, pg_get_expr(c.relpartbound, c.oid) AS bound
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%'
   AND c.oid NOT IN (SELECT oid FROM rels_before)
 ORDER BY 1::text;
SELECT count(*) AS canary_rows FROM canary;
INSERT INTO "Odd ""Schema""; DROP TABLE part_t.canary; --"."Évé ""nts""; DROP TABLE part_t.canary;--"
    VALUES (uuid_v7_at('2024-02-29 23:59:59.999'), '2024-02-29 23:59:59.999'), (uuid_v7_at('2024-03-01'), '2024-03-01');
SELECT tableoid::regclass, t FROM "Odd ""Schema""; DROP TABLE part_t.canary; --"."Évé ""nts""; DROP TABLE part_t.canary;--" ORDER BY t;
SELECT * FROM uuid_v7_partitions('"Odd ""Schema""; DROP TABLE part_t.canary; --"."Évé ""nts""; DROP TABLE part_t.canary;--"');
SELECT count(*) AS rerun FROM uuid_v7_partition_ddl('"Odd ""Schema""; DROP TABLE part_t.canary; --"."Évé ""nts""; DROP TABLE part_t.canary;--"',
                                                    '2024-01-01', '2024-03-01', with_default => true);
SELECT * FROM uuid_v7_retention_ddl('"Odd ""Schema""; DROP TABLE part_t.canary; --"."Évé ""nts""; DROP TABLE part_t.canary;--"', '2024-02-01', 'drop');
-- Capitals and spaces in the parent, sub-day names.
CREATE TABLE "Sensor Readings" (id uuid) PARTITION BY RANGE (id);
SELECT * FROM uuid_v7_partition_ddl('"Sensor Readings"', '2024-05-01 10:00', '2024-05-01 11:00', '15 minutes');
-- 63 bytes of three-byte characters: the parent part is cut to whole characters, the suffix kept.
CREATE TABLE "€€€€€€€€€€€€€€€€€€€€€" (id uuid) PARTITION BY RANGE (id);
SELECT d, octet_length((parse_ident((regexp_match(d, 'EXISTS (.+) PARTITION OF'))[1]))[2]) AS name_bytes
  FROM uuid_v7_partition_ddl('"€€€€€€€€€€€€€€€€€€€€€"', '2024-01-01', '2024-01-01 00:30', '30 minutes', with_default => true) d;
SELECT * FROM uuid_v7_partition_ddl('"€€€€€€€€€€€€€€€€€€€€€"', '2024-01-01', '2024-01-02', '1 day') \gexec
SELECT partition, (SELECT octet_length(relname) FROM pg_class WHERE oid = partition) AS name_bytes
  FROM uuid_v7_partitions('"€€€€€€€€€€€€€€€€€€€€€"');
-- Another long parent whose name starts with the same 51 bytes would need the same partition
-- names: that is reported instead of emitting a CREATE TABLE IF NOT EXISTS that does nothing.
CREATE TABLE "€€€€€€€€€€€€€€€€€€€€b" (id uuid) PARTITION BY RANGE (id);
SELECT err($$SELECT uuid_v7_partition_ddl('"€€€€€€€€€€€€€€€€€€€€b"', '2024-01-01', '2024-01-02', '1 day')$$);

-- ===== Existing partitions that overlap =====
-- Calendar quarters over existing months: overlaps events_p20250101 without matching it.
SELECT err($$SELECT uuid_v7_partition_ddl('events', '2025-01-01', '2025-06-01', '3 months')$$);
SELECT err_detail($$SELECT uuid_v7_partition_ddl('events', '2025-01-01', '2025-06-01', '3 months')$$);
-- The error comes before any statement is returned, so \gexec runs none of them: here March
-- and April would be new but May overlaps a hand-made partition.
CREATE TABLE ov (id uuid) PARTITION BY RANGE (id);
CREATE TABLE ov_mid PARTITION OF ov FOR VALUES FROM ('0196d13d-a400-7000-8000-000000000000') TO ('019770e2-c800-7000-8000-000000000000');
SELECT * FROM uuid_v7_partitions('ov');
\set VERBOSITY terse
SELECT * FROM uuid_v7_partition_ddl('ov', '2025-03-01', '2025-07-01') \gexec
\set VERBOSITY default
SELECT * FROM uuid_v7_partitions('ov');
-- A range the existing partitions cover entirely (days inside a month) is skipped.
SELECT count(*) AS covered FROM uuid_v7_partition_ddl('events', '2024-06-01', '2024-07-01', '1 day');
-- A relation that already has a partition's name but is not that partition.
CREATE TABLE events_p20250301 (x int);
SELECT err($$SELECT uuid_v7_partition_ddl('events', '2025-03-01', '2025-04-01')$$);
DROP TABLE events_p20250301;
CREATE TYPE events_p20250301 AS (x int);
SELECT err($$SELECT uuid_v7_partition_ddl('events', '2025-03-01', '2025-04-01')$$);
DROP TYPE events_p20250301;
CREATE TABLE al2 (id uuid) PARTITION BY RANGE (id);
CREATE TABLE al2_default (x int);
SELECT err($$SELECT uuid_v7_partition_ddl('al2', '2025-03-01', '2025-04-01', with_default => true)$$);

-- ===== uuid_v7_partitions: MINVALUE, MAXVALUE, default =====
CREATE TABLE mm (id uuid) PARTITION BY RANGE (id);
CREATE TABLE mm_old PARTITION OF mm FOR VALUES FROM (MINVALUE) TO ('018cc251-f400-7000-8000-000000000000');
CREATE TABLE mm_2024 PARTITION OF mm FOR VALUES FROM ('018cc251-f400-7000-8000-000000000000') TO ('01941f29-7c00-7000-8000-000000000000');
CREATE TABLE mm_future PARTITION OF mm FOR VALUES FROM ('01941f29-7c00-7000-8000-000000000000') TO (MAXVALUE);
CREATE TABLE mm_other PARTITION OF mm DEFAULT;
SELECT * FROM uuid_v7_partitions('mm');
-- Nothing to add where MINVALUE / MAXVALUE partitions already cover everything.
SELECT count(*) AS nothing FROM uuid_v7_partition_ddl('mm', '2020-01-01', '2030-01-01', with_default => true);
-- Retention never touches the MAXVALUE partition nor the default; MINVALUE ends in 2024.
SELECT * FROM uuid_v7_retention_ddl('mm', '2026-01-01');
SELECT * FROM uuid_v7_retention_ddl('mm', '10889-08-02 05:31:50.655');

-- ===== Retention =====
SELECT count(*) AS rows_before FROM events;
SELECT * FROM uuid_v7_retention_ddl('events', '2024-04-15');
SELECT * FROM uuid_v7_retention_ddl('events', '2024-04-15', 'drop');
SELECT * FROM uuid_v7_retention_ddl('events', '2024-04-01 00:00:00.0009', 'DROP');
SELECT err($$SELECT uuid_v7_retention_ddl('events', '2024-04-15', 'detach concurrently')$$);
-- Detach what ends by 2024-03-01: January and February leave the table with their rows.
CREATE TEMP TABLE month_rows AS SELECT tableoid::regclass::text AS part, count(*) AS n FROM events GROUP BY 1;
SELECT * FROM uuid_v7_retention_ddl('events', '2024-03-01') \gexec
SELECT c.relname, c.relispartition, (SELECT n FROM month_rows WHERE part = c.relname) AS rows_then
  FROM pg_class c WHERE c.relname IN ('events_p20240101', 'events_p20240201', 'events_p20240301') ORDER BY 1;
SELECT (SELECT count(*) FROM events_p20240101) AS jan_rows, (SELECT count(*) FROM events_p20240201) AS feb_rows;
-- Drop what ends by 2024-04-01: only March goes.
SELECT * FROM uuid_v7_retention_ddl('events', '2024-04-01', 'drop');
SELECT * FROM uuid_v7_retention_ddl('events', '2024-04-01', 'drop') \gexec
SELECT to_regclass('events_p20240301') AS march, to_regclass('events_p20240401') AS april;
SELECT (SELECT count(*) FROM events) AS rows_left,
       (SELECT sum(n) FROM month_rows WHERE part NOT IN ('events_p20240101', 'events_p20240201', 'events_p20240301')) AS expected,
       (SELECT min(t) FROM events) AS oldest;
SELECT count(*) AS nothing_more FROM uuid_v7_retention_ddl('events', '2024-04-01', 'drop');
-- DETACH ... CONCURRENTLY needs a table without a default partition; each statement runs on
-- its own (\gexec runs them outside a transaction block).
CREATE TABLE conc (id uuid NOT NULL) PARTITION BY RANGE (id);
SELECT * FROM uuid_v7_partition_ddl('conc', '2024-01-01', '2024-04-01') \gexec
SELECT * FROM uuid_v7_retention_ddl('conc', '2024-03-01', '  Detach   CONCURRENTLY ');
SELECT * FROM uuid_v7_retention_ddl('conc', '2024-03-01', 'detach concurrently') \gexec
SELECT * FROM uuid_v7_partitions('conc');

-- ===== Errors =====
CREATE TABLE plain (id uuid);
CREATE VIEW plain_view AS SELECT * FROM plain;
CREATE TABLE by_list (id uuid) PARTITION BY LIST (id);
CREATE TABLE by_hash (id uuid) PARTITION BY HASH (id);
CREATE TABLE two_cols (id uuid, id2 uuid) PARTITION BY RANGE (id, id2);
CREATE TABLE text_key (id text) PARTITION BY RANGE (id);
CREATE TABLE expr_key (s text) PARTITION BY RANGE ((md5(s)::uuid));
SELECT q, err(q) FROM (VALUES
    ($$SELECT uuid_v7_partition_ddl('plain', '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('plain_view', '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('by_list', '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('by_hash', '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('two_cols', '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('text_key', '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('expr_key', '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('no_such_table', '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partitions('plain')$$),
    ($$SELECT uuid_v7_partitions('by_list')$$),
    ($$SELECT uuid_v7_retention_ddl('plain', '2024-01-01')$$),
    ($$SELECT uuid_v7_retention_ddl('two_cols', '2024-01-01')$$)) v(q);
SELECT err_detail($$SELECT uuid_v7_partition_ddl('two_cols', '2024-01-01', '2024-02-01')$$) AS two_cols,
       err_detail($$SELECT uuid_v7_partition_ddl('expr_key', '2024-01-01', '2024-02-01')$$) AS expr_key;
-- step: zero, negative, not alignable.
SELECT s AS step, err(format('SELECT uuid_v7_partition_ddl(%L, %L, %L, %L)', 'al', '2024-01-01', '2024-02-01', s)) FROM (VALUES
    ('0'), ('-1 day'), ('-1 month'), ('1 month -30 days'),
    ('1 month 3 hours'), ('5 months'), ('18 months'), ('1 year 1 month'), ('1 day 12 hours'),
    ('36 hours'), ('24 hours'), ('7 hours'), ('90 seconds'), ('1 second'), ('1 minute 0.5 seconds')) v(s);
SELECT err_detail($$SELECT uuid_v7_partition_ddl('al', '2024-01-01', '2024-02-01', '1 month 3 hours')$$);
-- from_time >= to_time, the 10,000 limit, the v7 range, NULLs, time zone.
SELECT q, err(q) FROM (VALUES
    ($$SELECT uuid_v7_partition_ddl('al', '2024-02-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '2024-03-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '2000-01-01', '2050-01-01', '1 minute')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '2000-01-01', timestamptz '2000-01-01' + interval '10001 days', '1 day')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '1969-12-31 23:00', '1970-03-01')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '-infinity', '1970-03-01')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '2024-01-01', 'infinity')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '10889-01-01', '10889-09-01')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '1970-01-01 00:00', '1970-03-01', '1 month', 'Europe/Berlin')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '10889-07-01', '10889-08-02 05:31', '1 month')$$),
    ($$SELECT uuid_v7_partition_ddl(NULL, '2024-01-01', '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('al', NULL, '2024-02-01')$$),
    ($$SELECT uuid_v7_partition_ddl('al', '2024-01-01', '2024-02-01', NULL)$$),
    ($$SELECT uuid_v7_partition_ddl('al', '2024-01-01', '2024-02-01', time_zone => NULL)$$),
    ($$SELECT uuid_v7_partition_ddl('al', '2024-01-01', '2024-02-01', time_zone => 'Mars/Olympus_Mons')$$)) v(q);
-- The edges that are allowed.
SELECT * FROM uuid_v7_partition_ddl('al', '1970-01-01', '1970-01-01 00:00:00.001', '1 day');
SELECT * FROM uuid_v7_partition_ddl('al', '10889-08-02 05:00', '10889-08-02 05:30', '30 minutes');
-- Retention errors.
SELECT q, err(q) FROM (VALUES
    ($$SELECT uuid_v7_retention_ddl('events', '2024-04-01', 'purge')$$),
    ($$SELECT uuid_v7_retention_ddl('events', '2024-04-01', '')$$),
    ($$SELECT uuid_v7_retention_ddl('events', '2024-04-01', NULL)$$),
    ($$SELECT uuid_v7_retention_ddl('events', NULL)$$),
    ($$SELECT uuid_v7_retention_ddl(NULL, '2024-04-01')$$),
    ($$SELECT uuid_v7_retention_ddl('events', 'infinity')$$),
    ($$SELECT uuid_v7_retention_ddl('events', '1969-01-01')$$),
    ($$SELECT uuid_v7_retention_ddl('events', '2024-04-01', 'detach concurrently')$$)) v(q);
SELECT count(*) AS strict_null FROM uuid_v7_partitions(NULL);

-- ===== Rows in the default partition move into the partitions created for their range =====
CREATE TABLE "ev'Odd" (id uuid PRIMARY KEY, "N" int NOT NULL, twice int GENERATED ALWAYS AS ("N" * 2) STORED,
                       seq bigint GENERATED ALWAYS AS IDENTITY)
  PARTITION BY RANGE (id);
SELECT uuid_v7_partition_ddl('"ev''Odd"', '2026-11-01', '2026-12-01', with_default => true) \gexec
-- An empty default partition: the plain statements.
SELECT uuid_v7_partition_ddl('"ev''Odd"', '2026-12-01', '2027-03-01');
-- 100 rows of January and 3 of 2030 reach the default partition; a DO statement per partition.
INSERT INTO "ev'Odd" (id, "N")
SELECT uuid_v7_at('2027-01-01'::timestamptz + i * interval '7 hours'), i FROM generate_series(0, 99) i
UNION ALL SELECT uuid_v7_at('2030-01-01'::timestamptz + i * interval '1 day'), 1000 + i FROM generate_series(0, 2) i;
SELECT uuid_v7_partition_ddl('"ev''Odd"', '2026-12-01', '2027-03-01');
SELECT uuid_v7_partition_ddl('"ev''Odd"', '2026-12-01', '2027-03-01') \gexec
-- Generated columns computed again, identity values kept.
SELECT tableoid::regclass AS partition, count(*), min("N"), max("N"), bool_and(twice = "N" * 2) AS generated_ok,
       min(seq), max(seq)
  FROM "ev'Odd" GROUP BY 1 ORDER BY 1;
SELECT * FROM uuid_v7_partitions('"ev''Odd"');
SELECT count(*) AS second_run FROM uuid_v7_partition_ddl('"ev''Odd"', '2026-12-01', '2027-03-01');
-- The parent's row triggers: INSERT fires in the new partition, DELETE does not (the default
-- partition is detached, without its cloned triggers, while the rows are deleted).
CREATE TABLE trg_log (op text, rel text);
CREATE FUNCTION trg_logit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN INSERT INTO part_t.trg_log VALUES (TG_OP, TG_TABLE_NAME); RETURN NULL; END $$;
CREATE TRIGGER logit AFTER INSERT OR DELETE ON "ev'Odd" FOR EACH ROW EXECUTE FUNCTION trg_logit();
INSERT INTO "ev'Odd" (id, "N") VALUES (uuid_v7_at('2027-03-02'), 2000);
SELECT uuid_v7_partition_ddl('"ev''Odd"', '2027-03-01', '2027-04-01') \gexec
SELECT * FROM trg_log;
DROP TRIGGER logit ON "ev'Odd";
-- A foreign key referencing the parent: moving by DELETE would fire its ON DELETE action.
CREATE TABLE ev_ref (ev_id uuid REFERENCES "ev'Odd" (id) ON DELETE CASCADE);
SELECT err($$SELECT uuid_v7_partition_ddl('"ev''Odd"', '2027-04-01', '2027-05-01')$$);
DROP TABLE ev_ref;

-- ===== Partitions merged or split by hand =====
-- PostgreSQL (13 to 19) has no ALTER TABLE ... MERGE PARTITIONS / SPLIT PARTITION (on 19:
-- tests/sql/pg19.sh): three months merged into a quarter and a month split in halves, by hand as
-- docs/partitions.md shows. The helpers then meet partitions of other widths than their step.
CREATE TABLE ms (id uuid PRIMARY KEY, n int) PARTITION BY RANGE (id);
SELECT uuid_v7_partition_ddl('ms', '2025-01-01', '2025-07-01') \gexec
INSERT INTO ms SELECT uuid_v7_at('2025-01-01'::timestamptz + g * interval '1 hour'), g FROM generate_series(0, 4343) g;
BEGIN;
ALTER TABLE ms DETACH PARTITION ms_p20250101;
ALTER TABLE ms DETACH PARTITION ms_p20250201;
ALTER TABLE ms DETACH PARTITION ms_p20250301;
CREATE TABLE ms_q20250101 PARTITION OF ms FOR VALUES FROM (uuid_v7_boundary('2025-01-01')) TO (uuid_v7_boundary('2025-04-01'));
INSERT INTO ms SELECT * FROM ms_p20250101 UNION ALL SELECT * FROM ms_p20250201 UNION ALL SELECT * FROM ms_p20250301;
DROP TABLE ms_p20250101, ms_p20250201, ms_p20250301;
ALTER TABLE ms DETACH PARTITION ms_p20250401;
CREATE TABLE ms_p20250401_a PARTITION OF ms FOR VALUES FROM (uuid_v7_boundary('2025-04-01')) TO (uuid_v7_boundary('2025-04-16'));
CREATE TABLE ms_p20250416 PARTITION OF ms FOR VALUES FROM (uuid_v7_boundary('2025-04-16')) TO (uuid_v7_boundary('2025-05-01'));
INSERT INTO ms SELECT * FROM ms_p20250401;
DROP TABLE ms_p20250401;
COMMIT;
SELECT p.*, (SELECT count(*) FROM ms WHERE tableoid = p.partition) AS rows FROM uuid_v7_partitions('ms') p;
-- Steps the quarter or a half covers whole (months, days, the quarter itself) are skipped; after
-- them only the missing months come out, never a partition overlapping the quarter.
SELECT count(*) AS covered FROM uuid_v7_partition_ddl('ms', '2025-01-01', '2025-04-01');
SELECT count(*) AS covered FROM uuid_v7_partition_ddl('ms', '2025-01-01', '2025-05-01', '1 day');
SELECT count(*) AS covered FROM uuid_v7_partition_ddl('ms', '2025-01-01', '2025-04-01', '3 months');
SELECT * FROM uuid_v7_partition_ddl('ms', '2025-02-15', '2025-04-01');
SELECT * FROM uuid_v7_partition_ddl('ms', '2025-05-01', '2025-09-01');
-- A month step over the split month: each half covers only part of it, so the call stops (42P17)
-- and returns nothing, also for the months after it. The first step starts at the start of the
-- month of from_time, so a call from any time in the split month (a nightly job's now()) stops
-- too; one from the next month on works (above).
SELECT err($$SELECT uuid_v7_partition_ddl('ms', '2025-04-01', '2025-09-01')$$);
SELECT err($$SELECT uuid_v7_partition_ddl('ms', '2025-04-20', '2025-09-01')$$);
-- Retention: the quarter only once all of it is older than the cut; each half on its own.
SELECT count(*) AS nothing FROM uuid_v7_retention_ddl('ms', '2025-03-31 23:59:59.999');
SELECT * FROM uuid_v7_retention_ddl('ms', '2025-04-01', 'drop');
SELECT * FROM uuid_v7_retention_ddl('ms', '2025-04-20', 'drop');
SELECT * FROM uuid_v7_retention_ddl('ms', '2025-04-20', 'drop') \gexec
SELECT p.*, (SELECT count(*) FROM ms WHERE tableoid = p.partition) AS rows FROM uuid_v7_partitions('ms') p;
SELECT min(uuid_v7_time(id)) AS oldest FROM ms;

SET client_min_messages = warning;
DROP SCHEMA part_t CASCADE;
DROP SCHEMA "Odd ""Schema""; DROP TABLE part_t.canary; --" CASCADE;
RESET search_path;
RESET client_min_messages;
