#!/usr/bin/env python3
"""Turns bench/bench.py's JSON into docs/benchmarks.md (tables, targets) and a chart.
  bench/report.py RESULTS.json --md OUT.md --png OUT.png
Every figure is computed from the samples in the JSON: per round, net cost = (variant - floor
of the same round) / N; ratios are taken per round; tables give the median and the min..max
over the counted rounds (the warm-up round is left out)."""
import argparse
import json
import os
import statistics
import sys

METRICS = ("cpu", "wall")
LABEL = {
    "floor": "floor",
    "gen_random_uuid": "`gen_random_uuid()`",
    "core_uuidv7": "core `pg_catalog.uuidv7()`",
    "uuidv7": "ours `public.uuidv7()`",
    "uuid_v7_at": "ours `public.uuid_v7_at(clock_timestamp())`",
    "plpgsql_recipe": "PL/pgSQL recipe `uuid_generate_v7()`",
    "uuid_bucket": "`uuid_bucket(id, 5) = 2`",
    "text_cast": "text-cast recipe `abs(('x' \\|\\| translate(id::text, '-', ''))::bit(64)::bigint % 5) = 2`",
    "uuid_hash": "`uuid_hash(id) % 5 = 2`",
    "uuid_shard_key": "`uuid_shard_key(id, 2) = 'ab'`",
    "uuid_v7_time": "`uuid_v7_time(id) > t`",
    "uuid_extract_timestamp": "core `uuid_extract_timestamp(id) > t`",
    "bigserial": "`bigserial`",
    "select_1": "`SELECT 1`",
}
PG_LABEL = {"floor": "floor (no filter)"}


def med(xs):
    return statistics.median(xs) if xs else None


def summary(xs):
    xs = [x for x in xs if x is not None]
    return (med(xs), min(xs), max(xs)) if xs else (None, None, None)


def fmt(x, digits=None):
    if x is None:
        return "n/a"
    if digits is None:
        a = abs(x)
        digits = 0 if a >= 100 else 1 if a >= 10 else 2 if a >= 0.1 else 3
    return f"{x:,.{digits}f}"


def fsum(s, digits=None, unit=""):
    m, lo, hi = s
    if m is None:
        return "n/a"
    return f"{fmt(m, digits)}{unit} ({fmt(lo, digits)} .. {fmt(hi, digits)})"


def fratio(s):
    m, lo, hi = s
    if m is None:
        return "n/a"
    r = lambda x: f"{x:.3f}" if 0.1 <= abs(x) < 10 else f"{x:.3g}"
    return f"{r(m)}x ({r(lo)} .. {r(hi)})"


class Results:
    def __init__(self, data):
        self.d = data
        self.samples = [s for s in data["samples"] if not s["warmup"]]
        self.majors = sorted({s["major"] for s in self.samples}, reverse=True)

    def rounds(self, major, bench, table=None):
        return sorted({s["round"] for s in self.samples
                       if s["major"] == major and s["bench"] == bench and s["table"] == table})

    def get(self, major, bench, variant, rnd, table=None):
        for s in self.samples:
            if (s["major"], s["bench"], s["variant"], s["round"], s["table"]) == (major, bench, variant, rnd, table):
                return s
        return None

    def variants(self, major, bench, table=None):
        seen = []
        for s in self.d["samples"]:
            if s["major"] == major and s["bench"] == bench and s["table"] == table and s["variant"] not in seen:
                seen.append(s["variant"])
        return seen

    # net ns per call/row in each round, for a timed benchmark
    def net(self, major, bench, variant, metric="cpu", table=None):
        out = []
        for r in self.rounds(major, bench, table):
            s, f = self.get(major, bench, variant, r, table), self.get(major, bench, "floor", r, table)
            if s and f:
                out.append((s[f"{metric}_ms"] - f[f"{metric}_ms"]) * 1e6 / s["n"])
        return out

    def net_ratio(self, major, bench, a, b, metric="cpu", table=None):
        na, nb = self.net(major, bench, a, metric, table), self.net(major, bench, b, metric, table)
        if not na or not nb or len(na) != len(nb):
            return []
        return [x / y if y else None for x, y in zip(na, nb)]

    def field(self, major, bench, variant, key, table=None):
        return [s[key] for r in self.rounds(major, bench, table)
                for s in [self.get(major, bench, variant, r, table)] if s]

    def tx_cpu_us(self, major, variant):
        """pgbench: CPU (pgbench + its backends) per transaction, microseconds, per round."""
        return [(s["server_cpu_s"] + s["client_cpu_s"]) * 1e6 / s["transactions"]
                for r in self.rounds(major, "pgbench")
                for s in [self.get(major, "pgbench", variant, r)] if s and s.get("transactions")]

    def tx_cpu_ratio(self, major, a, b):
        """TPS of a relative to b at equal CPU: cpu_per_tx(b) / cpu_per_tx(a), per round."""
        ca, cb = self.tx_cpu_us(major, a), self.tx_cpu_us(major, b)
        return [y / x for x, y in zip(ca, cb)] if len(ca) == len(cb) else []

    def field_ratio(self, major, bench, a, b, key, table=None):
        out = []
        for r in self.rounds(major, bench, table):
            sa, sb = self.get(major, bench, a, r, table), self.get(major, bench, b, r, table)
            if sa and sb and sb[key]:
                out.append(sa[key] / sb[key])
        return out


