#!/usr/bin/env bash
# The SQL edition's plain script installed as a user would: by a database owner who is not a
# superuser, into a schema of its own (-v schema=shard) and into the default one (no -v), called
# schema-qualified with the schema not on search_path; then run again, and a newer one run,
# over a database whose defaults, generated columns, CHECK constraints, expression indexes,
# views and partitions (RANGE bounds from the helpers, a LIST key on uuid_bucket) use it: the
# functions are replaced in place and no dependent object changes or is rebuilt. Then the
# migration file (the same install as one plain-SQL statement): the same functions, its schema
# chosen as the psql script chooses it, run twice, and its refusals.
#   tests/sql/sql_edition_install.sh MAJOR
set -euo pipefail
major=${1:?usage: tests/sql/sql_edition_install.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
. "$here/lib/edition.sh"
script=$plain_script
suite_cluster "edition-install-$major"
make_role app_owner
make_db app app_owner
make_db app_public app_owner

# 1. installs, as the database owner: into schema shard, and with no schema given into the
#    default schema uuid_shard, which the script creates and the installer owns
as_role app_owner app -v schema=shard -f "$script"
as_role app_owner app_public -f "$script"
check "installed by a non-superuser into schema shard" \
  "$(as_role app_owner app -c "SELECT count(*) FILTER (WHERE n.nspname = 'shard') || ' in shard, ' || count(*) FILTER (WHERE n.nspname = 'public') || ' in public, superuser ' || (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
                        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE p.proname LIKE '%uuid%'")" \
  "$(as_role app_owner app_public -c "SELECT count(*) || ' in shard, 0 in public, superuser false' FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'uuid_shard' AND p.proname LIKE '%uuid%'")"
check "no schema given: schema uuid_shard, created and owned by the installer, every function theirs" \
  "$(as_role app_owner app_public -c "SELECT n.nspowner::regrole || ' ' || bool_and(p.proowner = n.nspowner) FROM pg_namespace n JOIN pg_proc p ON p.pronamespace = n.oid WHERE n.nspname = 'uuid_shard' GROUP BY n.nspowner")" \
  "app_owner true"

# ... but not over the extension: the plain script refuses a database that has it
make_db app_native app_owner
as_role app_owner app_native -c "CREATE EXTENSION uuid_shard"
out=$(as_role app_owner app_native -v schema=public -f "$script" 2>&1 || true)
check "refused in the schema of extension uuid_shard, functions untouched" \
  "$(grep -c 'ERROR:  extension uuid_shard exists in schema public, whose functions this script would replace' <<<"$out") $(as_role app_owner app_native -c "SELECT string_agg(DISTINCT l.lanname, ',' ORDER BY l.lanname) FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.pronamespace = 'public'::regnamespace AND p.proname IN ('uuidv7', 'uuid_bucket')")" \
  "1 c"

# ... and the extension not over it: CREATE EXTENSION in the plain script's schema stops before
# it creates anything, with one error that names the way out
out=$(as_role app_owner app -c "CREATE EXTENSION uuid_shard SCHEMA shard" 2>&1 || true)
check "CREATE EXTENSION over the plain script: one clear error, nothing created" \
  "$(grep -c '^ERROR:  the SQL edition of uuid_shard is installed in schema shard, whose functions the extension would replace' <<<"$out") $(grep -c '^HINT:  Move that schema to the extension in place with sql_edition/to_native.sql' <<<"$out") $(grep -c 'already exists' <<<"$out") $(as_role app_owner app -c "SELECT count(*) FROM pg_extension WHERE extname = 'uuid_shard'")" \
  "1 1 0 0"

# 2. user objects that depend on the functions, built with shard off search_path
as_role app_owner app <<'SQL'
SET search_path = public;
CREATE TABLE ev (
  id uuid PRIMARY KEY DEFAULT shard.uuidv7(),
  key2 text GENERATED ALWAYS AS (shard.uuid_shard_key(id, 2)) STORED,
  body int,
  CHECK (shard.uuid_version(id) = 7));
CREATE INDEX ev_bucket ON ev (shard.uuid_bucket(id, 8));
CREATE VIEW ev_times AS SELECT id, shard.uuid_v7_time(id) AS t FROM ev;
CREATE TABLE jobs (id uuid NOT NULL DEFAULT shard.uuidv7(), body int) PARTITION BY LIST (shard.uuid_bucket(id, 2));
CREATE TABLE jobs_0 PARTITION OF jobs FOR VALUES IN (0);
CREATE TABLE jobs_1 PARTITION OF jobs FOR VALUES IN (1);
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT shard.uuidv7(), total int) PARTITION BY RANGE (id);
SET search_path = '';
SELECT shard.uuid_v7_partition_ddl('public.orders', now() - interval '3 months', now() + interval '2 months', '1 month', 'UTC', true) \gexec
INSERT INTO public.ev (body) SELECT g FROM generate_series(1, 20000) g;
INSERT INTO public.jobs (body) SELECT g FROM generate_series(1, 5000) g;
INSERT INTO public.orders (id, total) SELECT shard.uuid_v7_at(now() - g * interval '1 hour'), g FROM generate_series(1, 2000) g;
SQL
state_sql="SELECT string_agg(x, ' ' ORDER BY x) FROM (
  SELECT p.oid::regprocedure::text || '=' || p.oid AS x FROM pg_proc p WHERE p.pronamespace = 'shard'::regnamespace
  UNION ALL SELECT c.relname || ':' || c.relfilenode FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'i', 'v')
  UNION ALL SELECT 'deps:' || count(*) FROM pg_depend WHERE refclassid = 'pg_proc'::regclass AND refobjid IN (SELECT oid FROM pg_proc WHERE pronamespace = 'shard'::regnamespace)
  UNION ALL SELECT 'ev:' || md5(string_agg(e::text, ',' ORDER BY id)) FROM public.ev e
  UNION ALL SELECT 'jobs:' || md5(string_agg(tableoid::regclass || j::text, ',' ORDER BY id)) FROM public.jobs j
  UNION ALL SELECT 'orders:' || md5(string_agg(tableoid::regclass || o::text, ',' ORDER BY id)) FROM public.orders o) s"
