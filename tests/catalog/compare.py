"""compare.py SNAPSHOT ACTUAL LABEL [--unpinned OBJECT=WHY ...] [--rewritten OBJECT=WHY ...]:
every object of the snapshot (a describe.sql output) must be in ACTUAL with the same definition;
objects only in ACTUAL are new. Named objects may differ in one way only:
  --unpinned   its SET search_path is gone (the body changes with it, to name everything by
               schema); every other marking stays
  --rewritten  its body is new (its behaviour is held by other tests); the markings, comment and
               header (name, arguments, result) stay
Prints one line per object that is missing, changed (with a diff) or new, and a summary; exits 1
when any is missing or changed otherwise than named."""
import difflib
import re
import sys


def blocks(path):
    out, key = {}, None
    for line in open(path, encoding="utf-8").read().splitlines():
        if line.startswith("== "):
            key = line[3:]
            out[key] = []
        elif key is None:
            sys.exit("%s: text before the first '== ' line" % path)
        else:
            out[key].append(line)
    return out


snapshot, actual, label = blocks(sys.argv[1]), blocks(sys.argv[2]), sys.argv[3]
named, kind = {}, None
for arg in sys.argv[4:]:
    if arg in ("--unpinned", "--rewritten"):
        kind = arg[2:]
    elif kind and "=" in arg:
        named[arg.split("=", 1)[0]] = (kind, arg.split("=", 1)[1])
    else:
        sys.exit("usage: compare.py SNAPSHOT ACTUAL LABEL [--unpinned OBJECT=WHY ...] [--rewritten OBJECT=WHY ...]")
CONFIG = re.compile(r" config=.*? owner-is-superuser=")


def head(lines):
    """The markings, comment and header of a function: its lines up to the start of its body."""
    for i, line in enumerate(lines):
        if line.startswith("AS $function$"):
            return lines[:i] + ["AS $function$"]
    return lines


bad = 0
for key, lines in snapshot.items():
    if key not in actual:
        print("%s: MISSING %s" % (label, key))
        bad += 1
    elif key in named and named[key][0] == "unpinned":
        was, now = (CONFIG.sub(" owner-is-superuser=", m[0]) for m in (lines, actual[key]))
        if was != now or " config= owner" not in actual[key][0] or "search_path=" not in lines[0]:
            print("%s: CHANGED %s beyond what is named (%s): markings were / are" % (label, key, named[key][1]))
            print("    " + lines[0] + "\n    " + actual[key][0])
            bad += 1
        else:
            print("%s: unpinned as named: %s (%s)" % (label, key, named[key][1]))
    elif key in named:
        if head(lines) != head(actual[key]):
            print("%s: CHANGED %s beyond what is named (%s): before its body" % (label, key, named[key][1]))
            sys.stdout.writelines("    " + d + "\n" for d in difflib.unified_diff(head(lines), head(actual[key]), "snapshot", "now", lineterm="", n=1))
            bad += 1
        else:
            print("%s: rewritten as named: %s (%s)" % (label, key, named[key][1]))
    elif actual[key] != lines:
        print("%s: CHANGED %s" % (label, key))
        sys.stdout.writelines("    " + d + "\n" for d in difflib.unified_diff(lines, actual[key], "snapshot", "now", lineterm="", n=1))
        bad += 1
new = [k for k in actual if k not in snapshot]
for key in new:
    print("%s: new %s" % (label, key))
as_named = sum(1 for k in named if k in snapshot and k in actual) - sum(1 for k in named if k in snapshot and k in actual and actual[k] == snapshot[k])
print("%s: %d of %d objects as recorded, %d changed as named, %d missing or changed otherwise, %d new"
      % (label, len(snapshot) - bad - as_named, len(snapshot), as_named, bad, len(new)))
sys.exit(1 if bad else 0)
