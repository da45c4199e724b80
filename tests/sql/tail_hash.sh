#!/usr/bin/env bash
# Tail-hash partitions, PARTITION BY HASH (id uuid_tail_ops) (src/sql/tail_hash.sql and
# src/sql/tail_partition.sql), on a scratch cluster, the tables made and used by their owner, a
# role that is not a superuser; the extension installed as the README does (schema uuid_shard,
# USAGE for every role).
#   tests/sql/tail_hash.sh MAJOR     (the extension must already be installed; on a system
#                                     PostgreSQL it holds that major's lock, or waits)
#   TAIL_ROWS=N                      overrides the size of the table split under writers
#                                    (1,000,000 where is_full_size, 100,000 elsewhere)
#
# table: accounts PARTITION BY HASH (id uuid_tail_ops) with PRIMARY KEY (id), partitions of mixed
#   moduli (4,0) (4,1) (4,2) (8,3) (8,7) (the last two added by uuid_tail_partition_ddl(.., 8)),
#   orders with a foreign key to it: a bad insert and a delete of a referenced row fail with
#   23503; INSERT ... ON CONFLICT (id) DO UPDATE on the parent.
# keys: UUIDs of every version (1, 3, 4, 5, 6, 7, 8), nil, max, the NCS, Microsoft and reserved
#   variants and tails at the edges of the 62-bit mask are inserted and found again by id; an
#   absent v1 key finds nothing, without an error.
# placement: every row is in the partition (m, r) with r = uuid_tail_remainder(id, m), and
#   satisfies_hash_partition(parent, m, r, id) agrees (PostgreSQL's own partition check).
# pruning: EXPLAIN of WHERE id = const scans exactly that partition, for every key above and
#   random ones; a prepared WHERE id = $1 under force_generic_plan prunes the other four at
#   executor start (Subplans Removed: 4).
# workers: uuid_tail_partitions(parent, N) counts the rows of each partition; each row's
#   uuid_tail_remainder(id, N) is among its partition's workers; with N dividing every modulus each
#   partition has exactly one worker.
# time x tail: uuid_v7_tail_partition_ddl's monthly partitions, each HASH (id uuid_tail_ops) in 4,
#   route rows, and WHERE id = const scans one leaf; a leaf splits like any tail partition (and
#   no foreign key references this table: the split script without one).
# split under writers: a table of TAIL_ROWS rows in 4 partitions, with a foreign key from another
#   table and grants on the partition; 4 sessions insert v7 rows in a loop, one row and one record
#   of its key (a side table) per transaction, while the owner runs uuid_tail_split_ddl's script
#   (the time of its first statement, which holds the lock, is printed). Then: rows = initial +
#   committed inserts, every committed key there, nothing misplaced, the old partition gone, the
#   halves with their bounds, owner, grants and primary key index, inserts after the split in the
#   halves, the foreign key back, validated and enforced; the script run again says so (NOTICE)
#   and changes nothing; a script made before the partition was detached by hand, or before a new
#   foreign key, stops with an error before any row moves.
# errors: the helpers' SQLSTATEs (not a tail-hash parent 42809, modulus 0 22023, NULL 22004, ...).
# SQL edition: its plain script, installed by a database owner who is not a superuser:
#   uuid_tail_remainder equals the native one over keys of every kind and moduli up to 2^31 - 1,
#   and the tail-hash helpers stop with 42704 "the operator class uuid_tail_ops is not installed"
#   and a hint.
set -eEuo pipefail
major=${1:?usage: tests/sql/tail_hash.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
if is_full_size "$major"; then ROWS=${TAIL_ROWS:-1000000}; else ROWS=${TAIL_ROWS:-100000}; fi
WRITERS=4
# The major's lock (a system PostgreSQL is shared by every checkout): the library under test must stay ours.
hold_major_lock "$major"
. "$here/lib/edition.sh"
suite_tmpdir work
suite_cluster "tailhash-$major" "shared_buffers = 64MB" "max_wal_size = 1GB"
make_role app
make_role reader
make_db tail app
db tail -c "CREATE SCHEMA uuid_shard" -c "CREATE EXTENSION uuid_shard SCHEMA uuid_shard" \
  -c "GRANT USAGE ON SCHEMA uuid_shard TO PUBLIC" >/dev/null
if [ "$(db tail -c "SELECT to_regproc('uuid_shard.uuid_tail_split_ddl') IS NOT NULL")" != t ]; then
  fail "uuid_tail_ops and its helpers in the uuid_shard installed in PG$major" \
    "$(db tail -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'") has none: run 'bash -c \". scripts/lib.sh; install_extension $major\"' first"
  finish
