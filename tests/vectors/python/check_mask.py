"""Checks uuid_mask.py against the mask section of the test vectors: python3 check_mask.py [path/to/vectors.json]"""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ next to the reference implementation
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import uuid_mask  # noqa: E402


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

    if uuid_mask.LABEL.decode() != data["label"]:
        failures.append("label %r, the file has %r" % (uuid_mask.LABEL, data["label"]))
    for v in data["vectors"]:
        s = bytes.fromhex(v["secret"])
        pub, key = uuid_mask.mask(v["key"], s), uuid_mask.unmask(v["public"], s)
        expect(str(pub) == v["public"].lower() and str(key) == v["key"],
               "%s: mask %s (expected %s), unmask %s" % (v["key"], pub, v["public"], key))
    first = data["vectors"][0]
    for h in data["invalid_secret"]:
        s = bytes.fromhex(h)
        expect(raises(uuid_mask.mask, first["key"], s) and raises(uuid_mask.unmask, first["public"], s),
               "secret %r must be rejected" % h)
    s = bytes.fromhex(first["secret"])
    for u in data["not_v7"]:
        expect(raises(uuid_mask.mask, u, s), "mask(%s) must be rejected" % u)
    for u in data["not_v4"]:
        expect(raises(uuid_mask.unmask, u, s), "unmask(%s) must be rejected" % u)

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
