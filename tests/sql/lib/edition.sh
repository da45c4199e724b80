# Sourced by the SQL edition's tests (tests/sql/sql_edition_*.sh) after scripts/lib.sh: builds
# the edition's installable scripts into a temporary folder readable by the server's user, and
# gives them a check helper that records failures in $fail.
#   dist          the folder (the caller removes it: rm -rf "$dist" in its EXIT trap)
#   plain_script  dist/uuid_shard-<version>.sql      pgtle_script  dist/uuid_shard-<version>.pgtle.sql
#   version       <version>
dist=$(mktemp -d)
chmod a+rx "$dist"
python3 "$PROJECT_ROOT/tools/sql_edition.py" "$dist" >/dev/null
plain_script=$(ls "$dist"/uuid_shard-*[0-9].sql)
pgtle_script=$(ls "$dist"/uuid_shard-*.pgtle.sql)
version=$(basename "$plain_script" .sql); version=${version#uuid_shard-}
fail=0
check() { # check LABEL ACTUAL EXPECTED
  if [ "$2" = "$3" ]; then echo "$1: ok"; else echo "$1: FAILED (got '$2', expected '$3')"; fail=1; fi
}