fi
q() { as_role app tail -F' ' -c "$1"; }
# sqlstate SQL: the SQLSTATE the statement stops with, run as app ("no error" when it runs).
sqlstate() {
  local out
  if out=$(as_role app tail -v VERBOSITY=sqlstate -c "$1" 2>&1); then echo "no error"
  else grep -o -m1 'ERROR:  [0-9A-Z]\{5\}' <<<"$out" | sed 's/^ERROR:  //'; fi
}
# misplaced PARENT: rows of PARENT (a one-level tail-hash table) not in their partition, by
# uuid_tail_remainder and by PostgreSQL's partition check (rows outside every partition count too)
misplaced() {
  q "SELECT count(*) FROM $1 t LEFT JOIN uuid_shard.uuid_tail_partitions('$1') p ON p.partition = t.tableoid
      WHERE NOT coalesce(uuid_shard.uuid_tail_remainder(t.id, p.modulus) = p.remainder
                         AND satisfies_hash_partition('$1'::regclass, p.modulus, p.remainder, t.id), false)"
}
# The partition a plan scans, one word per scan ("a b" for two): EXPLAIN's lines "... Scan [using
# INDEX] on NAME", bitmap index scans left out.
scanned_fn="CREATE FUNCTION pg_temp.scanned(query text) RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE l text; s text[] := '{}'; m text[];
BEGIN
  FOR l IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
    CONTINUE WHEN l ~ 'Bitmap Index Scan';
    m := regexp_match(l, 'Scan (?:using \\S+ )?on (\\S+)');
    IF m IS NOT NULL THEN s := s || m[1]; END IF;
  END LOOP;
  RETURN array_to_string(s, ' ');
END \$\$;"

# Keys of every kind, as "label|uuid" lines (a v4 and a v7 made now join them in the table).
KEYS="v1|c232ab00-9414-11ec-b3c8-9f6bdeced846
v3|5df41881-3aed-3515-88a7-2f4a814cf09e
v4|919108f7-52d1-4320-9bac-f847db4148a8
v5|2ed6657d-e927-568b-95e1-2665a8aea6a2
v6|1ec9414c-232a-6b00-b3c8-9f6bdeced846
v7|017f22e2-79b0-7cc3-98c4-dc0c0c07398f
v8|320c3d4d-cc00-875b-8ec9-32d5f69181c0
nil|00000000-0000-0000-0000-000000000000
max|ffffffff-ffff-ffff-ffff-ffffffffffff
NCS variant|017f22e2-79b0-7cc3-18c4-dc0c0c07398f
Microsoft variant|017f22e2-79b0-7cc3-c8c4-dc0c0c07398f
reserved variant|017f22e2-79b0-7cc3-e8c4-dc0c0c07398f
tail 3fff ffff ffff ffff|00000000-0000-0000-3fff-ffffffffffff
tail 4000 0000 0000 0000|00000000-0000-0000-4000-000000000000
tail ffff ffff ffff ffff|00000000-0000-0000-ffff-ffffffffffff
tail 8000 0000 0000 0001|00000000-0000-0000-8000-000000000001"
keys_values=$(while IFS='|' read -r l k; do printf "('%s', '%s'::uuid), " "$l" "$k"; done <<<"$KEYS")
keys_values="${keys_values%, }"

# ============================ accounts: mixed moduli, keys, constraints ============================
suite_case "accounts"
t0=$SECONDS
as_role app tail >/dev/null <<SQL
SET client_min_messages = warning;
CREATE TABLE public.accounts (id uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7(), name text NOT NULL)
  PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT s FROM uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, 4) s WHERE s NOT LIKE '%REMAINDER 3)' \gexec
CREATE TABLE public.ddl8 AS SELECT s FROM uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, 8) s;
SELECT s FROM public.ddl8 \gexec
CREATE TABLE public.orders (id bigserial PRIMARY KEY, account uuid NOT NULL REFERENCES public.accounts (id), total int);
CREATE TABLE public.special (label text PRIMARY KEY, id uuid NOT NULL);
INSERT INTO public.special VALUES $keys_values;
INSERT INTO public.special VALUES ('v4, made now', gen_random_uuid()), ('v7, made now', uuid_shard.uuidv7());
INSERT INTO public.accounts (name) SELECT 'account ' || g FROM generate_series(1, 20000) g;
INSERT INTO public.accounts (id, name) SELECT id, label FROM public.special;
INSERT INTO public.orders (account, total) SELECT id, 1 FROM public.accounts WHERE name LIKE '%7';
ANALYZE public.accounts;
SQL
check "uuid_tail_partition_ddl(accounts, 8) over (4,0) (4,1) (4,2): what it adds" \
  "$(q "SELECT string_agg(s, E'\n' ORDER BY s) FROM public.ddl8")" \
  "CREATE TABLE public.accounts_h8_3 PARTITION OF public.accounts FOR VALUES WITH (MODULUS 8, REMAINDER 3)
CREATE TABLE public.accounts_h8_7 PARTITION OF public.accounts FOR VALUES WITH (MODULUS 8, REMAINDER 7)"
check "partitions (uuid_tail_partitions)" \
  "$(q "SELECT string_agg(partition || ':' || modulus || ':' || remainder, ' ' ORDER BY modulus, remainder) FROM uuid_shard.uuid_tail_partitions('public.accounts')")" \
  "accounts_h4_0:4:0 accounts_h4_1:4:1 accounts_h4_2:4:2 accounts_h8_3:8:3 accounts_h8_7:8:7"
check "rows in every partition (20000 keys over 5 partitions)" \
  "$(q "SELECT count(*) FILTER (WHERE rows > 1000) || ' of ' || count(*) FROM uuid_shard.uuid_tail_partitions('public.accounts')")" "5 of 5"
check "rows not in the partition uuid_tail_remainder and satisfies_hash_partition give" "$(misplaced public.accounts)" 0
check "keys of every version and variant found again by id" \
  "$(q "SELECT string_agg(s.label, ', ' ORDER BY s.label) FILTER (WHERE (SELECT count(*) FROM public.accounts a WHERE a.id = s.id) <> 1) IS NULL
          || ' ' || count(*) FROM public.special s")" "true 18"
