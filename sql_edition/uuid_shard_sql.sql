-- uuid_shard, SQL edition: the functions that the native extension implements in Rust
-- (core/src/v7.rs, core/src/shard.rs, core/src/generator.rs), in SQL and PL/pgSQL, bit for bit.
-- docs/sql-edition.md says how to install it and what differs; scripts/sql_edition.sh builds
-- the installable scripts from this file plus the PL/pgSQL helpers of src/ (from their source).
--
-- Every function keeps the native name, argument names, result type, volatility and STRICT;
-- every error keeps the native SQLSTATE, message and detail. Each one is SECURITY INVOKER.
-- The caller's search_path cannot change what a body calls: the per-row functions and the
-- aggregates' LANGUAGE sql transition functions name every function, operator and type by
-- schema (no SET clause, so that the planner can inline them or they stay plain SQL), the
-- others pin search_path. A body calls nothing of this file but the argument domains and their
-- raising helpers below and, in uuid_v7_time and uuid_v7_time_us, the inlined uuid_version and
-- uuid_v7_time, named with @extschema@ (the min/max aggregates name theirs so too).
--
-- Arithmetic: a v7 time is handled as one bigint, (unix_ms << 12) | rand_a, as the native
-- V7Time is. Times are read from timestamptz without float rounding: the microseconds since
-- 1970 come from its binary form (timestamptz_send) or, in uuidv7(shift), from the interval
-- ts - 1970-01-01 (days and time fields, exact on every major).
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

-- The per-row functions below are LANGUAGE sql with a single-expression body, no SET clause and
-- SECURITY INVOKER, so the planner inlines them into the calling query (and folds an IMMUTABLE
-- one with constant arguments to a constant): no function call is left per row. What the
-- pinned search_path protected is protected by naming every function, operator and type by
-- schema (pg_catalog. or @extschema@.), so neither the caller's search_path nor an object
-- planted in another schema changes what runs. tests/sql/sql_edition_inline.sh checks that each
-- is inlined.
--
-- They are STRICT like the native ones, and the planner inlines a STRICT function only when it
-- can prove the body strict: no CASE, AND, OR, COALESCE or NULLIF. So:
-- * "NULL for a UUID that is not a v7" is a strict array fetch out of bounds: the constant
--   '[30:30]={0}'::int8[] holds 0 at index 30 (version 7 * 4 + variant 2) and gives NULL at
--   any other index; adding it to the result makes the result NULL there.
-- * Argument errors come from domains: a cast to one of the uuid_shard_*_arg domains below
--   runs the domain's CHECK, a CASE whose ELSE calls a raising helper with the native
--   SQLSTATE, message and detail. The planner does not look into domain constraints, so the
--   body stays strict; the check costs a comparison or two per row and the helper is called
--   only on the error path. The value cast is NULL whenever an argument is NULL (strict
--   arithmetic with the other argument), so a NULL argument gives NULL, never an error, as
--   native. Casts are evaluated left to right, in the native order of the checks.
-- * Bytes are read from uuid_send/timestamptz_send, and a run of them becomes an integer
--   through hex text and bit(n) (faster than one get_byte per byte, measured).

-- Raising helpers, called only by the domains' CHECKs on the error path.
CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_raise_len(len integer) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RAISE EXCEPTION 'shard key length must be between 1 and 15, got %', len USING ERRCODE = '22023';
END
$fn$;

-- b: the 16 bytes of the UUID (uuid_send)
CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_raise_tail(b bytea) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_b8 integer := get_byte(b, 8) >> 6;
BEGIN
    RAISE EXCEPTION 'expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got %',
        CASE WHEN v_b8 = 2 THEN 'version ' || (get_byte(b, 6) >> 4)
             WHEN b = '\x00000000000000000000000000000000'::bytea THEN 'the nil UUID'
             WHEN b = '\xffffffffffffffffffffffffffffffff'::bytea THEN 'the max UUID'
             WHEN v_b8 < 2 THEN 'a UUID of the NCS variant'
             WHEN get_byte(b, 8) >> 5 = 6 THEN 'a UUID of the Microsoft variant'
             ELSE 'a UUID of the reserved variant' END
        USING ERRCODE = '22023',
              DETAIL = 'Shard keys and buckets are read from the last 8 bytes, which are random only in RFC 9562 UUIDs of version 3, 4, 5 and 7.';
END
$fn$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_raise_v7_range(ts timestamptz) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RAISE EXCEPTION 'timestamp out of range for UUID version 7' USING ERRCODE = '22008',
        DETAIL = 'UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.';
END
$fn$;

