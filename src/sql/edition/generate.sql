-- uuidv7(): strictly increasing within a session. The last time issued is kept in the
-- session's custom setting uuid_shard.v7_last (set_config(..., false)); a setting is the only
-- per-session state PL/pgSQL has without a table. set_config is not allowed while a query runs
-- in parallel mode, so the two functions that write it are PARALLEL UNSAFE (native: SAFE):
-- a query that calls them runs without parallel workers, and never fails because of them.
CREATE OR REPLACE FUNCTION @extschema@.uuidv7() RETURNS uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    -- NULL in a new session; '' after a transaction that first set it was rolled back
    v_last bigint := NULLIF(current_setting('uuid_shard.v7_last', true), '')::bigint;
    v_now bigint;
BEGIN
    -- clock_timestamp() has microseconds: as float seconds since 1970 it is exact to well below
    -- a microsecond for present-day times, and the cast to bigint rounds to the nearest
    v_now := date_part('epoch', clock_timestamp()) * 1000000;
    -- rand_a as core scales it from nanoseconds: (us_within_ms * 1000) * 4096 / 1000000
    v_now := ((v_now / 1000) << 12) | ((v_now % 1000) * 4096 / 1000);
    IF v_now <= v_last THEN
        -- the clock has not moved past the last time issued: one fraction unit later
        IF v_last >= 1152921504606846975 THEN  -- (2^48 - 1) ms and fraction 4095
            RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
                DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
        END IF;
        v_now := v_last + 1;
    END IF;
    v_last := set_config('uuid_shard.v7_last', v_now::text, false);
    -- bytes 0..7: 48-bit ms, version 7, 12-bit fraction; bytes 8..15 from a v4, whose variant
    -- bits are already 10 and whose other 62 bits are random (core's CSPRNG)
    RETURN encode(overlay(uuid_send(gen_random_uuid())
                          PLACING int8send(((v_now >> 12) << 16) | 28672 | (v_now & 4095)) FROM 1 FOR 8), 'hex')::uuid;
END
$fn$;

-- uuidv7(shift): as core 18, the session's ascending clock (advanced as by uuidv7()) shifted
-- with timestamptz + interval arithmetic in the session time zone, keeping the clock's time
-- below the microsecond (here: what the 12-bit fraction held).
CREATE OR REPLACE FUNCTION @extschema@.uuidv7(shift interval) RETURNS uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_last bigint := NULLIF(current_setting('uuid_shard.v7_last', true), '')::bigint;
    v_now bigint;
    v_ns bigint;
    v_ts timestamptz;
    v_iv interval;
    v_us bigint;
BEGIN
    IF shift::text IN ('infinity', '-infinity') THEN  -- PostgreSQL 17+
        RAISE EXCEPTION 'interval out of range for UUID version 7' USING ERRCODE = '22008',
            DETAIL = 'UUID version 7 does not support infinite intervals.';
    END IF;
    v_now := date_part('epoch', clock_timestamp()) * 1000000;
    v_now := ((v_now / 1000) << 12) | ((v_now % 1000) * 4096 / 1000);
    IF v_now <= v_last THEN
        IF v_last >= 1152921504606846975 THEN
            RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
                DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
        END IF;
        v_now := v_last + 1;
    END IF;
    v_last := set_config('uuid_shard.v7_last', v_now::text, false);
    -- the first nanosecond of that time (V7Time::unix_ns), split into microseconds and the rest
    v_ns := (v_now >> 12) * 1000000 + ((v_now & 4095) * 1000000 + 4095) / 4096;
    v_us := v_ns / 1000;
    v_ts := to_timestamp(0) + make_interval(hours => (v_us / 3600000000)::int,
                                            secs => (v_us % 3600000000)::float8 / 1000000);
    BEGIN
        v_ts := v_ts + shift;
    EXCEPTION WHEN datetime_field_overflow THEN
        v_ts := 'infinity';  -- reported below, as core 18.6 reports it
    END;
    IF v_ts < to_timestamp(0) OR v_ts >= '10889-08-02 05:31:50.656+00'::timestamptz THEN
        RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
            DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
    END IF;
    v_iv := v_ts - to_timestamp(0);
    v_us := date_part('day', v_iv)::bigint * 86400000000
            + (date_part('hour', v_iv) * 3600000000 + date_part('minute', v_iv) * 60000000
               + date_part('microseconds', v_iv))::bigint;
    v_now := ((v_us / 1000) << 12) | (((v_us % 1000) * 1000 + v_ns % 1000) * 4096 / 1000000);
    RETURN encode(overlay(uuid_send(gen_random_uuid())
                          PLACING int8send(((v_now >> 12) << 16) | 28672 | (v_now & 4095)) FROM 1 FOR 8), 'hex')::uuid;
END
$fn$;

-- uuid_v7_at(ts): a v7 for a given time, random tail, not tied to the session's state.
-- us = microseconds since 1970 (timestamptz_send: since 2000, big-endian), bytes 0..7 =
-- ms << 16 | version 7 | 12-bit fraction, over the 16 bytes of a v4 (variant bits already 10).
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_at(ts timestamptz) RETURNS uuid
LANGUAGE sql VOLATILE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT pg_catalog.encode(pg_catalog.overlay(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()),
         pg_catalog.int8send(
           (((('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.timestamptz_send(ts::@extschema@.uuid_shard_v7_ts_arg), 'hex'))::pg_catalog.bit(64)::pg_catalog.int8
              OPERATOR(pg_catalog.+) 946684800000000) OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.<<) 16)
           OPERATOR(pg_catalog.|) 28672
           OPERATOR(pg_catalog.|) ((((('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.timestamptz_send(ts::@extschema@.uuid_shard_v7_ts_arg), 'hex'))::pg_catalog.bit(64)::pg_catalog.int8
              OPERATOR(pg_catalog.+) 946684800000000) OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.*) 4096) OPERATOR(pg_catalog./) 1000)),
         1, 8), 'hex')::pg_catalog.uuid
$fn$;