before=$(as_role app_owner app -c "$state_sql")

# 3. the same script again, then a newer one (a changed function body), as the owner
as_role app_owner app -v schema=shard -f "$script"
check "same script again: functions (OIDs), tables, indexes (files), dependencies and rows unchanged" \
  "$(as_role app_owner app -c "$state_sql")" "$before"
newer="$dist/newer.sql"
sed 's/^-- key = k2:k1:k0 in limbs/-- (a newer release) key = k2:k1:k0 in limbs/; s/    b pg_catalog.int8 := 0; /    b pg_catalog.int8 := 0;  -- newer /' "$script" >"$newer"
as_role app_owner app -v schema=shard -f "$newer"
suite_case "newer script"
check "uuid_bucket replaced in place" \
  "$(as_role app_owner app -c "SELECT prosrc LIKE '%-- newer%' FROM pg_proc WHERE oid = 'shard.uuid_bucket(uuid, integer)'::regprocedure")" t
check "functions (OIDs), tables, indexes (files), dependencies and rows unchanged" \
  "$(as_role app_owner app -c "$state_sql")" "$before"
suite_case

# 3b. upgrade from the 0.2.0 release's edition (built from its release commit by that commit's
#     own scripts/sql_edition.sh): a database whose dependents use the 0.2.0 functions, then
#     this script over it. Every function is replaced in place (the per-row ones change from
#     PL/pgSQL to SQL), and functions (OIDs), tables, indexes (files), dependencies and rows stay.
mkdir -p "$dist/0.2.0/src"
git -C "$PROJECT_ROOT" archive fb56f9b | tar -x -C "$dist/0.2.0/src"
bash "$dist/0.2.0/src/scripts/sql_edition.sh" "$dist/0.2.0" >/dev/null
chmod -R a+rX "$dist/0.2.0"
make_db app020 app_owner
as_role app_owner app020 -c "CREATE SCHEMA shard" -v schema=shard -f "$dist/0.2.0/uuid_shard-0.2.0.sql"
as_role app_owner app020 <<'SQL'
SET search_path = public;
CREATE TABLE ev (
  id uuid PRIMARY KEY DEFAULT shard.uuidv7(),
  key2 text GENERATED ALWAYS AS (shard.uuid_shard_key(id, 2)) STORED,
  body int,
  CHECK (shard.uuid_version(id) = 7));
