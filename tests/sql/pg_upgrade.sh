#!/usr/bin/env bash
# pg_upgrade test: a PostgreSQL 18 cluster using uuid_shard, upgraded to PostgreSQL 19.
#   tests/sql/pg_upgrade.sh 19   (this version installed in PG19; in PG18, its package from dist/
#                                 unless it is there: package_installed in scripts/lib.sh. With
#                                 another MAJOR it only says it runs in the 19 round.)
#
# The PG18 cluster holds three databases, each with thousands of rows:
#   app      created with the last release (built from its commit, as in tests/sql/upgrade.sh),
#   app2     created with this version: both with the user objects of tests/sql/lib/upgrade.sh and
#            the layouts below, the extension in public;
#   edition  the SQL edition's plain script (docs/sql-edition.md) in schema uuid_shard, a table
#            keyed by its uuidv7() with its shard key and bucket index, and the layouts below
#            but the tail-hash ones (native only).
# The layouts: ticks, monthly RANGE partitions by uuid_v7_partition_ddl with a DEFAULT partition
# holding rows of the months around them; tasks, LIST (uuid_bucket(id, 4)) partitions by
# uuid_bucket_partition_ddl; members, IDs masked by uuid_v7_mask (stored and in an expression
# index); accounts, PARTITION BY HASH (id uuid_tail_ops) with partitions of moduli 4 and 8 and a
# foreign key from orders; metrics, time x tail by uuid_v7_tail_partition_ddl.
# PG19's pg_upgrade runs as the unprivileged user, --check first, then the upgrade (--copy) into
# a PG19 cluster initialised with the old one's data checksum setting. On PG19 afterwards:
#   app:     the application works on the carried old catalog with this version's library, the
#            frozen outputs equal those computed on PG18 under the old version, the layouts give
#            PG18's answers; ALTER EXTENSION UPDATE; the extension equals a fresh CREATE EXTENSION
#            on PG19; the application, the fingerprint and the layouts again;
#   app2:    the extension equals the fresh one; the application, the fingerprint, the layouts;
#   edition: the layouts; the edition's functions as carried give PG18's outputs, and the native
#            extension's (created in schema native) on the same keys and times;
#   layouts: rows and ids per partition, the inspectors (uuid_v7_partitions,
#            uuid_bucket_partitions, uuid_tail_partitions) and the emitters' statements for the
#            next step (a month more, a split, a grow, retention) as on PG18; every row in the
#            partition its time, bucket or tail remainder gives; the emitters asked again for what
#            is there emit nothing; masked IDs unmask to their keys, through the index too; in a
#            transaction rolled back, new rows routed right and the month after made with the
#            default partition's rows of it moved; tail-hash lookups scanning one partition, the
#            foreign key validated and enforced;
#   all:     keys minted by the DEFAULT uuidv7() after the upgrade sort after those minted before.
set -eEuo pipefail
major=${1:?usage: tests/sql/pg_upgrade.sh 19}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
. "$here/lib/upgrade.sh"
if [ "$major" != 19 ]; then
  skip_suite "pg_upgrade: upgrades PostgreSQL 18 to 19; it runs in the PostgreSQL 19 round"
fi
suite_init "$major"

suite_tmpdir work
old_dir= new_dir= new_port=
t0=$SECONDS
# While the old version's files are installed in PG18: put this version's back at exit, whatever
# happens (before the clusters are stopped).
restore=0
suite_on_exit '[ "$restore" != 1 ] || installed_put 18 "$work/new18/uuid_shard.so" "$work/new18/extension" ${remove_after:-}'

# PostgreSQL 18's tree, under its lock until the end, with this version's package installed (or
# waited for): its files are swapped below.
package_installed 18
installed_save 18 "$work/new18"
installed_save 19 "$work/new19"
remove_after=
[ -f "$(ext_sharedir 18)/uuid_shard--$OLD_VERSION.sql" ] || remove_after="uuid_shard--$OLD_VERSION.sql"
old_build 18
t_build=$((SECONDS - t0))
. "$here/lib/edition.sh"

# pg_upgrade recreates the old version's functions in PG19 as they are, naming their symbols.
symbols_check "$OLD_EXT/uuid_shard--$OLD_VERSION.sql" "$work/new19/uuid_shard.so"

# The layouts, in a database whose uuid_shard functions are in schema :ext; the tail-hash ones
# where :native (the operator class is the native extension's only). The time range is kept in
# public.layout_range for the checks.
LAYOUTS_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
SELECT date_trunc('month', now()) - interval '2 months' AS t_from, date_trunc('month', now()) + interval '2 months' AS t_to \gset
CREATE TABLE public.layout_range AS SELECT :'t_from'::timestamptz AS t_from, :'t_to'::timestamptz AS t_to;

CREATE TABLE public.ticks (id uuid PRIMARY KEY DEFAULT :ext.uuidv7(), at timestamptz NOT NULL, note text NOT NULL)
  PARTITION BY RANGE (id);
SELECT :ext.uuid_v7_partition_ddl('public.ticks'::regclass, :'t_from', :'t_to', interval '1 month', text 'UTC', true) \gexec
-- every 2 hours from 45 days before the partitions to 20 days after: those outside in the default
INSERT INTO public.ticks (id, at, note)
  SELECT :ext.uuid_v7_at(t), t, 'tick' FROM generate_series(:'t_from'::timestamptz - interval '45 days', :'t_to'::timestamptz + interval '20 days', '2 hours') t;

