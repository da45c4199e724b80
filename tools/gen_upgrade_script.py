#!/usr/bin/env python3
"""Writes the upgrade script of the version in development, sql/uuid_shard--A--B.sql, from its
template sql/uuid_shard--A--B.sql.in and the hand-written SQL under src/sql (rules in
sql/README.md):
  python3 tools/gen_upgrade_script.py           write the script
  python3 tools/gen_upgrade_script.py --check   exit 1, with a diff, when the script differs
The template is the script's own text (its header and each section's `-- ==== ` sentence) with
a directive line where a section takes its SQL from a source file:
  --@ file FILE               the whole file
  --@ statements FILE         the file less its leading comment
  --@ function FILE NAME      function NAME of FILE: the comment before it, its CREATE FUNCTION and
                              its COMMENT ON FUNCTION
  --@ replace FILE NAME       the same, as CREATE OR REPLACE FUNCTION (a changed body or marking)
Released scripts are frozen and not generated. A fix to a function is an edit of its source file.
"""
import difflib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def development_script():
    version = re.search(r'(?m)^version = "(.*)"$', open(os.path.join(ROOT, "Cargo.toml")).read()).group(1)
    templates = [n for n in os.listdir(os.path.join(ROOT, "sql")) if n.endswith("--%s.sql.in" % version)]
    if len(templates) != 1:
        sys.exit("gen_upgrade_script: want one sql/uuid_shard--*--%s.sql.in, found %d" % (version, len(templates)))
    template = os.path.join(ROOT, "sql", templates[0])
    return template, template[: -len(".in")]


def source(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def leading_comment_end(lines, at):
    """The index of the first line of the comment block that ends right before line at."""
    while at > 0 and lines[at - 1].startswith("--"):
        at -= 1
    return at


def function(path, name, replace):
    text = source(path)
    lines = text.split("\n")
    create = re.compile(r"^CREATE FUNCTION @extschema@\.%s\(" % re.escape(name))
    starts = [i for i, line in enumerate(lines) if create.match(line)]
    if len(starts) != 1:
        sys.exit("gen_upgrade_script: %s defines %s %d times, want once" % (path, name, len(starts)))
    start = starts[0]
    tag = None
    end = None
    for i in range(start, len(lines)):
        m = re.match(r"^AS (\$\w*\$)", lines[i])
        if tag is None and m:
            tag = m.group(1)
            if lines[i].rstrip().endswith(tag + ";") and lines[i].count(tag) == 2:
                end = i
                break
            continue
        if tag is not None and lines[i].startswith(tag + ";"):
            end = i
            break
    if end is None:
        sys.exit("gen_upgrade_script: %s: no end of %s" % (path, name))
    comment = re.compile(r"^COMMENT ON FUNCTION @extschema@\.%s\(" % re.escape(name))
    i = end + 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i < len(lines) and comment.match(lines[i]):
        while not lines[i].rstrip().endswith("';"):
            i += 1
        end = i
    body = lines[leading_comment_end(lines, start): end + 1]
    if replace:
        body[start - leading_comment_end(lines, start)] = lines[start].replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION", 1)
    return "\n".join(body) + "\n"


def statements(path):
    lines = source(path).split("\n")
    i = 0
    while i < len(lines) and lines[i].startswith("--"):
        i += 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    return "\n".join(lines[i:])


def expand(template):
    out = []
    for n, line in enumerate(source(template).splitlines(True), 1):
        if not line.startswith("--@ "):
            out.append(line)
            continue
        words = line[4:].split()
        if words[:1] == ["file"] and len(words) == 2:
            out.append(source(words[1]))
        elif words[:1] == ["statements"] and len(words) == 2:
            out.append(statements(words[1]))
        elif words[:1] in (["function"], ["replace"]) and len(words) == 3:
            out.append(function(words[1], words[2], words[0] == "replace"))
        else:
            sys.exit("gen_upgrade_script: %s line %d: unknown directive %r" % (template, n, line.rstrip()))
    return "".join(out)


def main(args):
    if args not in ([], ["--check"]):
        sys.exit("usage: tools/gen_upgrade_script.py [--check]")
    template, script = development_script()
    want = expand(template)
    have = open(script).read() if os.path.exists(script) else ""
    if args == ["--check"]:
        rel = os.path.relpath(script, ROOT)
        if have == want:
            print("%s: as tools/gen_upgrade_script.py writes it" % rel)
            return 0
        sys.stdout.writelines(difflib.unified_diff(have.splitlines(True), want.splitlines(True), rel, rel + " as generated"))
        print("%s is not what tools/gen_upgrade_script.py writes from %s: edit the sources or the template, "
              "then run it" % (rel, os.path.relpath(template, ROOT)))
        return 1
    if have != want:
        with open(script, "w") as f:
            f.write(want)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