CREATE INDEX ev_bucket ON ev (shard.uuid_bucket(id, 8));
CREATE INDEX ev_time ON ev (shard.uuid_v7_time(id));
CREATE VIEW ev_times AS SELECT id, shard.uuid_v7_time(id) AS t, shard.uuid_v7_boundary(shard.uuid_v7_time(id)) AS b FROM ev;
CREATE TABLE jobs (id uuid NOT NULL DEFAULT shard.uuidv7(), body int) PARTITION BY LIST (shard.uuid_bucket(id, 2));
CREATE TABLE jobs_0 PARTITION OF jobs FOR VALUES IN (0);
CREATE TABLE jobs_1 PARTITION OF jobs FOR VALUES IN (1);
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT shard.uuidv7(), total int) PARTITION BY RANGE (id);
SET search_path = '';
SELECT shard.uuid_v7_partition_ddl('public.orders', now() - interval '3 months', now() + interval '2 months', '1 month', 'UTC', true) \gexec
INSERT INTO public.ev (body) SELECT g FROM generate_series(1, 20000) g;
INSERT INTO public.jobs (body) SELECT g FROM generate_series(1, 5000) g;
INSERT INTO public.orders (id, total) SELECT shard.uuid_v7_at(now() - g * interval '1 hour'), g FROM generate_series(1, 2000) g;
SQL
# as state_sql, but the dependencies counted are those of user objects only (this release adds
# domains whose CHECKs depend on its new helper functions, and aggregates on their transition
# functions)
user_deps="WHERE NOT (classid = 'pg_constraint'::regclass AND objid IN (SELECT oid FROM pg_constraint WHERE contypid <> 0)) AND classid <> 'pg_proc'::regclass AND refclassid = "
state020_sql=${state_sql/WHERE refclassid = /$user_deps}
[ "$state020_sql" != "$state_sql" ] || { fail "state020_sql: the dependencies of user objects only" "substitution failed"; finish; }
before020=$(as_role app_owner app020 -c "$state020_sql")
max_oid020=$(as_role app_owner app020 -c "SELECT max(oid) FROM pg_proc WHERE pronamespace = 'shard'::regnamespace")
langs_sql="SELECT string_agg(p.proname || ':' || l.lanname, ' ' ORDER BY p.proname) FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
            WHERE p.pronamespace = 'shard'::regnamespace AND p.proname IN ('uuid_v7_time', 'uuid_version', 'uuid_shard_key', 'uuid_v7_boundary', 'uuid_v7_at', 'uuid_bucket')
              AND pg_get_function_identity_arguments(p.oid) NOT LIKE '%text%'"
check "0.2.0 edition installed: the per-row functions are PL/pgSQL" "$(as_role app_owner app020 -c "$langs_sql")" \
  "uuid_bucket:plpgsql uuid_shard_key:plpgsql uuid_v7_at:plpgsql uuid_v7_boundary:plpgsql uuid_v7_time:plpgsql uuid_version:plpgsql"
as_role app_owner app020 -v schema=shard -f "$script"
suite_case "0.2.0 edition -> this script"
check "the single-expression functions are SQL now" "$(as_role app_owner app020 -c "$langs_sql")" \
  "uuid_bucket:plpgsql uuid_shard_key:sql uuid_v7_at:sql uuid_v7_boundary:sql uuid_v7_time:sql uuid_version:sql"
after020=$(as_role app_owner app020 -c "$state020_sql")
# functions this release adds are new OIDs; every entry of before (each function of 0.2.0 with its
# OID, each table and index with its file, the dependencies, the rows) must be in after unchanged
check "functions (OIDs), tables, indexes (files), dependencies and rows unchanged" \
  "$(comm -23 <(tr ' ' '\n' <<<"$before020" | sort) <(tr ' ' '\n' <<<"$after020" | sort) | tr '\n' ' ')" ""
