-- uuidv7(): strictly increasing within a session, its time never in a later millisecond than
-- the clock's (the native generator's rules, core/src/generator.rs): while the clock stands
-- still a 12-bit counter in the top bits of rand_b orders the keys, starting from the random
-- bits a tick's first key has there; a full count steps the fraction one unit, inside the
-- millisecond; past it the call waits for the clock (unless the clock was set back). The last
-- time and count are kept in the session's custom setting uuid_shard.v7_last as 'time/count'
-- (time = ms << 12 | fraction); a setting is the only per-session state PL/pgSQL has without a
-- table. set_config is not
-- allowed while a query runs in parallel mode, so the two functions that write it are PARALLEL
-- UNSAFE (native: SAFE): a query that calls them runs without parallel workers, and never fails
-- because of them. No SET clause (a function with one pays for a configuration change at every
-- call): every function, operator and type is named by schema, as in the per-row functions, and
-- no construct that looks an operator up by name (IN, NULLIF, a simple CASE) is used. Every
-- step is an assignment or IF, which PL/pgSQL evaluates as a simple expression (PERFORM would
-- run a query; only the wait uses it).
CREATE OR REPLACE FUNCTION @extschema@.uuidv7() RETURNS pg_catalog.uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY INVOKER
AS $fn$
DECLARE
    -- NULL in a new session; '' after a transaction that first set it was rolled back; a time
    -- without a count when an older version of this function wrote it (taken as a full count)
    v_setting CONSTANT pg_catalog.text := pg_catalog.current_setting('uuid_shard.v7_last', true);
    v_last pg_catalog.int8 := CASE WHEN v_setting OPERATOR(pg_catalog.<>) ''
                                   THEN pg_catalog.split_part(v_setting, '/', 1)::pg_catalog.int8 END;
    v_count pg_catalog.int4 := CASE WHEN pg_catalog.strpos(v_setting, '/') OPERATOR(pg_catalog.>) 0
                                    THEN pg_catalog.split_part(v_setting, '/', 2)::pg_catalog.int4 ELSE 4095 END;
    -- the random bytes of a v4, whose variant bits are already 10: bytes 8..15 are the tail
    v_key pg_catalog.bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
    v_now pg_catalog.int8;
    v_saved pg_catalog.text;
