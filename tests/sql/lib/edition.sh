# Sourced by the SQL edition's tests (tests/sql/sql_edition_*.sh) and tests/sql/catalog.sh, after
# scripts/lib.sh, tests/lib/suite.sh and suite_init: builds the edition's installable scripts into
# a temporary folder readable by the server's user.
#   dist          the folder (removed at exit by suite.sh)
#   plain_script  dist/uuid_shard-<version>.sql      pgtle_script  dist/uuid_shard-<version>.pgtle.sql
#   migration_script  dist/uuid_shard-<version>.migration.sql (installs into schema uuid_shard)
#   version       <version>
suite_tmpdir dist a+rx
python3 "$PROJECT_ROOT/tools/sql_edition.py" --out "$dist" >/dev/null
plain_script=$(ls "$dist"/uuid_shard-*[0-9].sql)
pgtle_script=$(ls "$dist"/uuid_shard-*.pgtle.sql)
migration_script=$(ls "$dist"/uuid_shard-*.migration.sql)
version=$(basename "$plain_script" .sql); version=${version#uuid_shard-}

# The edition's own helpers, that the native extension does not have: the argument domains, the
# raising functions and the text forms' alphabets. They are listed by hand in one place only,
# sql_edition/to_native.sql, which drops them by name; the tests derive the same set from the
# catalog and check that the two agree (check_to_native_drops).
#   to_native_drops                    its two lists: "domain NAME" and "function NAME" lines
#   edition_only NATIVE EDITION PSQL...  from a database with the native extension in schema
#                                      NATIVE and the edition in schema EDITION, the domains and
#                                      functions (by name and arguments) only the edition has
#   helper_names LIST                  the function names of such a list, space-separated
to_native_drops() {
  python3 - "$PROJECT_ROOT/sql_edition/to_native.sql" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
out = []
for kind, column in (("domain", "t.typname"), ("function", "p.proname")):
    lists = re.findall(re.escape(column) + r" IN \(([^)]*)\)", text)
    if len(lists) != 1:
        sys.exit("to_native.sql: %d lists '%s IN (...)', expected one" % (len(lists), column))
    out += ["%s %s" % (kind, name) for name in re.findall(r"'([^']*)'", lists[0])]
print("\n".join(sorted(out)))
PY
}
edition_only() {
  local native=$1 edition=$2; shift 2
  "$@" -At -c "SELECT x FROM (
  SELECT DISTINCT 'function ' || e.proname AS x FROM pg_catalog.pg_proc e
   WHERE e.pronamespace = '$edition'::regnamespace
     AND NOT EXISTS (SELECT FROM pg_catalog.pg_proc n WHERE n.pronamespace = '$native'::regnamespace AND n.proname = e.proname
                        -- the internal types' names with their schemas, which differ, left out
                        AND pg_catalog.regexp_replace(pg_catalog.pg_get_function_identity_arguments(n.oid), '\\m$native\\.', '', 'g')
                            = pg_catalog.regexp_replace(pg_catalog.pg_get_function_identity_arguments(e.oid), '\\m$edition\\.', '', 'g'))
  UNION ALL
  SELECT 'domain ' || t.typname FROM pg_catalog.pg_type t
   WHERE t.typnamespace = '$edition'::regnamespace AND t.typtype = 'd'
     AND NOT EXISTS (SELECT FROM pg_catalog.pg_type n WHERE n.typnamespace = '$native'::regnamespace AND n.typname = t.typname)) s
ORDER BY x COLLATE \"C\""
}
helper_names() { sed -n 's/^function //p' <<<"$1" | paste -sd' ' -; }
check_to_native_drops() { # check_to_native_drops DERIVED (an edition_only list)
  check "sql_edition/to_native.sql drops exactly the edition's $(grep -c '^function ' <<<"$1") helper functions and $(grep -c '^domain ' <<<"$1") domains (from the catalog)" \
    "$(to_native_drops)" "$1"
}