check "WHERE id = an absent v1 key" "$(q "SELECT count(*) FROM public.accounts WHERE id = 'c232ab00-9414-11ec-b3c8-9f6bdeced847'")" 0
# A point lookup scans the one partition of its key, for every kind of key and 50 random ones.
pruned=$(as_role app tail -c "$scanned_fn" -c "CREATE TEMP TABLE parts AS SELECT * FROM uuid_shard.uuid_tail_partitions('public.accounts')" -c "
SELECT count(*) FILTER (WHERE x.scanned = x.expected) || ' of ' || count(*)
       || coalesce(', wrong: ' || string_agg(x.id || ' -> ' || x.scanned || ' (not ' || x.expected || ')', ', ') FILTER (WHERE x.scanned IS DISTINCT FROM x.expected), '')
  FROM (SELECT k.id, pg_temp.scanned(format('SELECT * FROM public.accounts WHERE id = %L', k.id)) AS scanned,
               (SELECT p.partition::text FROM parts p WHERE p.remainder = uuid_shard.uuid_tail_remainder(k.id, p.modulus)) AS expected
          FROM (SELECT id FROM public.special UNION ALL (SELECT id FROM public.accounts ORDER BY md5(id::text) LIMIT 50)) k) x")
check "WHERE id = const scans exactly the partition of its key" "$pruned" "68 of 68"
key=$(q "SELECT id FROM public.special WHERE label = 'v7, made now'")
part=$(q "SELECT partition FROM uuid_shard.uuid_tail_partitions('public.accounts') WHERE remainder = uuid_shard.uuid_tail_remainder('$key', modulus)")
plan=$(as_role app tail -c "SET plan_cache_mode = force_generic_plan" -c "PREPARE p(uuid) AS SELECT * FROM public.accounts WHERE id = \$1" \
  -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE p('$key')")
check "generic plan of WHERE id = \$1: pruned at executor start" "$(grep -o 'Subplans Removed: [0-9]*' <<<"$plan" | head -1)" "Subplans Removed: 4"
check "generic plan of WHERE id = \$1: the partition left" \
  "$(grep -v 'never executed' <<<"$plan" | grep 'Scan' | grep -v 'Bitmap Index Scan' | grep -o ' on accounts_h[0-9_]*' | sed 's/^ on //' | sort -u | tr '\n' ' ' | sed 's/ $//')" "$part"
# Constraints on the parent: the primary key, the foreign key into it, ON CONFLICT (id).
check "orders -> accounts: an order for an absent account" \
  "$(sqlstate "INSERT INTO public.orders (account) VALUES ('919108f7-52d1-4320-9bac-f847db4148a9')")" 23503
check "orders -> accounts: deleting an account that has orders" \
  "$(sqlstate "DELETE FROM public.accounts WHERE id = (SELECT account FROM public.orders LIMIT 1)")" 23503
check "primary key: a duplicate id" "$(sqlstate "INSERT INTO public.accounts (id, name) SELECT id, 'again' FROM public.special LIMIT 1")" 23505
check "INSERT ... ON CONFLICT (id) DO UPDATE of 100 taken ids and 100 new ones: rows, rows upserted" "$(as_role app tail -F' ' <<'SQL'
INSERT INTO public.accounts AS a (id, name)
SELECT id, 'upserted' FROM (SELECT id FROM public.accounts WHERE name LIKE 'account %' ORDER BY id LIMIT 100) old
UNION ALL SELECT uuid_shard.uuidv7(), 'upserted' FROM generate_series(1, 100)
ON CONFLICT (id) DO UPDATE SET name = excluded.name;
SELECT count(*), count(*) FILTER (WHERE name = 'upserted') FROM public.accounts;
SQL
)" "20118 200"
check "rows not in their partition after the upsert" "$(misplaced public.accounts)" 0

# uuid_tail_partitions(parent, N): rows, and the workers of each partition.
check "uuid_tail_partitions: rows = count(*) of each partition" \
  "$(q "SELECT count(*) FILTER (WHERE p.rows = (SELECT count(*) FROM public.accounts a WHERE a.tableoid = p.partition)) || ' of ' || count(*)
          FROM uuid_shard.uuid_tail_partitions('public.accounts', 4) p")" "5 of 5"
check "uuid_tail_partitions(accounts, 4): one worker a partition, r mod 4" \
  "$(q "SELECT string_agg(partition || ':' || workers::text, ' ' ORDER BY modulus, remainder) FROM uuid_shard.uuid_tail_partitions('public.accounts', 4)")" \
  "accounts_h4_0:{0} accounts_h4_1:{1} accounts_h4_2:{2} accounts_h8_3:{3} accounts_h8_7:{3}"
check "uuid_tail_partitions(accounts, 8): workers of each partition" \
  "$(q "SELECT string_agg(partition || ':' || workers::text, ' ' ORDER BY modulus, remainder) FROM uuid_shard.uuid_tail_partitions('public.accounts', 8)")" \
  "accounts_h4_0:{0,4} accounts_h4_1:{1,5} accounts_h4_2:{2,6} accounts_h8_3:{3} accounts_h8_7:{7}"
for n in 1 2 3 4 8 16; do
  check "N = $n: rows whose worker uuid_tail_remainder(id, $n) is not among their partition's workers" \
    "$(q "SELECT count(*) FROM public.accounts a JOIN uuid_shard.uuid_tail_partitions('public.accounts', $n) p ON p.partition = a.tableoid
          WHERE NOT uuid_shard.uuid_tail_remainder(a.id, $n) = ANY (p.workers)")" 0
done
echo "accounts PG$major: $((SECONDS - t0))s"

# ============================ time x tail ============================
suite_case "time x tail"
as_role app tail >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE TABLE public.events (id uuid PRIMARY KEY, at timestamptz NOT NULL) PARTITION BY RANGE (id);
SELECT date_trunc('month', now(), 'UTC') - interval '1 month' AS p_from, date_trunc('month', now(), 'UTC') + interval '1 month' AS p_to \gset
SELECT uuid_shard.uuid_v7_tail_partition_ddl('public.events'::regclass, :'p_from', :'p_to', '1 month', 4, 'UTC') \gexec
INSERT INTO public.events SELECT uuid_shard.uuid_v7_at(t), t FROM generate_series(:'p_from'::timestamptz, :'p_to'::timestamptz - interval '1 ms', '10 minutes') t;
INSERT INTO public.events SELECT uuid_shard.uuidv7(), now() FROM generate_series(1, 100);
SQL
check "leaves: 2 months x 4 tail partitions, every one with rows" \
  "$(q "SELECT count(*) || ' ' || count(*) FILTER (WHERE p.rows > 0) FROM pg_inherits i, uuid_shard.uuid_tail_partitions(i.inhrelid::regclass) p WHERE i.inhparent = 'public.events'::regclass")" "8 8"
check "rows not in their leaf (month by name, tail by uuid_tail_remainder and satisfies_hash_partition)" \
  "$(q "SELECT count(*) FROM public.events e JOIN pg_inherits i ON i.inhrelid = e.tableoid JOIN pg_class c ON c.oid = e.tableoid
          WHERE c.relname <> format('events_p%s01_h4_%s', to_char(uuid_shard.uuid_v7_time(e.id) AT TIME ZONE 'UTC', 'YYYYMM'), uuid_shard.uuid_tail_remainder(e.id, 4))
             OR pg_get_expr(c.relpartbound, c.oid) <> format('FOR VALUES WITH (modulus 4, remainder %s)', uuid_shard.uuid_tail_remainder(e.id, 4))
             OR NOT satisfies_hash_partition(i.inhparent, 4, uuid_shard.uuid_tail_remainder(e.id, 4), e.id)")" 0
key=$(q "SELECT id FROM public.events ORDER BY id DESC LIMIT 1")
check "WHERE id = const scans one leaf, the one of its month and tail" \
  "$(as_role app tail -c "$scanned_fn" -c "SELECT pg_temp.scanned(format('SELECT * FROM public.events WHERE id = %L', '$key'))")" \
  "$(q "SELECT tableoid::regclass FROM public.events WHERE id = '$key'")"
# A leaf splits like any tail partition; no foreign key references this table.
month=$(q "SELECT tableoid::regclass FROM public.events WHERE id = '$key'"); month=${month%_h4_*}
ev_state="SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM public.events"
ev_before=$(q "$ev_state")
made=$(as_role app tail -c "SET client_min_messages = warning" \
  -c "CREATE TABLE public.script_ev AS SELECT i, s FROM uuid_shard.uuid_tail_split_ddl('public.${month}_h4_2'::regclass) WITH ORDINALITY g(s, i)" 2>&1) && rc=0 || rc=$?
check "uuid_tail_split_ddl of a leaf of $month, no foreign key to the table: the script made" "$rc $(grep -m1 -o 'ERROR: .*' <<<"$made" || true)" "0 "
if [ "$rc" = 0 ]; then
  out=$(as_role app tail 2>&1 <<<"SELECT s FROM public.script_ev ORDER BY i \gexec") && rc=0 || rc=$?
  check "split of ${month}_h4_2: exit status" "$rc $(grep -m1 -o 'ERROR: .*' <<<"$out" || true)" "0 "
  check "split of ${month}_h4_2: rows and ids unchanged" "$(q "$ev_state")" "$ev_before"
  check "split of ${month}_h4_2: partitions of $month" \
    "$(q "SELECT string_agg(p.modulus || ':' || p.remainder, ' ' ORDER BY p.modulus, p.remainder) FROM uuid_shard.uuid_tail_partitions('public.$month') p")" "4:0 4:1 4:3 8:2 8:6"
  check "split of ${month}_h4_2: rows of $month not in their partition" "$(misplaced "public.$month")" 0
  check "split of ${month}_h4_2: primary key index on both halves" \
    "$(q "SELECT count(*) FROM pg_index WHERE indisprimary AND indisvalid AND indrelid IN ('public.${month}_h8_2'::regclass, 'public.${month}_h8_6'::regclass)")" 2
fi

# ============================ errors ============================
suite_case "errors"
q "CREATE TABLE public.plain (id uuid); CREATE TABLE public.core_hash (id uuid) PARTITION BY HASH (id); CREATE TABLE public.by_range (id uuid) PARTITION BY RANGE (id)" >/dev/null
check "uuid_tail_partition_ddl(a table not partitioned)" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl('public.plain'::regclass, 4)")" 42809
check "uuid_tail_partition_ddl(HASH (id) with the default operator class)" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl('public.core_hash'::regclass, 4)")" 42809
check "uuid_tail_partition_ddl(RANGE (id))" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl('public.by_range'::regclass, 4)")" 42809
check "uuid_tail_partition_ddl(parent, 0)" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, 0)")" 22023
check "uuid_tail_partition_ddl(parent, 10001)" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, 10001)")" 22023
check "uuid_tail_partition_ddl(parent, NULL)" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, NULL)")" 22004
check "uuid_tail_partition_ddl(NULL, 4)" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl(NULL::regclass, 4)")" 22004
check "uuid_tail_partition_ddl(parent, 3) over moduli 4 and 8" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, 3)")" 22023
check "uuid_tail_partition_ddl(parent, 4) where (4, 3) is split already" "$(sqlstate "SELECT uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, 4)")" 42P17
check "uuid_tail_partition_ddl(parent, 8), nothing missing: no statements" "$(q "SELECT count(*) FROM uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, 8)")" 0
check "uuid_v7_tail_partition_ddl(.., modulus NULL)" \
  "$(sqlstate "SELECT uuid_shard.uuid_v7_tail_partition_ddl('public.by_range'::regclass, now(), now() + interval '1 month', '1 month', NULL, 'UTC')")" 22004