# ---------------------------------------------------------------------------------------------
def targets(R):
    """(target text, PG, cpu ratios, wall ratios or None, predicate on the median, bound text)"""
    rows = []
    le = lambda bound: (lambda x: x is not None and x <= bound)
    within = lambda pct: (lambda x: x is not None and abs(x - 1) <= pct / 100)
    ge = lambda bound: (lambda x: x is not None and x >= bound)
    for m in R.majors:
        if m >= 18 and R.net(m, "generation", "core_uuidv7"):
            rows.append(("`uuidv7()` net cost per call vs core `uuidv7()`", m,
                         R.net_ratio(m, "generation", "uuidv7", "core_uuidv7"),
                         R.net_ratio(m, "generation", "uuidv7", "core_uuidv7", "wall"), le(0.1), "<= 0.1x"))
        if R.net(m, "generation", "uuidv7"):
            rows.append(("`uuidv7()` net cost per call vs `gen_random_uuid()`", m,
                         R.net_ratio(m, "generation", "uuidv7", "gen_random_uuid"),
                         R.net_ratio(m, "generation", "uuidv7", "gen_random_uuid", "wall"), le(0.1), "<= 0.1x"))
    for m in R.majors:
        for t in ("v7", "v4"):
            if not R.net(m, "per_row", "uuid_bucket", table=t):
                continue
            rows.append((f"`uuid_bucket` net cost per row vs `uuid_hash(id) % n` ({t} keys)", m,
                         R.net_ratio(m, "per_row", "uuid_bucket", "uuid_hash", table=t),
                         R.net_ratio(m, "per_row", "uuid_bucket", "uuid_hash", "wall", table=t), le(1.5), "<= 1.5x"))
            rows.append((f"`uuid_bucket` net cost per row vs the text-cast recipe ({t} keys)", m,
                         R.net_ratio(m, "per_row", "uuid_bucket", "text_cast", table=t),
                         R.net_ratio(m, "per_row", "uuid_bucket", "text_cast", "wall", table=t), le(0.05), "<= 0.05x"))
    for m in R.majors:
        # v7 keys only: on v4 keys both functions return NULL for every row, the filter rejects
        # them all and both nets fall below the floor (section 2), so their ratio means nothing.
        for t in ("v7",):
            if R.net(m, "per_row", "uuid_extract_timestamp", table=t):
                rows.append((f"`uuid_v7_time` net cost per row vs `uuid_extract_timestamp` ({t} keys)", m,
                             R.net_ratio(m, "per_row", "uuid_v7_time", "uuid_extract_timestamp", table=t),
                             R.net_ratio(m, "per_row", "uuid_v7_time", "uuid_extract_timestamp", "wall", table=t),
                             le(1.0), "<= 1.0x"))
    for m in R.majors:
        if R.field(m, "pgbench", "uuidv7", "tps"):
            rows.append(("pgbench `SELECT uuidv7()` TPS vs `SELECT 1` (on-CPU: TPS at equal CPU per "
                         "transaction; wall: TPS as reported)", m,
                         R.tx_cpu_ratio(m, "uuidv7", "select_1"),
                         R.field_ratio(m, "pgbench", "uuidv7", "select_1", "tps"), ge(0.95), ">= 0.95x"))
    for m in R.majors:
        if R.field(m, "insert", "core_uuidv7", "index_bytes"):
            rows.append((f"insert {R.d['config']['insert_rows']:,} rows: primary key index size, ours vs core v7", m,
                         R.field_ratio(m, "insert", "uuidv7", "core_uuidv7", "index_bytes"), None, within(2), "within 2%"))
            rows.append((f"insert {R.d['config']['insert_rows']:,} rows: avg_leaf_density, ours vs core v7", m,
                         R.field_ratio(m, "insert", "uuidv7", "core_uuidv7", "avg_leaf_density"), None, within(2),
                         "within 2%"))
    return rows


