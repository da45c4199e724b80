-- uuid_shard, SQL edition: the functions that the native extension implements in Rust
-- (core/src/v7.rs, core/src/shard.rs, core/src/generator.rs), in PL/pgSQL, bit for bit.
-- docs/sql-edition.md says how to install it and what differs; scripts/sql_edition.sh builds
-- the installable scripts from this file plus the PL/pgSQL helpers of src/ (from their source).
--
-- Every function keeps the native name, argument names, result type, volatility and STRICT;
-- every error keeps the native SQLSTATE, message and detail. Each one is SECURITY INVOKER and
-- pins search_path, so the caller's search_path cannot change what the body calls; none
-- calls another function of this file, so the schema they live in does not matter.
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
