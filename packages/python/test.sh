#!/usr/bin/env bash
# The Python package uuid-shard as a user installs it. From the repository root:
#
#   bash packages/python/test.sh
#
# Builds the wheel the ecosystem's way (pip wheel --no-deps: the pinned flit_core comes from
# PyPI) in a scratch folder outside the source, installs it into a fresh venv with
# `pip install --no-index` (nothing else to fetch: no dependencies), then, from the installed
# package only (python -I, run outside the source): every vector of tests/vectors/vectors.json,
# the API, types (mypy --strict on a user's file, mypy from PyPI into a venv of its own) and
# uuid7() checks (tests/check_api.py), the examples of README.md and docs/clients.md (tests/check_docs.py),
# the live server checks (tests/check_live.py) and a benchmark (printed, never asserted).
#
# Environment:
#   PYTHON             the Python that builds and runs it (default python3; 3.11 or newer)
#   UUID_SHARD_PYTHONS more interpreters to run the vectors with, the wheel installed for them
#                      with pip --target (default .pg/python314/usr/bin/python3.14 when present)
#   PGHOST, PGPORT, PGUSER (a superuser), UUID_SHARD_MAJOR
#                      the live server, with the native extension; the checks make (and drop
#                      first) the database pkg_python. psql: $PSQL, else PostgreSQL's of that
#                      major (scripts/lib.sh pg_bin), else psql on PATH
#   UUID_SHARD_SKIP_MYPY=1  skip the mypy check (it needs PyPI)
#
# One `ok`/`FAIL` line per check, then "N passed, N failed"; exits 0 only if all passed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
root=$PWD
pkg=packages/python
PYTHON=${PYTHON:-python3}
MYPY_PIN="mypy==1.18.2"
. "$root/packages/checks.sh"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/uuid-shard-python.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
case "$scratch" in "$root"/*) echo "the scratch folder must be outside the source" >&2; exit 1 ;; esac

# --- the package's files -------------------------------------------------------------------
cargo_version=$(sed -n '/^\[package\]/,/^\[/s/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
py_version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$pkg/pyproject.toml")
module_version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$pkg/src/uuid_shard/__init__.py")
if [ -n "$cargo_version" ] && [ "$py_version" = "$cargo_version" ] && [ "$module_version" = "$cargo_version" ]; then
  ok "version $py_version: pyproject.toml and uuid_shard.__version__ are the extension's (Cargo.toml)"
else
  fail "version: Cargo.toml '$cargo_version', pyproject.toml '$py_version', __version__ '$module_version'"
fi
if cmp -s LICENSE "$pkg/LICENSE"; then ok "$pkg/LICENSE is the project's LICENSE"; else fail "$pkg/LICENSE differs from LICENSE"; fi
if grep -q '^requires = \["flit_core==[0-9.]*"\]$' "$pkg/pyproject.toml" && grep -q '^dependencies = \[\]$' "$pkg/pyproject.toml"; then
  ok "pyproject.toml: the build backend pinned ($(sed -n 's/^requires = \["\(.*\)"\]$/\1/p' "$pkg/pyproject.toml")), no dependencies"
else
  fail "pyproject.toml: the backend must be pinned (flit_core==X) and dependencies = []"
fi

# --- build the wheel, outside the source ----------------------------------------------------
source_files() { find "$pkg" -path "$pkg/.git" -prune -o -print | LC_ALL=C sort; }
source_files >"$scratch/source-before"
wheel=""
if "$PYTHON" -m venv "$scratch/build-venv" >"$scratch/build.log" 2>&1 \
  && "$scratch/build-venv/bin/python" -m pip wheel --quiet --no-deps --no-cache-dir -w "$scratch/dist" "$root/$pkg" >>"$scratch/build.log" 2>&1; then
  wheel=$(ls "$scratch"/dist/*.whl 2>/dev/null)
fi
if [ -n "$wheel" ] && [ "$(basename "$wheel")" = "uuid_shard-$py_version-py3-none-any.whl" ]; then
  ok "pip wheel --no-deps: $(basename "$wheel") ($(wc -c <"$wheel") bytes)"
else
  fail "pip wheel: no uuid_shard-$py_version-py3-none-any.whl (found: ${wheel:-none})"
  cat "$scratch/build.log"
  finish
fi

# What the wheel holds: the modules of src/uuid_shard (py.typed too) and the metadata, nothing else
checker "the wheel's contents" "$scratch/build-venv/bin/python" -I - "$wheel" "$root/$pkg/src/uuid_shard" "$py_version" <<'PY'
import os, sys, zipfile, email.parser
wheel, src, version = sys.argv[1:]
z = zipfile.ZipFile(wheel)
names = sorted(z.namelist())
dist = "uuid_shard-%s.dist-info/" % version
modules = sorted("uuid_shard/" + f for f in os.listdir(src) if f.endswith(".py") or f == "py.typed")
want = sorted(modules + [dist + f for f in ("METADATA", "WHEEL", "RECORD", "licenses/LICENSE")])
print(("ok " if names == want else "FAIL ") + "the wheel holds exactly %s" % ", ".join(names)
      + ("" if names == want else "; expected %s" % ", ".join(want)))
meta = email.parser.Parser().parsestr(z.read(dist + "METADATA").decode())
facts = {"Name": "uuid-shard", "Version": version, "Requires-Python": ">=3.11", "License-Expression": "MIT"}
got = {k: meta.get(k) for k in facts}
good = got == facts and meta.get_all("Requires-Dist") is None and "Typing :: Typed" in meta.get_all("Classifier")
print(("ok " if good else "FAIL ") + "METADATA: %s, no Requires-Dist, Typing :: Typed" % got)
PY
source_files >"$scratch/source-after"
if cmp -s "$scratch/source-before" "$scratch/source-after"; then
  ok "the build left nothing in $pkg (no build/, dist/, egg-info, __pycache__)"
else
  fail "the build changed $pkg: $(diff "$scratch/source-before" "$scratch/source-after" | grep '^[<>]' | head -n 5 | tr '\n' ' ')"
fi

# --- install it into a fresh venv -----------------------------------------------------------
venv=$scratch/venv
vpy=$venv/bin/python
if "$PYTHON" -m venv "$venv" >"$scratch/install.log" 2>&1 && "$vpy" -m pip install --quiet --no-index "$wheel" >>"$scratch/install.log" 2>&1; then
  ok "pip install --no-index of the wheel into a fresh venv (no dependency to fetch)"
else
  fail "pip install of the wheel"
  cat "$scratch/install.log"
fi
cd "$scratch" || exit 1 # from here on nothing runs in the source folder
where=$("$vpy" -I -c 'import uuid_shard, sys; print(uuid_shard.__file__); print("%d.%d.%d" % sys.version_info[:3])' 2>&1)
pyver=$(sed -n 2p <<<"$where")
case "$(head -n 1 <<<"$where")" in
  "$venv"/lib/python*/site-packages/uuid_shard/__init__.py) ok "import uuid_shard (Python $pyver) loads the installed package: $(head -n 1 <<<"$where")" ;;
  *) fail "import uuid_shard loads $where, not the venv's" ;;