CREATE TABLE public.tasks (id uuid NOT NULL DEFAULT :ext.uuidv7(), payload text NOT NULL)
  PARTITION BY LIST (:ext.uuid_bucket(id, 4));
SELECT :ext.uuid_bucket_partition_ddl('public.tasks'::regclass) \gexec
INSERT INTO public.tasks (payload) SELECT 'task ' || g FROM generate_series(1, 2000) g;

CREATE TABLE public.mask_secret (secret bytea NOT NULL);
INSERT INTO public.mask_secret VALUES (:'secret');
CREATE TABLE public.members (id uuid PRIMARY KEY DEFAULT :ext.uuidv7(), public_id uuid NOT NULL, name text NOT NULL);
CREATE INDEX members_mask_idx ON public.members (:ext.uuid_v7_mask(id, :'secret'::bytea));
INSERT INTO public.members (id, public_id, name)
  SELECT k, :ext.uuid_v7_mask(k, s.secret), 'member ' || g FROM (SELECT :ext.uuidv7() AS k, g FROM generate_series(1, 2000) g) n, public.mask_secret s;

\if :native
-- partitions (4,0) (4,1) (4,2) (8,3) (8,7)
CREATE TABLE public.accounts (id uuid PRIMARY KEY DEFAULT :ext.uuidv7(), name text NOT NULL)
  PARTITION BY HASH (id :ext.uuid_tail_ops);
SELECT s FROM :ext.uuid_tail_partition_ddl('public.accounts'::regclass, 4) s WHERE s NOT LIKE '%REMAINDER 3)' \gexec
SELECT :ext.uuid_tail_partition_ddl('public.accounts'::regclass, 8) \gexec
INSERT INTO public.accounts (name) SELECT 'before ' || g FROM generate_series(1, 5000) g;
INSERT INTO public.accounts (id, name) VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846', 'v1'),
  ('00000000-0000-0000-0000-000000000000', 'nil'), ('ffffffff-ffff-ffff-ffff-ffffffffffff', 'max');
CREATE TABLE public.orders (id bigserial PRIMARY KEY, account uuid NOT NULL REFERENCES public.accounts (id));
INSERT INTO public.orders (account) SELECT id FROM public.accounts WHERE name LIKE '%7' OR name IN ('v1', 'nil', 'max');

CREATE TABLE public.metrics (id uuid PRIMARY KEY DEFAULT :ext.uuidv7(), v int NOT NULL) PARTITION BY RANGE (id);
SELECT :ext.uuid_v7_tail_partition_ddl('public.metrics'::regclass, :'t_from', :'t_to', interval '1 month', 4) \gexec
INSERT INTO public.metrics (id, v)
  SELECT :ext.uuid_v7_at(t), 1 FROM generate_series(:'t_from'::timestamptz, :'t_to'::timestamptz - interval '1 ms', '1 hour') t;
\endif
ANALYZE;
SQL
)

# What the layouts answer, one "what<TAB>answer" line each, to be the same on PG18 and PG19.
LAYOUT_ANSWERS_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
SET client_min_messages = warning;
SELECT t_from, t_to FROM public.layout_range \gset
-- Every leaf partition under root with its bound, rows and a hash of their ids.
CREATE FUNCTION pg_temp.leaves(root regclass) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
    r record;
    v text;
    out text[] := '{}';
BEGIN
    FOR r IN SELECT t.relid, pg_get_expr(c.relpartbound, c.oid) AS bound
               FROM pg_partition_tree(root) t JOIN pg_class c ON c.oid = t.relid
              WHERE t.isleaf ORDER BY t.relid::regclass::text LOOP
        EXECUTE format($q$SELECT count(*) || ' ' || coalesce(md5(string_agg(id::text, ',' ORDER BY id)), '-') FROM %s$q$,
                       r.relid::regclass) INTO v;
        out := out || format('%s (%s): %s', r.relid::regclass, r.bound, v);
    END LOOP;
    RETURN array_to_string(out, '; ');
END
$fn$;
-- The statements an emitter returns: how many, and a hash of them in order.
CREATE FUNCTION pg_temp.emitted(s text[]) RETURNS text LANGUAGE sql AS
  $fn$ SELECT cardinality(s) || ' ' || md5(array_to_string(s, E'\n')) $fn$;
SELECT 'rows of ticks', pg_temp.leaves('public.ticks');
SELECT 'rows of tasks', pg_temp.leaves('public.tasks');
SELECT 'rows of members', count(*) || ' ' || md5(string_agg(id || '>' || public_id || ':' || name, ',' ORDER BY id)) FROM public.members;
SELECT 'uuid_v7_partitions(ticks)', string_agg(format('%s [%s, %s)', partition, from_time, to_time), '; ' ORDER BY n)
  FROM :ext.uuid_v7_partitions('public.ticks'::regclass) WITH ORDINALITY p(partition, from_time, to_time, n);
SELECT 'uuid_bucket_partitions(tasks)', string_agg(format('%s %s/%s %s', partition, bucket, buckets, server), '; ' ORDER BY n)
  FROM :ext.uuid_bucket_partitions('public.tasks'::regclass) WITH ORDINALITY p(partition, bucket, buckets, server, n);
