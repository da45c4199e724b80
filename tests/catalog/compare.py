"""compare.py SNAPSHOT ACTUAL LABEL: every object of the snapshot (a describe.sql output) must be
in ACTUAL with the same definition; objects only in ACTUAL are new. Prints one line per object
that is missing, changed (with a diff) or new, and a summary; exits 1 when any is missing or changed."""
import difflib
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
if not snapshot:
    sys.exit("%s: the snapshot holds no object" % sys.argv[1])
bad = 0
for key, lines in snapshot.items():
    if key not in actual:
        print("%s: MISSING %s" % (label, key))
        bad += 1
    elif actual[key] != lines:
        print("%s: CHANGED %s" % (label, key))
        sys.stdout.writelines("    " + d + "\n" for d in difflib.unified_diff(lines, actual[key], "snapshot", "now", lineterm="", n=1))
        bad += 1
new = [k for k in actual if k not in snapshot]
for key in new:
    print("%s: new %s" % (label, key))
print("%s: %d of %d objects as recorded, %d missing or changed, %d new"
      % (label, len(snapshot) - bad, len(snapshot), bad, len(new)))
sys.exit(1 if bad else 0)
