#!/usr/bin/env python3
"""uuid_shard benchmark driver: runs the four benchmarks against running scratch clusters and
writes every sample to a JSON file (bench/report.py turns it into tables and a chart).

bench/run.sh starts the clusters and calls this; run by hand only to re-run against clusters
that are already up:
  bench/bench.py --pg 18=BINDIR:SOCKDIR:PORT [--pg 15=...] --out FILE.json [--quick]

Timing: every query is run as EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) in one long-lived psql
session per benchmark. Two clocks are recorded per query:
  cpu_ms   the backend process's on-CPU time for the statement, from /proc/PID/schedstat
           (sum_exec_runtime, nanoseconds) read before and after. Time spent waiting for a
           CPU that other jobs on this shared machine hold is not counted; this is the
           primary figure.
  wall_ms  EXPLAIN ANALYZE's "Execution Time" (server-side wall clock, no client overhead).
Each round runs every variant once, in an order rotated by one each round; round 0 is a
warm-up and is not counted. The floor of each benchmark is measured in every round.
"""
import argparse
import json
import os
import platform
import re
import resource
import subprocess
import shutil
import sys
import tempfile
import time

# ---------------------------------------------------------------------------------------------
# What is measured. (name, SQL, lowest PostgreSQL major that has it)

PLPGSQL_RECIPE = r"""
CREATE OR REPLACE FUNCTION public.uuid_generate_v7() RETURNS uuid AS $$
BEGIN
  RETURN encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid;
END $$ LANGUAGE plpgsql VOLATILE;
"""

# 1. Generation: SELECT <expr> FROM generate_series(1, N)
GENERATION = [
    ("floor", "count(*)", 13),
    ("gen_random_uuid", "count(gen_random_uuid())", 13),
    ("core_uuidv7", "count(pg_catalog.uuidv7())", 18),
    ("uuidv7", "count(public.uuidv7())", 13),
    ("uuid_v7_at", "count(public.uuid_v7_at(clock_timestamp()))", 13),
    ("plpgsql_recipe", "count(public.uuid_generate_v7())", 13),
]

# 2. Per-row functions: SELECT count(*) FROM <table> <filter>
T_CONST = "'2020-01-01 00:00:00+00'::timestamptz"
PER_ROW = [
    ("floor", "", 13),
    ("uuid_bucket", "WHERE public.uuid_bucket(id, 5) = 2", 13),
    ("text_cast", "WHERE abs(('x' || translate(id::text, '-', ''))::bit(64)::bigint % 5) = 2", 13),
    ("uuid_hash", "WHERE uuid_hash(id) % 5 = 2", 13),
    ("uuid_shard_key", "WHERE public.uuid_shard_key(id, 2) = 'ab'", 13),
    ("uuid_v7_time", f"WHERE public.uuid_v7_time(id) > {T_CONST}", 13),
    ("uuid_extract_timestamp", f"WHERE uuid_extract_timestamp(id) > {T_CONST}", 17),
]
ROW_TABLES = [("v7", "public.uuidv7()"), ("v4", "gen_random_uuid()")]

# 3. Inserts: primary key column of bench_ins
INSERTS = [
    ("gen_random_uuid", "id uuid PRIMARY KEY DEFAULT gen_random_uuid()", 13),
    ("uuidv7", "id uuid PRIMARY KEY DEFAULT public.uuidv7()", 13),
    ("core_uuidv7", "id uuid PRIMARY KEY DEFAULT pg_catalog.uuidv7()", 18),
    ("bigserial", "id bigserial PRIMARY KEY", 13),
]

# 4. pgbench scripts
PGBENCH = [
    ("select_1", "SELECT 1;", 13),
    ("uuidv7", "SELECT public.uuidv7();", 13),
    ("core_uuidv7", "SELECT pg_catalog.uuidv7();", 18),
    ("gen_random_uuid", "SELECT gen_random_uuid();", 13),
]


def for_major(variants, major):
    return [v for v in variants if major >= v[-1]]