SELECT 'uuid_v7_partition_ddl(ticks, the month after)', pg_temp.emitted(ARRAY(
  SELECT :ext.uuid_v7_partition_ddl('public.ticks'::regclass, :'t_to', :'t_to'::timestamptz + interval '1 month', interval '1 month', text 'UTC', true)));
SELECT 'uuid_v7_retention_ddl(ticks, the first month)', pg_temp.emitted(ARRAY(
  SELECT :ext.uuid_v7_retention_ddl('public.ticks'::regclass, :'t_from'::timestamptz + interval '1 month', text 'detach')));
SELECT 'uuid_bucket_grow_ddl(tasks, 5)', pg_temp.emitted(ARRAY(SELECT :ext.uuid_bucket_grow_ddl('public.tasks'::regclass, 5)));
SELECT 'masked IDs: unmask(public_id), mask(id)',
       md5(string_agg(:ext.uuid_v7_unmask(public_id, s.secret) || '<' || :ext.uuid_v7_mask(id, s.secret), ',' ORDER BY id))
  FROM public.members, public.mask_secret s;
\if :native
SELECT 'rows of accounts', pg_temp.leaves('public.accounts');
SELECT 'rows of orders', count(*) || ' ' || md5(string_agg(account::text, ',' ORDER BY id)) FROM public.orders;
SELECT 'rows of metrics', pg_temp.leaves('public.metrics');
SELECT 'uuid_tail_partitions(accounts, 4)', string_agg(format('%s %s/%s %s %s', partition, remainder, modulus, rows, workers), '; ' ORDER BY n)
  FROM :ext.uuid_tail_partitions('public.accounts'::regclass, 4) WITH ORDINALITY p(partition, modulus, remainder, rows, workers, n);
SELECT 'uuid_v7_partitions(metrics)', string_agg(format('%s [%s, %s)', partition, from_time, to_time), '; ' ORDER BY n)
  FROM :ext.uuid_v7_partitions('public.metrics'::regclass) WITH ORDINALITY p(partition, from_time, to_time, n);
SELECT 'uuid_tail_partitions of the metrics time partitions',
       string_agg(format('%s %s/%s %s %s', t.partition, t.remainder, t.modulus, t.rows, t.workers), '; ' ORDER BY p.n, t.n)
  FROM :ext.uuid_v7_partitions('public.metrics'::regclass) WITH ORDINALITY p(partition, from_time, to_time, n),
       LATERAL :ext.uuid_tail_partitions(p.partition, 4) WITH ORDINALITY t(partition, modulus, remainder, rows, workers, n);
SELECT 'uuid_tail_split_ddl(accounts_h4_0)', pg_temp.emitted(ARRAY(SELECT :ext.uuid_tail_split_ddl('public.accounts_h4_0'::regclass)));
SELECT 'uuid_v7_tail_partition_ddl(metrics, the month after)', pg_temp.emitted(ARRAY(
  SELECT :ext.uuid_v7_tail_partition_ddl('public.metrics'::regclass, :'t_to', :'t_to'::timestamptz + interval '1 month', interval '1 month', 4)));
\endif
SQL
)

# What must hold of the layouts at any time, one line; LAYOUT_EXPECT (by :native) is the answer.
# misplaced: rows not in the partition their key gives (ticks: the range holding the key, or the
# default partition when none does; tasks: the bucket's, by uuid_bucket_partitions; accounts and
# metrics: (m, uuid_tail_remainder(id, m)), which PostgreSQL's own partition check also accepts);
# again: the statements the emitters return asked again for the partitions made (none);
# members: public IDs that do not unmask to their key or are not its mask.
LAYOUT_VERIFY_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
SET client_min_messages = warning;
SELECT t_from, t_to FROM public.layout_range \gset
WITH p AS MATERIALIZED (
  SELECT partition, :ext.uuid_v7_boundary(from_time) AS lo, :ext.uuid_v7_boundary(to_time) AS hi
    FROM :ext.uuid_v7_partitions('public.ticks'::regclass))
SELECT count(*) AS ticks FROM public.ticks t LEFT JOIN p ON p.partition = t.tableoid
 WHERE p.partition IS NULL
    OR (p.lo IS NULL AND EXISTS (SELECT FROM p q WHERE q.lo IS NOT NULL AND t.id >= q.lo AND t.id < q.hi))
    OR (p.lo IS NOT NULL AND NOT (t.id >= p.lo AND t.id < p.hi)) \gset
SELECT count(*) AS tasks FROM public.tasks t
  LEFT JOIN :ext.uuid_bucket_partitions('public.tasks'::regclass) p ON p.bucket = :ext.uuid_bucket(t.id, 4)
 WHERE p.partition IS DISTINCT FROM t.tableoid::regclass \gset
SELECT count(*) AS members FROM public.members, public.mask_secret s
 WHERE :ext.uuid_v7_unmask(public_id, s.secret) <> id OR :ext.uuid_v7_mask(id, s.secret) <> public_id \gset
SELECT (SELECT count(*) FROM :ext.uuid_v7_partition_ddl('public.ticks'::regclass, :'t_from', :'t_to', interval '1 month', text 'UTC', true))
       || ',' || (SELECT count(*) FROM :ext.uuid_bucket_partition_ddl('public.tasks'::regclass)) AS again \gset
