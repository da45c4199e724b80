#!/usr/bin/env bash
# pg_dump / pg_restore test for uuid_shard.
#   tests/sql/dump_restore.sh MAJOR    (the extension must already be installed; on 18, PostgreSQL
#                                       15's package too: package_installed in scripts/lib.sh
#                                       installs dist/'s when it is not)
#
# A source database holds:
#   events   (id uuid PRIMARY KEY DEFAULT public.uuidv7(),
#             shard text GENERATED ALWAYS AS (public.uuid_shard_key(id, 2)) STORED, payload text)
#            with an expression index events_bucket_idx ON (public.uuid_bucket(id, 8))
#   readings (id uuid DEFAULT public.uuidv7(), at timestamptz, v int) PARTITION BY RANGE (id), daily
#            partitions from 3 days before today to 4 days after, made by
#            uuid_v7_partition_ddl(parent, from, to, step) when the installed extension has it,
#            else by hand from uuid_v7_boundary; rows backfilled with uuid_v7_at(at)
#   accounts (id uuid PRIMARY KEY DEFAULT public.uuidv7(), name text) PARTITION BY HASH
#            (id public.uuid_tail_ops), partitions of mixed moduli (4,0) (4,1) (4,2) (8,3) (8,7)
#            made by uuid_tail_partition_ddl, keys of v7, v1, nil and max; orders with a foreign
#            key to it (only when the installed extension has uuid_tail_ops)
# It is dumped (custom format) and restored with pg_restore --exit-on-error into a fresh database:
#   same-version  MAJOR's pg_dump/pg_restore, source and target on one MAJOR cluster
#   cross-version (MAJOR=18 only) a PG15 source cluster dumped with PG18's pg_dump and restored
#                 into a PG18 cluster, where core has its own pg_catalog.uuidv7()
# The restored database must have: pg_restore exit 0 and no errors; equal row counts and equal
# contents (ids, generated shard keys, rows per partition); the generated column recomputed
# right; the column defaults still printed as public.uuidv7() and depending on a function that is a
# member of extension uuid_shard; new default ids of version 7 and of now; the bucket index valid
# and chosen for WHERE uuid_bucket(id, 8) = 3 (enable_seqscan = off), with the same answer as a
# sequential scan; new rows routed to the partition whose bounds hold their id. The dump writes
# PARTITION BY HASH (id public.uuid_tail_ops); accounts restored with the same rows in each
# partition, every row in the partition uuid_tail_remainder and satisfies_hash_partition give,
# new rows too, WHERE id = const scanning one partition, the foreign key validated and enforced.
set -eEuo pipefail
major=${1:?usage: tests/sql/dump_restore.sh 15|18}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
suite_tmpdir work 700

start() { # start MAJOR NAME VAR : cluster_start, then save its psql/connection into VAR_*
  cluster_start "$1" "$2"
  cluster_track
  eval "$3_PSQL=(\"\${PSQL[@]}\"); $3_BIN=\$CLUSTER_BIN; $3_CONN=(-h \"\$CLUSTER_DIR/sock\" -p \"\$CLUSTER_PORT\" -U postgres)"
}