def md_report(R, png_name):
    d = R.d
    mc, cfg = d["machine"], d["config"]
    L = []
    w = L.append
    w("# Benchmarks")
    w("")
    w(f"Written by `{d['command']}` (bench/report.py from `{os.path.basename(png_name).replace('.png', '.json')}`) "
      f"on {mc['date_utc']}. Every figure below is measured in that one run; re-run the command to refresh them.")
    w("")
    w("## Targets")
    w("")
    w("Ratios are per round (each round runs every variant once, interleaved), given as the median and the "
      "min .. max over the rounds; a verdict reads the median. Two clocks (see Method): on-CPU, the backend's "
      "CPU time for the statement (the primary one on this shared machine), and wall, EXPLAIN ANALYZE's "
      "Execution Time of the same statements (for pgbench: TPS at equal CPU per transaction, and TPS as "
      "reported). Index sizes and leaf densities have no clock: one figure.")
    w("")
    w("| Target | PG | Bound | Ratio (on-CPU) | Met (on-CPU) | Ratio (wall) | Met (wall) |")
    w("|---|---|---|---|---|---|---|")
    verdict = lambda pred, s: "met" if pred(s[0]) else "**missed**"
    for text, m, cpu, wall, pred, bound in targets(R):
        s = summary(cpu)
        ws = summary(wall) if wall is not None else None
        if text.startswith("insert"):  # a size, not a time: one figure
            w(f"| {text} | {m} | {bound} | {fratio(s)} (size, no clock) | {verdict(pred, s)} | - | - |")
            continue
        w(f"| {text} | {m} | {bound} | {fratio(s)} | {verdict(pred, s)} | "
          f"{fratio(ws) if ws else '-'} | {verdict(pred, ws) if ws else '-'} |")
    w("")

    # ---- machine and method
    w("## Machine and method")
    w("")
    w(f"- Machine: {mc['nproc']} CPUs ({mc['cpu']}), {mc['mem_gb']} GB RAM, {mc['os']}, kernel {mc['kernel']}, "
      f"clocksource `{mc['clocksource']}`. Shared with other jobs: load average {', '.join(mc['loadavg_start'])} "
      f"at the start, {', '.join(mc.get('loadavg_end', ['?']))} at the end (1, 5, 15 min).")
    w("- Architecture: x86_64. The arm64 packages are tested on arm64 servers under qemu emulation "
      "([reliability.md](reliability.md#arm64-under-emulation)), which shows they compute the same results, "
      "not how fast: emulated, a figure would time the emulator, many times slower and unevenly so, and "
      "say nothing of a real arm64 CPU. No figure here is for arm64.")
    for m in R.majors:
        c = d["clusters"][str(m)]
        w(f"- PostgreSQL {m}: `{c['version']}`; uuid_shard {c['extension_version']}.")
    w(f"- Extension: release build (`cargo pgrx package`, opt-level 3, fat LTO, codegen-units 1), {mc['rustc']}.")
    any_c = d["clusters"][str(R.majors[0])]["settings"]
    w("- Scratch clusters (one per major, unix socket only), settings: "
      + ", ".join(f"`{k} = {v}`" for k, v in sorted(any_c.items())) + ".")
    w("- Timing: each statement runs as `EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) ...` in one psql session "
      "per benchmark. The primary clock is the backend process's on-CPU time for the statement "
      "(`/proc/PID/schedstat`, read before and after): on this shared 2-CPU machine the wall clock also "
      "counts time the backend waits for a CPU held by other jobs. The wall clock (\"Execution Time\") "
      "is kept too, in the JSON and in the targets table.")
    w("- Net cost per call or row = (t(variant) - t(floor)) / N with the floor measured in the same round: "
      "`SELECT count(*) FROM generate_series(1, N)` for generation, `SELECT count(*) FROM table` (no "
      "filter) for per-row functions.")
    w(f"- Rounds: a warm-up round (not counted), then {cfg['rounds']} counted rounds; the order of the "
      "variants rotates by one each round. Inserts: "
      f"{cfg['insert_rounds']} rounds of {cfg['insert_rows']:,} rows (no warm-up: every run starts from an "
      "empty table after a `CHECKPOINT`).")
    w("- Hot paths: PostgreSQL calls `uuidv7()`, `uuid_bucket` and `uuid_v7_time` through direct version-1 "
      "entry points (`src/fmgr.rs`) instead of the wrappers pgrx generates; the other functions go through "
      "pgrx's wrappers.")
    w(f"- JIT is off and parallel query is off (`max_parallel_workers_per_gather = 0`), so a per-row figure "
      f"is the cost on one CPU; autovacuum is off (the per-row tables are `VACUUM (FREEZE, ANALYZE)`d once).")
    ph = d.get("phase_seconds", {})
    total = d.get("total_seconds")
    w(f"- Duration: {fmt(total / 60 if total else None, 1)} min in all "
      f"(build, staging and cluster start {fmt(d.get('setup_seconds'), 0)} s; "
      + ", ".join(f"{k} {v:.0f} s" for k, v in ph.items()) + ").")
    if cfg.get("quick"):
        w("- **Quick mode** (`--quick`): small N and 2 rounds, a smoke test; the figures are not meaningful.")
    w("")
    w(f"![benchmarks chart]({os.path.basename(png_name)})")
    w("")

    # ---- 1. generation
    w("## 1. Generation")
    w("")
    w(f"`SELECT count(f()) FROM generate_series(1, N)`, N = {cfg['gen_n']:,}. Net ns per call above the floor "
      "`count(*)`; ratios of net costs, per round.")
    for m in R.majors:
        vs = R.variants(m, "generation")
        if not vs:
            continue
        ref = "core_uuidv7" if "core_uuidv7" in vs else None
        w("")
        w(f"**PostgreSQL {m}**")
        w("")
        head = "| Variant | Time, ms (on-CPU) | Net ns per call | "
        head += ("x core `uuidv7()` | " if ref else "") + "x `gen_random_uuid()` |"
        w(head)
        w("|---" * (head.count("|") - 1) + "|")
        for v in vs:
            t = summary(R.field(m, "generation", v, "cpu_ms"))
            if v == "floor":
                w(f"| {LABEL[v]} | {fsum(t)} | - | " + ("- | " if ref else "") + "- |")
                continue
            row = f"| {LABEL[v]} | {fsum(t)} | {fsum(summary(R.net(m, 'generation', v)))} | "
            if ref:
                row += f"{fratio(summary(R.net_ratio(m, 'generation', v, ref)))} | "
            row += f"{fratio(summary(R.net_ratio(m, 'generation', v, 'gen_random_uuid')))} |"
            w(row)
    w("")

    # ---- 2. per row
    w("## 2. Per-row functions")
    w("")
    w(f"`SELECT count(*) FROM rows_v7 WHERE ...` over {cfg['rows']:,} rows of v7 keys (ours) and the same over "
      f"`rows_v4` (`gen_random_uuid()` keys); `t` = `2020-01-01 00:00:00+00`. Net ns per row above the "
      "unfiltered scan. A row the filter rejects also skips the `count(*)` above the scan, so a net cost is "
      "the filter's own cost minus that saving for the rows it rejects: `uuid_v7_time` and "
      "`uuid_extract_timestamp` keep every v7 row (as the floor does) and reject every v4 row (NULL), which "
      "puts both below the floor on v4 keys; `uuid_bucket` and the text-cast recipe keep 1 row in 5, "
      "`uuid_hash(id) % 5 = 2` about 1 in 10 (a negative hash gives a negative remainder).")
    for m in R.majors:
        for t in ("v7", "v4"):
            vs = R.variants(m, "per_row", t)
            if not vs:
                continue
            w("")
            w(f"**PostgreSQL {m}, {t} keys**")
            w("")
            w("| Filter | Time, ms (on-CPU) | Net ns per row | Ratio |")
            w("|---|---|---|---|")
            for v in vs:
                tt = summary(R.field(m, "per_row", v, "cpu_ms", t))
                if v == "floor":
                    w(f"| {PG_LABEL['floor']} | {fsum(tt)} | - | - |")
                    continue
                ratios = []
                if v == "uuid_bucket":
                    ratios.append("x uuid_hash " + fratio(summary(R.net_ratio(m, "per_row", v, "uuid_hash", table=t))))
                    ratios.append("x text-cast " + fratio(summary(R.net_ratio(m, "per_row", v, "text_cast", table=t))))
                if v == "uuid_v7_time" and "uuid_extract_timestamp" in vs:
                    ratios.append("x uuid_extract_timestamp " + fratio(summary(
                        R.net_ratio(m, "per_row", v, "uuid_extract_timestamp", table=t))))
                w(f"| {LABEL[v]} | {fsum(tt)} | {fsum(summary(R.net(m, 'per_row', v, table=t)))} | "
                  f"{'<br>'.join(ratios) or '-'} |")
    w("")

    # ---- 3. inserts
    w("## 3. Inserts")
    w("")
    w(f"`INSERT INTO bench_ins (n) SELECT g FROM generate_series(1, {cfg['insert_rows']:,}) g` into an empty "
      "table `(id <key> PRIMARY KEY DEFAULT ..., n int)`, after a `CHECKPOINT`. Index size is "
      "`pg_relation_size` of the primary key, leaf density `pgstatindex(...).avg_leaf_density`, WAL the "
      "`pg_current_wal_lsn()` difference over the statement (no checkpoint falls inside it, so no full-page "
      "images of a mid-load checkpoint are counted). Median (min .. max) over the rounds.")
    for m in R.majors:
        vs = R.variants(m, "insert")
        if not vs:
            continue
        ref = "core_uuidv7" if "core_uuidv7" in vs else "uuidv7"
        w("")
        w(f"**PostgreSQL {m}** (ratios against {LABEL[ref]}, per round)")
        w("")
        w("| Key | Time, s (wall) | Time, s (on-CPU) | Index, MB | Leaf density, % | WAL, MB | Table, MB |")
        w("|---|---|---|---|---|---|---|")
        for v in vs:
            def col(key, scale, digits):
                vals = [x / scale for x in R.field(m, "insert", v, key)]
                cell = fsum(summary(vals), digits)
                if v != ref and key in ("wall_ms", "index_bytes", "avg_leaf_density", "wal_bytes"):
                    r = summary(R.field_ratio(m, "insert", v, ref, key))
                    cell += f"<br>{r[0]:.3f}x"
                return cell
            w(f"| {LABEL.get(v, v)} | {col('wall_ms', 1000, 1)} | {col('cpu_ms', 1000, 1)} | "
              f"{col('index_bytes', 2**20, 1)} | {col('avg_leaf_density', 1, 2)} | {col('wal_bytes', 2**20, 0)} | "
              f"{col('table_bytes', 2**20, 0)} |")
    w("")

    # ---- 4. pgbench
    w("## 4. Concurrency (pgbench)")
    w("")
    w(f"`pgbench -n -M prepared -c {cfg['pgbench_clients']} -j {cfg['pgbench_clients']} -T {cfg['pgbench_seconds']}"
      f" -f script`, one statement per script; a {cfg['pgbench_warmup_seconds']} s warm-up round, then "
      f"{cfg['rounds']} rounds, interleaved. TPS as pgbench reports it (wall clock: pgbench and the two "
      "backends share the 2 CPUs with each other and with the other jobs on the machine), and the CPU "
      "each transaction cost: pgbench's own CPU (rusage) plus its backends' (the postmaster's "
      "reaped-children CPU time once they have exited) over the transactions; `TPS at equal CPU` is "
      "the ratio of those per-transaction costs.")
    for m in R.majors:
        vs = R.variants(m, "pgbench")
        if not vs:
            continue
        w("")
        w(f"**PostgreSQL {m}**")
        w("")
        w("| Statement | TPS (wall) | x `SELECT 1` TPS | CPU per transaction, us | TPS at equal CPU, x `SELECT 1` |")
        w("|---|---|---|---|---|")
        for v in vs:
            sql = {"select_1": "`SELECT 1`", "uuidv7": "`SELECT public.uuidv7()`",
                   "core_uuidv7": "`SELECT pg_catalog.uuidv7()`", "gen_random_uuid": "`SELECT gen_random_uuid()`"}[v]
            rr = "-" if v == "select_1" else fratio(summary(R.field_ratio(m, "pgbench", v, "select_1", "tps")))
            rc = "-" if v == "select_1" else fratio(summary(R.tx_cpu_ratio(m, v, "select_1")))
            w(f"| {sql} | {fsum(summary(R.field(m, 'pgbench', v, 'tps')), 0)} | {rr} | "
              f"{fsum(summary(R.tx_cpu_us(m, v)), 2)} | {rc} |")
    w("")
    w("## Raw data")
    w("")
    w(f"`{os.path.basename(png_name).replace('.png', '.json')}` holds every sample (both clocks, round, "
      "position in the round), the configuration and the machine description; `bench/report.py` rebuilds "
      "this page and the chart from it.")
    w("")
    return "\n".join(L)