-- ulid / base32hex: the text given to uuid_from_ulid / uuid_from_base32hex, called when their
-- quick exact test finds it invalid: raises the native error of the first problem in the
-- native order (a bad character, by position; the length; the bits the first or last digit
-- may not set). Returns true if there is none (the test is exact, so it never does).
-- Letters are upper-cased by translate, ASCII only (upper() would map some non-ASCII letters
-- to ASCII ones in some locales).
CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_raise_ulid(ulid text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_c text;
BEGIN
    FOR i IN 1..least(26, length(ulid)) LOOP
        v_c := substr(ulid, i, 1);
        IF strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ', translate(v_c, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')) = 0 THEN
            RAISE EXCEPTION 'invalid ULID text: % at position % is not a Crockford base32 digit',
                CASE WHEN ascii(v_c) BETWEEN 33 AND 126 THEN '"' || v_c || '"' ELSE 'U+' || lpad(upper(to_hex(ascii(v_c))), 4, '0') END, i
                USING ERRCODE = '22P02';
        END IF;
    END LOOP;
    IF length(ulid) <> 26 THEN
        RAISE EXCEPTION 'invalid ULID text: % characters, expected 26', length(ulid) USING ERRCODE = '22P02';
    END IF;
    IF ascii(ulid) > 55 THEN  -- above '7'
        RAISE EXCEPTION 'invalid ULID text: "%" at position 1 is above "7" (a ULID holds 128 bits)', substr(ulid, 1, 1)
            USING ERRCODE = '22P02';
    END IF;
    RETURN true;
