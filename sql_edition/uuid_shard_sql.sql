-- uuid_shard, SQL edition: the functions that the native extension implements in Rust
-- (core/src/v7.rs, core/src/shard.rs, core/src/generator.rs), in PL/pgSQL, bit for bit.
-- docs/sql-edition.md says how to install it and what differs; scripts/sql_edition.sh builds
-- the installable scripts from this file plus the PL/pgSQL helpers of src/ (from their source).
--
-- Every function keeps the native name, argument names, result type, volatility and STRICT;
-- every error keeps the native SQLSTATE, message and detail. Each one is SECURITY INVOKER and
-- pins search_path, so the caller's search_path cannot change what the body calls (the two
-- LANGUAGE sql transition functions of 0.3.0 pin nothing and qualify every operator instead,
-- so that they stay plain SQL); none calls another function of this file, so the schema they
-- live in does not matter (the min/max aggregates name theirs with @extschema@).
--
-- Arithmetic: a v7 time is handled as one bigint, (unix_ms << 12) | rand_a, as the native
-- V7Time is. Times are read from timestamptz without float rounding: the microseconds since
-- 1970 come from the interval ts - 1970-01-01 (days and time fields, exact on every major).
-- The bucket's 64-bit multiply is done in three limbs of bigint, so nothing overflows and
-- the result is exactly the wrapping unsigned product.

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
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_at(ts timestamptz) RETURNS uuid
LANGUAGE plpgsql VOLATILE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_iv interval;
    v_us bigint;
BEGIN
    -- 1970-01-01 .. 2^48 - 1 ms; also rejects +-infinity
    IF ts < to_timestamp(0) OR ts >= '10889-08-02 05:31:50.656+00'::timestamptz THEN
        RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
            DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
    END IF;
    v_iv := ts - to_timestamp(0);
    v_us := date_part('day', v_iv)::bigint * 86400000000
            + (date_part('hour', v_iv) * 3600000000 + date_part('minute', v_iv) * 60000000
               + date_part('microseconds', v_iv))::bigint;
    RETURN encode(overlay(uuid_send(gen_random_uuid())
                          PLACING int8send(((v_us / 1000) << 16) | 28672 | ((v_us % 1000) * 4096 / 1000)) FROM 1 FOR 8),
                  'hex')::uuid;
END
$fn$;

-- uuid_v7_boundary(ts): the smallest v7 of the millisecond holding ts.
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_boundary(ts timestamptz) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_iv interval;
    v_us bigint;
BEGIN
    IF ts < to_timestamp(0) OR ts >= '10889-08-02 05:31:50.656+00'::timestamptz THEN
        RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
            DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
    END IF;
    v_iv := ts - to_timestamp(0);
    v_us := date_part('day', v_iv)::bigint * 86400000000
            + (date_part('hour', v_iv) * 3600000000 + date_part('minute', v_iv) * 60000000
               + date_part('microseconds', v_iv))::bigint;
    -- to_hex prints the 64 bits unsigned, also when ms << 16 reaches the sign bit
    RETURN (lpad(to_hex(((v_us / 1000) << 16) | 28672), 16, '0') || '8000000000000000')::uuid;
END
$fn$;

-- uuid_v7_time(id): the millisecond of a v7 (RFC 9562 variant), NULL for anything else.
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_time(id uuid) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_t text := id::text;  -- lowercase, hyphenated: byte 6 high nibble at 15, byte 8 at 20..21
    v_ms bigint;
