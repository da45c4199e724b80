#!/usr/bin/env bash
# pg_partman with uuid_shard's encoder and decoder, on real pg_partman releases.
#   tests/sql/partman.sh MAJOR     (the extension must already be installed into MAJOR)
#
# pg_partman's SQL files (scripts/setup.sh caches them in .pg/partman/<version>/) are copied into
# MAJOR's extension directory; no background worker is used, maintenance is called by hand.
# pg_partman 5 requires PostgreSQL 14 or later: on an older major the test only checks that
# create_parent says so. Otherwise, for each release (5.2.4, 5.5.0) and each interval (1 month,
# 1 day), in a fresh database (UTC):
#   - the pg_partman snippet of README.md, which must be the same text as the one in
#     docs/partitions.md, runs as written (the daily run changes only the table name and
#     p_interval); show_partitions works (it calls the decoder with text) and lists 9 children
#     (premake 4 on each side) and the default partition;
#   - every child's bounds are uuid_v7_boundary of interval starts, contiguous, named _pYYYYMMDD;
#   - rows spread over the children and beyond are routed to the child whose time range holds
#     uuid_v7_time(id), the rest to the default partition;
#   - a row in the last child makes run_maintenance add 4 children after it;
#   - rows that reached the default partition: 5.5.0's partition_data_time moves them into a new
#     child; 5.2.4's partition_data_time refuses a uuid column and both releases'
#     partition_data_proc call partition_data_uuid, which neither has; uuid_v7_partition_ddl
#     (docs/partitions.md) moves them on both, and pg_partman keeps managing the set after it;
#   - show_partition_name takes a time, not a key; with ignore_default_data = false maintenance
#     reads max(id) of the default partition with uuid_shard's max(uuid) (0.3.0), then both
#     releases take the key for a timestamptz: 5.2.4 raises, 5.5.0 skips the set;
#   - a filter id >= uuid_v7_boundary(a) AND id < uuid_v7_boundary(b) with constant times is
#     pruned to one child at plan time;
#   - retention with retention_keep_table detaches the old children, without it drops them.
set -eEuo pipefail
major=${1:?usage: tests/sql/partman.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
releases=(5.2.4 5.5.0)
bin=$(pg_bin "$major")
extdir="$("$bin/pg_config" --sharedir)/extension"
suite_tmpdir work   # kept after a failure: each case's SQL and psql output

for v in "${releases[@]}"; do
  [ -s "$PROJECT_ROOT/.pg/partman/$v/pg_partman--$v.sql" ] \
    || { fail "pg_partman $v SQL files in .pg/partman/$v" "missing: run scripts/setup.sh"; finish; }
  # Refuse to overwrite a pg_partman that a Debian package installed into this PostgreSQL.
  if [ -f "$extdir/pg_partman.control" ] && dpkg-query -S "$extdir/pg_partman.control" >/dev/null 2>&1; then
    fail "pg_partman $v installed into $extdir" "a packaged pg_partman is installed there; not overwriting it"; finish
  fi
  install -m 644 "$PROJECT_ROOT/.pg/partman/$v/pg_partman--$v.sql" "$extdir/"
done

# The snippet, extracted from both pages: the ```sql block that calls partman.create_parent.
snippet() {
  awk '/^```sql$/ { inblock = 1; buf = ""; next }
       /^```$/ && inblock { inblock = 0; if (buf ~ /partman\.create_parent\(/) { printf "%s", buf; exit } next }
       inblock { buf = buf $0 "\n" }' "$1"
}
readme=$(snippet "$PROJECT_ROOT/README.md")
docs=$(snippet "$PROJECT_ROOT/docs/partitions.md")
check "a pg_partman snippet in README.md" "${readme:+found}" found
what="README.md and docs/partitions.md show the same pg_partman snippet"
if [ "$readme" = "$docs" ]; then pass "$what"; else fail "$what" "diff below"; diff <(echo "$readme") <(echo "$docs") || true; fi
check "the snippet is the monthly one this test expects" "$(grep -q "p_interval     := '1 month'" <<<"$readme" && echo yes || echo no)" yes
check "the snippet creates public.events" "$(grep -q "CREATE TABLE public.events" <<<"$readme" && echo yes || echo no)" yes
[ "$SUITE_FAILURES" = 0 ] || finish

suite_cluster "partman-$major"
export PGOPTIONS="-c TimeZone=UTC -c client_min_messages=warning"

run_case() { # run_case RELEASE INTERVAL(1 month|1 day)
  local v=$1 step=$2 unit table db
  if [ "$step" = "1 month" ]; then unit=month table=events; else unit=day table=events_daily; fi
  db="pm_${v//./_}_$unit"
  suite_case "pg_partman $v, $step"
  # This release's own control file: CREATE EXTENSION pg_partman then installs its default_version.
  install -m 644 "$PROJECT_ROOT/.pg/partman/$v/pg_partman.control" "$extdir/"
  "${PSQL[@]}" -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
  local sql="$work/$db.sql" out="$work/$db.out" rc=0
  {
    cat <<SQL
\\set ON_ERROR_STOP 1
CREATE FUNCTION pg_temp.chk(ok boolean, what text) RETURNS void LANGUAGE plpgsql AS \$\$
BEGIN
    IF ok IS NOT TRUE THEN RAISE EXCEPTION 'FAILED: %', what; END IF;
    RAISE WARNING 'ok: %', what;
END \$\$;
-- An expected failure: the statement must fail with a message matching pattern.
CREATE FUNCTION pg_temp.fails(stmt text, pattern text, what text) RETURNS void LANGUAGE plpgsql AS \$\$
DECLARE msg text;
BEGIN
    BEGIN
        EXECUTE stmt;
        msg := '(no error)';
    EXCEPTION WHEN OTHERS THEN
        msg := SQLERRM;
    END;
    PERFORM pg_temp.chk(msg ~ pattern, what || ' [' || msg || ']');
END \$\$;
CREATE SCHEMA uuid_shard;
CREATE EXTENSION uuid_shard SCHEMA uuid_shard;
CREATE SCHEMA partman;
CREATE EXTENSION pg_partman SCHEMA partman;
SELECT pg_temp.chk(extversion = '$v', 'pg_partman ' || extversion || ' installed') FROM pg_extension WHERE extname = 'pg_partman';
SQL
    # The documented snippet, as written (daily: only the table name and the interval differ).
    if [ "$unit" = month ]; then printf '%s\n' "$readme"; else
      printf '%s\n' "$readme" | sed -e "s/public\.events\b/public.events_daily/g" -e "s/'1 month'/'1 day'/"; fi
    cat <<SQL
\\set p public.$table
\\set step '$step'
\\set unit $unit
SELECT pg_temp.chk(count(*) = 10 AND count(*) FILTER (WHERE partition_tablename = '${table}_default') = 1,
                   'show_partitions lists ' || count(*) || ' tables: 9 children (premake 4) and the default')
  FROM partman.show_partitions(:'p', p_include_default := true);
-- Children: bounds are uuid_v7_boundary of interval starts in UTC, contiguous, pg_partman's names.
CREATE TEMP VIEW kids AS
SELECT c.oid::regclass AS rel, c.relname,
       (regexp_match(pg_get_expr(c.relpartbound, c.oid), '''([0-9a-f-]{36})''.*''([0-9a-f-]{36})'''))[1]::uuid AS lo,
       (regexp_match(pg_get_expr(c.relpartbound, c.oid), '''([0-9a-f-]{36})''.*''([0-9a-f-]{36})'''))[2]::uuid AS hi
  FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
 WHERE i.inhparent = :'p'::regclass AND pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT';
CREATE TEMP VIEW kid_times AS
SELECT k.*, uuid_shard.uuid_v7_time(k.lo) AS t_lo, uuid_shard.uuid_v7_time(k.hi) AS t_hi,
       lag(k.hi) OVER (ORDER BY k.lo) AS prev_hi FROM kids k;
SELECT pg_temp.chk(bool_and(lo = uuid_shard.uuid_v7_boundary(t_lo) AND hi = uuid_shard.uuid_v7_boundary(t_hi)
                            AND t_lo = date_trunc(:'unit', t_lo) AND t_hi = t_lo + :'step'::interval
                            AND (prev_hi IS NULL OR prev_hi = lo)
                            AND relname = '${table}_p' || to_char(t_lo, 'YYYYMMDD')),
                   count(*) || ' children: bounds = uuid_v7_boundary(interval start), contiguous, named _pYYYYMMDD')
  FROM kid_times;
SELECT pg_temp.chk(child_start_time = t_lo AND child_end_time = t_hi, 'show_partition_info(' || rel || ', p_parent_table) decodes its bounds')
  FROM kid_times, partman.show_partition_info('public.' || relname, p_parent_table := :'p') WHERE t_lo = date_trunc(:'unit', now());
SELECT pg_temp.fails(format('SELECT partman.show_partition_info(%L)', 'public.${table}_p' || to_char(date_trunc(:'unit', now()), 'YYYYMMDD')),
                     CASE WHEN '$v' = '5.2.4' THEN 'invalid input syntax for type timestamp' ELSE '^\(no error\)\$' END,
                     'show_partition_info(child) without p_parent_table: ' || CASE WHEN '$v' = '5.2.4' THEN 'fails' ELSE 'works' END);
SELECT pg_temp.chk(min(t_lo) = date_trunc(:'unit', now()) - 4 * :'step'::interval
                   AND max(t_lo) = date_trunc(:'unit', now()) + 4 * :'step'::interval,
                   'children from ' || min(t_lo) || ' to ' || max(t_lo) || ': 4 intervals before and after now')
  FROM kid_times;
-- Routing: 1,029 rows from 6 intervals before now to 6 after.
INSERT INTO :p (id) SELECT uuid_shard.uuid_v7_at(date_trunc(:'unit', now()) - 6 * :'step'::interval
                                             + (12 * i / 1029.0) * :'step'::interval)
  FROM generate_series(0, 1028) i;
SELECT pg_temp.chk(count(*) = 1029 AND count(*) FILTER (WHERE k.rel IS NULL AND e.tableoid::regclass::text <> '${table}_default'
                                                         OR k.rel IS NOT NULL AND NOT (e.id >= k.lo AND e.id < k.hi)) = 0
                   AND count(*) FILTER (WHERE e.tableoid::regclass::text = '${table}_default') =
                       count(*) FILTER (WHERE uuid_shard.uuid_v7_time(e.id) < date_trunc(:'unit', now()) - 4 * :'step'::interval
                                           OR uuid_shard.uuid_v7_time(e.id) >= date_trunc(:'unit', now()) + 5 * :'step'::interval),
                   count(*) || ' rows routed, ' || count(*) FILTER (WHERE e.tableoid::regclass::text = '${table}_default')
                   || ' of them (outside every child) to the default partition, 0 misplaced')
  FROM :p e LEFT JOIN kids k ON k.rel = e.tableoid;
-- The rows outside every child leave the default partition before maintenance is tested.
CREATE TEMP TABLE parked AS SELECT * FROM ONLY ${table}_default;
DELETE FROM ${table}_default;
-- Time moves on: a row in the last child, and maintenance adds premake (4) children after it.
INSERT INTO :p (id) VALUES (uuid_shard.uuid_v7_at(date_trunc(:'unit', now()) + 4 * :'step'::interval + :'step'::interval / 2));
SELECT partman.run_maintenance(:'p');
SELECT pg_temp.chk(count(*) = 13 AND max(t_lo) = date_trunc(:'unit', now()) + 8 * :'step'::interval
                   AND bool_and(lo = uuid_shard.uuid_v7_boundary(t_lo) AND t_hi = t_lo + :'step'::interval
                                AND (prev_hi IS NULL OR prev_hi = lo)),
                   'run_maintenance: ' || count(*) || ' children, the last from ' || max(t_lo))
  FROM kid_times;
-- Rows in the default partition: 7 and 8 intervals before now, where no child exists.
INSERT INTO :p SELECT * FROM parked WHERE uuid_shard.uuid_v7_time(id) < date_trunc(:'unit', now()) - 4 * :'step'::interval;
SELECT count(*) AS parked_old FROM parked WHERE uuid_shard.uuid_v7_time(id) < date_trunc(:'unit', now()) - 4 * :'step'::interval \\gset
INSERT INTO :p (id) SELECT uuid_shard.uuid_v7_at(date_trunc(:'unit', now()) - 8 * :'step'::interval + (i / 100.0) * :'step'::interval)
  FROM generate_series(0, 99) i;
-- show_partition_name takes a time, not a key.
SELECT pg_temp.chk(partition_table = '${table}_p' || to_char(date_trunc(:'unit', now()), 'YYYYMMDD'),
                   'show_partition_name(parent, a time) names ' || partition_table)
  FROM partman.show_partition_name(:'p', now()::text);
SELECT pg_temp.fails(format('SELECT partman.show_partition_name(%L, %L)', :'p', uuid_shard.uuid_v7_boundary(now())::text),
                     'invalid input syntax for type timestamp', 'show_partition_name(parent, a key) is refused');
-- ignore_default_data = false makes maintenance read max(id) of the default partition, which
-- needs max(uuid): uuid_shard has it from 0.3.0 on (before, 5.2.4 raised "function max(uuid)
-- does not exist" and 5.5.0 skipped the set with a WARNING). A row 12 intervals ahead in the
-- default partition: maintenance now reads its max(id) on both releases, and then neither
-- release decodes it (they cast it to timestamptz), so the setting stays unusable with uuid keys.
-- pg_partman calls max(id) unqualified: the extension's schema must be on the path of the
-- session that runs maintenance for it to find uuid_shard.max(uuid).
SET search_path = public, uuid_shard;
INSERT INTO :p (id) VALUES (uuid_shard.uuid_v7_at(date_trunc(:'unit', now()) + 12 * :'step'::interval));
UPDATE partman.part_config SET ignore_default_data = false WHERE parent_table = :'p';
SELECT count(*) AS kids_before FROM kids \\gset
SELECT max(id) AS default_max FROM ${table}_default \\gset
SELECT pg_temp.chk(:'default_max'::uuid = (SELECT id FROM ${table}_default ORDER BY id DESC LIMIT 1)
                   AND uuid_shard.uuid_v7_time(:'default_max') >= date_trunc(:'unit', now()) + 12 * :'step'::interval,
                   'max(id) of the default partition is its newest row, 12 intervals ahead');
SQL
    if [ "$v" = 5.2.4 ]; then
      cat <<SQL
-- 5.2.4 gets max(id) now, then casts it to timestamptz instead of decoding it.
SELECT pg_temp.fails(format('SELECT partman.run_maintenance(%L)', :'p'), 'invalid input syntax for type timestamp with time zone',
                     'run_maintenance with ignore_default_data = false: max(uuid) runs, then 5.2.4 casts the key to timestamptz');
SQL
    else
      cat <<SQL
SELECT partman.run_maintenance(:'p');
-- 5.5.0 reads max(id) into a timestamptz variable (no decoder either): the cast fails inside
-- its per-set exception block, so the set is skipped with a WARNING and gets no children.
SELECT pg_temp.chk(count(*) = :kids_before, 'run_maintenance with ignore_default_data = false: max(uuid) runs, 5.5.0 skips the set: '
                   || count(*) || ' children, none for the row 12 intervals ahead')
  FROM kids;
SQL
    fi
    cat <<SQL
UPDATE partman.part_config SET ignore_default_data = true WHERE parent_table = :'p';
DELETE FROM ${table}_default WHERE uuid_shard.uuid_v7_time(id) >= date_trunc(:'unit', now()) + 12 * :'step'::interval;
SELECT pg_temp.fails(format('CALL partman.partition_data_proc(%L)', :'p'), 'partition_data_uuid.*does not exist',
                     'partition_data_proc calls partman.partition_data_uuid, which this release lacks');
SQL
    if [ "$v" = 5.2.4 ]; then
      cat <<SQL
SELECT pg_temp.fails(format('SELECT partman.partition_data_time(%L, p_batch_count := 10)', :'p'),
                     'without time based control column', 'partition_data_time refuses a uuid control column');
SQL
    else
      cat <<SQL
-- This release moves them itself (one interval per batch): the rows 8 intervals back.
SELECT pg_temp.chk(partman.partition_data_time(:'p', p_batch_count := 1) = 100 + count(*),
                   'partition_data_time moved the ' || 100 + count(*) || ' rows of ' || date_trunc(:'unit', now()) - 8 * :'step'::interval)
  FROM parked WHERE uuid_shard.uuid_v7_time(id) >= date_trunc(:'unit', now()) - 8 * :'step'::interval
                AND uuid_shard.uuid_v7_time(id) < date_trunc(:'unit', now()) - 7 * :'step'::interval;
SQL
    fi
    cat <<SQL
-- uuid_v7_partition_ddl moves what is left (docs/partitions.md), on every release.
SELECT uuid_shard.uuid_v7_partition_ddl(:'p'::regclass, date_trunc(:'unit', now()) - 8 * :'step'::interval,
                                        date_trunc(:'unit', now()) - 4 * :'step'::interval, :'step'::interval) \\gexec
SELECT pg_temp.chk(count(*) = 0, 'the default partition is empty: ' || count(*) || ' rows left')
  FROM ${table}_default;
SELECT pg_temp.chk(count(*) = 17 AND min(t_lo) = date_trunc(:'unit', now()) - 8 * :'step'::interval
                   AND bool_and(lo = uuid_shard.uuid_v7_boundary(t_lo) AND t_hi = t_lo + :'step'::interval
                                AND (prev_hi IS NULL OR prev_hi = lo) AND relname = '${table}_p' || to_char(t_lo, 'YYYYMMDD')),
                   count(*) || ' contiguous children after the move, the first from ' || min(t_lo))
  FROM kid_times;
SELECT pg_temp.chk(count(*) = 1029 + 1 + 100 - (SELECT count(*) FROM parked) + :parked_old
                   AND count(*) FILTER (WHERE k.rel IS NULL OR NOT (e.id >= k.lo AND e.id < k.hi)) = 0,
                   count(*) || ' rows, each in the child holding its time')
  FROM :p e LEFT JOIN kids k ON k.rel = e.tableoid;
SELECT pg_temp.chk(count(*) = 17, 'show_partitions after the move lists ' || count(*) || ' children')
  FROM partman.show_partitions(:'p');
SELECT partman.run_maintenance(:'p');
-- Plan-time pruning: constant times give constant bounds, one child is planned.
DO \$\$
DECLARE line text; scans int := 0; removed int := 0; t timestamptz := date_trunc('$unit', now()) - '$step'::interval;
BEGIN
    FOR line IN EXECUTE format('EXPLAIN (COSTS OFF) SELECT * FROM public.$table WHERE id >= uuid_shard.uuid_v7_boundary(%L) AND id < uuid_shard.uuid_v7_boundary(%L)',
                               t, t + '$step'::interval) LOOP
        IF line ~ 'Scan on ' THEN scans := scans + 1; END IF;
        IF line ~ 'Subplans Removed' THEN removed := removed + 1; END IF;
        IF line ~ 'Scan on ' AND line !~ ('${table}_p' || to_char(t, 'YYYYMMDD')) THEN scans := scans + 100; END IF;
    END LOOP;
    PERFORM pg_temp.chk(scans = 1 AND removed = 0, 'a constant time range is pruned at plan time to its one child');
END \$\$;
-- Retention: keep_table detaches, otherwise drops.
SELECT count(*) AS to_detach FROM kid_times WHERE t_hi < now() - 2 * :'step'::interval \\gset
UPDATE partman.part_config SET retention = (2 * :'step'::interval)::text, retention_keep_table = true WHERE parent_table = :'p';
SELECT partman.run_maintenance(:'p');
SELECT pg_temp.chk(count(*) = 0, 'retention ' || 2 * :'step'::interval || ': no child ending before ' || now() - 2 * :'step'::interval || ' is left')
  FROM kid_times WHERE t_hi < now() - 2 * :'step'::interval;
SELECT pg_temp.chk(count(*) = :to_detach AND count(*) > 0,
                   count(*) || ' old children detached and kept (retention_keep_table)')
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE n.nspname = 'public' AND c.relname ~ '^${table}_p' AND c.relkind = 'r' AND NOT c.relispartition;
SELECT count(*) AS before_drop FROM kids \\gset
UPDATE partman.part_config SET retention = :'step', retention_keep_table = false WHERE parent_table = :'p';
SELECT partman.run_maintenance(:'p');
SELECT pg_temp.chk(count(*) = :before_drop - 1 AND count(*) FILTER (WHERE t_hi < now() - :'step'::interval) = 0,
                   'retention ' || :'step' || ' without keep_table: ' || :before_drop - count(*) || ' child dropped')
  FROM kid_times;
SELECT pg_temp.chk(to_regclass('public.${table}_p' || to_char(date_trunc(:'unit', now()) - 2 * :'step'::interval, 'YYYYMMDD')) IS NULL,
                   'the dropped child no longer exists');
SQL
  } >"$sql"
  "${PSQL[@]}" -d "$db" -f "$sql" >"$out" 2>&1 || rc=$?
  # pg_temp.chk's verdicts: a WARNING "ok: WHAT" each, an ERROR "FAILED: WHAT" at the first failure
  local line
  while IFS= read -r line; do
    case "$line" in
      "ok: "*) pass "${line#ok: }" ;;
      *"ERROR:  FAILED: "*) fail "${line#*ERROR:  FAILED: }" ;;
      *) echo "$line" ;;
    esac
  done < <(sed -n 's/^psql:[^ ]* WARNING:  //p; s/^WARNING:  //p; /ERROR/p' "$out")
  check "psql's exit status (output in $out)" "$rc" 0
  suite_case
  [ "$rc" = 0 ] || return 0
  "${PSQL[@]}" -d postgres -c "DROP DATABASE $db"
}

refused_case() { # refused_case RELEASE: pg_partman 5 needs PostgreSQL 14+; the snippet must say so
  local v=$1 db="pm_${1//./_}_refused" out
  install -m 644 "$PROJECT_ROOT/.pg/partman/$v/pg_partman.control" "$extdir/"
  "${PSQL[@]}" -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
  out=$(printf 'CREATE SCHEMA uuid_shard;\nCREATE EXTENSION uuid_shard SCHEMA uuid_shard;\nCREATE SCHEMA partman;\nCREATE EXTENSION pg_partman SCHEMA partman;\n%s\n' "$readme" \
        | "${PSQL[@]}" -d "$db" 2>&1 || true)
  check "pg_partman $v: create_parent refuses PostgreSQL $major (pg_partman 5 requires 14 or later)" \
    "$(grep -q 'pg_partman requires PostgreSQL 14 or greater' <<<"$out" && echo refused || echo "$out")" refused
  "${PSQL[@]}" -d postgres -c "DROP DATABASE $db"
}

# The checks compare pg_partman's children with date_trunc(now()) in several statements: keep a
# run away from a UTC midnight (every day and month boundary is one).
left=$(( 86400 - $(date -u +%s) % 86400 ))
if [ "$left" -lt 60 ]; then echo "waiting ${left}s for UTC midnight to pass"; sleep $((left + 2)); fi

t0=$SECONDS
for v in "${releases[@]}"; do
  if [ "$("${PSQL[@]}" -At -d postgres -c 'SHOW server_version_num')" -lt 140000 ]; then
    refused_case "$v"
    continue
  fi
  run_case "$v" "1 month"
  run_case "$v" "1 day"
done
echo "pg_partman ${releases[*]} on PostgreSQL $major: $((SECONDS - t0))s"
finish