# ---------------------------------------------------------------------------------------------
def chart(R, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(3, 2, figsize=(15, 15))
    colors = {18: "#1f77b4", 15: "#ff7f0e"}
    cfg = R.d["config"]

    def label(y):
        return f"{y:,.0f}" if abs(y) >= 100 else f"{y:.3g}"

    def bars(ax, groups, title, ylabel, log=False, digits=None):
        # groups: list of (label, {major: (med, lo, hi)})
        majors = R.majors
        width = 0.8 / max(1, len(majors))
        top = 0
        for j, m in enumerate(majors):
            xs, ys, lo, hi = [], [], [], []
            for i, (_, vals) in enumerate(groups):
                if m in vals and vals[m][0] is not None:
                    md, a, b = vals[m]
                    xs.append(i + (j - (len(majors) - 1) / 2) * width)
                    ys.append(md)
                    lo.append(max(0, md - a))
                    hi.append(max(0, b - md))
                    top = max(top, b)
            ax.bar(xs, ys, width, yerr=[lo, hi], capsize=3, label=f"PostgreSQL {m}", color=colors.get(m))
            for x, y in zip(xs, ys):
                ax.annotate(label(y) if digits is None else f"{y:.{digits}f}", (x, y), ha="center", va="bottom",
                            fontsize=7, xytext=(0, 2), textcoords="offset points")
        ax.set_xticks(range(len(groups)))
        ax.set_xticklabels([g[0] for g in groups], fontsize=8, rotation=15, ha="right")
        ax.set_title(title, fontsize=10)
        ax.set_ylabel(ylabel, fontsize=9)
        if log:
            ax.set_yscale("log")
        else:
            ax.set_ylim(0, top * 1.15 if top else 1)
        ax.legend(fontsize=8)
        ax.grid(axis="y", alpha=0.3)
        return top

    gen_names = [("gen_random_uuid", "gen_random_uuid()"), ("core_uuidv7", "core uuidv7()"),
                 ("uuidv7", "ours uuidv7()"), ("uuid_v7_at", "ours uuid_v7_at(clock_timestamp())"),
                 ("plpgsql_recipe", "PL/pgSQL recipe")]
    groups = [(lab, {m: summary(R.net(m, "generation", v)) for m in R.majors if R.net(m, "generation", v)})
              for v, lab in gen_names]
    bars(axes[0][0], groups, "1. Generation: net ns per call (on-CPU, log scale)", "ns per call", log=True)

    row_names = [("uuid_bucket", "uuid_bucket(id,5)=2"), ("uuid_hash", "uuid_hash(id)%5=2"),
                 ("text_cast", "text-cast recipe"), ("uuid_shard_key", "uuid_shard_key(id,2)='ab'"),
                 ("uuid_v7_time", "uuid_v7_time(id)>t"), ("uuid_extract_timestamp", "uuid_extract_timestamp(id)>t")]
    groups = [(lab, {m: summary(R.net(m, "per_row", v, table="v7")) for m in R.majors
                     if R.net(m, "per_row", v, table="v7")}) for v, lab in row_names]
    bars(axes[0][1], groups, "2. Per-row functions over v7 keys: net ns per row (on-CPU, log scale)",
         "ns per row", log=True)

    ins_names = [("gen_random_uuid", "gen_random_uuid()"), ("uuidv7", "ours uuidv7()"),
                 ("core_uuidv7", "core uuidv7()"), ("bigserial", "bigserial")]
    rows = f"{cfg['insert_rows']:,} rows"

    def ins(key, scale):
        return [(lab, {m: summary([x / scale for x in R.field(m, "insert", v, key)])
                       for m in R.majors if R.field(m, "insert", v, key)}) for v, lab in ins_names]

    bars(axes[1][0], ins("index_bytes", 2**20), f"3a. Inserts, {rows}: primary key index size", "MB")
    bars(axes[1][1], ins("wall_ms", 1000), f"3b. Inserts, {rows}: time (wall)", "s")
    bars(axes[2][0], ins("avg_leaf_density", 1), f"3c. Inserts, {rows}: primary key avg_leaf_density", "%",
         digits=1)

    pb_names = [("uuidv7", "SELECT uuidv7() ours"), ("core_uuidv7", "SELECT uuidv7() core"),
                ("gen_random_uuid", "SELECT gen_random_uuid()")]
    groups = [(lab + "\nTPS (wall)", {m: summary(R.field_ratio(m, "pgbench", v, "select_1", "tps")) for m in R.majors
                                      if R.field_ratio(m, "pgbench", v, "select_1", "tps")}) for v, lab in pb_names]
    groups += [(lab + "\nat equal CPU", {m: summary(R.tx_cpu_ratio(m, v, "select_1")) for m in R.majors
                                         if R.tx_cpu_ratio(m, v, "select_1")}) for v, lab in pb_names]
    top = bars(axes[2][1], groups, "4. pgbench, 2 clients: TPS relative to SELECT 1 (wall, and at equal CPU)",
               "x SELECT 1", digits=2)
    axes[2][1].axhline(0.95, color="grey", linestyle="--", linewidth=1)
    axes[2][1].set_ylim(0, max(1.15, top * 1.1))

    mc = R.d["machine"]
    fig.suptitle(f"uuid_shard benchmarks, {mc['date_utc']}, {mc['nproc']} CPUs; bars: median, whiskers: min..max "
                 f"over rounds", fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.98))
    fig.savefig(path, dpi=100)