\if :native
SELECT count(*) AS accounts FROM public.accounts a
  LEFT JOIN :ext.uuid_tail_partitions('public.accounts'::regclass) p ON p.partition = a.tableoid
 WHERE NOT coalesce(:ext.uuid_tail_remainder(a.id, p.modulus) = p.remainder
                    AND satisfies_hash_partition('public.accounts'::regclass, p.modulus, p.remainder, a.id), false) \gset
WITH t AS MATERIALIZED (
  SELECT p.partition AS time_partition, :ext.uuid_v7_boundary(p.from_time) AS lo, :ext.uuid_v7_boundary(p.to_time) AS hi,
         h.partition, h.modulus, h.remainder
    FROM :ext.uuid_v7_partitions('public.metrics'::regclass) p, LATERAL :ext.uuid_tail_partitions(p.partition) h)
SELECT count(*) AS metrics FROM public.metrics x LEFT JOIN t ON t.partition = x.tableoid
 WHERE NOT coalesce(x.id >= t.lo AND x.id < t.hi AND :ext.uuid_tail_remainder(x.id, t.modulus) = t.remainder
                    AND satisfies_hash_partition(t.time_partition, t.modulus, t.remainder, x.id), false) \gset
SELECT :'again' || ',' || (SELECT count(*) FROM :ext.uuid_tail_partition_ddl('public.accounts'::regclass, 8))
       || ',' || (SELECT count(*) FROM :ext.uuid_v7_tail_partition_ddl('public.metrics'::regclass, :'t_from', :'t_to', interval '1 month', 4)) AS again \gset
SELECT format('misplaced: ticks=%s tasks=%s accounts=%s metrics=%s; again=%s; members=%s',
              :'ticks', :'tasks', :'accounts', :'metrics', :'again', :'members');
\else
SELECT format('misplaced: ticks=%s tasks=%s; again=%s; members=%s', :'ticks', :'tasks', :'again', :'members');
\endif
SQL
)
layout_expect() { # layout_expect NATIVE
  if [ "$1" = true ]; then echo "misplaced: ticks=0 tasks=0 accounts=0 metrics=0; again=0,0,0,0; members=0"
  else echo "misplaced: ticks=0 tasks=0; again=0,0; members=0"; fi
}

# In a transaction rolled back: new rows in every layout (keys of now by default, and of times
# across and beyond the partitions' range), then the month after the ticks' partitions made as
# uuid_v7_partition_ddl emits it, which moves the default partition's rows of that month; then
# LAYOUT_VERIFY_SQL's line, the rows of that month left in the default partition and those in
# the new partition (compared with the count before), and, where :native, the accounts
# partitions the new rows reached.
LAYOUT_ROUTING_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
SET client_min_messages = warning;
SELECT t_from, t_to FROM public.layout_range \gset
BEGIN;
INSERT INTO public.ticks (at, note) SELECT now(), 'new' FROM generate_series(1, 200);
INSERT INTO public.ticks (id, at, note)
  SELECT :ext.uuid_v7_at(t), t, 'new' FROM generate_series(:'t_from'::timestamptz - interval '1 year', :'t_to'::timestamptz + interval '1 year', '5 days 7 hours') t;
INSERT INTO public.tasks (payload) SELECT 'new ' || g FROM generate_series(1, 400) g;
INSERT INTO public.members (id, public_id, name)
  SELECT k, :ext.uuid_v7_mask(k, s.secret), 'new' FROM (SELECT :ext.uuidv7() AS k FROM generate_series(1, 200)) n, public.mask_secret s;
\if :native
INSERT INTO public.accounts (name) SELECT 'new ' || g FROM generate_series(1, 1000) g;
INSERT INTO public.orders (account) SELECT id FROM public.accounts WHERE name LIKE 'new %7';
INSERT INTO public.metrics (v) SELECT 2 FROM generate_series(1, 200);
INSERT INTO public.metrics (id, v)
  SELECT :ext.uuid_v7_at(t), 3 FROM generate_series(:'t_from'::timestamptz, :'t_to'::timestamptz - interval '1 ms', '3 hours 7 minutes') t;
\endif
SELECT :ext.uuid_v7_boundary(:'t_to') AS m_lo, :ext.uuid_v7_boundary(:'t_to'::timestamptz + interval '1 month') AS m_hi \gset
SELECT count(*) AS in_month FROM public.ticks WHERE id >= :'m_lo' AND id < :'m_hi' \gset
SELECT :ext.uuid_v7_partition_ddl('public.ticks'::regclass, :'t_to', :'t_to'::timestamptz + interval '1 month', interval '1 month', text 'UTC', true) \gexec
SELECT count(*) AS left_behind FROM public.ticks t JOIN pg_partitioned_table pt ON pt.partrelid = 'public.ticks'::regclass AND pt.partdefid = t.tableoid
 WHERE id >= :'m_lo' AND id < :'m_hi' \gset
SELECT count(*) AS moved FROM public.ticks t JOIN :ext.uuid_v7_partitions('public.ticks'::regclass) p ON p.partition = t.tableoid
 WHERE p.from_time = :'t_to'::timestamptz AND t.id >= :'m_lo' AND t.id < :'m_hi' \gset
