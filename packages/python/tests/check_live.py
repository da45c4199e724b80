"""The installed package against a live server with the native extension: keys minted by
uuid_shard.uuid7() and by the database's uuid_shard.uuidv7() side by side in one table give the
same bucket, shard key, tail remainder and tail-hash partition (uuid_tail_partition_ddl), time
(ms and us) and bounds by both routes; mask/unmask agree with uuid_v7_mask/uuid_v7_unmask; bad
input is refused with the same message.

    PSQL=/path/to/psql PGHOST=... PGPORT=... PGUSER=postgres UUID_SHARD_MAJOR=15 python check_live.py

Talks to the server with psql (no driver in the standard library). Makes the database
pkg_python (dropped first if it exists, left for a look afterwards). One `ok`/`FAIL` line per
check; exits 1 if any failed.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import subprocess
import sys
import time
import uuid

import uuid_shard

DB = "pkg_python"
N_KEYS = 5000  # per source
BUCKET_NS = [1, 2, 3, 8, 16, 1000, 65536, 2147483647]
KEY_LENS = [1, 4, 8, 15]
MODULI = [8, 16, 1000, 2147483647]
# A parent name of 61 bytes, two-byte characters after the first: the names of its partitions
# (modulus 16) cut it to 57 bytes (suffix _h16_0 .. _h16_9), a character boundary, or to 56 bytes
# (_h16_10 .. _h16_15), inside a character, so one more goes (PostgreSQL keeps 63 bytes)
LONG_PARENT = "t" + "ключи" * 6
failed = 0


def check(ok: bool, what: str) -> None:
    global failed
    print(("ok " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failed += 1


def psql(sql: str, db: str = DB, csv_out: bool = True) -> list[list[str]]:
    """Rows of the last statement's output (CSV); raises with psql's stderr on an error."""
    args = [os.environ.get("PSQL", "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", db]
    if csv_out:
        args.append("--csv")
    r = subprocess.run(args, input=sql, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(r.stderr.strip())
    if not csv_out:
        return []
    rows = list(csv.reader(io.StringIO(r.stdout)))
    return rows[1:]  # without the header


def sql_error(sql: str) -> str | None:
    """The message of the error the statement raises (psql's "ERROR:  ..."), None if none."""
    try:
        psql(sql, csv_out=False)
    except RuntimeError as e:
        for line in str(e).splitlines():
            if line.startswith("ERROR:"):
                return line[len("ERROR:"):].strip()
        return str(e)
    return None


def py_error(f, *args) -> str | None:
    try:
        f(*args)
    except ValueError as e:
        return str(e)
    return None


def utc(text: str) -> dt.datetime:
    """A timestamp printed by to_char(... AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')."""
    return dt.datetime.strptime(text, "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=dt.timezone.utc)


def main() -> None:
    major = os.environ["UUID_SHARD_MAJOR"]
    psql("DROP DATABASE IF EXISTS %s;\nCREATE DATABASE %s;" % (DB, DB), db="postgres", csv_out=False)
    psql("CREATE SCHEMA uuid_shard;\nCREATE EXTENSION uuid_shard SCHEMA uuid_shard;", csv_out=False)
    (ext,) = psql("""SELECT e.extversion, (SELECT count(*) FROM pg_opclass WHERE opcname = 'uuid_tail_ops'),
                            current_setting('server_version_num')::int / 10000
                     FROM pg_extension e WHERE e.extname = 'uuid_shard'""")
    check(ext[0] == uuid_shard.__version__ and ext[1] == "1" and ext[2] == major,
          "PostgreSQL %s, extension uuid_shard %s native (uuid_tail_ops: %s), package %s"
          % (ext[2], ext[0], ext[1], uuid_shard.__version__))

    # ---- keys from both sources in one table ------------------------------------------------
    py_keys = []
    for i in range(N_KEYS):
        py_keys.append(uuid_shard.uuid7())
        if i % 1000 == 999:
            time.sleep(0.002)  # a few milliseconds apart, between bursts
    values = ",\n".join("('%s', 'python', %d)" % (k, i) for i, k in enumerate(py_keys))
    psql(
        """CREATE TABLE keys (id uuid PRIMARY KEY, source text NOT NULL, seq int NOT NULL);
INSERT INTO keys VALUES %s;
INSERT INTO keys SELECT uuid_shard.uuidv7(), 'database', g - 1 FROM generate_series(1, %d) g;
CREATE TABLE tail_keys (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT uuid_shard.uuid_tail_partition_ddl('tail_keys', 8) \\gexec
CREATE TABLE "%s" (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT uuid_shard.uuid_tail_partition_ddl('"%s"', 16) \\gexec
INSERT INTO tail_keys SELECT id FROM keys;
INSERT INTO "%s" SELECT id FROM keys;
"""
        % (values, N_KEYS, LONG_PARENT, LONG_PARENT, LONG_PARENT),
        csv_out=False,
    )
    cols = ["k.id", "k.source", "k.seq"]
    cols += ["uuid_shard.uuid_bucket(k.id, %d)" % n for n in BUCKET_NS]
    cols += ["uuid_shard.uuid_shard_key(k.id, %d)" % n for n in KEY_LENS]
    cols += ["uuid_shard.uuid_tail_remainder(k.id, %d)" % m for m in MODULI]
    cols += [
        "(SELECT c.relname FROM tail_keys t JOIN pg_class c ON c.oid = t.tableoid WHERE t.id = k.id)",
        '(SELECT c.relname FROM "%s" t JOIN pg_class c ON c.oid = t.tableoid WHERE t.id = k.id)' % LONG_PARENT,
        "to_char(uuid_shard.uuid_v7_time(k.id) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')",
        "to_char(uuid_shard.uuid_v7_time_us(k.id) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')",
        "uuid_shard.uuid_v7_boundary(uuid_shard.uuid_v7_time_us(k.id))",
        "uuid_shard.uuid_v7_boundary_last(uuid_shard.uuid_v7_time_us(k.id))",
    ]
    rows = psql("SELECT %s FROM keys k ORDER BY k.source, k.seq" % ", ".join(cols))
    by_source: dict[str, list[uuid.UUID]] = {"python": [], "database": []}
    bad: dict[str, list[str]] = {w: [] for w in ["bucket", "shard key", "remainder", "partition", "long partition",
                                                  "time ms", "time us", "boundary"]}
    partitions, long_partitions = set(), set()
    for row in rows:
        u = uuid.UUID(row[0])
        by_source[row[1]].append(u)
        it = iter(row[3:])
        if [uuid_shard.bucket(u, n) for n in BUCKET_NS] != [int(next(it)) for _ in BUCKET_NS]:
            bad["bucket"].append(row[0])
        if [uuid_shard.shard_key(u, n) for n in KEY_LENS] != [next(it) for _ in KEY_LENS]:
            bad["shard key"].append(row[0])
        if [uuid_shard.tail_remainder(u, m) for m in MODULI] != [int(next(it)) for _ in MODULI]:
            bad["remainder"].append(row[0])
        part, long_part = next(it), next(it)
        partitions.add(part)
        long_partitions.add(long_part)
        if uuid_shard.tail_partition_name("tail_keys", u, 8) != part:
            bad["partition"].append("%s in %s, named %s" % (u, part, uuid_shard.tail_partition_name("tail_keys", u, 8)))
        if uuid_shard.tail_partition_name(LONG_PARENT, u, 16) != long_part:
            bad["long partition"].append("%s in %s" % (u, long_part))
        t_ms, t_us = utc(next(it)), utc(next(it))
        if not (uuid_shard.v7_time(u) == t_ms and uuid_shard.unix_ms(u) == (t_ms - EPOCH) // MS):
            bad["time ms"].append(row[0])
        if not (uuid_shard.v7_time_us(u) == t_us and uuid_shard.unix_us(u) == (t_us - EPOCH) // US):
            bad["time us"].append(row[0])
        lo, hi = uuid.UUID(next(it)), uuid.UUID(next(it))
        us = uuid_shard.unix_us(u)
        if not (uuid_shard.boundary(us) == lo == uuid_shard.boundary(t_us) and uuid_shard.boundary_last(us) == hi
                == uuid_shard.boundary_last(t_us) and lo <= u <= hi):
            bad["boundary"].append(row[0])
    n_py, n_db = len(by_source["python"]), len(by_source["database"])
    check(n_py == N_KEYS and n_db == N_KEYS and len(rows) == 2 * N_KEYS,
          "one table: %d keys from uuid_shard.uuid7(), %d from the database's uuid_shard.uuidv7()" % (n_py, n_db))

    def agree(what: str, detail: str) -> None:
        check(not bad[what], "%s, both routes agree for all %d keys%s"
              % (detail, len(rows), "" if not bad[what] else ": %d differ, e.g. %s" % (len(bad[what]), bad[what][:3])))

    agree("bucket", "uuid_bucket(id, n) = bucket(id, n), n in %s" % BUCKET_NS)
    agree("shard key", "uuid_shard_key(id, len) = shard_key(id, len), len in %s" % KEY_LENS)
    agree("remainder", "uuid_tail_remainder(id, m) = tail_remainder(id, m), m in %s" % MODULI)
    agree("partition", "each row of tail_keys (8 partitions by uuid_tail_partition_ddl) is in the partition "
          "tail_partition_name('tail_keys', id, 8) names")
    agree("long partition", "each row of a table with a %d-byte name (16 partitions, names cut to 63 bytes) "
          "is in the partition tail_partition_name names" % len(LONG_PARENT.encode()))
    check(len(partitions) == 8 and len(long_partitions) == 16,
          "every partition holds keys: %d of 8, %d of 16 (e.g. %s)" % (len(partitions), len(long_partitions),
                                                                       sorted(long_partitions)[0]))
    agree("time ms", "uuid_v7_time(id) = v7_time(id) and unix_ms(id)")
    agree("time us", "uuid_v7_time_us(id) = v7_time_us(id) and unix_us(id)")
    agree("boundary", "uuid_v7_boundary / _boundary_last of the key's time = boundary / boundary_last of "
          "unix_us(id) and of the datetime, and bound the key")

    # ---- the same layout from both generators ------------------------------------------------
    def layout(keys: list[uuid.UUID]) -> tuple[bool, int, int]:
        """(every key v7 and increasing, keys sharing the time before, of them counting up by 1)"""
        ok = all(k.version == 7 and k.variant == uuid.RFC_4122 for k in keys)
        ok &= all(a < b for a, b in zip(keys, keys[1:]))
        same = counted = 0
        for a, b in zip(keys, keys[1:]):
            if a.int >> 64 == b.int >> 64:
                same += 1
                counted += (b.int >> 50) & 0xFFF == ((a.int >> 50) & 0xFFF) + 1
        return ok, same, counted

    for source in ("python", "database"):
        ok, same, counted = layout(by_source[source])
        check(ok and counted == same,
              "%s keys: version 7, RFC 9562 variant, increasing in minting order; %d share the time before, "
              "all with the counter + 1" % (source, same))
    # rand_a is the clock's fraction of the millisecond in both: each key's (ms, fraction) lies
    # between the clock readings around it (clock_timestamp() in the database, to the microsecond;
    # time.time_ns() here). A counter in rand_a (Python 3.14's uuid.uuid7()) would not.
    def v7(k: uuid.UUID) -> int:
        head = k.int >> 64
        return (head >> 16) << 12 | (head & 0xFFF)

    def v7_of_us(us: int) -> int:
        return (us // 1000) << 12 | (us % 1000) * 4096 // 1000

    rows = psql("""SELECT to_char(a AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), id,
                          to_char(b AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')
                     FROM (SELECT clock_timestamp() AS a, uuid_shard.uuidv7() AS id, clock_timestamp() AS b
                             FROM generate_series(1, 20000)) s""")
    outside = 0
    for a, k, b in rows:
        lo, hi = (utc(a) - EPOCH) // US, (utc(b) - EPOCH) // US + 1
        outside += not v7_of_us(lo) <= v7(uuid.UUID(k)) <= v7_of_us(hi)
    check(len(rows) == 20000 and outside == 0,
          "database: each uuidv7()'s (ms, fraction) lies between clock_timestamp() before and after it "
          "(%d of %d outside)" % (outside, len(rows)))
    outside = 0
    for _ in range(20000):
        before = time.time_ns()
        k = uuid_shard.uuid7()
        after = time.time_ns()
        outside += not _v7_of_ns(before) <= v7(k) <= _v7_of_ns(after)
    check(outside == 0, "package: each uuid7()'s (ms, fraction) lies between time.time_ns() before and after it "
          "(%d of 20000 outside)" % outside)

    # ---- public IDs ---------------------------------------------------------------------------
    secret = os.urandom(32)
    some = by_source["python"][::10] + by_source["database"][::10]
    py_public = [uuid_shard.mask(k, secret) for k in some]
    rows = psql(
        "SELECT k, uuid_shard.uuid_v7_mask(k, s), uuid_shard.uuid_v7_unmask(p, s) FROM unnest('{%s}'::uuid[], "
        "'{%s}'::uuid[]) AS x(k, p), (SELECT '\\x%s'::bytea AS s) y"
        % (",".join(map(str, some)), ",".join(map(str, py_public)), secret.hex())
    )
    bad_mask = [r[0] for r, k, p in zip(rows, some, py_public)
                if uuid.UUID(r[1]) != p or uuid.UUID(r[2]) != k or uuid_shard.unmask(uuid.UUID(r[1]), secret) != k]
    check(len(rows) == len(some) and not bad_mask,
          "uuid_v7_mask(id, secret) = mask(id, secret), uuid_v7_unmask(mask(id)) = id = unmask(uuid_v7_mask(id)) "
          "for %d keys of both sources, a random 32-byte secret%s" % (len(rows), "" if not bad_mask else ": " + str(bad_mask[:3])))

    # ---- bad input: refused by both, with the same message --------------------------------------
    k = by_source["database"][0]
    cases = [
        ("SELECT uuid_shard.uuid_bucket('%s', 0)" % k, uuid_shard.bucket, (k, 0)),
        ("SELECT uuid_shard.uuid_bucket('%s', -2147483648)" % k, uuid_shard.bucket, (k, -2147483648)),
        ("SELECT uuid_shard.uuid_shard_key('%s', 16)" % k, uuid_shard.shard_key, (k, 16)),
        ("SELECT uuid_shard.uuid_tail_remainder('%s', 0)" % k, uuid_shard.tail_remainder, (k, 0)),
        ("SELECT uuid_shard.uuid_bucket('c232ab00-9414-11ec-b3c8-9f6bdeced846', 8)", uuid_shard.bucket,
         ("c232ab00-9414-11ec-b3c8-9f6bdeced846", 8)),
        ("SELECT uuid_shard.uuid_shard_key('ffffffff-ffff-ffff-ffff-ffffffffffff', 4)", uuid_shard.shard_key,
         ("ffffffff-ffff-ffff-ffff-ffffffffffff", 4)),
        ("SELECT uuid_shard.uuid_v7_boundary('1969-12-31 23:59:59.999999+00')", uuid_shard.boundary, (-1,)),
        ("SELECT uuid_shard.uuid_v7_mask('%s', '\\x00')" % k, uuid_shard.mask, (k, b"\x00")),
        ("SELECT uuid_shard.uuid_v7_mask('%s', '\\x%s')" % (py_public[0], secret.hex()), uuid_shard.mask,
         (py_public[0], secret)),
        ("SELECT uuid_shard.uuid_v7_unmask('%s', '\\x%s')" % (k, secret.hex()), uuid_shard.unmask, (k, secret)),
        ("SELECT uuid_shard.uuid_from_ulid('01ARZ3NDEKTSV4RRFFQ69G5FAU')", uuid_shard.from_ulid,
         ("01ARZ3NDEKTSV4RRFFQ69G5FAU",)),
        ("SELECT uuid_shard.uuid_from_base32hex('05B3SELLQFB7CJ31TUSP60LTBD')", uuid_shard.from_base32hex,
         ("05B3SELLQFB7CJ31TUSP60LTBD",)),
    ]
    differ = []
    for sql, f, args in cases:
        want, got = sql_error(sql), py_error(f, *args)
        if want is None or want != got:
            differ.append("%s: SQL %r, Python %r" % (sql[:60], want, got))
    check(not differ, "bad input: %d statements the extension refuses, the package refuses with the same message%s"
          % (len(cases), "" if not differ else ": " + "; ".join(differ)))

    print("all live checks passed" if not failed else "%d live checks FAILED" % failed)
    sys.exit(1 if failed else 0)


def _v7_of_ns(ns: int) -> int:
    return (ns // 1_000_000) << 12 | (ns % 1_000_000) * 4096 // 1_000_000


EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
MS = dt.timedelta(milliseconds=1)
US = dt.timedelta(microseconds=1)

if __name__ == "__main__":
    main()
