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

-- uuid_tail_remainder(id, modulus): the 62-bit tail mod modulus (docs/algorithms.md, tail-hash
-- partitions), for every UUID.
CREATE OR REPLACE FUNCTION @extschema@.uuid_tail_remainder(id uuid, modulus integer) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
SELECT ((('x' OPERATOR(pg_catalog.||) pg_catalog.encode(pg_catalog.substr(pg_catalog.uuid_send(id), 9, 8), 'hex'))::pg_catalog.bit(64)::pg_catalog.int8
          OPERATOR(pg_catalog.&) 4611686018427387903)
        OPERATOR(pg_catalog.%)
        ((modulus OPERATOR(pg_catalog.+) (pg_catalog.uuid_hash(id) OPERATOR(pg_catalog.*) 0))::@extschema@.uuid_shard_modulus_arg)::pg_catalog.int4::pg_catalog.int8)::pg_catalog.int4
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