# the functions added are exactly those this script defines and 0.2.0's did not
added=$(as_role app_owner app020 -c "SELECT string_agg(DISTINCT proname, ' ' ORDER BY proname) FROM pg_proc
                               WHERE pronamespace = 'shard'::regnamespace AND oid > $max_oid020")
script_names() { grep -o '^CREATE OR REPLACE \(FUNCTION\|PROCEDURE\|AGGREGATE\) @extschema@\.[a-z0-9_]*' "$1" | sed 's/.*\.//' | sort -u; }
check "functions added: those new in this script ($added)" "$added" \
  "$(comm -13 <(script_names "$dist/0.2.0/uuid_shard-0.2.0.sql") <(script_names "$script") | tr '\n' ' ' | sed 's/ $//')"
check "the dependents agree with the functions and take new rows" "$(as_role app_owner app020 <<'SQL'
SET search_path = '';
INSERT INTO public.ev (body) VALUES (-1);
INSERT INTO public.jobs (body) VALUES (-1);
INSERT INTO public.orders (total) VALUES (-1);
SET enable_seqscan = off;
SELECT (SELECT count(*) FROM public.ev WHERE key2 IS DISTINCT FROM shard.uuid_shard_key(id, 2)) = 0
   AND (SELECT count(*) FROM public.jobs_0 WHERE shard.uuid_bucket(id, 2) <> 0) = 0
   AND (SELECT count(*) FROM public.jobs_1 WHERE shard.uuid_bucket(id, 2) <> 1) = 0
   AND (SELECT count(*) FROM public.jobs) = 5001
   AND (SELECT count(*) FROM public.ev_times WHERE t IS NULL OR b > id) = 0
   AND (SELECT count(*) FROM public.ev WHERE shard.uuid_v7_time(id) >= now() - interval '1 day') = 20001
   AND (SELECT count(*) FROM public.orders WHERE total = -1 AND tableoid::regclass::text <> 'public.orders_default') = 1;
SQL
)" t

suite_case
# 4. the dependents still work and agree with the functions
per_bucket="SELECT string_agg((SELECT count(*) FROM public.ev WHERE shard.uuid_bucket(id, 8) = k)::text, ',' ORDER BY k) FROM generate_series(0, 7) k"
# the same counts from one sequential scan (one call per row)
per_bucket_scan="SELECT string_agg(c::text, ',' ORDER BY k) FROM (SELECT shard.uuid_bucket(id, 8) AS k, count(*) AS c FROM public.ev GROUP BY 1) s"
check "defaults, generated column, CHECK, LIST routing, view after re-runs" "$(as_role app_owner app <<'SQL'
SET search_path = '';
INSERT INTO public.ev (body) VALUES (-1);
INSERT INTO public.jobs (body) VALUES (-1);
INSERT INTO public.orders (total) VALUES (-1);
SELECT (SELECT count(*) FROM public.ev WHERE key2 IS DISTINCT FROM shard.uuid_shard_key(id, 2)) = 0
   AND (SELECT count(*) FROM public.jobs_0 WHERE shard.uuid_bucket(id, 2) <> 0) = 0
   AND (SELECT count(*) FROM public.jobs_1 WHERE shard.uuid_bucket(id, 2) <> 1) = 0
   AND (SELECT count(*) FROM public.jobs) = 5001
   AND (SELECT count(*) FROM public.ev_times WHERE t IS NULL) = 0
   AND (SELECT count(*) FROM public.orders WHERE total = -1 AND tableoid::regclass::text <> 'public.orders_default') = 1;
SQL
)" t
check "expression index ev_bucket used for uuid_bucket(id, 8) = k" \
  "$(as_role app_owner app -c "SET enable_seqscan = off" -c "SET enable_indexscan = off" -c "SET enable_indexonlyscan = off" -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM public.ev WHERE shard.uuid_bucket(id, 8) = 3" | grep -c 'Bitmap Index Scan on ev_bucket')" 1
check "  and its counts per bucket equal a sequential scan's" "$(as_role app_owner app -c "SET enable_seqscan = off" -c "SET enable_indexscan = off" -c "SET enable_indexonlyscan = off" -c "$per_bucket")" \
  "$(as_role app_owner app -c "SET enable_indexscan = off" -c "SET enable_bitmapscan = off" -c "$per_bucket_scan")"

# 5. the pg_tle file, for its shape only: pg_tle comes from no package registry these machines
#    reach, so it is not built or run here (docs/sql-edition.md says so). Checked: it carries the
#    plain script's body unchanged, its dollar quotes nest safely (the server parses the whole
#    registration block as PL/pgSQL), and it registers through the documented
#    pgtle.install_extension(name, version, description, ext) call.
check "pg_tle file: the plain script's body, the documented install_extension call" "$(python3 - "$plain_script" "$pgtle_script" "$version" <<'PY'
import re, sys
plain, tle, version = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]
q = "$uuid_shard_sql$"
def quoted(text):
    parts = text.split(q)
    assert len(parts) == 3, "%s appears %d times" % (q, len(parts) - 1)
    return parts[1]