populate() { # populate PSQL... : the source database "src"
  "$@" -d postgres -c "CREATE DATABASE src"
  "$@" -d src <<'SQL'
CREATE EXTENSION uuid_shard;
CREATE TABLE events (
  id uuid PRIMARY KEY DEFAULT public.uuidv7(),
  shard text GENERATED ALWAYS AS (public.uuid_shard_key(id, 2)) STORED,
  payload text NOT NULL
);
CREATE INDEX events_bucket_idx ON events (public.uuid_bucket(id, 8));
INSERT INTO events (payload) SELECT 'event ' || g FROM generate_series(1, 20000) g;
ANALYZE events;

CREATE TABLE readings (
  id uuid NOT NULL DEFAULT public.uuidv7(),
  at timestamptz NOT NULL,
  v int NOT NULL,
  PRIMARY KEY (id)
) PARTITION BY RANGE (id);
SELECT date_trunc('day', now()) - interval '3 days' AS p_from,
       date_trunc('day', now()) + interval '4 days' AS p_to,
       to_regproc('public.uuid_v7_partition_ddl') IS NOT NULL AS have_ddl \gset
\if :have_ddl
SELECT public.uuid_v7_partition_ddl('readings', :'p_from', :'p_to', '1 day') \gexec
\else
SELECT format('CREATE TABLE %I PARTITION OF readings FOR VALUES FROM (%L) TO (%L)',
              'readings_' || to_char(d, 'YYYYMMDD'), public.uuid_v7_boundary(d),
              public.uuid_v7_boundary(d + interval '1 day'))
  FROM generate_series(:'p_from'::timestamptz, :'p_to'::timestamptz - interval '1 day', '1 day') d \gexec
\endif
INSERT INTO readings (id, at, v)
  SELECT public.uuid_v7_at(t), t, (extract(epoch FROM t) / 60)::int % 1000
    FROM generate_series(:'p_from'::timestamptz, :'p_to'::timestamptz - interval '1 ms', '1 minute') t;
INSERT INTO readings (at, v) SELECT now(), g FROM generate_series(1, 100) g;

SELECT to_regproc('public.uuid_tail_partition_ddl') IS NOT NULL AS have_tail \gset
\if :have_tail
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT public.uuidv7(),
  name text NOT NULL
) PARTITION BY HASH (id public.uuid_tail_ops);
-- (4,0) (4,1) (4,2), and the remainder 3 of 4 as (8,3) (8,7)
SELECT s FROM public.uuid_tail_partition_ddl('accounts', 4) s WHERE s NOT LIKE '%REMAINDER 3)' \gexec
SELECT public.uuid_tail_partition_ddl('accounts', 8) \gexec
INSERT INTO accounts (name) SELECT 'account ' || g FROM generate_series(1, 5000) g;
INSERT INTO accounts (id, name) VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846', 'v1'),
  ('00000000-0000-0000-0000-000000000000', 'nil'), ('ffffffff-ffff-ffff-ffff-ffffffffffff', 'max');
CREATE TABLE orders (id bigserial PRIMARY KEY, account uuid NOT NULL REFERENCES accounts (id), total int NOT NULL);
INSERT INTO orders (account, total) SELECT id, length(name) FROM accounts WHERE name LIKE '%3' OR name IN ('v1', 'nil', 'max');
ANALYZE accounts;
\endif
SQL
  local how
  how=$("$@" -d src -At -c "SELECT CASE WHEN to_regproc('public.uuid_v7_partition_ddl') IS NULL
    THEN 'by hand from uuid_v7_boundary (uuid_v7_partition_ddl not installed)' ELSE 'by uuid_v7_partition_ddl' END
    || CASE WHEN to_regclass('public.accounts') IS NULL THEN ', no tail-hash table (uuid_tail_ops not installed)'
            ELSE ', tail-hash table accounts' END,
    current_setting('server_version_num')::int / 10000")
  echo "dump_restore PG$major $label: source on PG${how#*|}, partitions made ${how%|*}"
}

# The tail-hash table: each partition with its bound, rows and a hash of its ids and names, and
# the orders that reference it (one line of text, equal in source and restored database).
TAIL_CONTENT_SQL="SELECT string_agg(x, ' ' ORDER BY x) || ', ' || (SELECT count(*) || ' orders ' || md5(string_agg(account::text || ':' || total, ',' ORDER BY id)) FROM public.orders)
  FROM (SELECT c.relname || ' (' || pg_get_expr(c.relpartbound, c.oid) || '): '
               || (SELECT count(*) || ' ' || md5(string_agg(a.id::text || ':' || a.name, ',' ORDER BY a.id)) FROM public.accounts a WHERE a.tableoid = c.oid) AS x
          FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'public.accounts'::regclass) s"
