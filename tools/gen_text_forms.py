#!/usr/bin/env python3
"""Writes src/sql/edition/text.sql, the SQL edition's text forms (ULID and base32hex), from the
two alphabets and the bit layout:
  python3 tools/gen_text_forms.py           write the file
  python3 tools/gen_text_forms.py --check   exit 1, with a diff, when the file differs
A UUID is 128 bits, bit 0 the first bit of byte 0. Both forms are 26 digits of 5 bits; digit i
covers the bits [start, start + 5) of the UUID, where start is
  ULID       5i - 2   Crockford's base32 of the 128 bits as a 130-bit number: two zero bits in
                      front, so digit 0 is the first 3 bits (at most 7);
  base32hex  5i       RFC 4648 from the front: digit 25 is the last 3 bits and two zero bits,
                      then six "=" of padding.
Bits before 0 or from 128 on are zero. The function bodies are stored in PostgreSQL's catalog and
compared against the released definitions: the output must not change by one byte. Edit this
script, never the file, and run it; tests/generated.sh checks that the two agree.
"""
import difflib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.path.join(ROOT, "src", "sql", "edition", "text.sql")
DIGITS = 26

# name: (alphabet, where digit i starts: 5i + OFFSET, padding after the digits)
FORMS = {
    "ulid": ("0123456789ABCDEFGHJKMNPQRSTVWXYZ", -2, ""),
    "base32hex": ("0123456789ABCDEFGHIJKLMNOPQRSTUV", 0, "=" * (-DIGITS % 8)),  # to a multiple of 8
}


def op(o):
    return "OPERATOR(pg_catalog.%s)" % o


def get_byte(src, k):
    return "pg_catalog.get_byte(%s, %d)" % (src, k)


# ---- the alphabets --------------------------------------------------------------------------

def char_array(alphabet):
    """The code of each digit's character, index 0..31."""
    return "[0:31]={%s}" % ",".join(str(ord(c)) for c in alphabet)


def digit_array(alphabet):
    """The digit of each character code 48..122 ('0'..'z'), either case; 99 for no digit."""
    digits = {c: d for d, c in enumerate(alphabet)}
    digits.update({c.lower(): d for d, c in enumerate(alphabet)})
    return "[48:122]={%s}" % ",".join(str(digits.get(chr(code), 99)) for code in range(48, 123))


IDENTITY = "[0:31]={%s}" % ",".join(str(d) for d in range(32))


def alphabet_functions():
    out = []
    for name in FORMS:
        out.append(
            "CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_%s_char(d pg_catalog.int4) RETURNS pg_catalog.text\n"
            "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER\n"
            "AS $fn$ SELECT pg_catalog.chr(('%s'::pg_catalog.int4[])[d]) $fn$;\n"
            % (name, char_array(FORMS[name][0])))
    for name in FORMS:
        out.append(
            "CREATE OR REPLACE FUNCTION @extschema@.uuid_shard_%s_digit(c pg_catalog.int4) RETURNS pg_catalog.int8\n"
            "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER\n"
            "AS $fn$ SELECT ('%s'::pg_catalog.int8[])[('%s'::pg_catalog.int4[])[c]] $fn$;\n"
            % (name, IDENTITY, digit_array(FORMS[name][0])))
    return "\n".join(out)


# ---- encoding: one expression of 26 terms ---------------------------------------------------

def encode_term(start):
    """The 5-bit digit at bits [start, start + 5) of uuid_send(id), as an int4 expression."""
    end = start + 5
    b = max(start, 0) // 8  # the byte holding the first bit that is not a leading zero
    byte = get_byte("pg_catalog.uuid_send(id)", b)
    if end > 128:  # past the last byte: shifted left, zero bits after
        return "((%s %s %d) %s 31)" % (byte, op("<<"), end - 128, op("&"))
    if end <= 8 * (b + 1):  # within one byte
        right = 8 * (b + 1) - end
        if right == 0:
            return "(%s %s 31)" % (byte, op("&"))
        if start <= 8 * b:  # the byte's first bits: nothing above to mask
            return "(%s %s %d)" % (byte, op(">>"), right)
        return "((%s %s %d) %s 31)" % (byte, op(">>"), right, op("&"))
    # across two bytes
    pair = "(%s %s 8 %s %s)" % (byte, op("<<"), op("|"), get_byte("pg_catalog.uuid_send(id)", b + 1))
    return "((%s %s %d) %s 31)" % (pair, op(">>"), 8 * (b + 2) - end, op("&"))


def encode_body(name):
    offset = FORMS[name][1]
    char = "@extschema@.uuid_shard_%s_char" % name
    lines = []
    for i in range(DIGITS):
        call = "%s(%s)" % (char, encode_term(5 * i + offset))
        lines.append("SELECT " + call if i == 0 else "       %s %s" % (op("||"), call))
    padding = FORMS[name][2]
    if padding:
        lines.append("       %s '%s'" % (op("||"), padding))
    return "\n".join(lines) + "\n"


def encode_function(name, arg):
    return ("CREATE OR REPLACE FUNCTION @extschema@.uuid_to_%s(%s pg_catalog.uuid) RETURNS pg_catalog.text\n"
            "LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER\n"
            "AS $fn$\n%s$fn$;\n" % (name, arg, encode_body(name)))


# ---- decoding: the digits shifted into two int8 halves --------------------------------------

