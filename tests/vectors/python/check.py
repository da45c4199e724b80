"""Checks uuid_shard.py against the test vectors: python3 check.py [path/to/vectors.json]"""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ next to the reference implementation
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
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

    def raises(f, *args):
        try:
            f(*args)
        except ValueError:
            return True
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
        expect(not uuid_shard.has_random_tail(u) and uuid_shard.unix_ms(u) is None
               and raises(uuid_shard.shard_key, u, 1) and raises(uuid_shard.bucket, u, 1),
               "%s: must be rejected (%s)" % (u, v["reason"]))
    first = data["accepted"][0]["uuid"]
    for length in data["invalid_len"]:
        expect(raises(uuid_shard.shard_key, first, length), "shard_key length %d must be rejected" % length)
    for n in data["invalid_n"]:
        expect(raises(uuid_shard.bucket, first, n), "bucket count %d must be rejected" % n)

    if checks != data["checks"]:
        failures.append("ran %d checks, the file has %d" % (checks, data["checks"]))
    if failures:
        for line in failures[:20]:
            print("python: FAIL " + line, file=sys.stderr)
        print("python: %d of %d vectors FAILED" % (len(failures), checks), file=sys.stderr)
        sys.exit(1)
    print("python: %d vectors ok" % checks)


if __name__ == "__main__":
    main()