SELECT format('month after: %s left in the default, moved %s', :'left_behind',
              CASE WHEN :'moved' = :'in_month' AND :'in_month'::int > 0 THEN 'all' ELSE :'moved' || ' of ' || :'in_month' END);
\if :native
SELECT 'accounts partitions reached: ' || count(DISTINCT tableoid) FROM public.accounts WHERE name LIKE 'new %';
\endif
SQL
)
LAYOUT_ROUTING_SQL+=$'\n'"$LAYOUT_VERIFY_SQL"$'\nROLLBACK;'

# The SQL edition's database: a table like tests/sql/lib/upgrade.sh's events, keyed by the
# edition's uuidv7() with its shard key and bucket index, and version 4 keys (the layouts follow).
EDITION_POPULATE_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
CREATE TABLE public.events (
  id uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7(),
  shard text GENERATED ALWAYS AS (uuid_shard.uuid_shard_key(id, 2)) STORED,
  payload text NOT NULL
);
CREATE INDEX events_bucket_idx ON public.events (uuid_shard.uuid_bucket(id, 8));
INSERT INTO public.events (payload) SELECT 'before ' || g FROM generate_series(1, 5000) g;
CREATE TABLE public.samples AS SELECT gen_random_uuid() AS id FROM generate_series(1, 500);
SQL
)
# The outputs of the functions in schema :s on the stored keys (v7, v4, public IDs) and over
# fixed times, three lines; the same for the SQL edition and the native extension, on any major.
EDITION_OUTPUTS_SQL=$(cat <<'SQL'
SET TimeZone = 'UTC';
SELECT 'keys: ' || count(*) || ' ' || md5(string_agg(concat_ws(':', id, :s.uuid_shard_key(id, 2), :s.uuid_shard_key(id, 15),
         :s.uuid_bucket(id, 8), :s.uuid_bucket(id, 1000003), :s.uuid_tail_remainder(id, 8), :s.uuid_tail_remainder(id, 1000),
         :s.uuid_v7_time(id), :s.uuid_v7_time(id::text), :s.uuid_v7_time_us(id), :s.uuid_version(id),
         :s.uuid_to_ulid(id), :s.uuid_to_base32hex(id), :s.uuid_from_ulid(lower(:s.uuid_to_ulid(id))),
         :s.uuid_from_base32hex(:s.uuid_to_base32hex(id)),
         CASE :s.uuid_version(id) WHEN 7 THEN :s.uuid_v7_mask(id, m.secret) ELSE :s.uuid_v7_unmask(id, m.secret) END),
       ',' ORDER BY id))
       || ' min ' || :s.min(id) || ' max ' || :s.max(id)
  FROM (SELECT id FROM public.events UNION ALL SELECT id FROM public.samples UNION ALL SELECT public_id FROM public.members) k,
       public.mask_secret m;
SELECT 'times: ' || count(*) || ' ' || md5(string_agg(concat_ws(':', :s.uuid_v7_boundary(t), :s.uuid_v7_boundary_last(t),
         left(:s.uuid_v7_at(t)::text, 18), :s.uuid_v7_time_us(:s.uuid_v7_at(t)), :s.uuid_v7_from_name(t, 'name ' || n)), ',' ORDER BY t))
  FROM generate_series(timestamptz '1970-01-01 00:00:00+00', '2200-01-01', '997 hours 13.5 seconds') WITH ORDINALITY g(t, n);
SELECT 'uuid_v7_partitions(ticks): ' || string_agg(format('%s [%s, %s)', partition, from_time, to_time), '; ' ORDER BY n)
  FROM :s.uuid_v7_partitions('public.ticks'::regclass) WITH ORDINALITY p(partition, from_time, to_time, n);
SQL
)
# The edition's functions, by name and arguments.
EDITION_FUNCTIONS_SQL="SELECT count(*) || ' ' || md5(string_agg(f, ',' ORDER BY f))
  FROM (SELECT proname || '(' || pg_get_function_identity_arguments(oid) || ')' AS f FROM pg_proc WHERE pronamespace = 'uuid_shard'::regnamespace) s"

# The secret of the masked IDs (public.mask_secret, and the expression index members_mask_idx).
MASK_SECRET='\x000102030405060708090a0b0c0d0e0f1011121314151617'
# layout_psql PSQL_VAR DB EXT NATIVE [psql args...]: psql in DB with the layouts' variables.
layout_psql() {
  local -n lp=$1; local db=$2 ext=$3 native=$4; shift 4
  "${lp[@]}" -d "$db" -At -F $'\t' -v ext="$ext" -v native="$native" -v secret="$MASK_SECRET" "$@"
}