END
$fn$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_raise_base32hex(base32hex text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_len int := length(base32hex);
    v_c text;
BEGIN
    FOR i IN 1..least(26, v_len) LOOP
        v_c := substr(base32hex, i, 1);
        IF strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV', translate(v_c, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')) = 0 THEN
            RAISE EXCEPTION 'invalid base32hex text: % at position % is not a base32hex digit',
                CASE WHEN ascii(v_c) BETWEEN 33 AND 126 THEN '"' || v_c || '"' ELSE 'U+' || lpad(upper(to_hex(ascii(v_c))), 4, '0') END, i
                USING ERRCODE = '22P02';
        END IF;
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
    -- the last digit carries the last 3 bits; its 2 low bits would be past the 16 bytes
    IF (strpos('0123456789ABCDEFGHIJKLMNOPQRSTUV', translate(substr(base32hex, 26, 1), 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')) - 1) & 3 <> 0 THEN
        RAISE EXCEPTION 'invalid base32hex text: "%" at position 26 sets bits past the 16 bytes of a UUID', substr(base32hex, 26, 1)
            USING ERRCODE = '22P02';
    END IF;
    RETURN true;
END
$fn$;

-- The domains (CREATE DOMAIN has no OR REPLACE: created when missing, their CHECK replaced
-- when present, so a re-run or a newer script leaves them current; one another role owns is
-- refused, as it could run anything in a caller's query).
DO $uuid_shard_domains$
DECLARE
    d record;
BEGIN
    FOR d IN SELECT * FROM (VALUES
        ('uuid_shard_len_arg', 'pg_catalog.int4',
         'CASE WHEN VALUE OPERATOR(pg_catalog.>=) 1 AND VALUE OPERATOR(pg_catalog.<=) 15 THEN true ELSE @extschema@.uuid_shard_raise_len(VALUE) END'),
        -- version (byte 6 >> 4) in 3, 4, 5, 7: bit v of 184 = 0b10111000
        ('uuid_shard_tail_arg', 'pg_catalog.bytea',
         'CASE WHEN pg_catalog.get_byte(VALUE, 8) OPERATOR(pg_catalog.>>) 6 OPERATOR(pg_catalog.=) 2
                AND (184 OPERATOR(pg_catalog.>>) (pg_catalog.get_byte(VALUE, 6) OPERATOR(pg_catalog.>>) 4)) OPERATOR(pg_catalog.&) 1 OPERATOR(pg_catalog.=) 1
               THEN true ELSE @extschema@.uuid_shard_raise_tail(VALUE) END'),
        -- 1970-01-01 .. 2^48 - 1 ms; also rejects +-infinity
        ('uuid_shard_v7_ts_arg', 'pg_catalog.timestamptz',
         'CASE WHEN VALUE OPERATOR(pg_catalog.>=) ''1970-01-01 00:00:00+00''::pg_catalog.timestamptz
                AND VALUE OPERATOR(pg_catalog.<) ''10889-08-02 05:31:50.656+00''::pg_catalog.timestamptz
               THEN true ELSE @extschema@.uuid_shard_raise_v7_range(VALUE) END')) v(name, base, chk)
    LOOP
        IF pg_catalog.to_regtype(pg_catalog.format('@extschema@.%I', d.name)) IS NULL THEN
            EXECUTE pg_catalog.format('CREATE DOMAIN @extschema@.%I AS %s CONSTRAINT arg_check CHECK (%s)', d.name, d.base, d.chk);
        ELSIF (SELECT t.typowner FROM pg_catalog.pg_type t
                WHERE t.oid OPERATOR(pg_catalog.=) pg_catalog.to_regtype(pg_catalog.format('@extschema@.%I', d.name)))
              OPERATOR(pg_catalog.<>) (SELECT r.oid FROM pg_catalog.pg_roles r WHERE r.rolname OPERATOR(pg_catalog.=) CURRENT_USER) THEN
            RAISE EXCEPTION 'type @extschema@.% belongs to another role: this script would use it in every call', d.name
                USING ERRCODE = 'insufficient_privilege';
        ELSE
            EXECUTE pg_catalog.format('ALTER DOMAIN @extschema@.%I DROP CONSTRAINT IF EXISTS arg_check', d.name);
            EXECUTE pg_catalog.format('ALTER DOMAIN @extschema@.%I ADD CONSTRAINT arg_check CHECK (%s)', d.name, d.chk);
        END IF;
    END LOOP;
END
$uuid_shard_domains$;

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

-- uuid_shard_key(id, len): the first len digits of the reversed hex string (docs/algorithms.md 3),
-- which are the last len digits of the hex of bytes 8..15, reversed (len is at most 15;
-- reversing len digits rather than 16 and then cutting is measurably cheaper). One uuid_send:
-- the length is checked inside the count of a substr of all 16 bytes (evaluated after the
-- bytes, before the substr), then the 16 bytes go through the tail check: the native order.
-- "* 0" makes each check's value NULL when the other argument is NULL (uuid_hash: a cheap
-- strict use of id).
CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_key(id uuid, len integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT pg_catalog.reverse(pg_catalog.right(pg_catalog.encode(pg_catalog.substr(
         pg_catalog.substr(pg_catalog.uuid_send(id), 1,
             16 OPERATOR(pg_catalog.+) (((len OPERATOR(pg_catalog.+) (pg_catalog.uuid_hash(id) OPERATOR(pg_catalog.*) 0))::@extschema@.uuid_shard_len_arg)::pg_catalog.int4
                                        OPERATOR(pg_catalog.*) 0))::@extschema@.uuid_shard_tail_arg,
         9, 8), 'hex'), len))
$fn$;

-- uuid_bucket(id, n): jump consistent hash of the 62-bit tail (docs/algorithms.md 4).
-- The one per-row function that stays PL/pgSQL: the jump hash is a loop of about ln(n) + 1
-- steps, and a single SQL expression has no loop (a recursive CTE is a subquery, which the
-- planner never inlines and which costs more per step than a PL/pgSQL statement; numeric
-- arithmetic instead of limbs was measured slower). What it costs is the call and one
-- statement each: so no SET clause (every name below is qualified instead, types included,
-- so the caller's search_path changes nothing), the checks and the key in four statements,
-- and four per step (measured: seven per step before, with a SET).
-- key = k2:k1:k0 in limbs of 20, 22 and 22 bits, the multiplier 2862933555777941757 likewise
-- (162738:3906078:3191037): every partial product stays below 2^45, and the limbs are cut
-- back to their width, which is the product modulo 2^64. k1 and k0 are kept together in one
-- bigint, lo (44 bits), and the middle limb's sum before the cut is written out in both
-- statements that need it: fewer statements, more arithmetic in each, which is cheaper. The
-- step is float8 arithmetic in the specified order: (b + 1) * (2^31 / d), each operation
-- rounded once, then truncated.
-- Note: OPERATOR(...) binds every operator at one precedence, left to right: hence the parentheses.
CREATE OR REPLACE FUNCTION @extschema@.uuid_bucket(id uuid, n integer) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
DECLARE
    lo pg_catalog.int8;
    k2 pg_catalog.int8;
    b pg_catalog.int8 := 0;  -- the first step starts from bucket 0 (n >= 1)
    j pg_catalog.int8;
BEGIN
    IF n OPERATOR(pg_catalog.<) 1 THEN
        RAISE EXCEPTION 'bucket count must be between 1 and 2147483647, got %', n USING ERRCODE = '22023';
    END IF;
    -- bytes 8..15; the cast to the tail domain raises the native error for a tail that is not random
    lo := ('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.substr(pg_catalog.uuid_send(id)::@extschema@.uuid_shard_tail_arg, 9, 8), 'hex'))::pg_catalog.bit(64)::pg_catalog.int8;
    k2 := (lo OPERATOR(pg_catalog.>>) 44) OPERATOR(pg_catalog.&) 262143;
    lo := lo OPERATOR(pg_catalog.&) 17592186044415;  -- k1:k0
    -- Two steps per pass, b and j taking turns as the last bucket and the next one: a step is
    -- the key's two statements, the jump and its test, with no copy of one into the other.
    LOOP
        -- key := key * 2862933555777941757 + 1 (mod 2^64); k0 = lo & 4194303, k1 = lo >> 22
        k2 := (((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 162738) OPERATOR(pg_catalog.+) ((lo OPERATOR(pg_catalog.>>) 22) OPERATOR(pg_catalog.*) 3906078)
               OPERATOR(pg_catalog.+) (k2 OPERATOR(pg_catalog.*) 3191037)
               OPERATOR(pg_catalog.+) ((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3906078) OPERATOR(pg_catalog.+) ((lo OPERATOR(pg_catalog.>>) 22) OPERATOR(pg_catalog.*) 3191037)
                                        OPERATOR(pg_catalog.+) ((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3191037) OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.>>) 22))
                                       OPERATOR(pg_catalog.>>) 22)) OPERATOR(pg_catalog.&) 1048575;
        lo := (((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3906078) OPERATOR(pg_catalog.+) ((lo OPERATOR(pg_catalog.>>) 22) OPERATOR(pg_catalog.*) 3191037)
                OPERATOR(pg_catalog.+) ((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3191037) OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.>>) 22))
               OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.<<) 22)
              OPERATOR(pg_catalog.|) ((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3191037) OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.&) 4194303);
        -- d = (key >> 33) + 1 = (k2 << 11 | k1 >> 11) + 1; the jump from b
        j := pg_catalog.trunc((b OPERATOR(pg_catalog.+) 1)::pg_catalog.float8
                              OPERATOR(pg_catalog.*) (2147483648::pg_catalog.float8
                                  OPERATOR(pg_catalog./) (((k2 OPERATOR(pg_catalog.<<) 11) OPERATOR(pg_catalog.|) (lo OPERATOR(pg_catalog.>>) 33))
                                                         OPERATOR(pg_catalog.+) 1)::pg_catalog.float8));
        EXIT WHEN j OPERATOR(pg_catalog.>=) n;
        k2 := (((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 162738) OPERATOR(pg_catalog.+) ((lo OPERATOR(pg_catalog.>>) 22) OPERATOR(pg_catalog.*) 3906078)
               OPERATOR(pg_catalog.+) (k2 OPERATOR(pg_catalog.*) 3191037)
               OPERATOR(pg_catalog.+) ((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3906078) OPERATOR(pg_catalog.+) ((lo OPERATOR(pg_catalog.>>) 22) OPERATOR(pg_catalog.*) 3191037)
                                        OPERATOR(pg_catalog.+) ((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3191037) OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.>>) 22))
                                       OPERATOR(pg_catalog.>>) 22)) OPERATOR(pg_catalog.&) 1048575;
        lo := (((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3906078) OPERATOR(pg_catalog.+) ((lo OPERATOR(pg_catalog.>>) 22) OPERATOR(pg_catalog.*) 3191037)
                OPERATOR(pg_catalog.+) ((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3191037) OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.>>) 22))
               OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.<<) 22)
              OPERATOR(pg_catalog.|) ((((lo OPERATOR(pg_catalog.&) 4194303) OPERATOR(pg_catalog.*) 3191037) OPERATOR(pg_catalog.+) 1) OPERATOR(pg_catalog.&) 4194303);
        -- the jump from j
        b := pg_catalog.trunc((j OPERATOR(pg_catalog.+) 1)::pg_catalog.float8
                              OPERATOR(pg_catalog.*) (2147483648::pg_catalog.float8
                                  OPERATOR(pg_catalog./) (((k2 OPERATOR(pg_catalog.<<) 11) OPERATOR(pg_catalog.|) (lo OPERATOR(pg_catalog.>>) 33))
                                                         OPERATOR(pg_catalog.+) 1)::pg_catalog.float8));
        IF b OPERATOR(pg_catalog.>=) n THEN
            RETURN j;
        END IF;
    END LOOP;
    RETURN b;
END
$fn$;

-- uuid_v7_mask(id, secret) / uuid_v7_unmask(public_id, secret): public IDs (docs/algorithms.md 7).
-- T = HMAC-SHA-256(secret, 'uuid_shard mask v1' || bytes 8..15), built by its definition
-- (RFC 2104) on core's sha256() (PostgreSQL 11+, no pgcrypto): the key, hashed when longer than
-- a 64-byte block, zero-padded to 64 bytes and XORed with 0x36.. / 0x5c.. as bit(512), whose
-- binary form (bit_send: a 4-byte length, then the bytes) gives the bytes back. Bytes 0..7 are
-- XORed with T[0..8] as bit(64) and the version nibble set. The label is decoded from hex, so no
-- setting (standard_conforming_strings) can change its bytes. Not STRICT, as the native ones: a
-- NULL secret is an error (even for a NULL UUID), a NULL UUID with a good secret gives NULL.
CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_mask(id uuid, secret bytea) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_t text;
    v_b8 text;
    v_k bit(512);
    v_b bytea;
BEGIN
    IF secret IS NULL THEN
        RAISE EXCEPTION 'mask secret must not be NULL' USING ERRCODE = '22023',
            DETAIL = 'A NULL secret (an unset setting, a missing row) must not silently give NULL public IDs.';
    END IF;
    IF length(secret) < 16 THEN
        RAISE EXCEPTION 'mask secret must be at least 16 bytes, got %', length(secret) USING ERRCODE = '22023',
            DETAIL = 'The secret is an HMAC-SHA-256 key of at least 128 bits.';
    END IF;
    IF id IS NULL THEN
        RETURN NULL;
    END IF;
    v_t := id::text;
    v_b8 := substr(v_t, 20, 1);
    IF v_b8 NOT IN ('8', '9', 'a', 'b') OR substr(v_t, 15, 1) <> '7' THEN
        RAISE EXCEPTION 'expected a UUID of version 7 (RFC 9562 variant) to mask, got %',
            CASE WHEN v_b8 IN ('8', '9', 'a', 'b') THEN 'version ' || (strpos('0123456789abcdef', substr(v_t, 15, 1)) - 1)
                 WHEN v_t = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'
                 WHEN v_t = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'
                 WHEN v_b8 < '8' THEN 'a UUID of the NCS variant'
                 WHEN v_b8 IN ('c', 'd') THEN 'a UUID of the Microsoft variant'
                 ELSE 'a UUID of the reserved variant' END
            USING ERRCODE = '22023', DETAIL = 'Only version 7 keys carry a creation time for the mask to hide.';
    END IF;
    v_b := uuid_send(id);
    v_k := ('x' || rpad(encode(CASE WHEN length(secret) > 64 THEN sha256(secret) ELSE secret END, 'hex'), 128, '0'))::bit(512);
    RETURN encode(substr(bit_send(((('x' || encode(substr(v_b, 1, 8), 'hex'))::bit(64)
                                    # ('x' || encode(substr(sha256(
                                          substr(bit_send(v_k # ('x' || repeat('5c', 64))::bit(512)), 5)
                                          || sha256(substr(bit_send(v_k # ('x' || repeat('36', 64))::bit(512)), 5)
                                                    || decode('757569645f7368617264206d61736b207631', 'hex') || substr(v_b, 9))),
                                        1, 8), 'hex'))::bit(64))
                                   & X'FFFFFFFFFFFF0FFF') | X'0000000000004000'), 5)
                  || substr(v_b, 9), 'hex')::uuid;
END
$fn$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_unmask(public_id uuid, secret bytea) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_t text;
    v_b8 text;
    v_k bit(512);
    v_b bytea;
BEGIN
    IF secret IS NULL THEN
        RAISE EXCEPTION 'mask secret must not be NULL' USING ERRCODE = '22023',
            DETAIL = 'A NULL secret (an unset setting, a missing row) must not silently give NULL public IDs.';
    END IF;
    IF length(secret) < 16 THEN
        RAISE EXCEPTION 'mask secret must be at least 16 bytes, got %', length(secret) USING ERRCODE = '22023',
            DETAIL = 'The secret is an HMAC-SHA-256 key of at least 128 bits.';
    END IF;
    IF public_id IS NULL THEN
        RETURN NULL;
    END IF;
    v_t := public_id::text;
    v_b8 := substr(v_t, 20, 1);
    IF v_b8 NOT IN ('8', '9', 'a', 'b') OR substr(v_t, 15, 1) <> '4' THEN
        RAISE EXCEPTION 'expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got %',
            CASE WHEN v_b8 IN ('8', '9', 'a', 'b') THEN 'version ' || (strpos('0123456789abcdef', substr(v_t, 15, 1)) - 1)
                 WHEN v_t = '00000000-0000-0000-0000-000000000000' THEN 'the nil UUID'
                 WHEN v_t = 'ffffffff-ffff-ffff-ffff-ffffffffffff' THEN 'the max UUID'
                 WHEN v_b8 < '8' THEN 'a UUID of the NCS variant'
                 WHEN v_b8 IN ('c', 'd') THEN 'a UUID of the Microsoft variant'
                 ELSE 'a UUID of the reserved variant' END
            USING ERRCODE = '22023', DETAIL = 'Public IDs made by uuid_v7_mask are version 4 UUIDs of the RFC 9562 variant.';
    END IF;
    -- the same T as uuid_v7_mask (the tail is unchanged), then version 7
    v_b := uuid_send(public_id);
    v_k := ('x' || rpad(encode(CASE WHEN length(secret) > 64 THEN sha256(secret) ELSE secret END, 'hex'), 128, '0'))::bit(512);
    RETURN encode(substr(bit_send(((('x' || encode(substr(v_b, 1, 8), 'hex'))::bit(64)
                                    # ('x' || encode(substr(sha256(
                                          substr(bit_send(v_k # ('x' || repeat('5c', 64))::bit(512)), 5)
                                          || sha256(substr(bit_send(v_k # ('x' || repeat('36', 64))::bit(512)), 5)
                                                    || decode('757569645f7368617264206d61736b207631', 'hex') || substr(v_b, 9))),
                                        1, 8), 'hex'))::bit(64))
                                   & X'FFFFFFFFFFFF0FFF') | X'0000000000007000'), 5)
                  || substr(v_b, 9), 'hex')::uuid;
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

-- The text forms' alphabets, each written once: a digit's character (its code from a constant
-- array, then chr) and a character's digit (by its code, both cases; 99 for a character that is
-- no digit, which the second array, 0..31 as themselves, has no index for: NULL). One-line
-- LANGUAGE sql functions, inlined where they are called, so their arrays are constants of the
-- caller's plan: nothing is called or parsed per digit.
CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_ulid_char(d pg_catalog.int4) RETURNS pg_catalog.text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT pg_catalog.chr(('[0:31]={48,49,50,51,52,53,54,55,56,57,65,66,67,68,69,70,71,72,74,75,77,78,80,81,82,83,84,86,87,88,89,90}'::pg_catalog.int4[])[d]) $fn$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_base32hex_char(d pg_catalog.int4) RETURNS pg_catalog.text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT pg_catalog.chr(('[0:31]={48,49,50,51,52,53,54,55,56,57,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86}'::pg_catalog.int4[])[d]) $fn$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_ulid_digit(c pg_catalog.int4) RETURNS pg_catalog.int8
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT ('[0:31]={0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31}'::pg_catalog.int8[])[('[48:122]={0,1,2,3,4,5,6,7,8,9,99,99,99,99,99,99,99,10,11,12,13,14,15,16,17,99,18,19,99,20,21,99,22,23,24,25,26,99,27,28,29,30,31,99,99,99,99,99,99,10,11,12,13,14,15,16,17,99,18,19,99,20,21,99,22,23,24,25,26,99,27,28,29,30,31}'::pg_catalog.int4[])[c]] $fn$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_base32hex_digit(c pg_catalog.int4) RETURNS pg_catalog.int8
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT ('[0:31]={0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31}'::pg_catalog.int8[])[('[48:122]={0,1,2,3,4,5,6,7,8,9,99,99,99,99,99,99,99,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,99,99,99,99,99,99,99,99,99,99,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,99,99,99,99}'::pg_catalog.int4[])[c]] $fn$;

-- uuid_to_ulid(id) / uuid_to_base32hex(id): 26 digits of 5 bits, each read from the one or two
-- bytes that hold it (get_byte, shifted and masked) and mapped to its character by
-- uuid_shard_ulid_char / uuid_shard_base32hex_char: one expression, inlined (a digit-by-digit
-- loop in PL/pgSQL costs 2.5x as much). ULID is Crockford's base32 of the 128 bits as a 130-bit number
-- (two zero bits in front: the first digit is at most 7); base32hex is RFC 4648's, as
-- PostgreSQL 19's encode(id::bytea, 'base32hex'): the bits from the front, two zero bits
-- after the last, and six "=" of padding.
CREATE OR REPLACE FUNCTION @extschema@.uuid_to_ulid(id pg_catalog.uuid) RETURNS pg_catalog.text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT @extschema@.uuid_shard_ulid_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 0) OPERATOR(pg_catalog.>>) 5))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 0) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) OPERATOR(pg_catalog.>>) 3))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 2)) OPERATOR(pg_catalog.>>) 6) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) OPERATOR(pg_catalog.>>) 1) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 3)) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 3) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 4)) OPERATOR(pg_catalog.>>) 7) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 4) OPERATOR(pg_catalog.>>) 2) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 4) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 5)) OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 5) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) OPERATOR(pg_catalog.>>) 3))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 7)) OPERATOR(pg_catalog.>>) 6) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) OPERATOR(pg_catalog.>>) 1) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 8)) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 9)) OPERATOR(pg_catalog.>>) 7) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 9) OPERATOR(pg_catalog.>>) 2) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 9) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 10)) OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 10) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 11) OPERATOR(pg_catalog.>>) 3))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 11) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 12)) OPERATOR(pg_catalog.>>) 6) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 12) OPERATOR(pg_catalog.>>) 1) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 12) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 13)) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 13) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 14)) OPERATOR(pg_catalog.>>) 7) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 14) OPERATOR(pg_catalog.>>) 2) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 14) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 15)) OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_ulid_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) OPERATOR(pg_catalog.&) 31))
$fn$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_to_base32hex(id pg_catalog.uuid) RETURNS pg_catalog.text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT @extschema@.uuid_shard_base32hex_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 0) OPERATOR(pg_catalog.>>) 3))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 0) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 1)) OPERATOR(pg_catalog.>>) 6) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) OPERATOR(pg_catalog.>>) 1) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 1) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 2)) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 2) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 3)) OPERATOR(pg_catalog.>>) 7) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 3) OPERATOR(pg_catalog.>>) 2) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 3) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 4)) OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 4) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 5) OPERATOR(pg_catalog.>>) 3))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 5) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 6)) OPERATOR(pg_catalog.>>) 6) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) OPERATOR(pg_catalog.>>) 1) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 6) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 7)) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 7) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 8)) OPERATOR(pg_catalog.>>) 7) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) OPERATOR(pg_catalog.>>) 2) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 8) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 9)) OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 9) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 10) OPERATOR(pg_catalog.>>) 3))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 10) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 11)) OPERATOR(pg_catalog.>>) 6) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 11) OPERATOR(pg_catalog.>>) 1) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 11) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 12)) OPERATOR(pg_catalog.>>) 4) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 12) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 13)) OPERATOR(pg_catalog.>>) 7) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 13) OPERATOR(pg_catalog.>>) 2) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((((pg_catalog.get_byte(pg_catalog.uuid_send(id), 13) OPERATOR(pg_catalog.<<) 8 OPERATOR(pg_catalog.|) pg_catalog.get_byte(pg_catalog.uuid_send(id), 14)) OPERATOR(pg_catalog.>>) 5) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 14) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char((pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) OPERATOR(pg_catalog.>>) 3))
       OPERATOR(pg_catalog.||) @extschema@.uuid_shard_base32hex_char(((pg_catalog.get_byte(pg_catalog.uuid_send(id), 15) OPERATOR(pg_catalog.<<) 2) OPERATOR(pg_catalog.&) 31))
       OPERATOR(pg_catalog.||) '======'
