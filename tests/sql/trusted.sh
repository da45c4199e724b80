#!/usr/bin/env bash
# trusted = true: a database owner without superuser installs and uses the extension; a role
# without CREATE on the database cannot.
#   tests/sql/trusted.sh MAJOR
set -euo pipefail
major=${1:?usage: tests/sql/trusted.sh 15|18}
. "$(dirname "$0")/../../scripts/lib.sh"
cluster_start "$major" "rel-trusted-$major"
trap cluster_stop EXIT
"${PSQL[@]}" -d postgres <<'SQL'
CREATE ROLE app_owner LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE app_user LOGIN NOSUPERUSER;
CREATE DATABASE appdb OWNER app_owner;
SQL
as_owner=("${PSQL[@]:0:${#PSQL[@]}-2}" -U app_owner -d appdb)
as_user=("${PSQL[@]:0:${#PSQL[@]}-2}" -U app_user -d appdb)
out=$("${as_owner[@]}" -At <<'SQL'
SELECT rolsuper FROM pg_roles WHERE rolname = current_user;
CREATE EXTENSION uuid_shard;
SELECT extowner::regrole FROM pg_extension WHERE extname = 'uuid_shard';
CREATE TABLE t (id uuid PRIMARY KEY DEFAULT public.uuidv7());
INSERT INTO t SELECT FROM generate_series(1, 10);
SELECT count(*) FROM t WHERE uuid_version(id) = 7 AND uuid_bucket(id, 4) BETWEEN 0 AND 3;
SQL
)
expected=$'f\napp_owner\n10'
if [ "$out" != "$expected" ]; then
  echo "trusted install by the database owner: expected"; echo "$expected"; echo "got"; echo "$out"; exit 1
fi
echo "PG$major: non-superuser database owner created the extension and used it"
# A role without CREATE on the database is refused with insufficient_privilege.
"${as_owner[@]}" -c "DROP EXTENSION uuid_shard CASCADE" >/dev/null
err=$("${as_user[@]}" -v VERBOSITY=sqlstate -c "\set VERBOSITY sqlstate" -c "CREATE EXTENSION uuid_shard" 2>&1 || true)
case "$err" in
  *42501*) echo "PG$major: role without CREATE privilege refused (42501)" ;;
  *) echo "expected 42501 for a role without CREATE privilege, got: $err"; exit 1 ;;
esac
