#!/usr/bin/env bash
# min(uuid)/max(uuid) on a PostgreSQL that has them in core (the development branch added them):
# simulated by creating pg_catalog.min(uuid)/max(uuid) as a superuser, with transition functions
# that are not ours, in a database where uuid_shard is installed and in use.
#   - an unqualified max(id) then resolves to pg_catalog's (searched first), public.max(id) to ours;
#   - a view created before keeps ours (it refers to the aggregate itself) and pg_get_viewdef
#     writes it schema-qualified; a view created after gets core's;
#   - pg_dump and a restore into a database where the "core" aggregates exist (as on the new
#     major) run without error and keep each view on the aggregate it had (pg_upgrade restores the
#     schema with the same pg_dump).
#   tests/sql/future_minmax.sh MAJOR     (the extension must be installed)
set -euo pipefail
major=${1:?usage: tests/sql/future_minmax.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
suite_cluster "future-minmax-$major"
suite_tmpdir work 777
core_sql="CREATE FUNCTION pg_catalog.core_uuid_larger(uuid, uuid) RETURNS uuid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            AS 'SELECT CASE WHEN \$2 OPERATOR(pg_catalog.>) \$1 THEN \$2 ELSE \$1 END';
          CREATE AGGREGATE pg_catalog.max(uuid) (SFUNC = pg_catalog.core_uuid_larger, STYPE = uuid,
            COMBINEFUNC = pg_catalog.core_uuid_larger, SORTOP = OPERATOR(pg_catalog.>), PARALLEL = SAFE);"
which_max="SELECT a.aggtransfn::regproc::text FROM pg_aggregate a WHERE a.aggfnoid = 'max(uuid)'::regprocedure"

make_db app
make_db restored
db app -c "CREATE EXTENSION uuid_shard" \
       -c "CREATE TABLE t (id uuid PRIMARY KEY DEFAULT public.uuidv7())" -c "INSERT INTO t SELECT FROM generate_series(1, 100)" \
       -c "CREATE VIEW newest_before AS SELECT max(id) AS id FROM t" >/dev/null
check "before: max(uuid) is uuid_shard's" "$(db app -c "$which_max")" "_uuid_larger"
db app -c "$core_sql" >/dev/null
check "with pg_catalog.max(uuid): an unqualified max(uuid) is pg_catalog's" "$(db app -c "$which_max")" "core_uuid_larger"
check "public.max(uuid) is still uuid_shard's" \
  "$(db app -c "SELECT a.aggtransfn::regproc::text FROM pg_aggregate a WHERE a.aggfnoid = 'public.max(uuid)'::regprocedure")" "_uuid_larger"
db app -c "CREATE VIEW newest_after AS SELECT max(id) AS id FROM t" >/dev/null
check "the view made before keeps uuid_shard's, written schema-qualified" \
  "$(db app -c "SELECT pg_get_viewdef('newest_before') ~ 'public\.max\(' AND pg_get_viewdef('newest_after') !~ 'public\.max\('")" "t"
check "both give the newest key" "$(db app -c "SELECT (SELECT id FROM newest_before) = (SELECT id FROM newest_after) AND (SELECT id FROM newest_after) = (SELECT id FROM t ORDER BY id DESC LIMIT 1)")" "t"
# dump and restore into a database that has the "core" aggregates, as the new major would
as_pg_user "$CLUSTER_BIN/pg_dump" -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres -Fc -f "$work/app.dump" app
db restored -c "$core_sql" >/dev/null
what="pg_dump, then pg_restore into a database with pg_catalog.max(uuid)"
if as_pg_user "$CLUSTER_BIN/pg_restore" -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres -d restored --exit-on-error "$work/app.dump" 2>"$work/restore.err"; then
  pass "$what"
else
  fail "$what" "$(head -5 "$work/restore.err")"
fi
viewagg() { # the aggregate a restored view calls
  db restored -c "SELECT a.aggtransfn::regproc::text FROM pg_rewrite r JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
                   JOIN pg_aggregate a ON a.aggfnoid = d.refobjid WHERE r.ev_class = '$1'::regclass"
}
suite_case "restored"
check "the view made before still calls uuid_shard's" "$(viewagg newest_before)" "_uuid_larger"
check "the view made after calls core's" "$(viewagg newest_after)" "core_uuid_larger"
check "same answers" "$(db restored -c "SELECT (SELECT id FROM newest_before) = (SELECT id FROM newest_after)")" "t"
finish