BEGIN
    IF substr(v_t, 15, 1) <> '7' OR substr(v_t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
        RETURN NULL;
    END IF;
    v_ms := ('x' || substr(v_t, 1, 8) || substr(v_t, 10, 4))::bit(48)::bigint;
    -- hours and seconds only: an interval without days or months adds the same in every zone
    RETURN to_timestamp(0) + make_interval(hours => (v_ms / 3600000)::int,
                                           secs => (v_ms % 3600000)::float8 / 1000);
END
$fn$;

-- uuid_version(id): the version nibble of an RFC 9562 variant UUID, NULL for other variants.
CREATE OR REPLACE FUNCTION @extschema@.uuid_version(id uuid) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_t text := id::text;
BEGIN
    IF substr(v_t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
        RETURN NULL;
    END IF;
    RETURN strpos('0123456789abcdef', substr(v_t, 15, 1)) - 1;
END
$fn$;

-- uuid_shard_key(id, len): the first len digits of the reversed hex string (docs/algorithms.md 3).
CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_key(id uuid, len integer) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_t text := id::text;
    v_b8 text := substr(v_t, 20, 1);
BEGIN
    IF len < 1 OR len > 15 THEN
        RAISE EXCEPTION 'shard key length must be between 1 and 15, got %', len USING ERRCODE = '22023';
    END IF;
    -- the random-tail rule (docs/algorithms.md 2), with the native reasons in the native order
    IF v_b8 NOT IN ('8', '9', 'a', 'b') OR substr(v_t, 15, 1) NOT IN ('3', '4', '5', '7') THEN
        RAISE EXCEPTION 'expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got %',
            CASE WHEN v_b8 IN ('8', '9', 'a', 'b') THEN 'version ' || (strpos('0123456789abcdef', substr(v_t, 15, 1)) - 1)
                 WHEN v_t = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'
                 WHEN v_t = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'
                 WHEN v_b8 < '8' THEN 'a UUID of the NCS variant'
                 WHEN v_b8 IN ('c', 'd') THEN 'a UUID of the Microsoft variant'
                 ELSE 'a UUID of the reserved variant' END
            USING ERRCODE = '22023',
                  DETAIL = 'Shard keys and buckets are read from the last 8 bytes, which are random only in RFC 9562 UUIDs of version 3, 4, 5 and 7.';
    END IF;
    RETURN left(reverse(replace(v_t, '-', '')), len);
END
$fn$;

-- uuid_bucket(id, n): jump consistent hash of the 62-bit tail (docs/algorithms.md 4).
-- key = k2:k1:k0 in limbs of 20, 22 and 22 bits, the multiplier 2862933555777941757 likewise
-- (162738:3906078:3191037): every partial product stays below 2^45, and the limbs are cut
-- back to their width, which is the product modulo 2^64. The step is float8 arithmetic in
-- the specified order: (b + 1) * (2^31 / d), each operation rounded once, then truncated.
CREATE OR REPLACE FUNCTION @extschema@.uuid_bucket(id uuid, n integer) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_t text := id::text;
    v_b8 text := substr(v_t, 20, 1);
    v_key bigint;
    k0 bigint;
    k1 bigint;
    k2 bigint;
    c0 bigint;
    c1 bigint;
    b bigint := -1;
    j bigint := 0;
BEGIN
    IF n < 1 THEN
        RAISE EXCEPTION 'bucket count must be between 1 and 2147483647, got %', n USING ERRCODE = '22023';
    END IF;
    IF v_b8 NOT IN ('8', '9', 'a', 'b') OR substr(v_t, 15, 1) NOT IN ('3', '4', '5', '7') THEN
        RAISE EXCEPTION 'expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got %',
            CASE WHEN v_b8 IN ('8', '9', 'a', 'b') THEN 'version ' || (strpos('0123456789abcdef', substr(v_t, 15, 1)) - 1)
                 WHEN v_t = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'
                 WHEN v_t = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'
                 WHEN v_b8 < '8' THEN 'a UUID of the NCS variant'
                 WHEN v_b8 IN ('c', 'd') THEN 'a UUID of the Microsoft variant'
                 ELSE 'a UUID of the reserved variant' END
            USING ERRCODE = '22023',
                  DETAIL = 'Shard keys and buckets are read from the last 8 bytes, which are random only in RFC 9562 UUIDs of version 3, 4, 5 and 7.';
    END IF;
    -- bytes 8..15 with the two variant bits cleared
    v_key := ('x' || substr(v_t, 20, 4) || substr(v_t, 25, 12))::bit(64)::bigint & 4611686018427387903;
    k0 := v_key & 4194303;
    k1 := (v_key >> 22) & 4194303;
    k2 := v_key >> 44;
    WHILE j < n LOOP
        b := j;
        -- key := key * 2862933555777941757 + 1 (mod 2^64)
        c0 := k0 * 3191037 + 1;
        c1 := k0 * 3906078 + k1 * 3191037 + (c0 >> 22);
        k2 := (k0 * 162738 + k1 * 3906078 + k2 * 3191037 + (c1 >> 22)) & 1048575;
        k1 := c1 & 4194303;
        k0 := c0 & 4194303;
        -- d = (key >> 33) + 1 = (k2 << 11 | k1 >> 11) + 1
        j := trunc((b + 1)::float8 * (2147483648::float8 / (((k2 << 11) | (k1 >> 11)) + 1)::float8));
    END LOOP;
    RETURN b;
END
$fn$;

-- ======== 0.3.0 (issue 22) ========

-- _uuid_larger / _uuid_smaller: min(uuid)'s and max(uuid)'s transition and combine functions
-- (the aggregates themselves come from src/aggregates.sql, as in the native extension).
-- LANGUAGE sql, every operator schema-qualified: no search_path is needed or set.
CREATE OR REPLACE FUNCTION @extschema@._uuid_larger(a pg_catalog.uuid, b pg_catalog.uuid) RETURNS pg_catalog.uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT CASE WHEN b OPERATOR(pg_catalog.>) a THEN b ELSE a END $fn$;

CREATE OR REPLACE FUNCTION @extschema@._uuid_smaller(a pg_catalog.uuid, b pg_catalog.uuid) RETURNS pg_catalog.uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT CASE WHEN b OPERATOR(pg_catalog.<) a THEN b ELSE a END $fn$;

-- uuid_to_ulid(id): the 128 bits behind two zero bits, in 26 Crockford base32 digits.
CREATE OR REPLACE FUNCTION @extschema@.uuid_to_ulid(id pg_catalog.uuid) RETURNS pg_catalog.text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_bits bit(130) := B'00' || ('x' || replace(id::text, '-', ''))::bit(128);
    v_out text := '';
BEGIN
    FOR i IN 0..25 LOOP
        v_out := v_out || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substring(v_bits FROM 5 * i + 1 FOR 5)::int + 1, 1);
    END LOOP;
    RETURN v_out;
END
$fn$;

-- uuid_to_base32hex(id): RFC 4648 base32hex, as PostgreSQL 19's encode(id::bytea, 'base32hex').
CREATE OR REPLACE FUNCTION @extschema@.uuid_to_base32hex(id pg_catalog.uuid) RETURNS pg_catalog.text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_bits bit(130) := ('x' || replace(id::text, '-', ''))::bit(128) || B'00';
    v_out text := '';
BEGIN
    FOR i IN 0..25 LOOP
        v_out := v_out || substr('0123456789ABCDEFGHIJKLMNOPQRSTUV', substring(v_bits FROM 5 * i + 1 FOR 5)::int + 1, 1);
    END LOOP;
    RETURN v_out || '======';
END
$fn$;

-- uuid_from_ulid(ulid): either case; the native checks in the native order, with its messages.
-- Letters are upper-cased by translate, ASCII only (upper() would map some non-ASCII letters
-- to ASCII ones in some locales).
CREATE OR REPLACE FUNCTION @extschema@.uuid_from_ulid(ulid pg_catalog.text) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_up text := translate(ulid, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    v_c text;
    v_d int;
    v_bits bit varying := B'';
BEGIN
    FOR i IN 1..least(26, length(ulid)) LOOP
        v_c := substr(ulid, i, 1);
        v_d := strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(v_up, i, 1)) - 1;
        IF v_d < 0 THEN
            RAISE EXCEPTION 'invalid ULID text: % at position % is not a Crockford base32 digit',
                CASE WHEN ascii(v_c) BETWEEN 33 AND 126 THEN '"' || v_c || '"' ELSE 'U+' || lpad(upper(to_hex(ascii(v_c))), 4, '0') END, i
                USING ERRCODE = '22P02';
        END IF;
        v_bits := v_bits || v_d::bit(5);
    END LOOP;
    IF length(ulid) <> 26 THEN
        RAISE EXCEPTION 'invalid ULID text: % characters, expected 26', length(ulid) USING ERRCODE = '22P02';
    END IF;
    IF substring(v_bits FROM 1 FOR 2) <> B'00' THEN
        RAISE EXCEPTION 'invalid ULID text: "%" at position 1 is above "7" (a ULID holds 128 bits)', substr(ulid, 1, 1)
            USING ERRCODE = '22P02';
    END IF;
    -- to_hex prints a negative bigint as its 64 bits
    RETURN (lpad(to_hex(substring(v_bits FROM 3 FOR 64)::bit(64)::bigint), 16, '0')
            || lpad(to_hex(substring(v_bits FROM 67 FOR 64)::bit(64)::bigint), 16, '0'))::uuid;
END
$fn$;

-- uuid_from_base32hex(base32hex): either case, 26 digits with or without the 6 "=".
CREATE OR REPLACE FUNCTION @extschema@.uuid_from_base32hex(base32hex pg_catalog.text) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_up text := translate(base32hex, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    v_len int := length(base32hex);
    v_c text;
    v_d int;
    v_bits bit varying := B'';
BEGIN
    FOR i IN 1..least(26, v_len) LOOP
        v_c := substr(base32hex, i, 1);
        v_d := strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV', substr(v_up, i, 1)) - 1;
        IF v_d < 0 THEN
            RAISE EXCEPTION 'invalid base32hex text: % at position % is not a base32hex digit',
                CASE WHEN ascii(v_c) BETWEEN 33 AND 126 THEN '"' || v_c || '"' ELSE 'U+' || lpad(upper(to_hex(ascii(v_c))), 4, '0') END, i
                USING ERRCODE = '22P02';
        END IF;
        v_bits := v_bits || v_d::bit(5);
    END LOOP;
    IF v_len NOT IN (26, 32) THEN
        RAISE EXCEPTION 'invalid base32hex text: % characters, expected 26, or 32 with "=" padding', v_len USING ERRCODE = '22P02';
    END IF;
    FOR i IN 27..v_len LOOP
        v_c := substr(base32hex, i, 1);
        IF v_c <> '=' THEN
            RAISE EXCEPTION 'invalid base32hex text: % at position % is not "=" padding',
                CASE WHEN ascii(v_c) BETWEEN 33 AND 126 THEN '"' || v_c || '"' ELSE 'U+' || lpad(upper(to_hex(ascii(v_c))), 4, '0') END, i
                USING ERRCODE = '22P02';
        END IF;
    END LOOP;
    IF substring(v_bits FROM 129 FOR 2) <> B'00' THEN
        RAISE EXCEPTION 'invalid base32hex text: "%" at position 26 sets bits past the 16 bytes of a UUID', substr(base32hex, 26, 1)
            USING ERRCODE = '22P02';
    END IF;
    RETURN (lpad(to_hex(substring(v_bits FROM 1 FOR 64)::bit(64)::bigint), 16, '0')
            || lpad(to_hex(substring(v_bits FROM 65 FOR 64)::bit(64)::bigint), 16, '0'))::uuid;
END
$fn$;

-- uuid_v7_boundary_last(ts): the largest v7 of the millisecond holding ts (rand_a and rand_b all ones).
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_boundary_last(ts pg_catalog.timestamptz) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_iv interval;
    v_us bigint;
BEGIN
    IF ts < to_timestamp(0) OR ts >= '10889-08-02 05:31:50.656+00'::timestamptz THEN
        RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
            DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
    END IF;
    v_iv := ts - to_timestamp(0);
    v_us := date_part('day', v_iv)::bigint * 86400000000
            + (date_part('hour', v_iv) * 3600000000 + date_part('minute', v_iv) * 60000000
               + date_part('microseconds', v_iv))::bigint;
    RETURN (lpad(to_hex(((v_us / 1000) << 16) | 32767), 16, '0') || 'bfffffffffffffff')::uuid;
END
$fn$;

-- uuid_v7_time_us(id): the time of a v7 to the microsecond: ms plus least(999, ceil(rand_a * 1000 / 4096)).
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_time_us(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_t text := id::text;
    v_us bigint;
BEGIN
    IF substr(v_t, 15, 1) <> '7' OR substr(v_t, 20, 1) NOT IN ('8', '9', 'a', 'b') THEN
        RETURN NULL;
    END IF;
    v_us := ('x' || substr(v_t, 1, 8) || substr(v_t, 10, 4))::bit(48)::bigint * 1000
            + least(999, (('x' || substr(v_t, 16, 3))::bit(12)::int * 1000 + 4095) / 4096);
    RETURN to_timestamp(0) + make_interval(hours => (v_us / 3600000000)::int,
                                           secs => (v_us % 3600000000)::float8 / 1000000);
END
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
