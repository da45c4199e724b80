#!/usr/bin/env bash
# The text forms of vectors.json against outside implementations, installed pinned from their
# registries into the checkout's .pg/ (redone only when a pin file changes):
#   - Python's base64.b32hexencode (RFC 4648 base32hex) and PyPI python-ulid (libraries/requirements.txt);
#   - npm ulid (libraries/package.json and package-lock.json).
#   bash tests/vectors/libraries.sh [VECTORS]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
vectors=${1:-$here/vectors.json}
lib=$here/libraries venv=$root/.pg/vectors-venv npmdir=$root/.pg/vectors-npm
if ! { [ -x "$venv/bin/python" ] && cmp -s "$lib/requirements.txt" "$venv/installed-requirements.txt"; }; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r "$lib/requirements.txt"
  cp "$lib/requirements.txt" "$venv/installed-requirements.txt"
fi
if ! { [ -d "$npmdir/node_modules/ulid" ] && cmp -s "$lib/package-lock.json" "$npmdir/installed-lock.json"; }; then
  rm -rf "$npmdir"; mkdir -p "$npmdir"
  cp "$lib/package.json" "$lib/package-lock.json" "$npmdir/"
  (cd "$npmdir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  cp "$lib/package-lock.json" "$npmdir/installed-lock.json"
fi
"$venv/bin/python" "$lib/check.py" "$vectors"
NODE_PATH="$npmdir/node_modules" node "$lib/check.js" "$vectors"
