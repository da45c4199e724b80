"""Checks mask/unmask of the package uuid_shard (packages/python) against the mask section of
the test vectors: python3 check_mask.py [path/to/vectors.json]

It imports the package from packages/python/src, or with UUID_SHARD_INSTALLED=1 the one
installed where this Python finds it (packages/python/test.sh)."""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the package's source
if os.environ.get("UUID_SHARD_INSTALLED") != "1":
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "packages", "python", "src"))
import uuid_shard  # noqa: E402


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "vectors.json")
    with open(path, encoding="utf-8") as f:
        data = json.load(f)["mask"]

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

    if uuid_shard.MASK_LABEL.decode() != data["label"]:
        failures.append("label %r, the file has %r" % (uuid_shard.MASK_LABEL, data["label"]))
    for v in data["vectors"]:
        s = bytes.fromhex(v["secret"])
        pub, key = uuid_shard.mask(v["key"], s), uuid_shard.unmask(v["public"], s)
        expect(str(pub) == v["public"].lower() and str(key) == v["key"],
               "%s: mask %s (expected %s), unmask %s" % (v["key"], pub, v["public"], key))
    first = data["vectors"][0]
    for h in data["invalid_secret"]:
        s = bytes.fromhex(h)
        expect(raises(uuid_shard.mask, first["key"], s) and raises(uuid_shard.unmask, first["public"], s),
               "secret %r must be rejected" % h)
    s = bytes.fromhex(first["secret"])
    for u in data["not_v7"]:
        expect(raises(uuid_shard.mask, u, s), "mask(%s) must be rejected" % u)
    for u in data["not_v4"]:
        expect(raises(uuid_shard.unmask, u, s), "unmask(%s) must be rejected" % u)

    if checks != data["checks"]:
        failures.append("ran %d checks, the file has %d" % (checks, data["checks"]))
    if failures:
        for line in failures[:20]:
            print("python mask: FAIL " + line, file=sys.stderr)
        print("python mask: %d of %d vectors FAILED" % (len(failures), checks), file=sys.stderr)
        sys.exit(1)
    print("python mask: %d vectors ok" % checks)


if __name__ == "__main__":
    main()