esac

# --- every vector, from the installed package --------------------------------------------------
vectors=$root/tests/vectors/vectors.json
vec() { # vec LABEL PYTHON-AND-FLAGS...: both checkers with the installed package
  local label=$1 out
  shift
  if out=$(UUID_SHARD_INSTALLED=1 "$@" "$root/tests/vectors/python/check.py" "$vectors" 2>&1 \
    && UUID_SHARD_INSTALLED=1 "$@" "$root/tests/vectors/python/check_mask.py" "$vectors" 2>&1); then
    ok "vectors, $label: $(tr '\n' ';' <<<"$out" | sed 's/;$//; s/;/; /g')"
  else
    fail "vectors, $label"
    printf '%s\n' "$out" | head -n 25
  fi
}
vec "installed wheel, Python $pyver" "$vpy" -I
extra=${UUID_SHARD_PYTHONS-}
[ -n "$extra" ] || [ ! -x "$root/.pg/python314/usr/bin/python3.14" ] || extra=$root/.pg/python314/usr/bin/python3.14
i=0
for xpy in $extra; do
  i=$((i + 1))
  target=$scratch/target-$i
  xver=$("$xpy" -c 'import sys; print("%d.%d.%d" % sys.version_info[:3])' 2>&1)
  if ! "$vpy" -m pip install --quiet --no-index --no-deps --target "$target" "$wheel" >"$scratch/target-$i.log" 2>&1; then
    fail "pip install --target for $xpy"
    cat "$scratch/target-$i.log"
    continue
  fi
  loaded=$(PYTHONPATH=$target "$xpy" -s -c 'import uuid_shard; print(uuid_shard.__file__)' 2>&1)
  if [ "$loaded" = "$target/uuid_shard/__init__.py" ]; then
    vec "the wheel installed with pip --target for Python $xver ($xpy)" env PYTHONPATH="$target" "$xpy" -s
  else
    fail "Python $xver ($xpy) loads $loaded, not $target"
  fi
done

