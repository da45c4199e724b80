#!/usr/bin/env bash
# trusted = true: a database owner without superuser installs and uses the extension; a role
# without CREATE on the database cannot.
#   tests/sql/trusted.sh MAJOR
set -euo pipefail
major=${1:?usage: tests/sql/trusted.sh 15|18}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
suite_cluster "rel-trusted-$major"
make_role app_owner NOSUPERUSER NOCREATEDB NOCREATEROLE
make_role app_user NOSUPERUSER
make_db appdb app_owner
check "non-superuser database owner created the extension and used it (rolsuper, extowner, v7 keys in buckets 0..3)" \
  "$(as_role app_owner appdb <<'SQL'
SELECT rolsuper FROM pg_roles WHERE rolname = current_user;
CREATE EXTENSION uuid_shard;
SELECT extowner::regrole FROM pg_extension WHERE extname = 'uuid_shard';
CREATE TABLE t (id uuid PRIMARY KEY DEFAULT public.uuidv7());
INSERT INTO t SELECT FROM generate_series(1, 10);
SELECT count(*) FROM t WHERE uuid_version(id) = 7 AND uuid_bucket(id, 4) BETWEEN 0 AND 3;
SQL
)" $'f\napp_owner\n10'
# A role without CREATE on the database is refused with insufficient_privilege.
as_role app_owner appdb -c "DROP EXTENSION uuid_shard CASCADE" >/dev/null
check "role without CREATE privilege refused (SQLSTATE)" \
  "$(as_role app_user appdb -v VERBOSITY=sqlstate -c "\set VERBOSITY sqlstate" -c "CREATE EXTENSION uuid_shard" 2>&1 | grep -o 42501 || true)" 42501
finish