plain_body, tle_body = quoted(plain), quoted(tle)
problems = []
if plain_body != tle_body:
    problems.append("body differs from the plain script's")
if "@extschema@" not in tle_body:
    problems.append("body lost @extschema@")
if tle.count("$uuid_shard_pgtle$") != 2:
    problems.append("$uuid_shard_pgtle$ does not quote exactly one block")
if "v_version CONSTANT text := '%s';" % version not in tle:
    problems.append("version is not %s" % version)
if not re.search(r"PERFORM pgtle\.install_extension\('uuid_shard', v_version,\s*'[^']+',\s*v_sql\);", tle):
    problems.append("no pgtle.install_extension('uuid_shard', v_version, description, v_sql) call")
print("; ".join(problems) or "ok")
PY
)" ok
# The registration block, as a PL/pgSQL function, through the server's validator (syntax only:
# the pgtle functions it calls do not exist here).
block=$(sed -n '/^DO \$uuid_shard_pgtle\$$/,/^\$uuid_shard_pgtle\$;$/p' "$pgtle_script" \
  | sed '1s/.*/CREATE FUNCTION pg_temp.pgtle_registration() RETURNS void LANGUAGE plpgsql AS $uuid_shard_pgtle$/')
check "pg_tle file: its registration block parses as PL/pgSQL" \
  "$(printf 'SET check_function_bodies = on;\n%s\nSELECT count(*) FROM pg_proc WHERE proname = %s;\n' "$block" "'pgtle_registration'" | as_role app_owner app 2>&1)" 1

# 6. the pg_tle route's CREATE EXTENSION over the plain script's functions. pg_tle does not run
#    here, so its extension script is run as CREATE EXTENSION would run it: the registered text
#    (the route's own check, then the body) with @extschema@ replaced by the schema.
tle_extension_script() { # SCHEMA [check]: the registered script, or only its check
  python3 - "$pgtle_script" "$@" <<'PY'
import sys
tle, schema = open(sys.argv[1]).read(), sys.argv[2]
text = tle.split("$uuid_shard_tle_check$")[1]
if sys.argv[3:] != ["check"]:
    text += tle.split("$uuid_shard_sql$")[1]
print(text.replace("@extschema@", schema))
PY
}
suite_case "pg_tle route"
functions_sql="SELECT count(*) || ' functions, ' || md5(string_agg(p.oid || p.prosrc, ',' ORDER BY p.oid)) FROM pg_proc p WHERE p.pronamespace = 'uuid_shard'::regnamespace"
before_tle=$(as_role app_owner app_public -c "$functions_sql")
tle_extension_script uuid_shard >"$dist/tle_uuid_shard.sql"
out=$(as_role app_owner app_public -v VERBOSITY=verbose -f "$dist/tle_uuid_shard.sql" 2>&1 || true)
check "over the plain script's functions: one error, SQLSTATE 42710, naming the schema" \
  "$(grep -c 'ERROR:' <<<"$out") $(grep -c ' ERROR:  42710: the SQL edition of uuid_shard is installed in schema uuid_shard by its plain script' <<<"$out")" "1 1"
check "  with a hint naming both ways out, and no trace beyond the check itself" \
  "$(grep -c '^HINT:  Upgrade it by running the plain script again instead, or move it into the extension with sql_edition/to_native.sql' <<<"$out") $(grep -c '^CONTEXT:\|^PL/pgSQL' <<<"$out")" "1 1"
check "  the plain script's functions untouched" "$(as_role app_owner app_public -c "$functions_sql")" "$before_tle"
make_db app_tle app_owner
as_role app_owner app_tle -c "CREATE SCHEMA uuid_shard"
as_role app_owner app_tle -f "$dist/tle_uuid_shard.sql" >/dev/null
check "into an empty schema: the same functions as the plain script" \
  "$(as_role app_owner app_tle -c "SELECT string_agg(p.oid::regprocedure::text, ' ' ORDER BY p.oid::regprocedure::text) FROM pg_proc p WHERE p.pronamespace = 'uuid_shard'::regnamespace")" \
  "$(as_role app_owner app_public -c "SELECT string_agg(p.oid::regprocedure::text, ' ' ORDER BY p.oid::regprocedure::text) FROM pg_proc p WHERE p.pronamespace = 'uuid_shard'::regnamespace")"
