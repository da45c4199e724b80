"""Times the per-row functions of two builds loaded side by side (bench/builds.sh) and core's
functions as anchors, interleaved round by round in one session, and prints the median ns per
call above an empty scan of the same rows, with ratios to the anchor and between the builds."""
import argparse
import statistics
import subprocess

ap = argparse.ArgumentParser()
ap.add_argument("--rev", required=True)
ap.add_argument("--rounds", type=int, default=7)
ap.add_argument("--n", type=int, default=1000000)
ap.add_argument("psql", nargs="+")
args = ap.parse_args()

# name, the SQL type signature, symbol, markings: the direct V1 functions whose symbols every
# release since their first keeps (src/fmgr.rs), declared again in schema rev for the other build.
V1 = [
    ("uuidv7", "", "uuid", "uuidv7_v1", "VOLATILE STRICT PARALLEL SAFE"),
    ("uuid_bucket", "id uuid, n integer", "integer", "uuid_bucket_v1", "IMMUTABLE STRICT PARALLEL SAFE"),
    ("uuid_v7_time", "id uuid", "timestamptz", "uuid_v7_time_v1", "IMMUTABLE STRICT PARALLEL SAFE"),
    ("uuid_v7_time_us", "id uuid", "timestamptz", "uuid_v7_time_us_v1", "IMMUTABLE STRICT PARALLEL SAFE"),
    ("_uuid_larger", "a uuid, b uuid", "uuid", "uuid_larger_v1", "IMMUTABLE STRICT PARALLEL SAFE"),
    ("uuid_to_ulid", "id uuid", "text", "uuid_to_ulid_v1", "IMMUTABLE STRICT PARALLEL SAFE"),
    ("uuid_from_ulid", "ulid text", "uuid", "uuid_from_ulid_v1", "IMMUTABLE STRICT PARALLEL SAFE"),
]
# label, the expression per row (%s: the schema), the anchor: core's nearest function (for
# uuidv7(), core's own from 18 on)
CASES = [
    ("uuidv7()", "%s.uuidv7()", "uuidv7_anchor"),
    ("uuid_bucket(id, 5)", "%s.uuid_bucket(id, 5)", "uuid_hash(id) % 5"),
    ("uuid_v7_time(id)", "%s.uuid_v7_time(id)", "uuid_send(id)"),
    ("uuid_v7_time_us(id)", "%s.uuid_v7_time_us(id)", "uuid_send(id)"),
    ("_uuid_larger(id, id)", "%s._uuid_larger(id, id)", "uuid_send(id)"),
    ("uuid_to_ulid(id)", "%s.uuid_to_ulid(id)", "id::text"),
    ("uuid_from_ulid(ulid)", "%s.uuid_from_ulid(ulid)", "id::text::uuid"),
]


def run(sql):
    r = subprocess.run(args.psql + ["-X", "-At", "-q", "-v", "ON_ERROR_STOP=1"], input=sql, text=True, capture_output=True)
    if r.returncode != 0:
        raise SystemExit("bench/builds.py: psql failed:\n%s\n%s" % (sql, r.stderr))
    return r


def psql(sql):
    return run(sql).stdout


setup = ["CREATE SCHEMA cur; CREATE EXTENSION uuid_shard SCHEMA cur; CREATE SCHEMA rev;"]
core_v7 = int(psql("SHOW server_version_num")) >= 180000
CASES[0] = CASES[0][:2] + ("pg_catalog.uuidv7()" if core_v7 else "gen_random_uuid()",)
for name, sig, ret, sym, marks in V1:
    setup.append("CREATE FUNCTION rev.%s(%s) RETURNS %s LANGUAGE c %s AS '$libdir/uuid_shard_rev', '%s';"
                 % (name, sig, ret, marks, sym))
setup.append("CREATE TABLE ids AS SELECT id, cur.uuid_to_ulid(id) AS ulid FROM "
             "(SELECT cur.uuidv7() AS id FROM generate_series(1, %d)) s; VACUUM ANALYZE ids;" % args.n)
psql("\n".join(setup))


def timed(expr):
    """ms of one scan computing expr per row (uuidv7() ignores the row)."""
    r = run("""DO $b$ DECLARE t0 timestamptz; BEGIN
  t0 := clock_timestamp();
  PERFORM count(x) FROM (SELECT %s AS x FROM ids) s;
  RAISE NOTICE 'ms=%%', extract(epoch FROM clock_timestamp() - t0) * 1000;
END $b$;""" % expr)
    return float(r.stderr.split("ms=")[1].split()[0])


exprs = ["id"] + [e for c in CASES for e in (c[1] % "cur", c[1] % "rev", c[2])]
for e in exprs:  # warm up: shared buffers, the libraries loaded
    timed(e)
samples = {e: [] for e in exprs}
for _ in range(args.rounds):
    for e in exprs:
        samples[e].append(timed(e))
floor = statistics.median(samples["id"])
ns = {e: max(statistics.median(v) - floor, 0.0) * 1e6 / args.n for e, v in samples.items()}
print("PostgreSQL %s, %d rows, median of %d rounds, ns per call above a scan computing nothing (%.1f ns a row)"
      % (psql("SHOW server_version").strip(), args.n, args.rounds, floor * 1e6 / args.n))
print("| function | anchor | anchor ns | %s ns | this ns | %s / anchor | this / anchor | this / %s |" % ((args.rev,) * 3))
print("|---|---|---:|---:|---:|---:|---:|---:|")
for label, expr, anchor in CASES:
    a, r, c = ns[anchor], ns[expr % "rev"], ns[expr % "cur"]
    ratio = lambda x, y: "%.2f" % (x / y) if y > 0 else "-"
    print("| `%s` | `%s` | %.1f | %.1f | %.1f | %s | %s | %s |" % (label, anchor, a, r, c, ratio(r, a), ratio(c, a), ratio(c, r)))


# How far ahead of the clock a key runs after a burst: N keys of each build in one statement, as
# fast as a statement makes them, then the next key of the same backend against the clock read
# right after it (uuid_v7_time_us; positive: the key's time is later than the clock's).
print()
print("Run-ahead: the key after a burst of N keys in one statement, its time minus clock_timestamp() read after it (ms)")
print("| N | %s | this |" % args.rev)
print("|---:|---:|---:|")
for burst in (1000000, 5000000, 10000000):
    ahead = []
    for schema in ("rev", "cur"):
        ahead.append(float(psql("""SELECT count(*) FROM (SELECT %s.uuidv7() FROM generate_series(1, %d)) s;
WITH k AS MATERIALIZED (SELECT %s.uuidv7() AS id)
SELECT extract(epoch FROM cur.uuid_v7_time_us(id) - clock_timestamp()) * 1000 FROM k;""" % (schema, burst, schema)).split()[-1]))
    print("| %d | %.3f | %.3f |" % (burst, ahead[0], ahead[1]))
