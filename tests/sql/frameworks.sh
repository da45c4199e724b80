#!/usr/bin/env bash
# The framework recipes of docs/frameworks.md, each a project of tests/frameworks/ run as written
# against one scratch cluster of the major: Django 5.2 (extension in public, and in its own schema),
# SQLAlchemy 2 + Alembic, Knex, Django 6.1, TypeORM, Drizzle, Prisma, ActiveRecord, and the keys
# applications mint; and which uuidv7() an unqualified default calls. Each project checks what
# the page claims, prints one `ok` or `FAIL` line per check, and exits non-zero on a failure; the
# newer recipes install the extension both ways from their own migrations, native and the SQL
# edition's migration file, each in databases of their own. Dependencies (pinned) come from
# scripts/setup.sh.
# Where each recipe runs is the table below: the oldest major tested that its framework supports
# and the newest (and, for the first three, 15 and 18, the two majors docs/frameworks.md's tables
# describe: core's uuidv7() exists from 18 on). On a major no recipe runs on, the suite is skipped.
#   tests/sql/frameworks.sh MAJOR     (the extension must be installed into MAJOR)
set -euo pipefail
major=${1:?usage: tests/sql/frameworks.sh MAJOR}
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
# The recipes: NAME | the majors it runs on (oldest and newest: of the majors tested) | its command, run in tests/frameworks/DIR (the first
# word of NAME before a dash) with PGHOST, PGPORT, PGUSER, UUID_SHARD_MAJOR, UUID_SHARD_EDITION_SQL
# set and the recipes' Node.js first on PATH.
venv="$PROJECT_ROOT/.pg/frameworks-venv/bin/python"
recipes=(
  "django-public  | 15 18 | env PGDATABASE=django_public RECIPE_APP=shop $venv check.py"
  "django-schema  | 15 18 | env PGDATABASE=django_ext RECIPE_APP=shop_ext $venv check.py"
  "sqlalchemy     | 15 18 | env PGDATABASE=sqlalchemy EXT_DATABASE=sqlalchemy_ext $venv check.py"
  "knex           | 15 18 | env PGDATABASE=knex node check.js"
  "django61       | 15 newest | bash run.sh"
  "typeorm        | oldest newest | node check.js"
  "drizzle        | oldest newest | node check.ts"
  "prisma         | oldest newest | node check.ts"
  "rails          | oldest newest | ruby check.rb"
  "app_keys       | oldest newest | node check.mjs"
)
mine=()
for r in "${recipes[@]}"; do
  IFS='|' read -r name on cmd <<<"$r"
  on=" $on "; on=${on// oldest / ${TESTED_MAJORS%% *} }; on=${on// newest / ${TESTED_MAJORS##* } }
  case "$on" in *" $major "*) mine+=("$(echo $name)|$cmd") ;; esac
done
if [ ${#mine[@]} = 0 ]; then
  [ "$SUITE_FAILURES" = 0 ] || finish
  skip_suite "PG$major: no framework recipe runs on this major (tests/sql/frameworks.sh lists where each runs)"
fi

# The projects' folders (build outputs among them) are shared by the majors, whose rounds may run
# side by side.
exec {frameworks_lock}>"$PROJECT_ROOT/.pg/frameworks.lock"
flock "$frameworks_lock"
suite_cluster "fw-recipes-$major"
suite_tmpdir edition a+rx
python3 "$PROJECT_ROOT/tools/sql_edition.py" --out "$edition" >/dev/null
for d in django_public django_ext sqlalchemy sqlalchemy_ext knex resolve offpath; do make_db "$d"; done
export PGHOST="$CLUSTER_DIR/sock" PGPORT="$CLUSTER_PORT" PGUSER=postgres PYTHONDONTWRITEBYTECODE=1 UUID_SHARD_MAJOR=$major
export UUID_SHARD_EDITION_SQL=$(ls "$edition"/uuid_shard-*.migration.sql) PATH="$RECIPE_NODE_BIN:$PATH"
# The checks read the tools' output as plain text, whatever the caller's terminal settings say.
export NO_COLOR=1 FORCE_COLOR=0
times=()
run() { # run NAME DIR CMD...: one project, timed; its ok and FAIL lines, and its exit status
  local name=$1 dir=$2 t0=$SECONDS out rc=0 ok bad; shift 2
  out=$(cd "$dir" && "$@" 2>&1) || rc=$?
  echo "$out"
  ok=$(grep -c '^ok ' <<<"$out" || true) bad=$(grep -c '^FAIL ' <<<"$out" || true)
  if [ "$rc" = 0 ] && [ "$bad" = 0 ] && [ "$ok" -gt 0 ]; then pass "$name: $ok checks passed"
  else fail "$name" "$ok passed, $bad failed, exit status $rc"; fi
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

for r in "${mine[@]}"; do
  name=${r%%|*} cmd=${r#*|}
  read -ra words <<<"$cmd"
  run "$name" "$here/${name%%-*}" "${words[@]}"
done

echo "framework recipes: ${times[*]}"
finish
