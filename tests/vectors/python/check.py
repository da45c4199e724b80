"""Checks the package uuid_shard (packages/python) against the test vectors:
python3 check.py [path/to/vectors.json]

It imports the package from packages/python/src, or with UUID_SHARD_INSTALLED=1 the one
installed where this Python finds it (packages/python/test.sh)."""
import json
import os
import sys
import uuid as _uuid_mod

sys.dont_write_bytecode = True  # no __pycache__ in the package's source
if os.environ.get("UUID_SHARD_INSTALLED") != "1":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "packages", "python", "src"))
import uuid_shard  # noqa: E402


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "vectors.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)

    checks = 0
    failures = []

    def expect(ok, what):
        nonlocal checks
        checks += 1
        if not ok:
            failures.append(what)

    def raises(f, *args, message=None):
        # a ValueError (with the extension's message, when one is given)
        try:
            f(*args)
        except ValueError as e:
            return message is None or str(e) == message
        return False

    for v in data["accepted"]:
        u = v["uuid"]
        expect(uuid_shard.has_random_tail(u) and uuid_shard.unix_ms(u) == v["unix_ms"],
               "%s: accepted, unix_ms %s" % (u, v["unix_ms"]))
        for length, key in v["shard_key"]:
            got = uuid_shard.shard_key(u, length)
            expect(got == key, "%s: shard_key(%d) = %r, expected %r" % (u, length, got, key))
        for n, b in v["bucket"]:
            got = uuid_shard.bucket(u, n)
            expect(got == b, "%s: bucket(%d) = %r, expected %r" % (u, n, got, b))
    for v in data["rejected"]:
        u = v["uuid"]
        message = "expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got " + v["reason"]
        expect(not uuid_shard.has_random_tail(u) and uuid_shard.unix_ms(u) is None
               and raises(uuid_shard.shard_key, u, 1, message=message) and raises(uuid_shard.bucket, u, 1, message=message),
               "%s: must be rejected (%s)" % (u, v["reason"]))
    first = data["accepted"][0]["uuid"]
    for length in data["invalid_len"]:
        expect(raises(uuid_shard.shard_key, first, length), "shard_key length %d must be rejected" % length)
    for n in data["invalid_n"]:
        expect(raises(uuid_shard.bucket, first, n), "bucket count %d must be rejected" % n)

    # 0.3.0: text forms, bounds, the time to the microsecond, keys from names
    for v in data["text_forms"]:
        u = _uuid_mod.UUID(v["uuid"])
        expect(uuid_shard.to_ulid(u) == v["ulid"] and uuid_shard.to_base32hex(u) == v["base32hex"]
               and uuid_shard.from_ulid(v["ulid"].lower()) == u and uuid_shard.from_base32hex(v["base32hex"]) == u
               and uuid_shard.from_base32hex(v["base32hex"][:26].lower()) == u,
               "%s: ulid %s, base32hex %s" % (v["uuid"], v["ulid"], v["base32hex"]))
    for v in data["bad_text"]:
        f = uuid_shard.from_ulid if v["form"] == "ulid" else uuid_shard.from_base32hex
        expect(raises(f, v["text"]), "%s %r must be refused" % (v["form"], v["text"]))
    for v in data["times"]:
        t = v["unix_ms"] * 1000 + v["us"]
        head = uuid_shard.v7_head(t)
        key = _uuid_mod.UUID(bytes=head + bytes([0x80]) + bytes(7))
        expect(str(uuid_shard.boundary(t)) == v["boundary"] and str(uuid_shard.boundary_last(t)) == v["boundary_last"]
               and str(key)[:18] == v["head"] and uuid_shard.unix_us(key) == t,
               "time %d: boundary, boundary_last, head" % t)
    for v in data["time_us"]:
        want = None if v["unix_ms"] is None else v["unix_ms"] * 1000 + v["us"]
        expect(uuid_shard.unix_us(v["uuid"]) == want, "%s: unix_us %s" % (v["uuid"], want))
    for v in data["from_name"]:
        got = str(uuid_shard.from_name(v["unix_ms"] * 1000 + v["us"], v["name"]))
        expect(got == v["uuid"], "from_name(%r) = %s, expected %s" % (v["name"], got, v["uuid"]))
    for ms, us in data["invalid_times"]:
        t = ms * 1000 + us
        expect(raises(uuid_shard.boundary, t) and raises(uuid_shard.boundary_last, t) and raises(uuid_shard.from_name, t, "x"),
               "time %d must be refused" % t)

    if checks != data["checks"]:
        failures.append("ran %d checks, the file has %d" % (checks, data["checks"]))
    main_checks, checks = checks, 0

    # Tail-hash partitions, a section with its own count. PostgreSQL routes a row of a one-column
    # key by hash_combine64(0, h) = h + HASH_COMBINE64_CONSTANT (mod 2^64): the bucket key.
    tail = data["tail_remainder"]
    for v in tail["vectors"]:
        u = v["uuid"]
        h = uuid_shard.tail_hash_extended(u)
        row_hash = (h + uuid_shard.HASH_COMBINE64_CONSTANT) % 2**64
        expect(str(h) == v["tail_hash_extended"] and "0x%016x" % row_hash == v["bucket_key"],
               "%s: tail_hash_extended %d, row hash 0x%016x, expected %s, %s"
               % (u, h, row_hash, v["tail_hash_extended"], v["bucket_key"]))
        for m, r in v["remainder"]:
            got = uuid_shard.tail_remainder(u, m)
            expect(got == r, "%s: tail_remainder(%d) = %r, expected %r" % (u, m, got, r))
    first = tail["vectors"][0]["uuid"]
    for m in tail["invalid_modulus"]:
        expect(raises(uuid_shard.tail_remainder, first, m), "modulus %d must be rejected" % m)
    if checks != tail["checks"]:
        failures.append("tail remainder: ran %d checks, the file has %d" % (checks, tail["checks"]))

    if failures:
        for line in failures[:20]:
            print("python: FAIL " + line, file=sys.stderr)
        print("python: %d of %d vectors FAILED" % (len(failures), main_checks + checks), file=sys.stderr)
        sys.exit(1)
    print("python: %d vectors ok" % main_checks)
    print("python tail remainder: %d vectors ok" % checks)


if __name__ == "__main__":
    main()