# layout_checks PSQL_VAR DB EXT NATIVE ANSWERS: the layouts of DB against ANSWERS (from
# LAYOUT_ANSWERS_SQL on PG18: one check per line), what must hold, the rolled-back routing, and
# for native databases the tail-hash lookups and foreign key.
layout_checks() {
  local pv=$1 db=$2 ext=$3 native=$4 answers=$5 now line key n=0 out expect
  local -n lc=$1
  local -A was=()
  now=$(layout_psql "$pv" "$db" "$ext" "$native" <<<"$LAYOUT_ANSWERS_SQL")
  while IFS=$'\t' read -r key line; do [ -z "$key" ] || was[$key]=$line; done <<<"$answers"
  while IFS=$'\t' read -r key line; do
    check "$db: $key = on PG18" "$line" "${was[$key]-(no such line on PG18)}"
    n=$((n + 1))
  done <<<"$now"
  check "$db: the layouts' answers, lines = on PG18" "$n" "${#was[@]}"
  expect=$(layout_expect "$native")
  check "$db: layouts: every row in its partition, nothing more emitted, masked IDs unmask" \
    "$(layout_psql "$pv" "$db" "$ext" "$native" <<<"$LAYOUT_VERIFY_SQL")" "$expect"
  # The expression index on uuid_v7_mask holds masks computed on PG18: every public ID found through it.
  out=$("${lc[@]}" -d "$db" -At -c "SET enable_seqscan = off" -c "SET enable_hashjoin = off" -c "SET enable_mergejoin = off" \
    -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM public.members m JOIN public.members x ON $ext.uuid_v7_mask(x.id, '$MASK_SECRET'::bytea) = m.public_id")
  if grep -q 'members_mask_idx' <<<"$out"; then
    pass "$db: members_mask_idx used to find keys by public ID"
  else
    fail "$db: members_mask_idx used to find keys by public ID" "the plan:
$out"
  fi
  check "$db: members found through members_mask_idx, their own key (of all)" \
    "$("${lc[@]}" -d "$db" -At -c "SET enable_seqscan = off" -c "SET enable_hashjoin = off" -c "SET enable_mergejoin = off" \
       -c "SELECT count(*) FILTER (WHERE x.id = m.id) || ' of ' || count(*) FROM public.members m JOIN public.members x ON $ext.uuid_v7_mask(x.id, '$MASK_SECRET'::bytea) = m.public_id")" \
    "$("${lc[@]}" -d "$db" -At -c "SELECT count(*) || ' of ' || count(*) FROM public.members")"
  out=$("${lc[@]}" -d "$db" -At -c "EXPLAIN (COSTS OFF) SELECT count(*) FROM public.tasks WHERE $ext.uuid_bucket(id, 4) = 2")
  check "$db: tasks WHERE uuid_bucket(id, 4) = 2 scans one partition, bucket 2's" \
    "$(grep -o ' on tasks[a-z0-9_]*' <<<"$out" | sed 's/^ on //' | tr '\n' ' ' | sed 's/ $//')" \
    "$("${lc[@]}" -d "$db" -At -c "SELECT partition FROM $ext.uuid_bucket_partitions('public.tasks') WHERE bucket = 2")"
  out=$(layout_psql "$pv" "$db" "$ext" "$native" <<<"$LAYOUT_ROUTING_SQL")
  check "$db: new rows (rolled back): the month after made, the default partition's rows of it moved" \
    "$(grep '^month after: ' <<<"$out" || true)" "month after: 0 left in the default, moved all"
  check "$db: new rows (rolled back): every row in its partition, nothing more emitted, masked IDs unmask" \
    "$(grep '^misplaced: ' <<<"$out" || true)" "$expect"
  [ "$native" = true ] || return 0
  check "$db: new rows (rolled back): accounts partitions reached" "$(sed -n 's/^accounts partitions reached: //p' <<<"$out")" 5
  local key_id plan
  for key_id in 00000000-0000-0000-0000-000000000000 c232ab00-9414-11ec-b3c8-9f6bdeced846 \
                "$("${lc[@]}" -d "$db" -At -c "SELECT id FROM public.accounts WHERE name = 'before 1'")"; do
    plan=$("${lc[@]}" -d "$db" -At -c "EXPLAIN (COSTS OFF) SELECT * FROM public.accounts WHERE id = '$key_id'")
    check "$db: accounts WHERE id = '$key_id' scans one partition, the row's" \
      "$(grep 'Scan' <<<"$plan" | grep -v 'Bitmap Index Scan' | grep -o ' on accounts_h[0-9_]*' | sed 's/^ on //' | tr '\n' ' ' | sed 's/ $//')" \
      "$("${lc[@]}" -d "$db" -At -c "SELECT tableoid::regclass FROM public.accounts WHERE id = '$key_id'")"
  done
  check "$db: the foreign key from orders to accounts, validated" \
    "$("${lc[@]}" -d "$db" -At -c "SELECT string_agg(conname || ' ' || convalidated, ', ') FROM pg_constraint WHERE conrelid = 'public.orders'::regclass AND contype = 'f' AND conparentid = 0")" \
    "orders_account_fkey true"
  check "$db: an order for an absent account refused (SQLSTATE)" \
    "$("${lc[@]}" -d "$db" -At -v VERBOSITY=sqlstate -c "INSERT INTO public.orders (account) VALUES ('919108f7-52d1-4320-9bac-f847db4148a8')" 2>&1 | grep -o -m1 'ERROR:  [0-9A-Z]*' | sed 's/^ERROR:  //' || true)" 23503
}

suite_case "PG18"
cluster_start 18 "pgupgrade-18"
cluster_track
old_dir=$CLUSTER_DIR
OLD=("${PSQL[@]}")
"${OLD[@]}" -d postgres -c "CREATE DATABASE app" -c "CREATE DATABASE app2" -c "CREATE DATABASE edition"
declare -A fp_before answers_before max_before
# before_upgrade DB EXT NATIVE: what DB answers on PG18 (the frozen outputs of a native one, its
# layouts), and the layouts' invariants checked.
before_upgrade() {
  local db=$1 ext=$2 native=$3
  [ "$native" != true ] || fp_before[$db]=$("${OLD[@]}" -d "$db" -At <<<"$FINGERPRINT_SQL")
  answers_before[$db]=$(layout_psql OLD "$db" "$ext" "$native" <<<"$LAYOUT_ANSWERS_SQL")
  check "$db on PG18: layouts: every row in its partition, nothing more emitted, masked IDs unmask" \
    "$(layout_psql OLD "$db" "$ext" "$native" <<<"$LAYOUT_VERIFY_SQL")" "$(layout_expect "$native")"
  max_before[$db]=$("${OLD[@]}" -d "$db" -At -c "SELECT id FROM public.events ORDER BY id DESC LIMIT 1")  # max(uuid) is 16+
  echo "pg_upgrade PG18: $db on $("${OLD[@]}" -d "$db" -At -c "SELECT coalesce((SELECT 'uuid_shard ' || extversion FROM pg_extension WHERE extname = 'uuid_shard'), 'the SQL edition')"), $("${OLD[@]}" -d "$db" -At <<<"$ROWS_SQL") rows"
}
# Rows in the tables of schema public: one query that adds their counts, which psql runs (\gexec).
ROWS_SQL="SELECT 'SELECT ' || string_agg(format('(SELECT count(*) FROM %s)', c.oid::regclass), ' + ')
  FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace \\gexec"
restore=1
installed_put 18 "$OLD_LIB" "$OLD_EXT"
"${OLD[@]}" -d app -c "CREATE EXTENSION uuid_shard"
"${OLD[@]}" -d app <<<"$POPULATE_SQL"
layout_psql OLD app public true <<<"$LAYOUTS_SQL" >/dev/null
before_upgrade app public true
installed_put 18 "$work/new18/uuid_shard.so" "$work/new18/extension" $remove_after
restore=0
"${OLD[@]}" -d app2 -c "CREATE EXTENSION uuid_shard"
"${OLD[@]}" -d app2 <<<"$POPULATE_SQL"
layout_psql OLD app2 public true <<<"$LAYOUTS_SQL" >/dev/null
before_upgrade app2 public true
"${OLD[@]}" -d edition -f "$plain_script" >/dev/null
"${OLD[@]}" -d edition <<<"$EDITION_POPULATE_SQL"
layout_psql OLD edition uuid_shard false <<<"$LAYOUTS_SQL" >/dev/null
before_upgrade edition uuid_shard false
edition_outputs=$("${OLD[@]}" -d edition -At -v s=uuid_shard <<<"$EDITION_OUTPUTS_SQL")
edition_functions=$("${OLD[@]}" -d edition -At -c "$EDITION_FUNCTIONS_SQL")
checksums=$("${OLD[@]}" -d postgres -At -c "SHOW data_checksums")
cluster_stop_dir "$old_dir" "$PG18_BIN"

suite_case "pg_upgrade"
# The new cluster: as cluster_start makes them, but not started and with the old cluster's data
# checksum setting, which pg_upgrade requires (tracked as cluster_track does: stopped at exit,
# removed after a pass).
new_dir="$PROJECT_ROOT/.pg/clusters/pgupgrade-19"
new_port=$(( 20000 + $(printf '%s' pgupgrade-19 | cksum | cut -d' ' -f1) % 20000 ))
TRACKED_CLUSTERS+=("$new_dir $PG19_BIN")
cluster_stop_dir "$new_dir" "$PG19_BIN"
rm -rf "$new_dir"; mkdir -p "$new_dir/sock"
[ "$(id -u)" = 0 ] && chown -R "$PG_OS_USER" "$new_dir"
case "$checksums" in on) checksum_flag=--data-checksums ;; *) checksum_flag=--no-data-checksums ;; esac
echo "pg_upgrade: the PG18 cluster has data checksums $checksums; initdb $checksum_flag for PG19"
as_pg_user "$PG19_BIN/initdb" -D "$new_dir/data" -U postgres --auth=trust -E UTF8 --no-locale "$checksum_flag" \
  >"$new_dir/initdb.log" 2>&1 || { cat "$new_dir/initdb.log" >&2; exit 1; }
