#!/usr/bin/env python3
"""Prints one table of bench/layouts.sh from its results file (tab-separated: section, variant,
clients, round, metric, value; round 0 holds what is measured once), or with `doc` the section
"Layouts: tail-hash partitions" of docs/benchmarks.md, every table without its per-round lines.
  bench/layouts_report.py RESULTS.tsv lookup|insert|contention|split [--rows N]
  bench/layouts_report.py RESULTS.tsv doc --rows N --insert-rows N --command "bench/layouts.sh ..." 
A figure is the median over the rounds; a ratio is taken per round against the anchor of the
same round (and the same client count) and given as the median and the min .. max."""
import argparse
import statistics
import sys
from collections import defaultdict

LOOKUP = [  # variant, label, partitions, the LIST-bucket table a tail-hash one is compared with
    ("plain", "plain table", 1, None),
    ("list16", "LIST-bucket `uuid_bucket(id, 16)`", 16, None),
    ("tail16", "tail-hash `HASH (id uuid_tail_ops)`", 16, "list16"),
    ("tail16g", "tail-hash, `plan_cache_mode = force_generic_plan`", 16, "list16"),
    ("list64", "LIST-bucket `uuid_bucket(id, 64)`", 64, None),
    ("tail64", "tail-hash `HASH (id uuid_tail_ops)`", 64, "list64"),
    ("tail64g", "tail-hash, `plan_cache_mode = force_generic_plan`", 64, "list64"),
]
INSERT = [  # variant, label
    ("v7_plain", "v7, plain table"),
    ("v4_plain", "v4 (`gen_random_uuid()`), plain table"),
    ("v7_list16", "v7, LIST-bucket 16"),
    ("v7_tail16", "v7, tail-hash 16"),
    ("v7_timetail16", "v7, time x tail (1 x 16)"),
]
CONTENTION = [  # variant, column label
    ("v4_plain", "v4, plain"),
    ("v7_plain", "v7, plain"),
    ("v7_list16", "v7, LIST-bucket 16"),
    ("v7_tail16", "v7, tail-hash 16"),
    ("v7_tail64", "v7, tail-hash 64"),
    ("v7_timetail16", "v7, time x tail 16"),
]


def load(path, section):
    data = defaultdict(dict)  # (variant, clients) -> {round: {metric: value}}
    with open(path) as f:
        for line in f:
            sec, variant, clients, rnd, metric, value = line.rstrip("\n").split("\t")
            if sec == section:
                data[(variant, int(clients))].setdefault(int(rnd), {})[metric] = value
    return data


def fmt(x):
    a = abs(x)
    return f"{x:,.{0 if a >= 100 else 1 if a >= 10 else 2}f}"


def values(data, key, metric):
    return {r: float(m[metric]) for r, m in data.get(key, {}).items() if r > 0 and metric in m}


def median(data, key, metric):
    xs = values(data, key, metric)
    return statistics.median(xs.values()) if xs else None


def ratios(data, key, anchor, metric):
    a, b = values(data, key, metric), values(data, anchor, metric)
    return [a[r] / b[r] for r in sorted(a) if r in b and b[r]]


def fratio(xs, short=False):
    if not xs:
        return "n/a"
    m = f"{statistics.median(xs):.3f}x"
    return m if short or len(xs) == 1 else f"{m} ({min(xs):.3f} .. {max(xs):.3f})"


SHOW_ROUNDS = True


def print_rounds(line):
    if line:
        print(line)


def rounds_line(data, keys, metric, unit):
    if not SHOW_ROUNDS:
        return ""
    parts = []
    for label, key in keys:
        xs = values(data, key, metric)
        parts.append(f"{label}=[{', '.join(fmt(xs[r]) for r in sorted(xs))}]")
    return f"(rounds, {unit}: {' '.join(parts)})"


def lookup(data, rows):
    print(f"\n**1. Point lookup by id**, {rows:,} rows, `SELECT ... WHERE id = $1`, pgbench -M prepared, 2 clients\n")
    print("| Table | Partitions | Partitions read per lookup | Prepared plan | Rows per partition | TPS | x plain | tail-hash / LIST-bucket |")
    print("|---|---|---|---|---|---|---|---|")
    for v, label, parts, vs_list in LOOKUP:
        once = data.get((v, 2), {}).get(0, {})
        tps = median(data, (v, 2), "tps")
        print(f"| {label} | {parts} | {once.get('scans', '?')} | {once.get('plan', '?')} | {once.get('spread', '?')} | "
              f"{fmt(tps) if tps else 'n/a'} | {fratio(ratios(data, (v, 2), ('plain', 2), 'tps')) if v != 'plain' else '-'} | "
              f"{fratio(ratios(data, (v, 2), (vs_list, 2), 'tps')) if vs_list else '-'} |")
    print_rounds(rounds_line(data, [(v, (v, 2)) for v, *_ in LOOKUP], "tps", "TPS"))