# --- the API, types and uuid7() ---------------------------------------------------------------
checker tests/check_api.py timeout 900 "$vpy" -I "$root/$pkg/tests/check_api.py" "$py_version"
checker tests/check_docs.py "$vpy" -I "$root/$pkg/tests/check_docs.py" "$root/$pkg/README.md" "$root/docs/clients.md"
if [ "${UUID_SHARD_SKIP_MYPY:-0}" = 1 ]; then
  echo "  (mypy check skipped: UUID_SHARD_SKIP_MYPY=1)"
elif "$PYTHON" -m venv "$scratch/mypy-venv" >"$scratch/mypy.log" 2>&1 \
  && "$scratch/mypy-venv/bin/python" -m pip install --quiet --no-cache-dir "$MYPY_PIN" >>"$scratch/mypy.log" 2>&1; then
  # a user's file, checked against the installed package (its py.typed and hints) in the venv
  cat >"$scratch/user_code.py" <<'PY'
import datetime
import uuid

import uuid_shard

key: uuid.UUID = uuid_shard.uuid7()
worker: int = uuid_shard.bucket(key, 8)
prefix: str = uuid_shard.shard_key(key, 4)
part: str = uuid_shard.tail_partition_name("orders", key, 16)
ms: int | None = uuid_shard.unix_ms(key)
when: datetime.datetime | None = uuid_shard.v7_time_us(key)
low: uuid.UUID = uuid_shard.boundary(datetime.datetime.now(datetime.timezone.utc))
public: uuid.UUID = uuid_shard.mask(key, b"0123456789abcdef")
PY
  cat >"$scratch/user_bad.py" <<'PY'
import uuid_shard

worker: str = uuid_shard.bucket(uuid_shard.uuid7(), 8)
PY
  # the package's own code, as the wheel ships it
  "$vpy" -I -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$wheel" "$scratch/unpacked"
  own=$(cd "$scratch/unpacked" && "$scratch/mypy-venv/bin/python" -m mypy --strict --no-incremental -p uuid_shard 2>&1)
  if [ $? = 0 ]; then
    ok "mypy --strict ($MYPY_PIN) on the package's modules as the wheel holds them: $own"
  else
    fail "mypy --strict on the package's modules"
    printf '%s\n' "$own" | head -n 20
  fi
  good=$("$scratch/mypy-venv/bin/python" -m mypy --strict --no-incremental --python-executable "$vpy" "$scratch/user_code.py" 2>&1)
  good_rc=$?
  bad=$("$scratch/mypy-venv/bin/python" -m mypy --strict --no-incremental --python-executable "$vpy" "$scratch/user_bad.py" 2>&1)
  bad_rc=$?
  if [ "$good_rc" = 0 ] && [ "$bad_rc" = 1 ] && grep -q 'Incompatible types in assignment (expression has type "int", variable has type "str")' <<<"$bad"; then
    ok "mypy --strict ($MYPY_PIN) on a user's file against the installed package: passes, and catches a str taken for bucket()'s int"
  else
    fail "mypy --strict against the installed package: good file rc $good_rc, bad file rc $bad_rc"
    printf '%s\n%s\n' "$good" "$bad" | head -n 20
  fi
else
  fail "pip install $MYPY_PIN (PyPI) for the type check (UUID_SHARD_SKIP_MYPY=1 skips it)"
  tail -n 5 "$scratch/mypy.log"
fi

# --- the live server ----------------------------------------------------------------------------
if [ -n "${PGHOST:-}" ] && [ -n "${UUID_SHARD_MAJOR:-}" ]; then
  psql_bin=${PSQL:-}
  if [ -z "$psql_bin" ]; then
    pgbin=$(bash -c '. "$1/scripts/lib.sh" && pg_bin "$2"' _ "$root" "$UUID_SHARD_MAJOR" 2>/dev/null)
    if [ -n "$pgbin" ] && [ -x "$pgbin/psql" ]; then psql_bin=$pgbin/psql; else psql_bin=$(command -v psql); fi
  fi
  checker tests/check_live.py env PSQL="$psql_bin" PGUSER="${PGUSER:-postgres}" timeout 900 "$vpy" -I "$root/$pkg/tests/check_live.py"
else
  fail "live server: set PGHOST, PGPORT, PGUSER (a superuser) and UUID_SHARD_MAJOR (the extension native)"
fi

# --- speed: printed, never asserted ---------------------------------------------------------------
"$vpy" -I "$root/$pkg/tests/bench.py" 2>&1 | sed 's/^/  /'

cd "$root" || exit 1
source_files >"$scratch/source-end"
if cmp -s "$scratch/source-before" "$scratch/source-end"; then
  ok "the source folder $pkg is as it was (nothing written there by the build or the checks)"
else
  fail "files appeared in $pkg: $(diff "$scratch/source-before" "$scratch/source-end" | grep '^[<>]' | head -n 5 | tr '\n' ' ')"
fi
finish