def rotated(items, r):
    k = r % len(items)
    return items[k:] + items[:k]


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


# ---------------------------------------------------------------------------------------------
class Session:
    """One psql process (one backend) fed statements through a pipe."""

    def __init__(self, pg, db):
        self.p = subprocess.Popen(
            pg.psql + ["-d", db, "-At", "-v", "ON_ERROR_STOP=1"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, bufsize=1,
        )
        self.pid = int(self.run("SELECT pg_backend_pid();")[0])
        self.schedstat = f"/proc/{self.pid}/schedstat"
        self.has_cpu = os.path.exists(self.schedstat)

    def run(self, sql):
        self.p.stdin.write(sql.rstrip() + "\n\\echo __END__\n")
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("psql exited:\n" + "\n".join(out) + "\nwhile running:\n" + sql)
            line = line.rstrip("\n")
            if line == "__END__":
                return out
            out.append(line)

    def cpu_ns(self):
        if not self.has_cpu:
            return 0
        with open(self.schedstat) as f:
            return int(f.read().split()[0])

    def timed(self, sql):
        """(wall_ms, cpu_ms) of one statement."""
        c0 = self.cpu_ns()
        out = self.run("EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) " + sql + ";")
        c1 = self.cpu_ns()
        for line in out:
            m = re.match(r"\s*Execution Time: ([\d.]+) ms", line)
            if m:
                wall = float(m.group(1))
                return wall, ((c1 - c0) / 1e6 if self.has_cpu else wall)
        raise RuntimeError("no Execution Time in:\n" + "\n".join(out))

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(timeout=30)
        except Exception:
            self.p.kill()


class Cluster:
    def __init__(self, spec):
        major, rest = spec.split("=", 1)
        self.major = int(major)
        self.bindir, self.sock, self.port = rest.split(":")
        self.conn = ["-h", self.sock, "-p", self.port, "-U", "postgres"]
        self.psql = [os.path.join(self.bindir, "psql"), "-X", "-q"] + self.conn


# ---------------------------------------------------------------------------------------------
def setup_db(pg):
    subprocess.run(pg.psql + ["-d", "postgres", "-c", "DROP DATABASE IF EXISTS bench", "-c", "CREATE DATABASE bench"],
                   check=True, capture_output=True)
    s = Session(pg, "bench")
    s.run("CREATE EXTENSION uuid_shard; CREATE EXTENSION pgstattuple;")
    s.run(PLPGSQL_RECIPE)
    info = {
        "version": s.run("SELECT version();")[0],
        "server_version_num": int(s.run("SHOW server_version_num;")[0]),
        "extension_version": s.run("SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard';")[0],
        "settings": dict(
            line.split("|", 1)
            for line in s.run(
                "SELECT name, setting || coalesce(unit, '') FROM pg_settings WHERE name IN "
                "('shared_buffers','work_mem','jit','max_parallel_workers_per_gather','autovacuum',"
                "'fsync','max_wal_size','checkpoint_timeout','wal_level','full_page_writes') ORDER BY 1;"
            )
        ),
        "cpu_clock": s.has_cpu,
    }
    s.close()
    return info


def bench_generation(pg, n, rounds, samples):
    variants = for_major(GENERATION, pg.major)
    s = Session(pg, "bench")
    for r in range(rounds + 1):
        for i, (name, expr, _) in enumerate(rotated(variants, r)):
            wall, cpu = s.timed(f"SELECT {expr} FROM generate_series(1, {n})")
            samples.append(dict(major=pg.major, bench="generation", table=None, round=r, warmup=r == 0,
                                position=i, variant=name, n=n, wall_ms=wall, cpu_ms=cpu))
        log(f"  PG{pg.major} generation round {r}{' (warm-up)' if r == 0 else ''} done")
    s.close()


def build_row_tables(pg, rows):
    s = Session(pg, "bench")
    for tag, expr in ROW_TABLES:
        t0 = time.time()
        s.run(f"DROP TABLE IF EXISTS rows_{tag}; CREATE TABLE rows_{tag} (id uuid NOT NULL);")
        s.run(f"INSERT INTO rows_{tag} SELECT {expr} FROM generate_series(1, {rows});")
        s.run(f"VACUUM (FREEZE, ANALYZE) rows_{tag};")
        log(f"  PG{pg.major} rows_{tag}: {rows} rows in {time.time() - t0:.1f} s")
    s.close()


def bench_per_row(pg, rows, rounds, samples):
    variants = for_major(PER_ROW, pg.major)
    s = Session(pg, "bench")
    for r in range(rounds + 1):
        for tag, _ in ROW_TABLES:
            for i, (name, where, _) in enumerate(rotated(variants, r)):
                wall, cpu = s.timed(f"SELECT count(*) FROM rows_{tag} {where}")
                samples.append(dict(major=pg.major, bench="per_row", table=tag, round=r, warmup=r == 0,
                                    position=i, variant=name, n=rows, wall_ms=wall, cpu_ms=cpu))
        log(f"  PG{pg.major} per-row round {r}{' (warm-up)' if r == 0 else ''} done")
    s.run("DROP TABLE rows_v7, rows_v4; CHECKPOINT;")
    s.close()


def bench_inserts(pg, rows, rounds, samples):
    """No warm-up round: each insert starts from an empty table after a CHECKPOINT."""
    variants = for_major(INSERTS, pg.major)
    s = Session(pg, "bench")
    for r in range(1, rounds + 1):
        for i, (name, column, _) in enumerate(rotated(variants, r - 1)):
            s.run(f"DROP TABLE IF EXISTS bench_ins; CREATE TABLE bench_ins ({column}, n int); CHECKPOINT;")
            lsn = s.run("SELECT pg_current_wal_lsn();")[0]
            wall, cpu = s.timed(f"INSERT INTO bench_ins (n) SELECT g FROM generate_series(1, {rows}) g")
            wal, index_bytes, table_bytes = map(int, s.run(
                f"SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '{lsn}')::bigint, "
                "pg_relation_size('bench_ins_pkey'), pg_table_size('bench_ins');")[0].split("|"))
            density, leaf_pages = s.run(
                "SELECT avg_leaf_density, leaf_pages FROM pgstatindex('bench_ins_pkey');")[0].split("|")
            s.run("DROP TABLE bench_ins;")
            samples.append(dict(major=pg.major, bench="insert", table=None, round=r, warmup=False, position=i,
                                variant=name, n=rows, wall_ms=wall, cpu_ms=cpu, wal_bytes=wal,
                                index_bytes=index_bytes, table_bytes=table_bytes,
                                avg_leaf_density=float(density), leaf_pages=int(leaf_pages)))
            log(f"  PG{pg.major} insert round {r}: {name} {wall / 1000:.1f} s")
    s.run("CHECKPOINT;")
    s.close()


def proc_stat(pid):
    """Fields of /proc/PID/stat after the command name (index 0 = field 3, state)."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()


def children_of(ppid):
    n = 0
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                if int(proc_stat(d)[1]) == ppid:
                    n += 1
            except (OSError, IndexError, ValueError):
                pass
    return n


def reaped_cpu_s(postmaster):
    """CPU seconds (user + system) of the postmaster's exited and reaped children: the backends
    of finished pgbench connections (cutime + cstime, in clock ticks)."""
    st = proc_stat(postmaster)
    return (int(st[13]) + int(st[14])) / os.sysconf("SC_CLK_TCK")


def bench_pgbench(pg, seconds, warmup_seconds, rounds, clients, samples, workdir):
    """TPS as pgbench reports it, plus the CPU each transaction cost: the CPU of the pgbench
    process (its rusage) and of its backends (the postmaster's reaped-children CPU once they
    have exited), divided by the transactions. Other jobs on the machine take CPUs away from
    the wall-clock TPS but do not change the CPU per transaction."""
    variants = for_major(PGBENCH, pg.major)
    os.makedirs(workdir, exist_ok=True)
    files = {}
    for name, sql, _ in variants:
        files[name] = os.path.join(workdir, f"pgbench-{name}.sql")
        with open(files[name], "w") as f:
            f.write(sql + "\n")
    s = Session(pg, "bench")
    postmaster = int(proc_stat(s.pid)[1])
    s.close()
    time.sleep(0.5)
    baseline_children = children_of(postmaster)
    exe = os.path.join(pg.bindir, "pgbench")
    for r in range(rounds + 1):
        for i, (name, _, _) in enumerate(rotated(variants, r)):
            secs = warmup_seconds if r == 0 else seconds
            server0 = reaped_cpu_s(postmaster)
            ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            p = subprocess.Popen(
                [exe, "-n", "-M", "prepared", "-c", str(clients), "-j", str(clients), "-T", str(secs),
                 "-f", files[name]] + pg.conn + ["bench"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            stdout, stderr = p.communicate()
            ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)  # pgbench has been reaped
            client_cpu = (ru1.ru_utime + ru1.ru_stime) - (ru0.ru_utime + ru0.ru_stime)
            deadline = time.time() + 5
            while children_of(postmaster) > baseline_children and time.time() < deadline:
                time.sleep(0.05)
            server_cpu = reaped_cpu_s(postmaster) - server0
            m = re.search(r"^tps = ([\d.]+)", stdout, re.M)
            n = re.search(r"^number of transactions actually processed: (\d+)", stdout, re.M)
            if p.returncode != 0 or not m or not n:
                raise RuntimeError(f"pgbench {name} failed:\n{stdout}\n{stderr}")
            samples.append(dict(major=pg.major, bench="pgbench", table=None, round=r, warmup=r == 0, position=i,
                                variant=name, n=None, seconds=secs, clients=clients, tps=float(m.group(1)),
                                transactions=int(n.group(1)), server_cpu_s=server_cpu,
                                client_cpu_s=client_cpu))
        log(f"  PG{pg.major} pgbench round {r}{' (warm-up)' if r == 0 else ''} done")


# ---------------------------------------------------------------------------------------------
def machine_info():
    def read(path):
        try:
            with open(path) as f:
                return f.read()
        except OSError:
            return ""

    cpu = re.search(r"^model name\s*:\s*(.*)$", read("/proc/cpuinfo"), re.M)
    mem = re.search(r"^MemTotal:\s*(\d+) kB", read("/proc/meminfo"), re.M)
    osr = re.search(r'^PRETTY_NAME="(.*)"', read("/etc/os-release"), re.M)

    def cmd(*args):
        try:
            return subprocess.run(args, capture_output=True, text=True).stdout.strip()
        except OSError:
            return ""

    return {
        "date_utc": cmd("date", "-u", "+%Y-%m-%d %H:%M:%S UTC"),
        "nproc": int(cmd("nproc") or 0),
        "cpu": cpu.group(1).strip() if cpu else platform.processor(),
        "mem_gb": round(int(mem.group(1)) / 1024 / 1024, 1) if mem else None,
        "os": osr.group(1) if osr else platform.platform(),
        "kernel": platform.release(),
        "clocksource": read("/sys/devices/system/clocksource/clocksource0/current_clocksource").strip(),
        "rustc": cmd("rustc", "--version"),
        "loadavg_start": read("/proc/loadavg").split()[:3],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pg", action="append", required=True, help="MAJOR=BINDIR:SOCKDIR:PORT (repeatable)")
    ap.add_argument("--out", required=True, help="JSON file to write")
    ap.add_argument("--quick", action="store_true", help="small N, 2 rounds: a smoke test")
    ap.add_argument("--rounds", type=int, help="counted rounds (default 5; --quick 2)")
    ap.add_argument("--insert-rounds", type=int, help="insert rounds (default 3; --quick 2)")
    ap.add_argument("--gen-n", type=int, help="calls per generation query (default 1000000)")
    ap.add_argument("--rows", type=int, help="rows of the per-row tables (default 5000000)")
    ap.add_argument("--insert-rows", type=int, help="rows per insert run (default 5000000)")
    ap.add_argument("--pgbench-seconds", type=int, help="seconds per pgbench run (default 8)")
    ap.add_argument("--only", default="generation,per_row,insert,pgbench", help="comma-separated benchmarks")
    ap.add_argument("--t0", type=float, help="epoch seconds the whole command started (for the duration)")
    ap.add_argument("--command", default="bench/run.sh", help="the command line, for the report")
    a = ap.parse_args()

    q = a.quick
    cfg = {
        "rounds": a.rounds or (2 if q else 5),
        "insert_rounds": a.insert_rounds or (2 if q else 3),
        "gen_n": a.gen_n or (100_000 if q else 1_000_000),
        "rows": a.rows or (200_000 if q else 5_000_000),
        "insert_rows": a.insert_rows or (100_000 if q else 5_000_000),
        "pgbench_seconds": a.pgbench_seconds or (2 if q else 8),
        "pgbench_warmup_seconds": 1 if q else 3,
        "pgbench_clients": 2,
        "quick": q,
        "only": a.only.split(","),
    }
    clusters = [Cluster(spec) for spec in a.pg]
    started = time.time()
    result = {"command": a.command, "config": cfg, "machine": machine_info(), "clusters": {}, "samples": [],
              "phase_seconds": {}}
    samples = result["samples"]
    workdir = tempfile.mkdtemp(prefix="uuid_shard-pgbench-")

    def phase(key, fn, *args):
        t0 = time.time()
        fn(*args)
        result["phase_seconds"][key] = round(time.time() - t0, 1)

    for pg in clusters:
        log(f"PostgreSQL {pg.major}: setting up database bench")
        result["clusters"][str(pg.major)] = setup_db(pg)
        if "generation" in cfg["only"]:
            log(f"PG{pg.major} generation: N = {cfg['gen_n']}, {cfg['rounds']} rounds after a warm-up")
            phase(f"{pg.major}/generation", bench_generation, pg, cfg["gen_n"], cfg["rounds"], samples)
        if "per_row" in cfg["only"]:
            log(f"PG{pg.major} per-row: building 2 tables of {cfg['rows']} rows")
            phase(f"{pg.major}/per_row_tables", build_row_tables, pg, cfg["rows"])
            phase(f"{pg.major}/per_row", bench_per_row, pg, cfg["rows"], cfg["rounds"], samples)
        if "insert" in cfg["only"]:
            log(f"PG{pg.major} inserts: {cfg['insert_rows']} rows, {cfg['insert_rounds']} rounds")
            phase(f"{pg.major}/insert", bench_inserts, pg, cfg["insert_rows"], cfg["insert_rounds"], samples)
        if "pgbench" in cfg["only"]:
            log(f"PG{pg.major} pgbench: {cfg['pgbench_clients']} clients, {cfg['pgbench_seconds']} s per run, "
                f"{cfg['rounds']} rounds after a warm-up")
            phase(f"{pg.major}/pgbench", bench_pgbench, pg, cfg["pgbench_seconds"], cfg["pgbench_warmup_seconds"],
                  cfg["rounds"], cfg["pgbench_clients"], samples, workdir)
        # Intermediate save: a failure later still leaves what was measured.
        with open(a.out, "w") as f:
            json.dump(result, f, indent=1)

    shutil.rmtree(workdir, ignore_errors=True)
    ended = time.time()
    result["machine"]["loadavg_end"] = open("/proc/loadavg").read().split()[:3]
    result["bench_seconds"] = round(ended - started, 1)
    if a.t0:
        result["setup_seconds"] = round(started - a.t0, 1)
        result["total_seconds"] = round(ended - a.t0, 1)
    with open(a.out, "w") as f:
        json.dump(result, f, indent=1)
    log(f"raw results: {a.out}")


if __name__ == "__main__":
    sys.exit(main())
