#!/usr/bin/env python3
"""Writes the table of docs/reliability.md that says where the test command runs each heavy suite
and why, from tests/matrix (the one place that is declared):
  python3 tools/gen_test_matrix.py           write the table into docs/reliability.md
  python3 tools/gen_test_matrix.py --check   exit 1, with a diff, when the page's table differs
The table stands between the two marker lines below; the rest of the page is written by hand.
"""
import difflib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MATRIX = os.path.join(ROOT, "tests", "matrix")
PAGE = os.path.join(ROOT, "docs", "reliability.md")
BEGIN = "<!-- the table below is written by tools/gen_test_matrix.py from tests/matrix -->"
END = "<!-- end of the table written by tools/gen_test_matrix.py -->"


def tested_majors():
    with open(os.path.join(ROOT, "scripts", "lib.sh")) as f:
        m = re.search(r'^TESTED_MAJORS="([0-9 ]+)"$', f.read(), re.M)
    if not m:
        sys.exit("gen_test_matrix: no TESTED_MAJORS=\"...\" line in scripts/lib.sh")
    return m.group(1).split()


def majors_text(spec, majors):
    out = []
    for word in spec.split():
        if word == "all":
            return "every major (%s to %s)" % (majors[0], majors[-1])
        if word == "-":
            return "one size"
        out.append({"oldest": majors[0], "newest": majors[-1]}.get(word, word))
        if out[-1] not in majors:
            sys.exit("gen_test_matrix: %s is not a tested major (tests/matrix)" % word)
    return ", ".join(out)


def table():
    majors = tested_majors()
    lines = [BEGIN, "", "| suite | runs on | full size on | why |", "|---|---|---|---|"]
    with open(MATRIX) as f:
        for n, row in enumerate(f, 1):
            if row.startswith("#") or not row.strip():
                continue
            cells = [c.strip() for c in row.split("|")]
            if len(cells) != 4 or not all(cells):
                sys.exit("gen_test_matrix: tests/matrix line %d: want 4 cells, SUITE | RUNS ON | FULL SIZE ON | WHY" % n)
            suite, runs, full, why = cells
            name = suite if suite in ("pg_test", "arm64") else "`tests/%s.sh`" % suite
            lines.append("| %s | %s | %s | %s |" % (name, majors_text(runs, majors), majors_text(full, majors), why))
    lines += ["", END]
    return "\n".join(lines) + "\n"


def main(args):
    if args not in ([], ["--check"]):
        sys.exit("usage: tools/gen_test_matrix.py [--check]")
    with open(PAGE) as f:
        page = f.read()
    m = re.search(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n", page, re.S)
    if not m:
        sys.exit("gen_test_matrix: docs/reliability.md has no table markers (%s ... %s)" % (BEGIN, END))
    new = page[: m.start()] + table() + page[m.end():]
    if args == ["--check"]:
        if new != page:
            sys.stdout.writelines(difflib.unified_diff(page.splitlines(True), new.splitlines(True),
                                                       "docs/reliability.md", "tools/gen_test_matrix.py"))
            print("docs/reliability.md: the table is not what tools/gen_test_matrix.py writes from tests/matrix: run it")
            return 1
        return 0
    with open(PAGE, "w") as f:
        f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