def insert(data, rows):
    print(f"\n**2. Single-client insert**, {rows:,} rows, one `INSERT ... SELECT`, empty table after a CHECKPOINT; "
          "rows/s on the backend's CPU clock and on the wall clock; index: `pg_indexes_size` summed over the "
          "leaf partitions\n")
    print("| Keys, layout | Rows/s (on-CPU) | x v7 plain | x v4 plain | Rows/s (wall) | x v7 plain | Index, MB | x v7 plain | x v4 plain |")
    print("|---|---|---|---|---|---|---|---|---|")
    for v, label in INSERT:
        k = (v, 1)
        cpu, wall, size = (median(data, k, m) for m in ("rows_per_cpu_s", "rows_per_s", "index_bytes"))
        r = lambda metric, anchor: "-" if v == anchor else fratio(ratios(data, k, (anchor, 1), metric))
        print(f"| {label} | {fmt(cpu) if cpu else 'n/a'} | {r('rows_per_cpu_s', 'v7_plain') if cpu else 'n/a'} | "
              f"{r('rows_per_cpu_s', 'v4_plain') if cpu else 'n/a'} | {fmt(wall)} | {r('rows_per_s', 'v7_plain')} | "
              f"{size / 2**20:,.1f} | {r('index_bytes', 'v7_plain')} | {r('index_bytes', 'v4_plain')} |")
    print_rounds(rounds_line(data, [(v, (v, 1)) for v, _ in INSERT], "rows_per_cpu_s", "rows/s on-CPU"))
    print_rounds(rounds_line(data, [(v, (v, 1)) for v, _ in INSERT], "rows_per_s", "rows/s wall"))


def contention(data):
    counts = sorted({c for (_, c) in data})
    print("\n**3. Contention**, one row per transaction (`INSERT ... VALUES (key, :n)`), pgbench -M prepared "
          "-c N -j min(N, cores), into v4 and v7 keys in plain tables and v7 keys in LIST-bucket, tail-hash and time "
          "x tail (1 time partition x 16 tail partitions) tables of 16 or 64 partitions\n")
    print("TPS as a ratio to v4 at the same number of clients (v4's TPS in brackets):\n")

    def tps_cell(v, c):
        tps = median(data, (v, c), "tps")
        if tps is None:
            return "n/a"
        if v == "v4_plain":
            return f"1.000x ({fmt(tps)})"
        return fratio(ratios(data, (v, c), ("v4_plain", c), "tps"), short=True)

    per_clients_table(counts, tps_cell)
    for c in counts:
        print_rounds(rounds_line(data, [(v, (v, c)) for v, _ in CONTENTION], "tps", f"TPS at {c} client{'s' if c > 1 else ''}"))
    print("\nIndex bytes per row: what the run added to the indexes of the partition tree, over the rows it inserted:\n")

    def bytes_cell(v, c):
        b = median(data, (v, c), "index_bytes_per_row")
        return "n/a" if b is None else f"{b:.1f}"

    per_clients_table(counts, bytes_cell)
    print("\nWait events of the backends running the INSERT (`pg_stat_activity`, sampled every 0.5 s, over the rounds; "
          "CPU: no wait event): the top 3 per layout, as shares of the samples (their number in brackets):\n")

    def waits_cell(v, c):
        waits = defaultdict(float)
        for m in data.get((v, c), {}).values():
            for metric, n in m.items():
                if metric.startswith("wait "):
                    waits[metric[5:]] += float(n)
        total = sum(waits.values())
        top = sorted(waits.items(), key=lambda kv: -kv[1])[:3]
        return ", ".join(f"{e} {n / total:.0%}" for e, n in top) + f" ({total:.0f})" if total else "n/a"

    per_clients_table(counts, waits_cell)


def per_clients_table(counts, cell):
    """A table of one row per client count and one column per contention layout: cell(layout, clients)."""
    print(f"| clients | {' | '.join(label for _, label in CONTENTION)} |")
    print("|---|" + "---|" * len(CONTENTION))
    for c in counts:
        print(f"| {c} | " + " | ".join(cell(v, c) for v, _ in CONTENTION) + " |")


