--
-- The bad-input matrix: one row per (function, bad input) with the exact outcome.
-- docs/errors.md carries the same rows; tests/check_docs.sh keeps the two equal.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
SET intervalstyle = 'postgres';
-- outcome(sql): "NULL", the value, or "ERROR <SQLSTATE>: message (detail)"
CREATE FUNCTION pg_temp.outcome(sql text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE st text; msg text; det text; v text;
BEGIN
  EXECUTE sql INTO v;
  RETURN coalesce(v, 'NULL');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  RETURN 'ERROR ' || st || ': ' || msg || coalesce(' (' || nullif(det, '') || ')', '');
END $$;
-- tables for the partition helpers
CREATE TABLE bi_plain (id uuid);
CREATE TABLE bi_list (id uuid) PARTITION BY LIST (id);
CREATE TABLE bi_two_columns (id uuid, k int) PARTITION BY RANGE (id, k);
CREATE TABLE bi_bigint (id bigint) PARTITION BY RANGE (id);
CREATE TABLE bi_ok (id uuid) PARTITION BY RANGE (id);
\pset tuples_only on
\pset format unaligned
SELECT format('| `%s` | %s |', call, pg_temp.outcome('SELECT (' || call || ')::text'))
  FROM (VALUES
    -- NULL arguments: NULL out
    ('uuid_v7_at(NULL)'), ('public.uuidv7(NULL::interval)'), ('uuid_v7_boundary(NULL)'), ('uuid_v7_time(NULL)'),
    ('uuid_version(NULL)'), ('uuid_shard_key(NULL, 2)'), ('uuid_shard_key(''919108f7-52d1-4320-9bac-f847db4148a8'', NULL)'),
    ('uuid_bucket(NULL, 5)'), ('uuid_bucket(''919108f7-52d1-4320-9bac-f847db4148a8'', NULL)'),
    -- UUIDs without a v7 time or without a random tail
    ('uuid_v7_time(''00000000-0000-0000-0000-000000000000'')'), ('uuid_v7_time(''ffffffff-ffff-ffff-ffff-ffffffffffff'')'),
    ('uuid_v7_time(''919108f7-52d1-4320-9bac-f847db4148a8'')'), ('uuid_v7_time(''017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'')'),
    ('uuid_version(''00000000-0000-0000-0000-000000000000'')'), ('uuid_version(''ffffffff-ffff-ffff-ffff-ffffffffffff'')'),
    ('uuid_version(''017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'')'),
    ('uuid_bucket(''00000000-0000-0000-0000-000000000000'', 5)'), ('uuid_bucket(''ffffffff-ffff-ffff-ffff-ffffffffffff'', 5)'),
    ('uuid_bucket(''c232ab00-9414-11ec-b3c8-9f6bdeced846'', 5)'), ('uuid_bucket(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'', 5)'),
    ('uuid_bucket(''320c3d4d-cc00-875b-8ec9-32d5f69181c0'', 5)'), ('uuid_bucket(''017f22e2-79b0-7cc3-18c4-dc0c0c07398f'', 5)'),
    ('uuid_bucket(''017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'', 5)'), ('uuid_bucket(''017f22e2-79b0-7cc3-e8c4-dc0c0c07398f'', 5)'),
    ('uuid_shard_key(''00000000-0000-0000-0000-000000000000'', 2)'), ('uuid_shard_key(''ffffffff-ffff-ffff-ffff-ffffffffffff'', 2)'),
    ('uuid_shard_key(''c232ab00-9414-11ec-b3c8-9f6bdeced846'', 2)'), ('uuid_shard_key(''1ec9414c-232a-6b00-b3c8-9f6bdeced846'', 2)'),
    ('uuid_shard_key(''320c3d4d-cc00-875b-8ec9-32d5f69181c0'', 2)'), ('uuid_shard_key(''017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'', 2)'),
    -- bucket counts and key lengths
    ('uuid_bucket(''919108f7-52d1-4320-9bac-f847db4148a8'', 0)'), ('uuid_bucket(''919108f7-52d1-4320-9bac-f847db4148a8'', -1)'),
    ('uuid_bucket(''919108f7-52d1-4320-9bac-f847db4148a8'', 1)'), ('uuid_bucket(''919108f7-52d1-4320-9bac-f847db4148a8'', 2147483647)'),
    ('uuid_shard_key(''919108f7-52d1-4320-9bac-f847db4148a8'', 0)'), ('uuid_shard_key(''919108f7-52d1-4320-9bac-f847db4148a8'', 16)'),
    ('uuid_shard_key(''919108f7-52d1-4320-9bac-f847db4148a8'', -1)'), ('uuid_shard_key(''919108f7-52d1-4320-9bac-f847db4148a8'', 15)'),
    -- tail remainders: every UUID has one, only the modulus can be wrong
    ('uuid_tail_remainder(NULL, 4)'), ('uuid_tail_remainder(''919108f7-52d1-4320-9bac-f847db4148a8'', NULL)'),
    ('uuid_tail_remainder(''919108f7-52d1-4320-9bac-f847db4148a8'', 0)'), ('uuid_tail_remainder(''919108f7-52d1-4320-9bac-f847db4148a8'', -1)'),
    ('uuid_tail_remainder(''00000000-0000-0000-0000-000000000000'', 4)'), ('uuid_tail_remainder(''ffffffff-ffff-ffff-ffff-ffffffffffff'', 4)'),
    ('uuid_tail_remainder(''c232ab00-9414-11ec-b3c8-9f6bdeced846'', 5)'),
    -- times outside 1970-01-01 .. 2^48-1 ms
    ('uuid_v7_at(''infinity'')'), ('uuid_v7_at(''-infinity'')'), ('uuid_v7_at(''1969-12-31 23:59:59.999+00'')'),
    ('uuid_v7_at(''10890-01-01 00:00:00+00'')'),
    ('uuid_v7_boundary(''infinity'')'), ('uuid_v7_boundary(''-infinity'')'), ('uuid_v7_boundary(''1969-12-31 00:00:00+00'')'),
    ('uuid_v7_boundary(''10890-01-01 00:00:00+00'')'), ('uuid_v7_boundary(''10889-08-02 05:31:50.655+00'')'),
    ('uuid_v7_boundary(''10889-08-02 05:31:50.656+00'')'),
    -- shifts: huge intervals (infinite intervals exist from PostgreSQL 17 on: see core18)
    ('public.uuidv7(''200000 years'')'), ('public.uuidv7(''-100 years'')'), ('public.uuidv7(''9000 years'')'),
    ('uuid_version(public.uuidv7(''-10 years''))'),
    -- partition helpers: tables that are not RANGE-partitioned on one uuid column
    ('uuid_v7_partition_ddl(''bi_plain'', ''2025-01-01'', ''2025-02-01'')'),
    ('uuid_v7_partition_ddl(''bi_list'', ''2025-01-01'', ''2025-02-01'')'),
    ('uuid_v7_partition_ddl(''bi_two_columns'', ''2025-01-01'', ''2025-02-01'')'),
    ('uuid_v7_partition_ddl(''bi_bigint'', ''2025-01-01'', ''2025-02-01'')'),
    ('uuid_v7_partitions(''bi_plain'')'),
    ('uuid_v7_retention_ddl(''bi_list'', ''2025-01-01'')'),
    -- partition helpers: bad steps, spans and actions
    ('uuid_v7_partition_ddl(''bi_ok'', ''2025-01-01'', ''2025-02-01'', ''0'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''2025-01-01'', ''2025-02-01'', ''-1 day'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''2025-01-01'', ''2025-02-01'', ''1 month 3 hours'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''2025-02-01'', ''2025-01-01'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''2025-01-01'', ''2025-01-01'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''2000-01-01'', ''2050-01-01'', ''1 minute'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''1969-12-01'', ''1970-02-01'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''2025-01-01'', ''infinity'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''2025-01-01'', ''2025-02-01'', ''1 day'', ''Mars/Olympus'')'),
    ('uuid_v7_partition_ddl(NULL, ''2025-01-01'', ''2025-02-01'')'),
    ('uuid_v7_partition_ddl(''bi_ok'', NULL, ''2025-02-01'')'),
    ('uuid_v7_retention_ddl(''bi_ok'', ''2025-01-01'', ''delete'')'),
    ('uuid_v7_retention_ddl(''bi_ok'', ''infinity'')'),
    ('uuid_v7_retention_ddl(''bi_ok'', NULL)'),
    ('uuid_v7_partitions(NULL)'),
    ('uuid_v7_partition_ddl(''bi_ok'', ''2025-01-01'', ''2025-02-01'')')
  ) m(call);
-- bucket-partition helpers: tables that are not LIST (uuid_bucket(<uuid column>, <constant>)),
-- bad bucket counts and server lists, hostile identifiers, NULLs
-- A handler-less wrapper named postgres_fdw stands in for the extension: the helpers only check
-- the wrapper's name and emit text, and this suite then needs no library (the real postgres_fdw
-- is driven by tests/sql/buckets.sh).
CREATE FOREIGN DATA WRAPPER postgres_fdw;
CREATE SERVER bi_s1 FOREIGN DATA WRAPPER postgres_fdw;
CREATE SERVER bi_s2 FOREIGN DATA WRAPPER postgres_fdw;
CREATE SERVER "bi Sërver ""2""" FOREIGN DATA WRAPPER postgres_fdw;
CREATE FOREIGN DATA WRAPPER bi_other_fdw;
CREATE SERVER bi_other FOREIGN DATA WRAPPER bi_other_fdw;
CREATE TABLE bi_bucket (id uuid) PARTITION BY LIST (uuid_bucket(id, 4));
CREATE TABLE bi_bucket_var (id uuid, n int) PARTITION BY LIST (uuid_bucket(id, n));
CREATE TABLE bi_bucket_zero (id uuid) PARTITION BY LIST (uuid_bucket(id, 0));
CREATE TABLE bi_bucket_text (t text) PARTITION BY LIST (uuid_bucket(t::uuid, 4));
CREATE TABLE bi_fbucket (id uuid) PARTITION BY LIST (uuid_bucket(id, 2));
CREATE FOREIGN TABLE bi_fbucket_b0 PARTITION OF bi_fbucket FOR VALUES IN (0) SERVER bi_s1;
CREATE FOREIGN TABLE bi_fbucket_b1 PARTITION OF bi_fbucket FOR VALUES IN (1) SERVER bi_s2;
CREATE SCHEMA "bi Sch'é";
CREATE TABLE "bi Sch'é"."Bi ""T"" x" ("I d" uuid) PARTITION BY LIST (uuid_bucket("I d", 2));
SELECT format('| `%s` | %s |', call, pg_temp.outcome('SELECT (' || call || ')::text'))
  FROM (VALUES
    ('uuid_bucket_partition_ddl(''bi_plain'')'),
    ('uuid_bucket_partition_ddl(''bi_list'')'),
    ('uuid_bucket_partition_ddl(''bi_ok'')'),
    ('uuid_bucket_partition_ddl(''bi_bucket_var'')'),
    ('uuid_bucket_partition_ddl(''bi_bucket_zero'')'),
    ('uuid_bucket_partition_ddl(''bi_bucket_text'')'),
    ('uuid_bucket_partitions(''bi_list'')'),
    ('uuid_bucket_grow_ddl(''bi_ok'', 5)'),
    ('uuid_bucket_partition_ddl(''bi_bucket'', ARRAY[''bi_s1''])'),
    ('uuid_bucket_partition_ddl(''bi_bucket'', ''{}'')'),
    ('uuid_bucket_partition_ddl(''bi_bucket'', ARRAY[''bi_s1'', ''bi_s2'', ''nope'', ''bi_s1''])'),
    ('uuid_bucket_partition_ddl(''bi_bucket'', ARRAY[''bi_s1'', ''bi_s2'', ''bi Sërver "2"'', ''bi_s1''])'),
    ('uuid_bucket_partition_ddl(''bi_bucket'', ARRAY[''bi_s1'', ''bi_s2'', ''bi_other'', ''bi Sërver "2"''])'),
    ('uuid_bucket_partition_ddl(''bi_bucket'', ARRAY[''bi_s1'', NULL, ''bi_s2'', ''bi Sërver "2"''])'),
    ('uuid_bucket_partition_ddl(''bi_bucket'', ARRAY[''bi_s1'', ''bi_s2'', ''Nope "x"'', ''bi Sërver "2"''])'),
    ('uuid_bucket_partition_ddl(''"bi Sch''''é"."Bi ""T"" x"'', ARRAY[''bi_s1'', ''bi Sërver "2"''])'),
    ('uuid_bucket_partition_ddl(''"bi Sch''''é"."Bi ""T"" x"'')'),
    ('uuid_bucket_grow_ddl(''bi_bucket'', 4)'),
    ('uuid_bucket_grow_ddl(''bi_bucket'', 3)'),
    ('uuid_bucket_grow_ddl(''bi_bucket'', 5)'),
    ('uuid_bucket_grow_ddl(''"bi Sch''''é"."Bi ""T"" x"'', 2)'),
    ('uuid_bucket_grow_ddl(''bi_fbucket'', 4, ARRAY[''bi Sërver "2"''])'),
    ('uuid_bucket_grow_ddl(''bi_fbucket'', 3, ARRAY[''bi_s1''])'),
    ('uuid_bucket_grow_ddl(''bi_fbucket'', 3, ARRAY[''Nope "x"''])'),
    ('uuid_bucket_grow_ddl(''bi_fbucket'', 3, ARRAY[NULL])'),
    ('uuid_bucket_partition_ddl(NULL)'),
    ('uuid_bucket_grow_ddl(NULL, 5)'),
    ('uuid_bucket_grow_ddl(''bi_bucket'', NULL)'),
    ('uuid_bucket_partitions(NULL)'),
    ('uuid_bucket_partition_ddl(''bi_bucket'', ARRAY[''bi_s1'', ''bi_s2'', ''bi Sërver "2"'', ''bi_s2''])'),
    ('uuid_bucket_partition_ddl(''bi_bucket'')'),
    ('uuid_bucket_grow_ddl(''bi_fbucket'', 3, ARRAY[''bi Sërver "2"''])')
  ) m(call);
-- public IDs (uuid_v7_mask, uuid_v7_unmask): not STRICT, the secret is checked first (a NULL
-- secret is an error even for a NULL UUID), then the UUID's version; a wrong secret is no error
SELECT format('| `%s` | %s |', call, pg_temp.outcome('SELECT (' || call || ')::text'))
  FROM (VALUES
    ('uuid_v7_mask(NULL, ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_unmask(NULL, ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'', NULL)'),
    ('uuid_v7_unmask(''6ee50d3d-3c66-4e58-98c4-dc0c0c07398f'', NULL)'),
    ('uuid_v7_mask(NULL, NULL)'),
    ('uuid_v7_unmask(NULL, NULL)'),
    ('uuid_v7_mask(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'', '''')'),
    ('uuid_v7_mask(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e'')'),
    ('uuid_v7_unmask(''6ee50d3d-3c66-4e58-98c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e'')'),
    ('uuid_v7_mask(NULL, ''short'')'),
    ('uuid_v7_mask(''919108f7-52d1-4320-9bac-f847db4148a8'', ''short'')'),
    ('uuid_v7_mask(''00000000-0000-0000-0000-000000000000'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''ffffffff-ffff-ffff-ffff-ffffffffffff'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''919108f7-52d1-4320-9bac-f847db4148a8'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''c232ab00-9414-11ec-b3c8-9f6bdeced846'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''320c3d4d-cc00-875b-8ec9-32d5f69181c0'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''017f22e2-79b0-7cc3-18c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''017f22e2-79b0-7cc3-e8c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_unmask(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_unmask(''00000000-0000-0000-0000-000000000000'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_unmask(''6fa459ea-ee8a-3ca4-894e-db77e160355e'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_unmask(''6ee50d3d-3c66-4e58-c8c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_mask(''017f22e2-79b0-7cc3-98c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_unmask(''6ee50d3d-3c66-4e58-98c4-dc0c0c07398f'', ''\x000102030405060708090a0b0c0d0e0f'')'),
    ('uuid_v7_unmask(''6ee50d3d-3c66-4e58-98c4-dc0c0c07398f'', ''\x0f0e0d0c0b0a09080706050403020100'')'),
    ('uuid_v7_unmask(''919108f7-52d1-4320-9bac-f847db4148a8'', ''\x000102030405060708090a0b0c0d0e0f'')')
  ) m(call);
-- New in 0.3.0: text forms, the inclusive upper bound, the time to the microsecond,
-- deterministic keys: NULL in, NULL out; bad text 22P02 naming the character; times as above
SELECT format('| `%s` | %s |', call, pg_temp.outcome('SELECT (' || call || ')::text'))
  FROM (VALUES
    ('uuid_to_ulid(NULL)'), ('uuid_from_ulid(NULL)'), ('uuid_to_base32hex(NULL)'), ('uuid_from_base32hex(NULL)'),
    ('uuid_v7_boundary_last(NULL)'), ('uuid_v7_time_us(NULL)'), ('uuid_v7_from_name(NULL, ''x'')'),
    ('uuid_v7_from_name(''2025-01-01'', NULL)'),
    ('uuid_from_ulid(''01ARZ3NDEKTSV4RRFFQ69G5FAU'')'), ('uuid_from_ulid(''01ARZ3NDEKTSV4RRFFQ69G5FAI'')'),
    ('uuid_from_ulid(''01ARZ3NDEK'')'), ('uuid_from_ulid('''')'), ('uuid_from_ulid(''01ARZ3NDEKTSV4RRFFQ69G5FAV0'')'),
    ('uuid_from_ulid(''81ARZ3NDEKTSV4RRFFQ69G5FAV'')'), ('uuid_from_ulid(''01ARZ3NDEK-SV4RRFFQ69G5FAV'')'),
    ('uuid_from_ulid(''01ARZ3NDEK SV4RRFFQ69G5FAV'')'), ('uuid_from_ulid(''01ARZ3NDEKÉSV4RRFFQ69G5FAV'')'),
    ('uuid_from_ulid(''7ZZZZZZZZZZZZZZZZZZZZZZZZZ'')'),
    ('uuid_from_base32hex(''05B3SELLQFB7CJ31TUSP60LTBW'')'), ('uuid_from_base32hex(''05B3SELLQFB7CJ31TUSP60LTBD'')'),
    ('uuid_from_base32hex(''05B3SELLQFB7CJ31TUSP60LTBC==='')'), ('uuid_from_base32hex(''05B3SELLQFB7CJ31TUSP60LTBC=====x'')'),
    ('uuid_from_base32hex(''05B3SELLQFB7CJ31TUSP60LTB======='')'),
    ('uuid_from_base32hex(''AVY+OrXT1nZMYe+5kwK9Ww=='')'), ('uuid_from_base32hex(''01563e3a-b5d3-d676-4c61-efb99302bd5b'')'),
    ('uuid_from_base32hex(''VVVVVVVVVVVVVVVVVVVVVVVVVS'')'),
    ('uuid_v7_boundary_last(''infinity'')'), ('uuid_v7_boundary_last(''-infinity'')'),
    ('uuid_v7_boundary_last(''1969-12-31 23:59:59.999999+00'')'), ('uuid_v7_boundary_last(''10889-08-02 05:31:50.655999+00'')'),
    ('uuid_v7_boundary_last(''10889-08-02 05:31:50.656+00'')'),
    ('uuid_v7_time_us(''00000000-0000-0000-0000-000000000000'')'), ('uuid_v7_time_us(''919108f7-52d1-4320-9bac-f847db4148a8'')'),
    ('uuid_v7_time_us(''017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'')'),
    ('uuid_v7_from_name(''infinity'', ''x'')'), ('uuid_v7_from_name(''1969-12-31 23:59:59.999999+00'', ''x'')'),
    ('uuid_v7_from_name(''10889-08-02 05:31:50.656+00'', ''x'')'), ('uuid_v7_from_name(''1970-01-01 00:00:00+00'', '''')')
  ) m(call);