def decode_halves(name):
    """The v_hi := ...; and v_lo := ...; statements: digit i read from byte i of b."""
    offset = FORMS[name][1]
    digit = "@extschema@.uuid_shard_%s_digit" % name
    hi, lo = [], []
    for i in range(DIGITS):
        d = "%s(%s)" % (digit, get_byte("b", i))
        end = 5 * i + offset + 5  # one past the digit's last bit
        if end <= 64:
            hi.append("(%s %s %d)" % (d, op("<<"), 64 - end) if end < 64 else d)
        elif end - 5 >= 64:
            shift = 128 - end
            lo.append("(%s %s %d)" % (d, op("<<"), shift) if shift > 0
                      else "(%s %s %d)" % (d, op(">>"), -shift) if shift < 0 else d)
        else:  # across the middle: its first bits end v_hi, the rest begin v_lo
            low_bits = end - 64
            hi.append("(%s %s %d)" % (d, op(">>"), low_bits))
            lo.append("((%s %s %d) %s %d)" % (d, op("&"), (1 << low_bits) - 1, op("<<"), 128 - end))
    out = []
    for var, terms in (("v_hi", hi), ("v_lo", lo)):
        out.append("        %s := %s\n" % (var, terms[0]))
        out.extend("              %s %s\n" % (op("|"), t) for t in terms[1:])
        out[-1] = out[-1][:-1] + ";\n"
    return "".join(out)


DECODE = """CREATE OR REPLACE FUNCTION @extschema@.uuid_from_%(name)s(%(name)s pg_catalog.text) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$
DECLARE
    b CONSTANT pg_catalog.bytea := pg_catalog.convert_to(%(name)s, 'UTF8');
    v_hi pg_catalog.int8;
    v_lo pg_catalog.int8;
BEGIN
%(condition)s%(halves)s    END IF;
    IF v_hi IS NULL OR v_lo IS NULL THEN
        PERFORM @extschema@.uuid_shard_raise_%(name)s(%(name)s);  -- raises the native error
    END IF;
    RETURN pg_catalog.encode(pg_catalog.int8send(v_hi) OPERATOR(pg_catalog.||) pg_catalog.int8send(v_lo), 'hex')::pg_catalog.uuid;
END
$fn$;
"""

# What a text must be before its digits are read (a bad character makes a half NULL later): the
# length, then ULID's first digit at most '7' (55) and base32hex's padding and last digit's two
# zero bits, written out as released.
CONDITION = {
    "ulid": """    IF pg_catalog.octet_length(b) OPERATOR(pg_catalog.=) 26 AND pg_catalog.get_byte(b, 0) OPERATOR(pg_catalog.<=) 55 THEN  -- 26 bytes, the first at most '7'
""",
    "base32hex": """    IF (pg_catalog.octet_length(b) OPERATOR(pg_catalog.=) 26
        OR pg_catalog.octet_length(b) OPERATOR(pg_catalog.=) 32 AND pg_catalog.substr(base32hex, 27) OPERATOR(pg_catalog.=) '======')
       AND @extschema@.uuid_shard_base32hex_digit(pg_catalog.get_byte(b, 25)) OPERATOR(pg_catalog.&) 3 OPERATOR(pg_catalog.=) 0 THEN  -- the last digit sets no bits past the 16 bytes
""",
}


def decode_function(name):
    return DECODE % {"name": name, "condition": CONDITION[name], "halves": decode_halves(name)}


# ---- the file -------------------------------------------------------------------------------

HEADER = """-- Generated by tools/gen_text_forms.py from the alphabets and the bit layout: edit that script,
-- not this file, then run it (tests/generated.sh fails while the two disagree).

"""

ALPHABETS_PROSE = """-- The text forms' alphabets, each written once: a digit's character (its code from a constant
-- array, then chr) and a character's digit (by its code, both cases; 99 for a character that is
-- no digit, which the second array, 0..31 as themselves, has no index for: NULL). One-line
-- LANGUAGE sql functions, inlined where they are called, so their arrays are constants of the
-- caller's plan: nothing is called or parsed per digit.
"""

ENCODE_PROSE = """-- uuid_to_ulid(id) / uuid_to_base32hex(id): 26 digits of 5 bits, each read from the one or two
-- bytes that hold it (get_byte, shifted and masked) and mapped to its character by
-- uuid_shard_ulid_char / uuid_shard_base32hex_char: one expression, inlined (a digit-by-digit
-- loop in PL/pgSQL costs 2.5x as much). ULID is Crockford's base32 of the 128 bits as a 130-bit number
-- (two zero bits in front: the first digit is at most 7); base32hex is RFC 4648's, as
-- PostgreSQL 19's encode(id::bytea, 'base32hex'): the bits from the front, two zero bits
-- after the last, and six "=" of padding.
"""

DECODE_PROSE = """-- uuid_from_ulid(ulid) / uuid_from_base32hex(base32hex): either case; base32hex with or without
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
"""


def render():
    text = (HEADER + ALPHABETS_PROSE + alphabet_functions() + "\n"
            + ENCODE_PROSE + encode_function("ulid", "id") + "\n" + encode_function("base32hex", "id") + "\n"
            + DECODE_PROSE + decode_function("ulid") + "\n" + decode_function("base32hex"))
    return text


def main():
    args = sys.argv[1:]
    if args not in ([], ["--check"]):
        sys.exit("usage: tools/gen_text_forms.py [--check]")
    want = render()
    rel = os.path.relpath(TARGET, ROOT)
    if args == ["--check"]:
        try:
            have = open(TARGET, encoding="utf-8", newline="").read()
        except FileNotFoundError:
            have = ""
        if have == want:
            print("%s: as tools/gen_text_forms.py writes it" % rel)
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            have.splitlines(True), want.splitlines(True), rel + " (committed)", rel + " (generated)"))
        print("%s: differs from what tools/gen_text_forms.py writes: edit the generator, then run it" % rel)
        return 1
    with open(TARGET, "w", encoding="utf-8", newline="") as out:
        out.write(want)
    print(rel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