$fn$;

-- uuid_from_ulid(ulid) / uuid_from_base32hex(base32hex): either case; base32hex with or without
-- its six "=". PL/pgSQL, because the 26 digits are read from the text's bytes kept in a variable
-- (convert_to, then get_byte): an inlined expression cannot keep a value, so each digit would
-- read the text again (substr on UTF-8 text counts characters from the start), and core's
-- character-set tests (translate, a regular expression) cost 1.8-2.9 us a call by themselves.
-- Measured per call: 7.1 us as one inlined expression, 21 us for the digit loop of before, about
-- 3 us for this. Each digit comes from uuid_shard_ulid_digit / uuid_shard_base32hex_digit
-- (inlined into the plan, as an inlined expression's calls are: a PL/pgSQL variable holding the
-- tables instead would be parsed again at every call, measured 2.7x slower) and is shifted into
-- the first or last 8 bytes (a digit across the middle is split between them).
-- A NULL half means a bad character or length: the raising helper reports the native error.
-- No SET clause: every name is qualified.
CREATE OR REPLACE FUNCTION @extschema@.uuid_from_ulid(ulid pg_catalog.text) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
DECLARE
    b CONSTANT pg_catalog.bytea := pg_catalog.convert_to(ulid, 'UTF8');
    v_hi pg_catalog.int8;
    v_lo pg_catalog.int8;
