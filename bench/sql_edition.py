#!/usr/bin/env python3
"""The SQL edition's cost per call against the native extension and the anchors a user would pick
instead, in one database and one run (bench/sql_edition.sh starts the cluster and calls this):

  bench/sql_edition.py --pg 18=BINDIR:SOCKDIR:PORT --script dist/uuid_shard-V.sql
                       --old-script uuid_shard-0.2.0.sql [--rounds R] [--n N]

Timing as bench/bench.py: each statement is EXPLAIN (ANALYZE, TIMING OFF) in one long-lived
session, timed by the backend's on-CPU time (/proc/PID/schedstat); every round runs every
variant once in an order rotated by one per round; round 0 is a warm-up. Cost per call is
(statement - floor) / N, the floor being the same statement without the call, measured in every
round; the figure is the median over rounds, ratios are medians of per-round ratios.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import Cluster, Session, rotated, log, PLPGSQL_RECIPE  # noqa: E402

ED = "uuid_shard_sql"
OLD = "uuid_shard_020"  # the 0.2.0 release's edition
# What "where the time goes" is made of: the steps of the edition's uuidv7(), one at a time.
PARTS = rf"""
CREATE OR REPLACE FUNCTION public.part_call() RETURNS uuid LANGUAGE plpgsql VOLATILE
AS $$ BEGIN RETURN '00000000-0000-7000-8000-000000000000'; END $$;
CREATE OR REPLACE FUNCTION public.part_call_pinned() RETURNS uuid LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp
AS $$ BEGIN RETURN '00000000-0000-7000-8000-000000000000'; END $$;
CREATE OR REPLACE FUNCTION public.part_state() RETURNS uuid LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp
AS $$ DECLARE v bigint := NULLIF(current_setting('bench.v7_last', true), '')::bigint;
BEGIN v := set_config('bench.v7_last', (coalesce(v, 0) + 1)::text, false); RETURN '00000000-0000-7000-8000-000000000000'; END $$;
"""

# (group, name, expression over generate_series g / table r, floor expression)
GEN_FLOOR = "1"
VARIANTS = [
    # generation: the goal compares the edition with the PL/pgSQL recipe
    ("uuidv7()", "floor", "count(1)", None),
    ("uuidv7()", "recipe: PL/pgSQL overlay on gen_random_uuid()", "count(public.uuid_generate_v7())", None),
    ("uuidv7()", "gen_random_uuid()", "count(gen_random_uuid())", None),
    ("uuidv7()", "core 18 uuidv7()", "count(pg_catalog.uuidv7())", 18),
    ("uuidv7()", "native public.uuidv7()", "count(public.uuidv7())", None),
    ("uuidv7()", "SQL edition uuidv7()", f"count({ED}.uuidv7())", None),
    ("uuidv7()", "0.2.0 edition uuidv7()", f"count({OLD}.uuidv7())", None),
    ("uuidv7()", "  part: PL/pgSQL call, no SET", "count(public.part_call())", None),
    ("uuidv7()", "  part: PL/pgSQL call with SET search_path", "count(public.part_call_pinned())", None),
    ("uuidv7()", "  part: + session state (current_setting, set_config)", "count(public.part_state())", None),
    ("uuidv7(interval)", "native", "count(public.uuidv7(interval '-1 day'))", None),
    ("uuidv7(interval)", "SQL edition", f"count({ED}.uuidv7(interval '-1 day'))", None),
    ("uuidv7(interval)", "0.2.0 edition", f"count({OLD}.uuidv7(interval '-1 day'))", None),
]
# A 16-byte secret as a constant: the per-call cost of the mask (HMAC-SHA-256 of one block).
SECRET = r"'\x000102030405060708090a0b0c0d0e0f'::bytea"
PER_ROW = [  # over table r (id uuid, ts timestamptz, pub uuid: the public ID of id)
    ("floor", "count(id)"),
    ("uuid_v7_at(ts)", "count(%s.uuid_v7_at(ts))"),
    ("uuid_v7_boundary(ts)", "count(%s.uuid_v7_boundary(ts))"),
    ("uuid_v7_time(id)", "count(%s.uuid_v7_time(id))"),
    ("uuid_v7_mask(id, secret)", "count(%s.uuid_v7_mask(id, " + SECRET + "))"),  # new in 0.3.0
    ("uuid_v7_unmask(pub, secret)", "count(%s.uuid_v7_unmask(pub, " + SECRET + "))"),  # new in 0.3.0
    ("uuid_v7_time(id::text)", "count(%s.uuid_v7_time(id::text))"),
    ("uuid_version(id)", "count(%s.uuid_version(id))"),
    ("uuid_shard_key(id, 4)", "count(%s.uuid_shard_key(id, 4))"),
    ("uuid_bucket(id, 5)", "count(%s.uuid_bucket(id, 5))"),
    ("uuid_bucket(id, 100000)", "count(%s.uuid_bucket(id, 100000))"),
    # 0.3.0
    ("max(id) (aggregate, per row)", "%s.max(id)"),
    ("uuid_to_ulid(id)", "count(%s.uuid_to_ulid(id))"),
    ("uuid_from_ulid(text)", "count(%s.uuid_from_ulid(ulid))"),
    ("uuid_to_base32hex(id)", "count(%s.uuid_to_base32hex(id))"),
    ("uuid_from_base32hex(text)", "count(%s.uuid_from_base32hex(b32))"),
    ("uuid_v7_boundary_last(ts)", "count(%s.uuid_v7_boundary_last(ts))"),
    ("uuid_v7_time_us(id)", "count(%s.uuid_v7_time_us(id))"),
    ("uuid_v7_from_name(ts, name)", "count(%s.uuid_v7_from_name(ts, name))"),
]
# Reading a v7's 48-bit millisecond: text of the UUID against its bytes (uuid_send), as plain
# expressions; the edition uses the fastest.
READS = [
    ("ms from the text form: ('x' || translate(left(id::text, 13), '-', ''))::bit(48)::bigint",
     "sum(('x' || translate(left(id::text, 13), '-', ''))::bit(48)::bigint)"),
    ("ms from six get_byte(uuid_send(id), i), shifted and or-ed",
     "sum((get_byte(uuid_send(id), 0)::bigint << 40) | (get_byte(uuid_send(id), 1)::bigint << 32) | (get_byte(uuid_send(id), 2)::bigint << 24)"
     " | (get_byte(uuid_send(id), 3)::bigint << 16) | (get_byte(uuid_send(id), 4)::bigint << 8) | get_byte(uuid_send(id), 5))"),
    ("ms from the bytes as hex: ('x' || encode(substr(uuid_send(id), 1, 6), 'hex'))::bit(48)::bigint (edition)",
     "sum(('x' || encode(substr(uuid_send(id), 1, 6), 'hex'))::bit(48)::bigint)"),
]


def median(xs):
    return statistics.median(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pg", required=True)
    ap.add_argument("--script", required=True)
    ap.add_argument("--old-script", required=True)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--n", type=int, default=200000)
    a = ap.parse_args()
    pg = Cluster(a.pg)
    import subprocess
    subprocess.run(pg.psql + ["-d", "postgres", "-c", "DROP DATABASE IF EXISTS bench_edition", "-c", "CREATE DATABASE bench_edition"],
                   check=True, capture_output=True)
    subprocess.run(pg.psql + ["-d", "bench_edition", "-v", "ON_ERROR_STOP=1", "-v", f"schema={ED}", "-f", a.script],
                   check=True, capture_output=True)
    subprocess.run(pg.psql + ["-d", "bench_edition", "-v", "ON_ERROR_STOP=1", "-v", f"schema={OLD}", "-f", a.old_script],
                   check=True, capture_output=True)
    s = Session(pg, "bench_edition")
    s.run("CREATE EXTENSION uuid_shard;")
    s.run(PLPGSQL_RECIPE)
    s.run(PARTS)
    s.run(f"CREATE TABLE r AS SELECT public.uuidv7() AS id, now() - g * interval '1.37 s' AS ts FROM generate_series(1, {a.n}) g;")
    s.run(f"ALTER TABLE r ADD COLUMN pub uuid; UPDATE r SET pub = public.uuid_v7_mask(id, {SECRET}); VACUUM ANALYZE r;")
    # text inputs of the 0.3.0 decoders and names of keys from names
    s.run("ALTER TABLE r ADD ulid text, ADD b32 text, ADD name text;"
          "UPDATE r SET ulid = public.uuid_to_ulid(id), b32 = public.uuid_to_base32hex(id), name = 'orders:' || md5(id::text);"
          "VACUUM ANALYZE r;")
    version = s.run("SHOW server_version;")[0]
    gen = [v for v in VARIANTS if v[3] is None or pg.major >= v[3]]
    stmts = [(f"{g} | {name}", f"SELECT {expr} FROM generate_series(1, {a.n}) g") for g, name, expr, _ in gen]
    # Functions the 0.2.0 release does not have are measured in the two current editions only.
    old_has = set(s.run(f"SELECT DISTINCT proname FROM pg_proc WHERE pronamespace = '{OLD}'::regnamespace;"))
    in_old = lambda name: name.split("(")[0] in old_has
    for name, expr in PER_ROW:
        if name == "floor":
            stmts.append(("rows | floor", f"SELECT {expr} FROM r"))
        else:
            for ed, schema in (("native", "public"), ("SQL edition", ED), ("0.2.0 edition", OLD)):
                if ed != "0.2.0 edition" or in_old(name):
                    stmts.append((f"{name} | {ed}", f"SELECT {expr % schema} FROM r"))
    for name, expr in READS:
        stmts.append((f"read | {name}", f"SELECT {expr} FROM r"))
    samples = {k: [] for k, _ in stmts}
    for r in range(a.rounds + 1):
        for k, sql in rotated(stmts, r):
            wall, cpu = s.timed(sql)
            if r > 0:
                samples[k].append(cpu)
        log(f"round {r}/{a.rounds} done")
    s.close()

    def net_ns(key, floor_key):  # per-round net cost per call, ns
        return [(x - f) * 1e6 / a.n for x, f in zip(samples[key], samples[floor_key])]

    print(f"\nPostgreSQL {version}, N = {a.n:,} calls per statement, {a.rounds} rounds (+1 warm-up), "
          "backend CPU time, net of the floor, median\n")
    print("| uuidv7() and what a user would pick instead | ns per call | x recipe |")
    print("|---|---:|---:|")
    recipe = net_ns("uuidv7() | recipe: PL/pgSQL overlay on gen_random_uuid()", "uuidv7() | floor")
    for g, name, expr, _ in gen:
        if g != "uuidv7()" or name == "floor":
            continue
        net = net_ns(f"{g} | {name}", "uuidv7() | floor")
        ratio = median([x / y for x, y in zip(net, recipe)])
        print(f"| {name} | {median(net):,.0f} | {ratio:.2f}x |")
    print("\n| function | 0.2.0 edition ns | this edition ns | native ns | 0.2.0 / this | this / native |")
    print("|---|---:|---:|---:|---:|---:|")
    rows = [("uuidv7(interval)", "uuidv7(interval) | ", "uuidv7() | floor")]
    rows += [(n, f"{n} | ", "rows | floor") for n, _ in PER_ROW if n != "floor"]
    for label, k, fl in rows:
        nn, ne = net_ns(k + "native", fl), net_ns(k + "SQL edition", fl)
        ratio = median([e / max(n, 1e-3) for e, n in zip(ne, nn)])
        if k + "0.2.0 edition" in samples:
            no = net_ns(k + "0.2.0 edition", fl)
            speedup = median([o / max(e, 1e-3) for o, e in zip(no, ne)])
            old, up = f"{median(no):,.0f}", f"{speedup:,.1f}x"
        else:
            old, up = "new in 0.3.0", "-"
        print(f"| `{label}` | {old} | {median(ne):,.0f} | {median(nn):,.0f} | {up} | {ratio:,.1f}x |")
    print("\n| reading a v7's millisecond (plain expression) | ns per row |")
    print("|---|---:|")
    for name, _ in READS:
        print(f"| {name} | {median(net_ns('read | ' + name, 'rows | floor')):,.0f} |")


if __name__ == "__main__":
    sys.exit(main())