printf '%s\n' "listen_addresses = ''" "unix_socket_directories = '$new_dir/sock'" "port = $new_port" \
  "fsync = off" "max_connections = 40" >>"$new_dir/data/postgresql.conf"
upgrade_args=(--old-bindir "$PG18_BIN" --new-bindir "$PG19_BIN" --old-datadir "$old_dir/data"
  --new-datadir "$new_dir/data" --username postgres --socketdir "$new_dir/sock"
  --old-port $((new_port + 1)) --new-port $((new_port + 2)))
run_pg_upgrade() { # as the unprivileged user, from a folder it owns (pg_upgrade writes there); a
  # failure ends the suite (nothing after it can run)
  local rc=0
  (cd "$new_dir" && as_pg_user "$PG19_BIN/pg_upgrade" "${upgrade_args[@]}" "$@") >"$work/pg_upgrade.out" 2>&1 || rc=$?
  if [ "$rc" != 0 ]; then
    cat "$work/pg_upgrade.out"
    find "$new_dir/data/pg_upgrade_output.d" -name '*.log' -exec tail -n 20 {} + 2>/dev/null || true
  fi
  check "pg_upgrade $*: exit status" "$rc" 0
  [ "$rc" = 0 ] || exit 1
}
t_up=$SECONDS
run_pg_upgrade --check
if grep -q "Clusters are compatible" "$work/pg_upgrade.out"; then
  pass "pg_upgrade --check: clusters compatible ($(grep -c '^Checking' "$work/pg_upgrade.out") checks)"