check "uuid_tail_partitions(parent, 0)" "$(sqlstate "SELECT * FROM uuid_shard.uuid_tail_partitions('public.accounts'::regclass, 0)")" 22023
check "uuid_tail_partitions(a table not partitioned)" "$(sqlstate "SELECT * FROM uuid_shard.uuid_tail_partitions('public.plain'::regclass)")" 42809
check "uuid_tail_partitions(NULL)" "$(sqlstate "SELECT * FROM uuid_shard.uuid_tail_partitions(NULL::regclass)")" 22004
check "uuid_tail_split_ddl(a table that is no partition)" "$(sqlstate "SELECT uuid_shard.uuid_tail_split_ddl('public.plain'::regclass)")" 42809
check "uuid_tail_split_ddl(the parent)" "$(sqlstate "SELECT uuid_shard.uuid_tail_split_ddl('public.accounts'::regclass)")" 42809
check "uuid_tail_split_ddl(NULL)" "$(sqlstate "SELECT uuid_shard.uuid_tail_split_ddl(NULL::regclass)")" 22004
check "uuid_tail_remainder(id, 0)" "$(sqlstate "SELECT uuid_shard.uuid_tail_remainder(uuid_shard.uuidv7(), 0)")" 22023
check "uuid_tail_remainder(id, -1)" "$(sqlstate "SELECT uuid_shard.uuid_tail_remainder(uuid_shard.uuidv7(), -1)")" 22023
check "uuid_tail_remainder(NULL, 4), uuid_tail_remainder(id, NULL)" \
  "$(q "SELECT coalesce(uuid_shard.uuid_tail_remainder(NULL, 4)::text, 'NULL') || ' ' || coalesce(uuid_shard.uuid_tail_remainder(uuid_shard.uuidv7(), NULL)::text, 'NULL')")" "NULL NULL"

