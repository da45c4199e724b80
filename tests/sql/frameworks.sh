#!/usr/bin/env bash
# The framework recipes of docs/frameworks.md, run as written against a scratch cluster: Django 5.2
# (extension in public, and in its own schema), SQLAlchemy 2 + Alembic, Knex with pg; and which
# uuidv7() an unqualified default calls. Each project checks what the page claims and exits
# non-zero on any failure. Dependencies (pinned) come from scripts/setup.sh.
# They run on PostgreSQL 15 and 18, the two versions whose behaviour docs/frameworks.md states
# (core's uuidv7() exists only on 18; Django 5.2 needs PostgreSQL 14+); on the other majors the
# script says so and is counted as skipped, to keep the suite's time down.
#   tests/sql/frameworks.sh MAJOR     (the extension must be installed into MAJOR)
set -euo pipefail
major=${1:?usage: tests/sql/frameworks.sh 15|18}
here=$(cd "$(dirname "$0")/../frameworks" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
# The code blocks of docs/frameworks.md marked `<!-- excerpt: PATH -->` must appear verbatim in
# PATH, so the page shows what runs here.
rc=0
python3 - "$PROJECT_ROOT" <<'PY' || rc=$?
import re, sys
root = sys.argv[1]
page = open(f"{root}/docs/frameworks.md").read()
found = re.findall(r"<!-- excerpt: (\S+) -->\n```\w*\n(.*?)^```", page, re.S | re.M)
bad = [path for path, block in found if block not in open(f"{root}/{path}").read()]
for path in bad:
    print(f"FAIL docs/frameworks.md: an excerpt of {path} is not in that file")
marks = page.count("<!-- excerpt:")
if bad or len(found) != marks or not found:
    print(f"FAIL docs/frameworks.md: {len(found)} of {marks} excerpts parsed, {len(bad)} differ from the tested files")
    sys.exit(1)
print(f"docs/frameworks.md: {len(found)} excerpts are verbatim in the tested files")
PY
check "docs/frameworks.md: its excerpts are verbatim in the tested files (exit status)" "$rc" 0
case "$major" in
  15|18) ;;
  *) [ "$SUITE_FAILURES" = 0 ] || finish
     skip_suite "PG$major: the framework recipes run on PostgreSQL 15 and 18, the majors docs/frameworks.md describes" ;;
esac
venv="$PROJECT_ROOT/.pg/frameworks-venv"
if [ ! -x "$venv/bin/python" ] || [ ! -d "$here/knex/node_modules/knex" ]; then
  fail "framework dependencies" "missing: run scripts/setup.sh"; finish
fi

# The projects' folders and the venv are shared by the majors, whose rounds may run side by side.
exec {frameworks_lock}>"$PROJECT_ROOT/.pg/frameworks.lock"
flock "$frameworks_lock"
suite_cluster "fw-recipes-$major"
for d in django_public django_ext sqlalchemy sqlalchemy_ext knex resolve offpath; do make_db "$d"; done
export PGHOST="$CLUSTER_DIR/sock" PGPORT="$CLUSTER_PORT" PGUSER=postgres PYTHONDONTWRITEBYTECODE=1
times=()
run() { # run NAME DIR CMD...: one project, timed
  local name=$1 dir=$2 t0=$SECONDS; shift 2
  if (cd "$dir" && "$@"); then pass "$name"; else fail "$name"; fi
  times+=("$name $((SECONDS - t0))s")
}

# Which function an unqualified uuidv7() default calls (read from the default's funcid).
called='SELECT p.proname || '"'() in '"' || p.pronamespace::regnamespace
          FROM pg_attrdef d JOIN pg_proc p ON p.oid = (regexp_match(d.adbin, '"':funcid (\\d+)'"'))[1]::oid
         WHERE d.adrelid = '"'t'"'::regclass'
if [ "$major" -ge 18 ]; then want=$'uuidv7() in pg_catalog\nuuidv7() in public'; else want=$'uuidv7() in public\nuuidv7() in public'; fi
check "the functions DEFAULT uuidv7() and DEFAULT public.uuidv7() call" \
  "$(db resolve -c 'CREATE EXTENSION uuid_shard' \
       -c 'CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuidv7(), q uuid DEFAULT public.uuidv7())' -c "$called ORDER BY d.adnum")" "$want"
# The extension in a schema off the search path: unqualified uuidv7() is core's on 18, an error before.
if [ "$major" -ge 18 ]; then want='uuidv7() in pg_catalog'; else want='ERROR:  42883'; fi
check "extension in schema extensions, DEFAULT uuidv7() gives" \
  "$(db offpath -v VERBOSITY=sqlstate -c 'CREATE SCHEMA extensions' -c 'CREATE EXTENSION uuid_shard SCHEMA extensions' \
       -c 'CREATE TABLE t (id uuid PRIMARY KEY DEFAULT uuidv7())' -c "$called" 2>&1 || true)" "$want"

run django "$here/django" env PGDATABASE=django_public RECIPE_APP=shop "$venv/bin/python" check.py
run django-schema "$here/django" env PGDATABASE=django_ext RECIPE_APP=shop_ext "$venv/bin/python" check.py
run sqlalchemy "$here/sqlalchemy" env PGDATABASE=sqlalchemy EXT_DATABASE=sqlalchemy_ext "$venv/bin/python" check.py
run knex "$here/knex" env PGDATABASE=knex node check.js

echo "framework recipes: ${times[*]}"
finish
