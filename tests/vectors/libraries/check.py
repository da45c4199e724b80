"""The text forms of tests/vectors/vectors.json against outside implementations: Python's own
base64.b32hexencode/b32hexdecode (RFC 4648 base32hex, what PostgreSQL 19's encode(..., 'base32hex')
prints) and the PyPI package python-ulid (same ULID text for the same 16 bytes, and for v7 keys
the same milliseconds). python check.py VECTORS"""
import base64
import json
import sys
import uuid

from ulid import ULID

data = json.load(open(sys.argv[1], encoding="utf-8"))
ms = {v["uuid"]: v["unix_ms"] for v in data["accepted"]}
checks, failures = 0, []
for v in data["text_forms"]:
    b = uuid.UUID(v["uuid"]).bytes
    checks += 1
    ok = (base64.b32hexencode(b).decode() == v["base32hex"] and base64.b32hexdecode(v["base32hex"]) == b
          and str(ULID.from_bytes(b)) == v["ulid"] and ULID.from_str(v["ulid"]).bytes == b)
    if ms.get(v["uuid"]) is not None:
        ok = ok and ULID.from_str(v["ulid"]).milliseconds == ms[v["uuid"]]
    if not ok:
        failures.append(v["uuid"])
if failures or checks != len(data["text_forms"]) or checks == 0:
    print("python base64 + python-ulid: FAIL %s" % failures[:10], file=sys.stderr)
    sys.exit(1)
print("python base64 + python-ulid: %d text forms agree (%d v7 timestamps)" % (checks, sum(1 for v in data["text_forms"] if ms.get(v["uuid"]) is not None)))