# ============================ split under writers ============================
suite_case "split under writers"
echo "== split of one of 4 partitions of $ROWS rows while $WRITERS sessions insert (PG$major)"
t0=$SECONDS
make_role auditor
as_role app tail >/dev/null <<SQL
SET client_min_messages = warning;
CREATE TABLE public.big (id uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7(), n int NOT NULL, body text)
  PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT uuid_shard.uuid_tail_partition_ddl('public.big'::regclass, 4) \gexec
INSERT INTO public.big (n, body) SELECT g, md5(g::text) FROM generate_series(1, $ROWS) g;
-- referenced rows in the partition split and in (4, 0); none in (4, 2), detached by hand below
CREATE TABLE public.big_refs (id bigserial PRIMARY KEY, big_id uuid NOT NULL REFERENCES public.big (id));
INSERT INTO public.big_refs (big_id) SELECT id FROM public.big_h4_1 WHERE n % 100 = 0;
INSERT INTO public.big_refs (big_id) SELECT id FROM public.big_h4_0 WHERE n % 1000 = 0;
GRANT SELECT ON public.big TO reader;
GRANT SELECT, INSERT ON public.big_h4_1 TO reader;
GRANT SELECT ON public.big_h4_1 TO auditor WITH GRANT OPTION;
GRANT SELECT ON public.big_h4_1 TO PUBLIC;
-- each writer: one row and the record of its key a transaction, until told to stop; and a row
-- of big_refs in the same transaction, written after the row of big by odd writers and before it
-- (its foreign key checked against big) by even ones: lock orders that deadlock with a split
-- that waits for one table while it holds another
CREATE TABLE public.written (seq bigserial PRIMARY KEY, writer int NOT NULL, id uuid NOT NULL);
CREATE TABLE public.stop_writers (stop boolean);
CREATE PROCEDURE public.writer(w int) LANGUAGE plpgsql AS \$\$
DECLARE k uuid;
BEGIN
  LOOP
    IF w % 2 = 0 THEN
      INSERT INTO public.big_refs (big_id) SELECT r.big_id FROM public.big_refs r WHERE r.id = 1 + (random() * 99)::int;
    END IF;
    INSERT INTO public.big (n, body) VALUES (-w, 'writer') RETURNING id INTO k;
    INSERT INTO public.written (writer, id) VALUES (w, k);
    IF w % 2 = 1 AND uuid_shard.uuid_tail_remainder(k, 4) <> 2 THEN  -- (4, 2) is detached by hand below
      INSERT INTO public.big_refs (big_id) VALUES (k);
    END IF;
    COMMIT;
    EXIT WHEN EXISTS (SELECT FROM public.stop_writers);
    PERFORM pg_sleep(0.002);
  END LOOP;
