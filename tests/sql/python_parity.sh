#!/usr/bin/env bash
# The Python package uuid-shard, from its source (packages/python/src), against the
# extension's own output for 100,000 random v4 and 100,000 v7 UUIDs, with random n and len.
#   tests/sql/python_parity.sh MAJOR     (the extension must be installed)
set -euo pipefail
major=${1:?usage: tests/sql/python_parity.sh 15|18}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
suite_cluster "rel-parity-$major"
suite_tmpdir work
out="$work/rows.csv"
# n is drawn log-uniformly up to 2^31 - 1 so that small and huge bucket counts both occur.
db postgres -F, >"$out" <<'SQL'
CREATE EXTENSION uuid_shard;
SELECT id, n, uuid_bucket(id, n), len, uuid_shard_key(id, len), coalesce(extract(epoch FROM uuid_v7_time(id)) * 1000, -1)::bigint
  FROM (SELECT CASE WHEN g % 2 = 0 THEN gen_random_uuid() ELSE public.uuidv7() END AS id,
               least(2147483647, floor(exp(random() * ln(2147483647.0))))::int AS n,
               1 + floor(random() * 15)::int AS len
          FROM generate_series(1, 200000) g) s;
SQL
rc=0
PYTHONDONTWRITEBYTECODE=1 python3 - "$out" "$here/../../packages/python/src" <<'PY' || rc=$?
import sys
sys.path.insert(0, sys.argv[2])
import uuid_shard
rows = mismatches = 0
versions = {}
for line in open(sys.argv[1]):
    u, n, b, length, key, ms = line.rstrip("\n").split(",")
    rows += 1
    v = int(u[14], 16)
    versions[v] = versions.get(v, 0) + 1
    want = (int(b), key, None if ms == "-1" else int(ms))
    got = (uuid_shard.bucket(u, int(n)), uuid_shard.shard_key(u, int(length)), uuid_shard.unix_ms(u))
    if got != want:
        mismatches += 1
        if mismatches <= 5:
            print("mismatch:", u, n, length, "extension", want, "python", got)
print("python vs extension: %d UUIDs (versions %s), %d mismatches" % (rows, versions, mismatches))
sys.exit(1 if mismatches or rows != 200000 or versions.get(4, 0) < 100000 or versions.get(7, 0) < 100000 else 0)
PY
check "python reference = extension on 200,000 UUIDs, at least 100,000 each of v4 and v7 (python's exit status)" "$rc" 0
finish