else
  fail "pg_upgrade --check: clusters compatible" "its output did not say so"
fi
run_pg_upgrade --copy
if grep -q "Upgrade Complete" "$work/pg_upgrade.out"; then
  pass "pg_upgrade --copy: upgrade complete"
else
  fail "pg_upgrade --copy: upgrade complete" "its output did not say so"
fi
echo "pg_upgrade: done in $((SECONDS - t_up))s (with --check); it advises:"
grep -i 'vacuumdb' "$work/pg_upgrade.out" | sed 's/^ */    /' || true

as_pg_user "$PG19_BIN/pg_ctl" -D "$new_dir/data" -l "$new_dir/server.log" -w -t 60 start >/dev/null \
  || { cat "$new_dir/server.log" >&2; exit 1; }
NEW=("$PG19_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$new_dir/sock" -p "$new_port" -U postgres)
# As pg_upgrade advises: the statistics it did not carry, then all of them again.
as_pg_user "$PG19_BIN/vacuumdb" -h "$new_dir/sock" -p "$new_port" -U postgres --all --analyze-in-stages --missing-stats-only >/dev/null
as_pg_user "$PG19_BIN/vacuumdb" -h "$new_dir/sock" -p "$new_port" -U postgres --all --analyze-only >/dev/null
check "PG19: data checksums = on PG18" "$("${NEW[@]}" -d postgres -At -c "SHOW data_checksums")" "$checksums"
"${NEW[@]}" -d postgres -c "CREATE DATABASE fresh"
"${NEW[@]}" -d fresh -c "CREATE EXTENSION uuid_shard"

suite_case "PG19, app ($OLD_VERSION catalog)"
v=$("${NEW[@]}" -d app -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
check "app: the version carried" "$v" "$OLD_VERSION"
works NEW app
check "app: frozen outputs = on PG18 under $OLD_VERSION" "$("${NEW[@]}" -d app -At <<<"$FINGERPRINT_SQL")" "${fp_before[app]}"
layout_checks NEW app public true "${answers_before[app]}"
suite_case "PG19, app updated"
"${NEW[@]}" -d app -c "ALTER EXTENSION uuid_shard UPDATE TO '$NEW_VERSION'"
compare_snapshots NEW app fresh "$work"
works NEW app
check "app: frozen outputs after the update = on PG18 under $OLD_VERSION" "$("${NEW[@]}" -d app -At <<<"$FINGERPRINT_SQL")" "${fp_before[app]}"
layout_checks NEW app public true "${answers_before[app]}"

suite_case "PG19, app2 ($NEW_VERSION)"
compare_snapshots NEW app2 fresh "$work"
works NEW app2
check "app2: frozen outputs = on PG18" "$("${NEW[@]}" -d app2 -At <<<"$FINGERPRINT_SQL")" "${fp_before[app2]}"
layout_checks NEW app2 public true "${answers_before[app2]}"

suite_case "PG19, edition (the SQL edition)"
check "edition: its functions, by name and arguments = on PG18" "$("${NEW[@]}" -d edition -At -c "$EDITION_FUNCTIONS_SQL")" "$edition_functions"
layout_checks NEW edition uuid_shard false "${answers_before[edition]}"
"${NEW[@]}" -d edition -c "CREATE SCHEMA native" -c "CREATE EXTENSION uuid_shard SCHEMA native"
out=$("${NEW[@]}" -d edition -At -v s=uuid_shard <<<"$EDITION_OUTPUTS_SQL")
check "edition: the edition's outputs on the stored keys and fixed times = on PG18" "$out" "$edition_outputs"
check "edition: the edition's outputs = the native extension's on the same inputs" \
  "$out" "$("${NEW[@]}" -d edition -At -v s=native <<<"$EDITION_OUTPUTS_SQL")"

suite_case "PG19, key order"
for db in app app2 edition; do
  [ "$db" != edition ] || "${NEW[@]}" -d edition -c "INSERT INTO public.events (payload) SELECT 'later ' || g FROM generate_series(1, 200) g"
  n=$("${NEW[@]}" -d "$db" -At -c "SELECT count(*) FILTER (WHERE id <= '${max_before[$db]}'), count(*) FROM public.events WHERE payload LIKE 'later %'")
  if [ "${n#*|}" -gt 0 ]; then
    pass "$db: keys minted on PG19"
  else
    fail "$db: keys minted on PG19" "none found"
  fi
  check "$db: keys minted on PG19 that do not sort after the largest minted on PG18" "${n%|*}" 0
done

suite_case
echo "pg_upgrade PG18->PG19: ${t_build}s for saving this version's files and the $OLD_VERSION build"
finish