END \$\$;
VACUUM ANALYZE public.big, public.big_refs;
CREATE TABLE public.script AS SELECT i, s FROM uuid_shard.uuid_tail_split_ddl('public.big_h4_1'::regclass) WITH ORDINALITY g(s, i);
SQL
acl_sql() { # acl_sql TABLE: its owner and grants, one word each
  echo "SELECT c.relowner::regrole || ' ' || coalesce((SELECT string_agg(coalesce(r.rolname, 'PUBLIC') || ':' || a.privilege_type || ':' || a.is_grantable, ' '
                                   ORDER BY coalesce(r.rolname, 'PUBLIC'), a.privilege_type)
          FROM aclexplode(c.relacl) a LEFT JOIN pg_roles r ON r.oid = a.grantee WHERE a.grantee <> c.relowner), '') FROM pg_class c WHERE c.oid = '$1'::regclass"
}
acl_before=$(q "$(acl_sql public.big_h4_1)")
rows0=$(q "SELECT count(*) FROM public.big")
check "rows before the split" "$rows0" "$ROWS"
echo "  split script: $(q "SELECT count(*) FROM public.script") statements; first line of the first: $(q "SELECT split_part(s, E'\n', 1) FROM public.script WHERE i = 1")"
echo "  loaded in $((SECONDS - t0))s"
wpids=()
for w in $(seq 1 $WRITERS); do
  as_role app tail -c "CALL public.writer($w)" >"$work/writer$w.out" 2>&1 &
  wpids+=($!)
done
stop_writers() { # at exit too, so that no writer is left behind
  as_role app tail -c "INSERT INTO public.stop_writers VALUES (true)" >/dev/null 2>&1 || true
}
suite_on_exit 'stop_writers; wait'
wait_written() { # wait_written N: until the writers have committed N rows in all (60 s at most)
  local i
  for i in $(seq 600); do
    [ "$(q "SELECT count(*) >= $1 AND count(DISTINCT writer) = $WRITERS FROM public.written")" = t ] && return 0
    sleep 0.1
  done
  return 1
}
wait_written 200 || fail "writers under way" "fewer than 200 rows after 60 s"
split_out=$(as_role app tail 2>&1 <<'SQL'
\timing on
SELECT s FROM public.script WHERE i = 1 \gexec
\timing off
SELECT max(seq) AS split_end FROM public.written \gset
\echo split_end :split_end
SELECT s FROM public.script WHERE i > 1 ORDER BY i \gexec
SQL
) && split_rc=0 || split_rc=$?
check "split script: exit status" "$split_rc" 0
[ "$split_rc" = 0 ] || echo "$split_out"
lock_ms=$(grep -o -m1 'Time: [0-9.]* ms' <<<"$split_out" | sed 's/Time: \([0-9.]*\) ms/\1/')
split_end=$(sed -n 's/^split_end \([0-9]*\)$/\1/p' <<<"$split_out")
wait_written "$((split_end + 200))" || fail "writers go on after the split" "fewer than 200 rows after 60 s"
stop_writers
wrc=()
for p in "${wpids[@]}"; do rc=0; wait "$p" || rc=$?; wrc+=("$rc"); done
check "writers: exit statuses" "${wrc[*]}" "$(printf '0 %.0s' $(seq $WRITERS) | sed 's/ $//')"
check "writers: errors" "$(cat "$work"/writer*.out | grep -c 'ERROR' || true)" 0
grep -h 'ERROR' "$work"/writer*.out | head -5 || true
written=$(q "SELECT count(*) FROM public.written")
moved=$(q "SELECT count(*) FROM public.big t WHERE t.tableoid IN ('public.big_h8_1'::regclass, 'public.big_h8_5'::regclass)
                                            AND NOT EXISTS (SELECT FROM public.written w WHERE w.id = t.id AND w.seq > ${split_end:-0})")
lock_s=$(awk -v ms="${lock_ms:-0}" 'BEGIN { printf "%.2f", ms / 1000 }')
echo "  lock held ${lock_s}s for $moved rows (the first statement of the script; table of $rows0 rows, PG$major)"
check "rows = $rows0 before + inserts the writers committed ($written)" "$(q "SELECT count(*) FROM public.big")" "$((rows0 + written))"
check "committed inserts missing from the table" "$(q "SELECT count(*) FROM public.written w WHERE NOT EXISTS (SELECT FROM public.big b WHERE b.id = w.id)")" 0
check "rows not in their partition" "$(misplaced public.big)" 0
check "the old partition is gone" "$(q "SELECT coalesce(to_regclass('public.big_h4_1')::text, 'gone')")" gone
check "partitions after the split" \
  "$(q "SELECT string_agg(partition || ':' || modulus || ':' || remainder, ' ' ORDER BY modulus, remainder) FROM uuid_shard.uuid_tail_partitions('public.big')")" \
  "big_h4_0:4:0 big_h4_2:4:2 big_h4_3:4:3 big_h8_1:8:1 big_h8_5:8:5"
check "bounds of the halves" \
  "$(q "SELECT string_agg(c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid), ', ' ORDER BY c.relname) FROM pg_class c WHERE c.relname IN ('big_h8_1', 'big_h8_5')")" \
  "big_h8_1 FOR VALUES WITH (modulus 8, remainder 1), big_h8_5 FOR VALUES WITH (modulus 8, remainder 5)"