BEGIN
    LOOP
        -- clock_timestamp() has microseconds: as float seconds since 1970 it is exact to well
        -- below a microsecond for present-day times, and the cast to bigint rounds to the nearest
        v_now := pg_catalog.date_part('epoch', pg_catalog.clock_timestamp()) OPERATOR(pg_catalog.*) 1000000;
        -- rand_a as core scales it from nanoseconds: (us_within_ms * 1000) * 4096 / 1000000
        v_now := ((v_now OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.<<) 12)
                 OPERATOR(pg_catalog.|) (((v_now OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.*) 4096) OPERATOR(pg_catalog./) 1000);
        IF v_last IS NULL OR v_now OPERATOR(pg_catalog.>) v_last THEN
            -- the clock has moved past the last key: its time, the whole random tail
            EXIT;
        ELSIF v_count OPERATOR(pg_catalog.<) 4095 THEN
            -- the clock stands still (or stepped back): the last time, the count plus one in
            -- rand_b's top 12 bits (byte 8's low 6 bits, byte 9's high 6), random bits below
            v_now := v_last;
            v_count := v_count OPERATOR(pg_catalog.+) 1;
            v_key := pg_catalog.set_byte(pg_catalog.set_byte(v_key, 8, 128 OPERATOR(pg_catalog.|) (v_count OPERATOR(pg_catalog.>>) 6)),
                       9, ((v_count OPERATOR(pg_catalog.&) 63) OPERATOR(pg_catalog.<<) 2)
                          OPERATOR(pg_catalog.|) (pg_catalog.get_byte(v_key, 9) OPERATOR(pg_catalog.&) 3));
            EXIT;
        ELSIF v_last OPERATOR(pg_catalog.>=) 1152921504606846975 THEN  -- (2^48 - 1) ms and fraction 4095
            RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
                DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
        ELSIF (v_last OPERATOR(pg_catalog.&) 4095) OPERATOR(pg_catalog.<) 4095
              OR (v_now OPERATOR(pg_catalog.>>) 12) OPERATOR(pg_catalog.<) (v_last OPERATOR(pg_catalog.>>) 12) THEN
            -- the count is full: one fraction unit later, a fresh tail; inside the millisecond,
            -- or into the next one behind a clock that was set back (the keys carry on from the
            -- last one, as core's do, rather than wait as long as the clock went back)
            v_now := v_last OPERATOR(pg_catalog.+) 1;
            EXIT;
        END IF;
        -- every key of the clock's millisecond is used: wait for the next one
        PERFORM pg_catalog.pg_sleep(0.0001);
    END LOOP;
    IF v_last IS NULL OR v_now OPERATOR(pg_catalog.<>) v_last THEN
        -- a new time, a fresh tail: its top 12 bits start the count of this time
        v_count := ((pg_catalog.get_byte(v_key, 8) OPERATOR(pg_catalog.&) 63) OPERATOR(pg_catalog.<<) 6)
                   OPERATOR(pg_catalog.|) (pg_catalog.get_byte(v_key, 9) OPERATOR(pg_catalog.>>) 2);
    END IF;
    v_saved := pg_catalog.set_config('uuid_shard.v7_last',
                   v_now::pg_catalog.text OPERATOR(pg_catalog.||) '/' OPERATOR(pg_catalog.||) v_count::pg_catalog.text, false);
    -- bytes 0..7: 48-bit ms, version 7, 12-bit fraction
    RETURN pg_catalog.encode(pg_catalog.overlay(v_key,
             pg_catalog.int8send((((v_now OPERATOR(pg_catalog.>>) 12) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 28672)
                                 OPERATOR(pg_catalog.|) (v_now OPERATOR(pg_catalog.&) 4095)),
             1, 8), 'hex')::pg_catalog.uuid;
END
$fn$;

-- uuidv7(shift): as core 18, the session's ascending key (uuidv7() above, which it advances)
-- with its time shifted by timestamptz + interval arithmetic in the session time zone, keeping
-- the time below the microsecond (here: what the 12-bit fraction held); the key's tail, with
-- its count, keeps keys of one shift in call order. No SET clause, as uuidv7().
CREATE OR REPLACE FUNCTION @extschema@.uuidv7(shift interval) RETURNS pg_catalog.uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY INVOKER
AS $fn$
DECLARE
    v_key pg_catalog.bytea;
    v_now pg_catalog.int8;
    v_ns pg_catalog.int8;
    v_ts pg_catalog.timestamptz;
    v_iv pg_catalog.interval;
    v_us pg_catalog.int8;
    v_epoch CONSTANT pg_catalog.timestamptz := '1970-01-01 00:00:00+00';
BEGIN
    IF shift::pg_catalog.text OPERATOR(pg_catalog.=) ANY ('{infinity,-infinity}'::pg_catalog.text[]) THEN  -- PostgreSQL 17+
        RAISE EXCEPTION 'interval out of range for UUID version 7' USING ERRCODE = '22008',
            DETAIL = 'UUID version 7 does not support infinite intervals.';
    END IF;
    v_key := pg_catalog.uuid_send(@extschema@.uuidv7());
    -- its time: bytes 0..7 are ms << 16 | version | fraction
    v_now := ('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.substr(v_key, 1, 8), 'hex'))::pg_catalog.bit(64)::pg_catalog.int8;
    v_now := ((v_now OPERATOR(pg_catalog.>>) 16) OPERATOR(pg_catalog.<<) 12) OPERATOR(pg_catalog.|) (v_now OPERATOR(pg_catalog.&) 4095);
    -- the first nanosecond of that time (V7Time::unix_ns), split into microseconds and the rest
    v_ns := ((v_now OPERATOR(pg_catalog.>>) 12) OPERATOR(pg_catalog.*) 1000000)
            OPERATOR(pg_catalog.+) ((((v_now OPERATOR(pg_catalog.&) 4095) OPERATOR(pg_catalog.*) 1000000) OPERATOR(pg_catalog.+) 4095) OPERATOR(pg_catalog./) 4096);
    v_us := v_ns OPERATOR(pg_catalog./) 1000;
    v_ts := v_epoch OPERATOR(pg_catalog.+) pg_catalog.make_interval(
                hours => (v_us OPERATOR(pg_catalog./) 3600000000)::pg_catalog.int4,
                secs => (v_us OPERATOR(pg_catalog.%) 3600000000)::pg_catalog.float8 OPERATOR(pg_catalog./) 1000000);
    BEGIN
        v_ts := v_ts OPERATOR(pg_catalog.+) shift;
    EXCEPTION WHEN datetime_field_overflow THEN
        v_ts := 'infinity';  -- reported below, as core 18.6 reports it
    END;
    IF v_ts OPERATOR(pg_catalog.<) v_epoch OR v_ts OPERATOR(pg_catalog.>=) '10889-08-02 05:31:50.656+00'::pg_catalog.timestamptz THEN
        RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
            DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
    END IF;
    v_iv := v_ts OPERATOR(pg_catalog.-) v_epoch;
    v_us := (pg_catalog.date_part('day', v_iv)::pg_catalog.int8 OPERATOR(pg_catalog.*) 86400000000)
            OPERATOR(pg_catalog.+) (((pg_catalog.date_part('hour', v_iv) OPERATOR(pg_catalog.*) 3600000000)
                                     OPERATOR(pg_catalog.+) (pg_catalog.date_part('minute', v_iv) OPERATOR(pg_catalog.*) 60000000))
                                    OPERATOR(pg_catalog.+) pg_catalog.date_part('microseconds', v_iv))::pg_catalog.int8;
    v_now := ((v_us OPERATOR(pg_catalog./) 1000) OPERATOR(pg_catalog.<<) 12)
             OPERATOR(pg_catalog.|) (((((v_us OPERATOR(pg_catalog.%) 1000) OPERATOR(pg_catalog.*) 1000) OPERATOR(pg_catalog.+) (v_ns OPERATOR(pg_catalog.%) 1000))
                                      OPERATOR(pg_catalog.*) 4096) OPERATOR(pg_catalog./) 1000000);
    RETURN pg_catalog.encode(pg_catalog.overlay(v_key,
             pg_catalog.int8send((((v_now OPERATOR(pg_catalog.>>) 12) OPERATOR(pg_catalog.<<) 16) OPERATOR(pg_catalog.|) 28672)
                                 OPERATOR(pg_catalog.|) (v_now OPERATOR(pg_catalog.&) 4095)),
             1, 8), 'hex')::pg_catalog.uuid;
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
