-- uuid_shard, SQL edition: the functions that the native extension implements in Rust (core/src/),
-- in SQL and PL/pgSQL, bit for bit, one file per topic beside the core module it mirrors.
-- docs/sql-edition.md says how to install it and what differs; tools/sql_edition.py builds the
-- installable scripts from these files and the SQL shared with the native extension, in the
-- order of src/sql/ORDER. This file: what every edition function follows, the argument domains
-- and their raising helpers.
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

CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_raise_modulus(modulus integer) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RAISE EXCEPTION 'modulus must be between 1 and 2147483647, got %', modulus USING ERRCODE = '22023';
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
        ('uuid_shard_modulus_arg', 'pg_catalog.int4',
         'CASE WHEN VALUE OPERATOR(pg_catalog.>=) 1 THEN true ELSE @extschema@.uuid_shard_raise_modulus(VALUE) END'),
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