check "inserts after the split that reached the halves" \
  "$(q "SELECT count(*) > 0 FROM public.written w JOIN public.big b ON b.id = w.id WHERE w.seq > ${split_end:-0} AND b.tableoid IN ('public.big_h8_1'::regclass, 'public.big_h8_5'::regclass)")" t
check "big_h8_1: owner and grants = those of big_h4_1" "$(q "$(acl_sql public.big_h8_1)")" "$acl_before"
check "big_h8_5: owner and grants = those of big_h4_1" "$(q "$(acl_sql public.big_h8_5)")" "$acl_before"
check "reader reads and inserts through the halves" \
  "$(as_role reader tail -c "SELECT has_table_privilege('public.big_h8_1', 'SELECT, INSERT') AND has_table_privilege('public.big_h8_5', 'SELECT, INSERT')")" t
check "primary key index on both halves, attached to big_pkey" \
  "$(q "SELECT string_agg(x.indrelid::regclass || ':' || x.indisprimary || ':' || x.indisvalid || ':' || i.inhparent::regclass, ' ' ORDER BY 1)
          FROM pg_index x JOIN pg_inherits i ON i.inhrelid = x.indexrelid
         WHERE x.indrelid IN ('public.big_h8_1'::regclass, 'public.big_h8_5'::regclass)")" \
  "big_h8_1:true:true:big_pkey big_h8_5:true:true:big_pkey"
check "the foreign key into big: there, validated" \
  "$(q "SELECT string_agg(conname || ' ' || convalidated || ' ' || confrelid::regclass, ', ') FROM pg_constraint WHERE conrelid = 'public.big_refs'::regclass AND contype = 'f' AND conparentid = 0")" \
  "big_refs_big_id_fkey true big"
check "the foreign key: its clones reference every partition" \
  "$(q "SELECT string_agg(confrelid::regclass::text, ' ' ORDER BY confrelid::regclass::text) FROM pg_constraint WHERE conrelid = 'public.big_refs'::regclass AND contype = 'f' AND conparentid <> 0")" \
  "big_h4_0 big_h4_2 big_h4_3 big_h8_1 big_h8_5"
check "the foreign key enforced: a reference to an absent key" \
  "$(sqlstate "INSERT INTO public.big_refs (big_id) VALUES ('919108f7-52d1-4320-9bac-f847db4148a8')")" 23503
check "the foreign key enforced: deleting a referenced row of a half" \
  "$(sqlstate "DELETE FROM public.big WHERE id = (SELECT r.big_id FROM public.big_refs r JOIN public.big_h8_5 h ON h.id = r.big_id LIMIT 1)")" 23503
check "uuid_tail_partitions(big, 4) after the split: workers, rows = count(*) of each partition" \
  "$(q "SELECT string_agg(p.partition || ':' || p.workers::text || ':' || (p.rows = (SELECT count(*) FROM public.big b WHERE b.tableoid = p.partition)), ' ' ORDER BY p.modulus, p.remainder)
          FROM uuid_shard.uuid_tail_partitions('public.big', 4) p")" \
  "big_h4_0:{0}:true big_h4_2:{2}:true big_h4_3:{3}:true big_h8_1:{1}:true big_h8_5:{1}:true"
state_sql="SELECT (SELECT string_agg(partition || ':' || rows, ' ' ORDER BY partition::text) FROM uuid_shard.uuid_tail_partitions('public.big'))
          || ' ' || (SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM public.big)
          || ' ' || (SELECT count(*) FROM pg_constraint WHERE contype = 'f' AND confrelid = 'public.big'::regclass)"
state=$(q "$state_sql")
rerun=$(as_role app tail 2>&1 <<<"SELECT s FROM public.script ORDER BY i \gexec") && rc=0 || rc=$?
check "the script run again: exit status, NOTICE" "$rc $(grep -o 'NOTICE:  public.big_h4_1 was split already into public.big_h8_1 and public.big_h8_5' <<<"$rerun")" \
  "0 NOTICE:  public.big_h4_1 was split already into public.big_h8_1 and public.big_h8_5"
check "the script run again: partitions, rows and foreign keys unchanged" "$(q "$state_sql")" "$state"
echo "  split under writers PG$major: $((SECONDS - t0))s ($written rows inserted by the writers)"

# Scripts made before another change stop before any row moves.
suite_case "stale split scripts"
q "SET client_min_messages = warning; CREATE TABLE public.script2 AS SELECT i, s FROM uuid_shard.uuid_tail_split_ddl('public.big_h4_2'::regclass) WITH ORDINALITY g(s, i)" >/dev/null
q "ALTER TABLE public.big DETACH PARTITION public.big_h4_2" >/dev/null
state=$(q "$state_sql")
detached=$(q "SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM public.big_h4_2")
out=$(as_role app tail -v VERBOSITY=verbose 2>&1 <<<"SELECT s FROM public.script2 ORDER BY i \gexec") && rc=0 || rc=$?
check "partition detached by hand: the script stops" "$rc $(grep -o -m1 'ERROR:  [0-9A-Z]*: cannot split public.big_h4_2: it is no longer the partition of public.big' <<<"$out")" \
  "3 ERROR:  55000: cannot split public.big_h4_2: it is no longer the partition of public.big"