check "over the extension's own functions (its update path): the check passes" \
  "$(tle_extension_script public check >"$dist/tle_check_public.sql" && as_role app_owner app_native -f "$dist/tle_check_public.sql" 2>&1)" ""
suite_case
# 7. the migration file: what the psql script does, as one plain-SQL statement a migration runner
#    sends (no psql meta-commands); the same refusals, run twice, inside a transaction or not
suite_case "migration file"
make_db app_mig app_owner
as_role app_owner app_mig -f "$migration_script"
check "no schema named: schema uuid_shard, created and owned by the installer, every function theirs" \
  "$(as_role app_owner app_mig -c "SELECT n.nspowner::regrole || ' ' || bool_and(p.proowner = n.nspowner) FROM pg_namespace n JOIN pg_proc p ON p.pronamespace = n.oid WHERE n.nspname = 'uuid_shard' GROUP BY n.nspowner")" \
  "app_owner true"
functions_sql="SELECT count(*) || ' functions, ' || md5(string_agg(p.oid || p.prosrc, ',' ORDER BY p.oid)) FROM pg_proc p WHERE p.pronamespace = 'uuid_shard'::regnamespace"
names_sql="SELECT string_agg(p.oid::regprocedure::text, ' ' ORDER BY p.oid::regprocedure::text) FROM pg_proc p WHERE p.pronamespace = 'uuid_shard'::regnamespace"
check "the same functions as the psql script's" "$(as_role app_owner app_mig -c "$names_sql")" "$(as_role app_owner app_public -c "$names_sql")"
before_mig=$(as_role app_owner app_mig -c "$functions_sql")
as_role app_owner app_mig -1 -f "$migration_script"
check "run again, inside a transaction: every function replaced in place (OIDs, bodies)" "$(as_role app_owner app_mig -c "$functions_sql")" "$before_mig"
# a role that may not create the schema: one error naming what it lacks, and nothing created
make_role no_create
make_db app_nocreate app_owner
out=$(as_role no_create app_nocreate -v VERBOSITY=sqlstate -f "$migration_script" 2>&1 || true)
check "a role without CREATE on the database: SQLSTATE 42501, nothing created" \
  "$(grep -c 'ERROR:  42501' <<<"$out") $(as_role app_owner app_nocreate -c "SELECT count(*) FROM pg_namespace WHERE nspname = 'uuid_shard'")" "1 0"
out=$(as_role no_create app_nocreate -f "$migration_script" 2>&1 || true)
check "  its message and hint" "$(grep -c '^psql:[^ ]* ERROR:  schema uuid_shard does not exist, and role no_create may not create it in database app_nocreate$' <<<"$out") $(grep -c '^HINT:  Have the database owner run CREATE SCHEMA uuid_shard AUTHORIZATION no_create, or GRANT CREATE ON DATABASE app_nocreate TO no_create.$' <<<"$out")" "1 1"
# with the edition in schema shard and no schema named, a second copy is refused, as by the psql script
out=$(as_role app_owner app -f "$migration_script" 2>&1 || true)
check "no schema named, the edition in schema shard: refused, nothing created in uuid_shard" \
  "$(grep -c 'ERROR:  the SQL edition of uuid_shard is installed in schema shard, not in the default schema uuid_shard' <<<"$out") $(as_role app_owner app -c "SELECT count(*) FROM pg_namespace WHERE nspname = 'uuid_shard'")" "1 0"
python3 "$PROJECT_ROOT/tools/sql_edition.py" --out "$dist/shard" --schema shard >/dev/null
chmod -R a+rX "$dist/shard"
before_shard=$(as_role app_owner app -c "$state_sql")
as_role app_owner app -f "$dist/shard/uuid_shard-$version.migration.sql"
check "the file made with --schema shard, over the psql script's install: functions (OIDs), tables, indexes (files), dependencies and rows unchanged" \
  "$(as_role app_owner app -c "$state_sql")" "$before_shard"
suite_case
finish
