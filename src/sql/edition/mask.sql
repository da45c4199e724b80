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