check "partition detached by hand: partitions, rows, foreign keys unchanged" "$(q "$state_sql")" "$state"
check "partition detached by hand: its rows unchanged, no half made" \
  "$(q "SELECT count(*) || ' ' || md5(string_agg(id::text, ',' ORDER BY id)) FROM public.big_h4_2") $(q "SELECT to_regclass('public.big_h8_2') IS NULL AND to_regclass('public.big_h8_6') IS NULL")" \
  "$detached t"
q "ALTER TABLE public.big ATTACH PARTITION public.big_h4_2 FOR VALUES WITH (MODULUS 4, REMAINDER 2)" >/dev/null
q "SET client_min_messages = warning; CREATE TABLE public.script3 AS SELECT i, s FROM uuid_shard.uuid_tail_split_ddl('public.big_h4_3'::regclass) WITH ORDINALITY g(s, i)" >/dev/null
q "CREATE TABLE public.big_refs2 (id uuid REFERENCES public.big (id)); INSERT INTO public.big_refs2 SELECT id FROM public.big_h4_3 LIMIT 10" >/dev/null
state=$(q "$state_sql")
out=$(as_role app tail -v VERBOSITY=verbose 2>&1 <<<"SELECT s FROM public.script3 ORDER BY i \gexec") && rc=0 || rc=$?
check "foreign key added after the script was made: the script stops" \
  "$rc $(grep -o -m1 'ERROR:  [0-9A-Z]*: cannot split public.big_h4_3: the foreign keys referencing public.big changed' <<<"$out")" \
  "3 ERROR:  55000: cannot split public.big_h4_3: the foreign keys referencing public.big changed"
check "foreign key added after the script was made: partitions, rows, foreign keys unchanged" "$(q "$state_sql")" "$state"
check "rows not in their partition at the end" "$(misplaced public.big)" 0

# ============================ the SQL edition ============================
suite_case "SQL edition"
make_role ed_owner
make_db edition ed_owner
as_role ed_owner edition -v schema=shard -f "$plain_script" >/dev/null
check "the edition installed by its database owner, not a superuser" \
  "$(as_role ed_owner edition -c "SELECT rolsuper || ' ' || (SELECT count(*) > 0 FROM pg_proc WHERE proname = 'uuid_tail_remainder' AND pronamespace = 'shard'::regnamespace) FROM pg_roles WHERE rolname = current_user")" \
  "false true"
# The keys: every kind above, random v4 and v7, and 300 of any bits (md5).
sample=$(q "SELECT '{' || string_agg(id::text, ',') || '}' FROM (
  SELECT id FROM public.special UNION ALL SELECT gen_random_uuid() FROM generate_series(1, 200)
  UNION ALL SELECT uuid_shard.uuidv7() FROM generate_series(1, 200) UNION ALL SELECT md5(g::text)::uuid FROM generate_series(1, 300) g) k")
remainders_sql="SELECT md5(string_agg(k || ':' || m || ':' || %s.uuid_tail_remainder(k, m), ',' ORDER BY k, m)) || ' ' || count(*)
  FROM unnest(:'keys'::uuid[]) k, unnest('{1,2,3,4,7,8,16,1000,65536,1000003,2147483647}'::int[]) m"
native=$(as_role app tail -v keys="$sample" <<<"$(printf "$remainders_sql" uuid_shard)")
check "uuid_tail_remainder: edition = native over 718 keys x 11 moduli" \
  "$(as_role ed_owner edition -v keys="$sample" <<<"$(printf "$remainders_sql" shard)")" "$native"
check "uuid_tail_remainder: native over the same keys (count)" "${native#* }" 7898
check "edition: uuid_tail_remainder(id, 0)" \
  "$(as_role ed_owner edition -v VERBOSITY=sqlstate -c "SELECT shard.uuid_tail_remainder(gen_random_uuid(), 0)" 2>&1 | grep -o -m1 'ERROR:  [0-9A-Z]\{5\}' | sed 's/^ERROR:  //' || true)" 22023
as_role ed_owner edition -c "CREATE TABLE public.h (id uuid PRIMARY KEY) PARTITION BY HASH (id)" -c "CREATE TABLE public.h_0 PARTITION OF public.h FOR VALUES WITH (MODULUS 1, REMAINDER 0)" \
  -c "CREATE TABLE public.r (id uuid PRIMARY KEY) PARTITION BY RANGE (id)" >/dev/null
for call in "uuid_tail_partition_ddl('public.h'::regclass, 4)" "uuid_tail_split_ddl('public.h_0'::regclass)" "uuid_tail_partitions('public.h'::regclass, 4)" \
            "uuid_v7_tail_partition_ddl('public.r'::regclass, now(), now() + interval '1 month', '1 month', 4, 'UTC')"; do
  out=$(as_role ed_owner edition -v VERBOSITY=verbose -c "SELECT * FROM shard.$call" 2>&1 || true)
  check "edition: $call" "$(grep -m1 '^ERROR:' <<<"$out" | sed 's/^ERROR: *//')" "42704: the operator class uuid_tail_ops is not installed"
  hint=$(grep -m1 '^HINT:' <<<"$out" | sed 's/^HINT: *//')
  check "edition: $call: with a hint" "${hint:+hint}" hint
done
echo "  the hint: $hint"

suite_case
finish