# Rows of accounts not in the partition (m, r) with r = uuid_tail_remainder(id, m), or that
# PostgreSQL's own partition check refuses there.
TAIL_MISPLACED_SQL="SELECT count(*) FROM public.accounts a LEFT JOIN public.uuid_tail_partitions('public.accounts') p ON p.partition = a.tableoid
 WHERE NOT coalesce(public.uuid_tail_remainder(a.id, p.modulus) = p.remainder
                    AND satisfies_hash_partition('public.accounts'::regclass, p.modulus, p.remainder, a.id), false)"

# Figures that must be equal in source and restored database (one line of text).
CONTENT_SQL="SELECT (SELECT count(*) FROM public.events) || ' events, ' ||
       (SELECT md5(string_agg(id::text || ':' || shard || ':' || payload, ',' ORDER BY id)) FROM public.events) || ', ' ||
       (SELECT count(*) FROM public.readings) || ' readings, ' ||
       (SELECT md5(string_agg(id::text || ':' || tableoid::regclass::text || ':' || v, ',' ORDER BY id)) FROM public.readings) || ', ' ||
       (SELECT count(*) FROM pg_inherits WHERE inhparent = 'public.readings'::regclass) || ' partitions'"

# The partition that holds each readings row must be the one whose bounds contain its id.
MISROUTED_SQL="WITH b AS (
  SELECT c.oid AS part,
         substring(pg_get_expr(c.relpartbound, c.oid) FROM \$\$FROM \('([0-9a-f-]+)'\)\$\$)::uuid AS lo,
         substring(pg_get_expr(c.relpartbound, c.oid) FROM \$\$TO \('([0-9a-f-]+)'\)\$\$)::uuid AS hi
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
   WHERE i.inhparent = 'public.readings'::regclass)
SELECT count(*) FROM public.readings r LEFT JOIN b ON b.part = r.tableoid
 WHERE b.lo IS NULL OR b.hi IS NULL OR NOT (r.id >= b.lo AND r.id < b.hi)"

