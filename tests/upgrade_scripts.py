#!/usr/bin/env python3
"""Every SQL or PL/pgSQL function (and comment) that an upgrade script sql/uuid_shard--A--B.sql
creates or replaces must be, as the script leaves it, the definition in B's sources: the
hand-written SQL under src/ at B's release commit (sql/RELEASES), or in the working tree for
the version in development (Cargo.toml). Bodies are compared to the byte, headers (name,
arguments, result, markings, settings) with white space folded. C functions have no body to copy;
tests/sql/upgrade.sh compares the whole updated catalog with a fresh install.
  python3 tests/upgrade_scripts.py
"""
import glob
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
releases = {}
for line in open(os.path.join(root, "sql/RELEASES")):
    words = line.split("#", 1)[0].split()
    if words:
        releases[words[0]] = words[1]
current = re.search(r'(?m)^version = "(.*)"$', open(os.path.join(root, "Cargo.toml")).read()).group(1)

CREATE = re.compile(r"(?m)^CREATE (?:OR REPLACE )?FUNCTION @extschema@\.(\w+)\s*\(")
COMMENT = re.compile(r"(?ms)^COMMENT ON FUNCTION @extschema@\.(\w+\([^)]*\)) IS\s*\n?('(?:[^']|'')*');")


def definitions(text):
    """{key: (header, body)} of each function and comment, the last one winning."""
    found = {}
    for m in CREATE.finditer(text):
        as_at = re.compile(r"(?m)\bAS (\$\w*\$|'MODULE_PATHNAME')").search(text, m.end())
        if not as_at or as_at.group(1) == "'MODULE_PATHNAME'":
            continue  # a C function: no body
        tag = as_at.group(1)
        end = text.index(tag, as_at.end())
        header = " ".join(text[m.end() - 1:as_at.start()].split())
        args = header[: header.index(")") + 1] if ")" in header else header
        found["function %s%s" % (m.group(1), args)] = (header, text[as_at.end():end])
    for m in COMMENT.finditer(text):
        found["comment %s" % " ".join(m.group(1).split())] = ("", m.group(2))
    return found


def sources(version):
    """The hand-written SQL of the native extension at a version: every .sql under src/ but
    the SQL edition's stand-ins."""
    def keep(path):
        return path.endswith(".sql") and not path.startswith("src/sql/edition/")
    if version == current and version not in releases:
        paths = [os.path.relpath(p, root) for p in glob.glob(os.path.join(root, "src/**/*.sql"), recursive=True)]
        return {p: open(os.path.join(root, p)).read() for p in paths if keep(p)}
    commit = releases[version]
    git = lambda *a: subprocess.run(["git", "-C", root, *a], check=True, capture_output=True, text=True).stdout
    return {p: git("show", "%s:%s" % (commit, p)) for p in git("ls-tree", "-r", "--name-only", commit, "src").split() if keep(p)}


failed = checked = 0
for script in sorted(glob.glob(os.path.join(root, "sql/uuid_shard--*--*.sql"))):
    a, b = re.match(r"uuid_shard--(.+)--(.+)\.sql$", os.path.basename(script)).groups()
    if b not in releases and b != current:
        print("%s: %s is neither released (sql/RELEASES) nor in development (Cargo.toml %s)" % (script, b, current))
        failed += 1
        continue
    source = {}
    for text in sources(b).values():
        source.update(definitions(text))
    for key, (header, body) in definitions(open(script).read()).items():
        checked += 1
        if key not in source:
            print("%s: %s is not in the sources of %s" % (os.path.basename(script), key, b))
            failed += 1
        elif source[key] != (header, body):
            what = "header" if source[key][0] != header else "body"
            print("%s: the %s of %s differs from its source at %s" % (os.path.basename(script), what, key, b))
            failed += 1
print("upgrade scripts: %d copied definitions checked, %d differ from their release's source" % (checked, failed))
sys.exit(1 if failed else 0)
