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