verify() { # verify SRC_PSQL_VAR DST_PSQL_VAR : compare src with the restored dst database
  local -n sp=$1 dp=$2
  local src_content dst_content
  src_content=$("${sp[@]}" -d src -At -c "$CONTENT_SQL")
  dst_content=$("${dp[@]}" -d dst -At -c "$CONTENT_SQL")
  check "contents: restored = source" "$dst_content" "$src_content"

  local v
  v=$("${dp[@]}" -d dst -At -c "SELECT count(*) FROM public.events WHERE shard IS DISTINCT FROM public.uuid_shard_key(id, 2)")
  check "restored rows whose generated shard is not uuid_shard_key(id, 2)" "$v" 0

  # Column defaults: still public.uuidv7(), and that function is a member of extension uuid_shard.
  local defaults
  defaults=$("${dp[@]}" -d dst -At -F' ' <<'SQL'
SET search_path = '';
SELECT ad.adrelid::regclass, pg_get_expr(ad.adbin, ad.adrelid), p.oid::regprocedure, coalesce(e.extname, '-')
  FROM pg_attrdef ad
  JOIN pg_attribute a ON a.attrelid = ad.adrelid AND a.attnum = ad.adnum AND a.attname = 'id'
  LEFT JOIN pg_depend d ON d.classid = 'pg_attrdef'::regclass AND d.objid = ad.oid AND d.refclassid = 'pg_proc'::regclass
  LEFT JOIN pg_proc p ON p.oid = d.refobjid
  LEFT JOIN pg_depend de ON de.classid = 'pg_proc'::regclass AND de.objid = p.oid
                        AND de.refclassid = 'pg_extension'::regclass AND de.deptype = 'e'
  LEFT JOIN pg_extension e ON e.oid = de.refobjid
 WHERE ad.adrelid IN ('public.events'::regclass, 'public.readings'::regclass)
 ORDER BY 1;
SQL
)
  local expect="public.events public.uuidv7() public.uuidv7() uuid_shard
public.readings public.uuidv7() public.uuidv7() uuid_shard"
  check "restored id defaults: uuid_shard's public.uuidv7()" "$defaults" "$expect"

  # New rows: default ids are v7 and of now; generated column filled; index chosen and consistent.
  local after
  after=$("${dp[@]}" -d dst -At -F' ' <<'SQL'
CREATE TEMP TABLE t0 AS SELECT clock_timestamp() AS t0;
INSERT INTO public.events (payload) SELECT 'after restore ' || g FROM generate_series(1, 1000) g;
SELECT count(*) FILTER (WHERE public.uuid_version(id) IS DISTINCT FROM 7
                           OR public.uuid_v7_time(id) < date_trunc('milliseconds', (SELECT t0 FROM t0))
                           OR public.uuid_v7_time(id) > clock_timestamp()),
       count(*) FILTER (WHERE shard IS DISTINCT FROM public.uuid_shard_key(id, 2))
  FROM public.events WHERE payload LIKE 'after restore %';
SQL
)
  check "new default ids after restore: (not v7 or not now, bad shard)" "$after" "0 0"

  local plan idx_valid
  idx_valid=$("${dp[@]}" -d dst -At -c "SELECT indisvalid FROM pg_index WHERE indexrelid = 'public.events_bucket_idx'::regclass")
  check "events_bucket_idx valid after restore" "$idx_valid" t
  "${dp[@]}" -d dst -c "ANALYZE public.events"
  plan=$("${dp[@]}" -d dst -At -c "SET enable_seqscan = off" -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM public.events WHERE public.uuid_bucket(id, 8) = 3")
  check "events_bucket_idx used for uuid_bucket(id, 8) = 3" "$(grep -q 'events_bucket_idx' <<<"$plan" && echo yes || echo "no: $plan")" yes
  local by_index by_seq
  by_index=$("${dp[@]}" -d dst -At -c "SET enable_seqscan = off" -c "SELECT count(*) FROM public.events WHERE public.uuid_bucket(id, 8) = 3")
  by_seq=$("${dp[@]}" -d dst -At -c "SET enable_indexscan = off" -c "SET enable_bitmapscan = off" \
    -c "SELECT count(*) FROM public.events WHERE public.uuid_bucket(id, 8) = 3")
  check "bucket 3: rows by index = rows by seq scan, more than 0" \
    "$([ "$by_index" = "$by_seq" ] && [ "$by_index" -gt 0 ] && echo yes || echo "no: $by_index by index, $by_seq by seq scan")" yes

  # Partition routing of new rows: backfilled at given times, and default ids (now).
  local routed
  routed=$("${dp[@]}" -d dst -At -F' ' <<SQL
INSERT INTO public.readings (id, at, v)
  SELECT public.uuid_v7_at(t), t, -1
    FROM generate_series(date_trunc('day', now()) - interval '3 days', date_trunc('day', now()) + interval '4 days' - interval '1 ms', '97 minutes') t;
INSERT INTO public.readings (at, v) SELECT now(), -2 FROM generate_series(1, 50);
SELECT count(*) FILTER (WHERE v IN (-1, -2)),
       count(*) FILTER (WHERE v IN (-1, -2) AND tableoid = 'public.readings'::regclass),
       count(DISTINCT tableoid) FILTER (WHERE v = -1),
       ($MISROUTED_SQL)
  FROM public.readings;
SQL
)
  local new_rows on_parent parts_hit misrouted
  read -r new_rows on_parent parts_hit misrouted <<<"$routed"
  check "new rows stored in the partitioned parent itself" "$on_parent" 0
  check "readings rows in a partition whose bounds do not hold their id" "$misrouted" 0
  check "backfilled rows reach the 7 daily partitions ($parts_hit partitions)" "$([ "$parts_hit" -ge 7 ] && echo yes || echo no)" yes

  local tail="no tail-hash table"
  if [ "$("${sp[@]}" -d src -At -c "SELECT to_regclass('public.accounts') IS NOT NULL")" = t ]; then
    local tail_src tail_dst key part
    tail_src=$("${sp[@]}" -d src -At -c "$TAIL_CONTENT_SQL")
    tail_dst=$("${dp[@]}" -d dst -At -c "$TAIL_CONTENT_SQL")
    check "tail-hash accounts: partitions, bounds, rows and ids per partition, orders: restored = source" "$tail_dst" "$tail_src"
    check "tail-hash accounts: restored rows not in their partition" "$("${dp[@]}" -d dst -At -c "$TAIL_MISPLACED_SQL")" 0
    "${dp[@]}" -d dst -c "INSERT INTO public.accounts (name) SELECT 'after restore ' || g FROM generate_series(1, 1000) g" -c "ANALYZE public.accounts"
    check "tail-hash accounts: rows not in their partition, with 1000 new rows" "$("${dp[@]}" -d dst -At -c "$TAIL_MISPLACED_SQL")" 0
    key=$("${dp[@]}" -d dst -At -c "SELECT id FROM public.accounts WHERE name = 'after restore 1'")
    part=$("${dp[@]}" -d dst -At -c "SELECT tableoid::regclass FROM public.accounts WHERE id = '$key'")
    plan=$("${dp[@]}" -d dst -At -c "EXPLAIN (COSTS OFF) SELECT * FROM public.accounts WHERE id = '$key'")
    check "tail-hash accounts: WHERE id = const scans one partition, the row's" \
      "$(grep 'Scan' <<<"$plan" | grep -v 'Bitmap Index Scan' | grep -o ' on accounts_h[0-9_]*' | sed 's/^ on //' | tr '\n' ' ' | sed 's/ $//')" "$part"
    check "tail-hash accounts: the foreign key from orders restored, validated" \
      "$("${dp[@]}" -d dst -At -c "SELECT string_agg(conname || ' ' || convalidated, ', ') FROM pg_constraint WHERE conrelid = 'public.orders'::regclass AND contype = 'f' AND conparentid = 0")" \
      "orders_account_fkey true"
    check "tail-hash accounts: an order for an absent account refused (SQLSTATE)" \
      "$("${dp[@]}" -d dst -At -v VERBOSITY=sqlstate -c "INSERT INTO public.orders (account, total) VALUES ('919108f7-52d1-4320-9bac-f847db4148a8', 1)" 2>&1 | grep -o -m1 'ERROR:  [0-9A-Z]*' | sed 's/^ERROR:  //' || true)" 23503
    tail="accounts: $("${dp[@]}" -d dst -At -c "SELECT count(*) || ' partitions, ' || sum(rows) || ' rows' FROM public.uuid_tail_partitions('public.accounts')") after 1000 new"
  fi

  local ext
  ext=$("${dp[@]}" -d dst -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
  printf 'dump_restore PG%s %s: %s; new rows=%s routed to %s partitions, misrouted=%s; bucket3=%s (index=seq); %s; extension %s\n' \
    "$major" "$label" "$dst_content" "$new_rows" "$parts_hit" "$misrouted" "$by_index" "$tail" "$ext"
}

dump_and_restore() { # dump_and_restore SRC_VAR DST_VAR PG_DUMP_BIN_DIR PG_RESTORE_BIN_DIR [attver-ok]
  # With attver-ok, a restore that stops only on PostgreSQL 15.20's column option pg_attver (see
  # below) is reported as a NOTE and returns 2 instead of counting as a failure.
  local -n sconn=$1_CONN dconn=$2_CONN dpsql=$2_PSQL spsql=$1_PSQL
  local dump_bin=$3 restore_bin=$4 attver_ok=${5:-} rc=0
  "$dump_bin/pg_dump" "${sconn[@]}" -Fc -f "$work/src.dump" src || { fail "pg_dump"; return 1; }
  "$restore_bin/pg_restore" -f - "$work/src.dump" >"$work/src.sql"
  check "the dump writes DEFAULT public.uuidv7()" "$(grep -q 'DEFAULT public\.uuidv7()' "$work/src.sql" && echo yes || echo no)" yes
  if [ "$("${spsql[@]}" -d src -At -c "SELECT to_regclass('public.accounts') IS NOT NULL")" = t ]; then
    check "the dump writes PARTITION BY HASH (id public.uuid_tail_ops)" \
      "$(grep -c 'PARTITION BY HASH (id public\.uuid_tail_ops);$' "$work/src.sql" || true)" 1
  fi
  "${dpsql[@]}" -d postgres -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS dst" -c "CREATE DATABASE dst"
  "$restore_bin/pg_restore" "${dconn[@]}" --exit-on-error -d dst "$work/src.dump" >"$work/restore.log" 2>&1 || rc=$?
  local by="pg_dump $("$dump_bin/pg_dump" --version | sed 's/^pg_dump (PostgreSQL) //'), pg_restore $("$restore_bin/pg_restore" --version | sed 's/^pg_restore (PostgreSQL) //')"
  if [ "$rc" != 0 ] && [ -n "$attver_ok" ] && grep -q 'unrecognized parameter "pg_attver"' "$work/restore.log" \
     && [ "$(grep -c 'ERROR:' "$work/restore.log")" = 1 ]; then
    echo "dump_restore PG$major $label: NOTE: restore by $by stopped on the column option pg_attver:"
    grep -m1 'ERROR:' "$work/restore.log" | sed 's/^/    /'
    grep -m1 'SET (pg_attver=' "$work/restore.log" | sed 's/^/    /'
    return 2
  fi
  check "pg_restore's exit status" "$rc" 0
  check "lines of pg_restore's output with 'error'" "$(grep -ci 'error' "$work/restore.log" || true)" 0
  ! grep -qi 'error' "$work/restore.log" || head -20 "$work/restore.log" >&2
  echo "dump_restore PG$major $label: dump $(stat -c %s "$work/src.dump") bytes by $by, restore rc=$rc"
  return "$rc"
}

# Same version: one cluster, src -> dst.
label="PG$major->PG$major"
suite_case "$label"
start "$major" "rel-dump-$major" MAIN
populate "${MAIN_PSQL[@]}"
dump_and_restore MAIN MAIN "$MAIN_BIN" "$MAIN_BIN" && verify MAIN_PSQL MAIN_PSQL

# Cross version: a PG15 source restored into PG18 with PG18's tools.
if [ "$major" = 18 ]; then
  label="PG15->PG18"
  suite_case "$label"
  # PostgreSQL 15's tree, under its lock, with this version's package installed (or waited for).
  if ! package_installed 15; then
    fail "uuid_shard $PROJECT_VERSION installed in PostgreSQL 15" "no package: run scripts/package.sh --pg 15"
  else
    start 15 rel-dump-src15 OLD
    populate "${OLD_PSQL[@]}"
    # The upgrade path: PG18's pg_dump against the PG15 server, PG18's pg_restore.
    rc=0; dump_and_restore OLD MAIN "$MAIN_BIN" "$MAIN_BIN" attver-ok || rc=$?
    if [ "$rc" = 2 ]; then
      # PostgreSQL 15.20 stores a server-maintained column option pg_attver on every column;
      # its own pg_dump leaves it out, PG18.6's pg_dump writes ALTER COLUMN ... SET (pg_attver=N)
      # and the PG18.6 server rejects it. That breaks every table, with or without uuid_shard,
      # so the extension's part is checked with PG15's pg_dump and PG18's pg_restore instead.
      label="PG15->PG18 (PG15 pg_dump)"
      suite_case "$label"
      echo "dump_restore PG$major: NOTE: not a uuid_shard fault; retrying with PostgreSQL 15's pg_dump"
      rc=0; dump_and_restore OLD MAIN "$PG15_BIN" "$MAIN_BIN" || rc=$?
    fi
    [ "$rc" = 0 ] && verify OLD_PSQL MAIN_PSQL
    # On 18 the unqualified name is core's: make sure the restored default is not that one.
    # pg_depend records no dependency on pinned core functions, so read the funcid in adbin itself.
    core=$("${MAIN_PSQL[@]}" -d dst -At -c "SELECT count(*) FROM pg_attrdef
      WHERE substring(adbin::text FROM ':funcid ([0-9]+)')::oid IN ('pg_catalog.uuidv7()'::regprocedure, 'pg_catalog.uuidv7(interval)'::regprocedure)")
    check "restored defaults that call core's pg_catalog.uuidv7()" "$core" 0
  fi
fi

suite_case
finish
