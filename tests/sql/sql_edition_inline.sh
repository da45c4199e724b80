#!/usr/bin/env bash
# The SQL edition's per-row functions are single SQL expressions the planner inlines
# (sql_edition/uuid_shard_sql.sql): for each function of the list below,
#   1. EXPLAIN (VERBOSE, COSTS OFF) of a query calling it over a table shows the expression
#      (the pg_catalog functions of its body), not the function: inlined;
#   2. an IMMUTABLE one called with constant arguments is planned as one constant;
#   3. it is inlined with an empty search_path and with a caller's search_path that puts a
#      schema of look-alike operators and functions first, and gives the same rows there;
#   4. it is still LANGUAGE sql, without SET, SECURITY INVOKER (what inlining needs);
#   5. its errors and NULLs per row are those of the same call with constant arguments.
# As a control that the check can see a call that is not inlined, uuid_bucket (PL/pgSQL, a loop)
# must show up as a call. The list must hold every LANGUAGE sql function the edition installs,
# but the internal ones (_uuid_*: the aggregates' transition functions, the partition helpers)
# and the edition's own helpers (the alphabets: the functions sql_edition/to_native.sql drops).
#   tests/sql/sql_edition_inline.sh MAJOR
set -euo pipefail
major=${1:?usage: tests/sql/sql_edition_inline.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
. "$here/lib/edition.sh"

# The functions expected inlined, one per line: FUNCTION(ARGUMENT TYPES)|call over table t (id
# uuid, len int, ts timestamptz)|call with constant arguments. Add a new single-expression
# function here (the test fails while one is missing).
inlined="uuid_v7_time(uuid)|uuid_v7_time(id)|uuid_v7_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::uuid)
uuid_v7_time(text)|uuid_v7_time(id::text)|uuid_v7_time('017f22e2-79b0-7cc3-98c4-dc0c0c07398f'::text)
uuid_version(uuid)|uuid_version(id)|uuid_version('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')
uuid_shard_key(uuid,integer)|uuid_shard_key(id, len)|uuid_shard_key('0195e3a1-7c2e-7b3d-8a4f-0123456789ab', 4)
uuid_tail_remainder(uuid,integer)|uuid_tail_remainder(id, len)|uuid_tail_remainder('0195e3a1-7c2e-7b3d-8a4f-0123456789ab', 8)
uuid_v7_boundary(timestamptz)|uuid_v7_boundary(ts)|uuid_v7_boundary('2022-02-22 19:22:22.0005+00')
uuid_v7_at(timestamptz)|uuid_v7_at(ts)|uuid_v7_at('2022-02-22 19:22:22.0005+00')
uuid_v7_boundary_last(timestamptz)|uuid_v7_boundary_last(ts)|uuid_v7_boundary_last('2022-02-22 19:22:22.0005+00')
uuid_v7_time_us(uuid)|uuid_v7_time_us(id)|uuid_v7_time_us('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')
uuid_to_ulid(uuid)|uuid_to_ulid(id)|uuid_to_ulid('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')
uuid_to_base32hex(uuid)|uuid_to_base32hex(id)|uuid_to_base32hex('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')"
# The control: not a single expression, so it must appear as a call.
not_inlined="uuid_bucket|uuid_bucket(id, 5)"

suite_cluster "edition-inline-$major"
db postgres -v schema=ed -f "$plain_script"
db postgres <<'SQL'
CREATE TABLE t AS SELECT gen_random_uuid() AS id, 1 + g % 15 AS len, now() - g * interval '1.37 s' AS ts FROM generate_series(1, 1000) g;
-- a caller's schema of look-alikes: an operator + on bigint, get_byte, encode, left; with it
-- first on search_path, any unqualified name in a body would run these
CREATE SCHEMA evil;
CREATE FUNCTION evil.int8pl(bigint, bigint) RETURNS bigint LANGUAGE sql AS 'SELECT 0::bigint';
CREATE OPERATOR evil.+ (LEFTARG = bigint, RIGHTARG = bigint, FUNCTION = evil.int8pl);
CREATE FUNCTION evil.get_byte(bytea, integer) RETURNS integer LANGUAGE sql AS 'SELECT 0';
CREATE FUNCTION evil.encode(bytea, text) RETURNS text LANGUAGE sql AS 'SELECT ''''::text';
CREATE FUNCTION evil.left(text, integer) RETURNS text LANGUAGE sql AS 'SELECT ''evil''::text';
SQL

plan_output() { # plan_output SEARCH_PATH QUERY -> the Output line(s) of the plan
  db postgres -c "SET search_path = $1" -c "EXPLAIN (VERBOSE, COSTS OFF) $2" | sed -n 's/^ *Output: //p'
}

# 0. the list is complete: every LANGUAGE sql function of the edition's API
check "the list holds every LANGUAGE sql function but _uuid_* and the edition's helpers" \
  "$(db postgres -v listed="$(cut -d'|' -f1 <<<"$inlined" | sed 's/^/ed./' | paste -sd' ' -)" <<'SQL'
SELECT string_agg(f::regprocedure::text, ' ' ORDER BY f::regprocedure::text COLLATE "C")
  FROM unnest(string_to_array(:'listed', ' ')) f;
SQL
)" "$(db postgres -v helpers="$(helper_names "$(to_native_drops)")" <<'SQL'
SELECT string_agg(e.oid::regprocedure::text, ' ' ORDER BY e.oid::regprocedure::text COLLATE "C")
  FROM pg_proc e JOIN pg_language l ON l.oid = e.prolang
 WHERE e.pronamespace = 'ed'::regnamespace AND l.lanname = 'sql' AND e.proname !~ '^_'
   AND e.proname <> ALL (string_to_array(:'helpers', ' '));
SQL
)"

while IFS='|' read -r fn call const; do
  [ -n "$fn" ] || continue
  name=${fn%%(*}
  suite_case "$fn"
  # 1. over a table: the body's expression, no call of the function
  out=$(plan_output public "SELECT ed.$call FROM t")
  if [ -n "$out" ] && ! grep -q "\b$name(" <<<"$out" && grep -Eq 'uuid_send|timestamptz_send|uuid_extract_(version|timestamp)' <<<"$out"; then
    pass "inlined"
  else
    fail "inlined" "plan output: $out"
  fi
  # 2. constant arguments: one constant if IMMUTABLE, else at least inlined
  vol=$(db postgres -c "SELECT provolatile FROM pg_proc WHERE oid = 'ed.$fn'::regprocedure")
  out=$(plan_output public "SELECT ed.$const")
  if [ "$vol" = i ]; then
    what="IMMUTABLE, constant arguments fold to one constant"
    if grep -Eq "^('[^']*'::[a-z ]+|[0-9]+)$" <<<"$out"; then pass "$what ($out)"; else fail "$what" "plan output: $out"; fi
  else
    what="volatility $vol, inlined with constant arguments (not folded)"
    if grep -q "\b$name(" <<<"$out"; then fail "$what" "plan output: $out"; else pass "$what"; fi
  fi
  # 3. a caller's search_path cannot change what runs: inlined there too, same rows
  for sp in "''" "evil, public, pg_catalog"; do
    out=$(plan_output "$sp" "SELECT ed.$call FROM public.t")
    what="inlined with search_path $sp"
    if grep -q "\b$name(" <<<"$out"; then fail "$what" "plan output: $out"; else pass "$what"; fi
  done
  if [ "$name" != uuid_v7_at ]; then
    check "same rows with search_path = evil first" \
      "$(db postgres -c "SET search_path = evil, public, pg_catalog" -c "SELECT md5(string_agg(ed.$call::text, ',' ORDER BY id)) FROM public.t")" \
      "$(db postgres -c "SELECT md5(string_agg(ed.$call::text, ',' ORDER BY id)) FROM t")"
  else  # random tail: the time bits must agree with the boundary's
    check "same time bits with search_path = evil first" \
      "$(db postgres -c "SET search_path = evil, public, pg_catalog" -c "SELECT count(*) FROM public.t WHERE left(ed.uuid_v7_at(ts)::text, 13) <> left(ed.uuid_v7_boundary(ts)::text, 13)")" 0
  fi
  # 4. what inlining needs, as created
  check "LANGUAGE sql, no SET, SECURITY INVOKER" \
    "$(db postgres -c "SELECT l.lanname || ' ' || (p.proconfig IS NULL) || ' ' || NOT p.prosecdef FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = 'ed.$fn'::regprocedure")" \
    "sql true true"
done <<<"$inlined"
suite_case

# 5. Errors and NULLs of the inlined bodies read from table columns (evaluated per row) equal
#    those of the same calls with constant arguments (evaluated at plan time, which the parity
#    test's bad-input matrix compares with native): the argument checks run in the same order
#    and a NULL argument gives NULL, never an error.
res=$(db postgres <<'SQL'
CREATE FUNCTION pg_temp.outcome(sql text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE st text; msg text; det text; v text;
BEGIN
  EXECUTE sql INTO v;
  RETURN coalesce(v, 'NULL');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  RETURN 'ERROR ' || st || ': ' || msg || coalesce(' (' || nullif(det, '') || ')', '');
END $$;
CREATE TABLE bad (k serial, u uuid, len int, ts timestamptz);
INSERT INTO bad (u, len, ts) SELECT u, len, ts
  FROM unnest(ARRAY[NULL, '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
                    'c232ab00-9414-11ec-b3c8-9f6bdeced846', '017f22e2-79b0-7cc3-c8c4-dc0c0c07398f',
                    '017f22e2-79b0-7cc3-18c4-dc0c0c07398f', '017f22e2-79b0-7cc3-e8c4-dc0c0c07398f',
                    '919108f7-52d1-4320-9bac-f847db4148a8']::uuid[]) u,
       unnest(ARRAY[NULL, -1, 0, 1, 15, 16]) len,
       unnest(ARRAY[NULL, 'infinity', '-infinity', '1969-12-31 23:59:59.999999+00', '1970-01-01 00:00:00+00',
                    '10889-08-02 05:31:50.655999+00', '10889-08-02 05:31:50.656+00']::timestamptz[]) ts;
SELECT count(*) || ' calls, ' || count(*) FILTER (WHERE o_rows IS DISTINCT FROM o_const) || ' differ'
  FROM bad, LATERAL (VALUES
    (pg_temp.outcome(format('SELECT ed.uuid_shard_key(u, len) FROM bad WHERE k = %s', k)),
     pg_temp.outcome(format('SELECT ed.uuid_shard_key(%L::uuid, %L::int)', u, len))),
    (pg_temp.outcome(format('SELECT ed.uuid_tail_remainder(u, len) FROM bad WHERE k = %s', k)),
     pg_temp.outcome(format('SELECT ed.uuid_tail_remainder(%L::uuid, %L::int)', u, len))),
    (pg_temp.outcome(format('SELECT ed.uuid_v7_time(u) FROM bad WHERE k = %s', k)),
     pg_temp.outcome(format('SELECT ed.uuid_v7_time(%L::uuid)', u))),
    (pg_temp.outcome(format('SELECT ed.uuid_version(u) FROM bad WHERE k = %s', k)),
     pg_temp.outcome(format('SELECT ed.uuid_version(%L::uuid)', u))),
    (pg_temp.outcome(format('SELECT ed.uuid_v7_boundary(ts) FROM bad WHERE k = %s', k)),
     pg_temp.outcome(format('SELECT ed.uuid_v7_boundary(%L::timestamptz)', ts))),
    (pg_temp.outcome(format('SELECT ed.uuid_v7_boundary_last(ts) FROM bad WHERE k = %s', k)),
     pg_temp.outcome(format('SELECT ed.uuid_v7_boundary_last(%L::timestamptz)', ts))),
    (pg_temp.outcome(format('SELECT ed.uuid_v7_time_us(u) FROM bad WHERE k = %s', k)),
     pg_temp.outcome(format('SELECT ed.uuid_v7_time_us(%L::uuid)', u))),
    (pg_temp.outcome(format('SELECT left(ed.uuid_v7_at(ts)::text, 18) FROM bad WHERE k = %s', k)),
     pg_temp.outcome(format('SELECT left(ed.uuid_v7_at(%L::timestamptz)::text, 18)', ts)))) o(o_rows, o_const);
SQL
)
check "errors and NULLs per row equal those of constant calls ($res)" "${res##*, }" "0 differ"

# The control: a function that is not one expression is seen as a call.
IFS='|' read -r name call <<<"$not_inlined"
suite_case "control: $name"
out=$(plan_output public "SELECT ed.$call FROM t")
what="not one expression, shows as a call (so the check sees calls)"
if grep -q "\b$name(" <<<"$out"; then pass "$what"; else fail "$what" "plan output: $out"; fi
# it has no SET clause either (qualified names instead): same rows under the look-alikes
check "same rows with search_path = evil first" \
  "$(db postgres -c "SET search_path = evil, public, pg_catalog" -c "SELECT md5(string_agg(ed.$call::text, ',' ORDER BY id)) FROM public.t")" \
  "$(db postgres -c "SELECT md5(string_agg(ed.$call::text, ',' ORDER BY id)) FROM t")"
finish