BEGIN
    IF pg_catalog.octet_length(b) OPERATOR(pg_catalog.=) 26 AND pg_catalog.get_byte(b, 0) OPERATOR(pg_catalog.<=) 55 THEN  -- 26 bytes, the first at most '7'
        v_hi := (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 0)) OPERATOR(pg_catalog.<<) 61)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 1)) OPERATOR(pg_catalog.<<) 56)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 2)) OPERATOR(pg_catalog.<<) 51)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 3)) OPERATOR(pg_catalog.<<) 46)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 4)) OPERATOR(pg_catalog.<<) 41)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 5)) OPERATOR(pg_catalog.<<) 36)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 6)) OPERATOR(pg_catalog.<<) 31)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 7)) OPERATOR(pg_catalog.<<) 26)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 8)) OPERATOR(pg_catalog.<<) 21)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 9)) OPERATOR(pg_catalog.<<) 16)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 10)) OPERATOR(pg_catalog.<<) 11)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 11)) OPERATOR(pg_catalog.<<) 6)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 12)) OPERATOR(pg_catalog.<<) 1)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 13)) OPERATOR(pg_catalog.>>) 4);
        v_lo := ((@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 13)) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.<<) 60)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 14)) OPERATOR(pg_catalog.<<) 55)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 15)) OPERATOR(pg_catalog.<<) 50)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 16)) OPERATOR(pg_catalog.<<) 45)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 17)) OPERATOR(pg_catalog.<<) 40)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 18)) OPERATOR(pg_catalog.<<) 35)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 19)) OPERATOR(pg_catalog.<<) 30)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 20)) OPERATOR(pg_catalog.<<) 25)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 21)) OPERATOR(pg_catalog.<<) 20)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 22)) OPERATOR(pg_catalog.<<) 15)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 23)) OPERATOR(pg_catalog.<<) 10)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 24)) OPERATOR(pg_catalog.<<) 5)
              OPERATOR(pg_catalog.|) @extschema@.uuid_shard_ulid_digit(pg_catalog.get_byte(b, 25));
    END IF;
    IF v_hi IS NULL OR v_lo IS NULL THEN
        PERFORM @extschema@.uuid_shard_raise_ulid(ulid);  -- raises the native error
    END IF;
    RETURN pg_catalog.encode(pg_catalog.int8send(v_hi) OPERATOR(pg_catalog.||) pg_catalog.int8send(v_lo), 'hex')::pg_catalog.uuid;