LAYOUTS_HEADING = "## Layouts: tail-hash partitions\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("json")
    ap.add_argument("--md", required=True)
    ap.add_argument("--png", required=True)
    a = ap.parse_args()
    with open(a.json) as f:
        R = Results(json.load(f))
    # From LAYOUTS_HEADING to the end: bench/layouts.sh's section and the hand-written ones after
    # it, kept as they are.
    layouts = ""
    if os.path.exists(a.md):
        page = open(a.md).read()
        if LAYOUTS_HEADING in page:
            layouts = "\n" + page[page.index(LAYOUTS_HEADING):]
    with open(a.md, "w") as f:
        f.write(md_report(R, a.png) + layouts)
    chart(R, a.png)
    # The verdicts, for the terminal.
    for text, m, cpu, wall, pred, bound in targets(R):
        s = summary(cpu)
        clock = "measured" if text.startswith("insert") else "on-CPU"
        line = f"  PG{m} {text.replace('`', '')}: {bound}: {clock} {fratio(s)} {'met' if pred(s[0]) else 'MISSED'}"
        if wall is not None:
            ws = summary(wall)
            line += f"; wall {fratio(ws)} {'met' if pred(ws[0]) else 'MISSED'}"
        print(line)


if __name__ == "__main__":
    sys.exit(main())
