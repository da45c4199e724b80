-- uuid_v7_boundary(ts): the smallest v7 of the millisecond holding ts: bytes 0..7 (ms << 16 |
-- version 7) as int8send gives them, then the variant byte and zeros. The tail is decoded from
-- hex (folded at plan time), so no setting (standard_conforming_strings) can change its bytes;
-- the UUID is built by its text input, the only way SQL has to make a uuid of computed bits.
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_boundary(ts timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT pg_catalog.encode(pg_catalog.int8send(
          (((('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.timestamptz_send(ts::@extschema@.uuid_shard_v7_ts_arg), 'hex'))::pg_catalog.bit(64)::pg_catalog.int8
             OPERATOR(pg_catalog.+) 946684800000000) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 28672)
        OPERATOR(pg_catalog.||) pg_catalog.decode('8000000000000000', 'hex'), 'hex')::pg_catalog.uuid
$fn$;

-- uuid_version(id): the version nibble of an RFC 9562 variant UUID, NULL for other variants
-- (the array holds 0 at index 2, variant 10). PostgreSQL 17 and later: uuid_extract_version.
CREATE OR REPLACE FUNCTION @extschema@.uuid_version(id uuid) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT (pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) OPERATOR(pg_catalog.>>) 4)
       OPERATOR(pg_catalog.+) ('[2:2]={0}'::pg_catalog.int4[])[pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) OPERATOR(pg_catalog.>>) 6]
$fn$;

-- uuid_v7_time(id): the millisecond of a v7 (RFC 9562 variant), NULL for anything else.
-- ms (bytes 0..5) is read once; the time is 1970-01-01 + 1 ms * (ms + 0.5), truncated to the
-- millisecond. Why that is exact over the whole 48-bit range: ms + 0.5 is exact in float8, and
-- interval * float8 rounds 1000 * ms + 500 (< 2^58) to float8 once, off by at most 16 us, so
-- the truncation lands on ms. (1 ms * ms alone is not exact past the year 4253.) The time is
-- built as UTC wall time (timestamp + interval: immutable, unlike timestamptz + interval), read
-- back AT TIME ZONE '00:00'. The array adds 0 where uuid_version is 7 and NULL otherwise.
-- PostgreSQL 18 reads the time in C (uuid_extract_timestamp): see the end of this part.
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_time(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT pg_catalog.timezone('00:00'::pg_catalog.interval, pg_catalog.date_trunc('milliseconds',
         '1970-01-01 00:00:00'::pg_catalog.timestamp OPERATOR(pg_catalog.+) ('00:00:00.001'::pg_catalog.interval OPERATOR(pg_catalog.*)
             ((('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.substr(pg_catalog.uuid_send(id), 1, 6), 'hex'))::pg_catalog.bit(48)::pg_catalog.int8::pg_catalog.float8
               OPERATOR(pg_catalog.+) 0.5::pg_catalog.float8)
              OPERATOR(pg_catalog.+) ('[7:7]={0}'::pg_catalog.float8[])[@extschema@.uuid_version(id)]))))
$fn$;

-- Where core reads the same bits in C, the body calls it instead (same results, checked by
-- tests/sql/sql_edition_parity.sh on every major): PostgreSQL 17 added uuid_extract_version
-- (the version of an RFC 9562 variant UUID, NULL for other variants: uuid_version exactly) and
-- 18 made uuid_extract_timestamp read a v7's millisecond (it also reads v1 times, hence the
-- version 7 check). The choice is made when the script runs: after pg_upgrade to a newer major,
-- running the script again picks up the faster bodies.
DO $uuid_shard_core$
BEGIN
    IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 OPERATOR(pg_catalog.>=) 170000 THEN
        CREATE OR REPLACE FUNCTION @extschema@.uuid_version(id uuid) RETURNS integer
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
        AS $fn$ SELECT pg_catalog.uuid_extract_version(id)::pg_catalog.int4 $fn$;
    END IF;
    IF pg_catalog.current_setting('server_version_num')::pg_catalog.int4 OPERATOR(pg_catalog.>=) 180000 THEN
        CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_time(id uuid) RETURNS timestamptz
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
        AS $fn$
        SELECT pg_catalog.timezone('00:00'::pg_catalog.interval,
                 pg_catalog.timezone('00:00'::pg_catalog.interval, pg_catalog.uuid_extract_timestamp(id))
                 OPERATOR(pg_catalog.+) ('[7:7]={00:00:00}'::pg_catalog.interval[])[pg_catalog.uuid_extract_version(id)])
        $fn$;
    END IF;
END
$uuid_shard_core$;

-- uuid_v7_boundary_last(ts): the largest v7 of the millisecond holding ts (rand_a and rand_b
-- all ones): uuid_v7_boundary's expression with 0x7fff and the tail bfff...; inlined likewise.
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_boundary_last(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT pg_catalog.encode(pg_catalog.int8send(
          (((('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.timestamptz_send(ts::@extschema@.uuid_shard_v7_ts_arg), 'hex'))::pg_catalog.bit(64)::pg_catalog.int8
             OPERATOR(pg_catalog.+) 946684800000000) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 32767)
        OPERATOR(pg_catalog.||) pg_catalog.decode('bfffffffffffffff', 'hex'), 'hex')::pg_catalog.uuid
$fn$;

-- uuid_v7_time_us(id): the time of a v7 to the microsecond: uuid_v7_time (NULL for anything
-- but a v7) plus least(999, ceil(rand_a * 1000 / 4096)) us. least() is not strict, so the
-- planner would not inline it here: with r = rand_a (12 bits), ceil(r * 1000 / 4096) is
-- (r * 1000 + 4095) / 4096, which reaches 1000 only for r >= 4092, where r / 4092 is 1.
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_time_us(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT pg_catalog.timezone('00:00'::pg_catalog.interval,
         pg_catalog.timezone('00:00'::pg_catalog.interval, @extschema@.uuid_v7_time(id))
         OPERATOR(pg_catalog.+) ('00:00:00.000001'::pg_catalog.interval OPERATOR(pg_catalog.*)
             ((((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.<<) 8)
                   OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 7)) OPERATOR(pg_catalog.*) 1000 OPERATOR(pg_catalog.+) 4095) OPERATOR(pg_catalog./) 4096)
              OPERATOR(pg_catalog.-) ((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.<<) 8)
                   OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 7)) OPERATOR(pg_catalog./) 4092))::pg_catalog.float8))
$fn$;

-- uuid_v7_from_name(ts, name): the head of uuid_v7_at(ts), the tail from
-- sha256('uuid_shard v7 from name' || '\x00' || name in UTF-8), variant bits set.
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_from_name(ts pg_catalog.timestamptz, name pg_catalog.text) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_iv interval;
    v_us bigint;
    v_tail bytea;
BEGIN
    IF ts < to_timestamp(0) OR ts >= '10889-08-02 05:31:50.656+00'::timestamptz THEN
        RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
            DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
    END IF;
    v_iv := ts - to_timestamp(0);
    v_us := date_part('day', v_iv)::bigint * 86400000000
            + (date_part('hour', v_iv) * 3600000000 + date_part('minute', v_iv) * 60000000
               + date_part('microseconds', v_iv))::bigint;
    v_tail := substring(sha256('\x757569645f73686172642076372066726f6d206e616d6500'::bytea || convert_to(name, 'UTF8')) FROM 1 FOR 8);
    v_tail := set_byte(v_tail, 0, (get_byte(v_tail, 0) & 63) | 128);
    RETURN encode(int8send(((v_us / 1000) << 16) | 28672 | ((v_us % 1000) * 4096 / 1000)) || v_tail, 'hex')::uuid;
END
$fn$;