END
$fn$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_from_base32hex(base32hex pg_catalog.text) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
DECLARE
    b CONSTANT pg_catalog.bytea := pg_catalog.convert_to(base32hex, 'UTF8');
    v_hi pg_catalog.int8;
    v_lo pg_catalog.int8;
BEGIN
    IF (pg_catalog.octet_length(b) OPERATOR(pg_catalog.=) 26
        OR pg_catalog.octet_length(b) OPERATOR(pg_catalog.=) 32 AND pg_catalog.substr(base32hex, 27) OPERATOR(pg_catalog.=) '======')
       AND @extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 25)) OPERATOR(pg_catalog.&) 3 OPERATOR(pg_catalog.=) 0 THEN  -- the last digit sets no bits past the 16 bytes
        v_hi := (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 0)) OPERATOR(pg_catalog.<<) 59)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 1)) OPERATOR(pg_catalog.<<) 54)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 2)) OPERATOR(pg_catalog.<<) 49)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 3)) OPERATOR(pg_catalog.<<) 44)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 4)) OPERATOR(pg_catalog.<<) 39)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 5)) OPERATOR(pg_catalog.<<) 34)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 6)) OPERATOR(pg_catalog.<<) 29)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 7)) OPERATOR(pg_catalog.<<) 24)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 8)) OPERATOR(pg_catalog.<<) 19)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 9)) OPERATOR(pg_catalog.<<) 14)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 10)) OPERATOR(pg_catalog.<<) 9)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 11)) OPERATOR(pg_catalog.<<) 4)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 12)) OPERATOR(pg_catalog.>>) 1);
        v_lo := ((@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 12)) OPERATOR(pg_catalog.&) 1) OPERATOR(pg_catalog.<<) 63)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 13)) OPERATOR(pg_catalog.<<) 58)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 14)) OPERATOR(pg_catalog.<<) 53)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 15)) OPERATOR(pg_catalog.<<) 48)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 16)) OPERATOR(pg_catalog.<<) 43)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 17)) OPERATOR(pg_catalog.<<) 38)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 18)) OPERATOR(pg_catalog.<<) 33)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 19)) OPERATOR(pg_catalog.<<) 28)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 20)) OPERATOR(pg_catalog.<<) 23)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 21)) OPERATOR(pg_catalog.<<) 18)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 22)) OPERATOR(pg_catalog.<<) 13)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 23)) OPERATOR(pg_catalog.<<) 8)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 24)) OPERATOR(pg_catalog.<<) 3)
              OPERATOR(pg_catalog.|) (@extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 25)) OPERATOR(pg_catalog.>>) 2);
    END IF;
    IF v_hi IS NULL OR v_lo IS NULL THEN
        PERFORM @extschema@.uuid_shard_raise_base32hex(base32hex);  -- raises the native error
    END IF;
    RETURN pg_catalog.encode(pg_catalog.int8send(v_hi) OPERATOR(pg_catalog.||) pg_catalog.int8send(v_lo), 'hex')::pg_catalog.uuid;
END
$fn$;

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
