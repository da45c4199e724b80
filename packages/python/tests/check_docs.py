"""Runs every ```python block of the given Markdown files with this Python (the installed
package) and compares what each prints with its `# -> ...` comments, in order.

    python check_docs.py README.md ../../docs/clients.md

One `ok`/`FAIL` line per block; exits 1 if any failed.
"""

from __future__ import annotations

import re
import subprocess
import sys

failed = 0
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    blocks = re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)
    if not blocks:
        print("FAIL %s: no python block" % path)
        failed += 1
    for i, code in enumerate(blocks, 1):
        want = re.findall(r"#\s*->\s*(.*?)\s*$", code, flags=re.M)
        r = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True)
        got = r.stdout.splitlines()
        good = r.returncode == 0 and got == want and len(want) > 0
        print(("ok " if good else "FAIL ") + "%s, python block %d (%d lines) runs and prints its %d `# ->` values"
              % (path.rsplit("/", 1)[-1], i, code.count("\n"), len(want)))
        if not good:
            failed += 1
            print("  printed %r, expected %r %s" % (got, want, r.stderr.strip()[-500:]))
sys.exit(1 if failed else 0)