def split(data, rows):
    print(f"\n**4. A split**, partition (4, 1) of a tail-hash table of {rows:,} v7 keys into (8, 1) and (8, 5), "
          "no foreign keys; the anchor copies the same rows into an empty table with the same primary key\n")
    print("| | Rows | Seconds | x copy |")
    print("|---|---|---|---|")
    moved = median(data, ("sp", 1), "rows")
    print(f"| the split's statement (the time it holds the lock) | {fmt(moved)} | {median(data, ('sp', 1), 'split_s'):.2f} | "
          f"{fratio(ratios(data, ('sp', 1), ('copy', 1), 'split_s'))} |")
    print(f"| `INSERT ... SELECT` of those rows into an empty keyed table | {fmt(moved)} | {median(data, ('copy', 1), 'split_s'):.2f} | - |")
    print_rounds(rounds_line(data, [("split", ("sp", 1)), ("copy", ("copy", 1))], "split_s", "seconds"))


DOC_INTRO = """## Layouts: tail-hash partitions

Not part of the run above: the partition layouts of [layouts.md](layouts.md) against a plain table, from one run of
`bench/layouts.sh` on PostgreSQL {major} (release build), on a machine of {cores} cores shared with other jobs
(`bench/layouts.sh --write-doc` rewrites this section):

```sh
{command}
```

Each measurement runs {rounds} times, the variants interleaved; a figure is the median over the rounds, a ratio is taken
per round against the anchor of the same round (and, in table 3, the same client count): median (min .. max). TPS is
as pgbench reports it (wall clock). The lookup tables hold deterministic v7 keys (`uuid_v7_from_name`); each lookup
also returns the key of the next one, chosen at random, which pgbench sends as the next lookup's uuid parameter, so
nothing but the lookup is queried. "Prepared plan" is the plan PostgreSQL settles on for the prepared statement;
"partitions read" counts the scans one execution of it ran."""

DOC_NOTES = """What they show, by construction and in this run:

- **Lookups.** A LIST-bucket table cannot prune `WHERE id = $1` and reads every partition, so its lookups slow down
  with the number of partitions; a tail-hash table reads one. What a tail-hash lookup still costs against the plain
  table is mostly planning: PostgreSQL keeps the prepared lookup on custom plans, planned at every execution, and with
  `plan_cache_mode = force_generic_plan` the generic plan prunes to the one partition when it starts.
- **Inserts.** Routing rows to partitions costs the v7 layouts a share of the plain table's rate, and they stay well
  above v4 keys into a plain table. Their indexes stay as compact as the plain table's: every partition receives its
  keys in order and fills its index at its own right edge, where v4 keys leave pages part empty. The v4 rows also pay
  for `gen_random_uuid()`, a costlier generator than `uuidv7()`.
- **A split** holds its lock about as long as copying the partition's rows into a keyed table takes.

Right-edge contention, v7 keys from many sessions inserting at one B-tree edge, shows only on many cores: on 2
cores table 3 is no evidence either way. The figures measured on 16 cores are in the next section,
[Right-edge contention on 16 cores](#right-edge-contention-on-16-cores), and the modulus they support in
[layouts.md](layouts.md#many-writers-at-once)."""


def doc(path, a):
    global SHOW_ROUNDS
    SHOW_ROUNDS = False
    print(DOC_INTRO.format(major=a.major, cores=a.cores, command=a.command, rounds=a.rounds))
    lookup(load(path, "lookup"), a.rows)
    insert(load(path, "insert"), a.insert_rows)
    contention(load(path, "contention"))
    split(load(path, "split"), a.insert_rows)
    print()
    print(DOC_NOTES)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results")
    ap.add_argument("section", choices=["lookup", "insert", "contention", "split", "doc"])
    ap.add_argument("--rows", type=int, default=0)
    ap.add_argument("--insert-rows", type=int, default=0)
    ap.add_argument("--command", default="bench/layouts.sh")
    ap.add_argument("--major", default="18")
    ap.add_argument("--cores", default="?")
    ap.add_argument("--rounds", default="?")
    a = ap.parse_args()
    if a.section == "doc":
        return doc(a.results, a)
    data = load(a.results, a.section)
    {"lookup": lambda: lookup(data, a.rows), "insert": lambda: insert(data, a.rows),
     "contention": lambda: contention(data), "split": lambda: split(data, a.rows)}[a.section]()
    print()


if __name__ == "__main__":
    sys.exit(main())
