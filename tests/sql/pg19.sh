#!/usr/bin/env bash
# What PostgreSQL 19 changes for uuid_shard's users, checked on 19 and later (docs/reference.md,
# docs/partitions.md and docs/layouts.md say what it means for them):
#   1. base32hex: 19's explicit uuid::bytea cast and encode(..., 'base32hex'). For keys of every
#      kind (v1, v4, v7 of core's and of our uuidv7(), uuid_v7_at, the smallest and largest key of
#      a millisecond, uuid_v7_from_name, public IDs, nil, max, md5-made) uuid_to_base32hex(id) is
#      exactly encode(id::bytea, 'base32hex'), upper case and "=" padded; the unpadded forms
#      (rtrim '=') agree too, and each side's decoder reads the other's text in either case, with
#      or without padding. On the native extension and on the SQL edition (its plain script,
#      installed by a database owner who is not a superuser), each installed beside 19's casts
#      without adding a cast of its own.
#   2. ALTER TABLE ... MERGE PARTITIONS / SPLIT PARTITION: refused by the server (a syntax error,
#      42601) on a time RANGE table made by uuid_v7_partition_ddl, a LIST bucket table and a
#      tail-hash table, which keep their partitions; uuid_tail_split_ddl's script splits the
#      tail-hash partition. What the helpers make of partitions merged or split by hand is in
#      tests/pg_regress/sql/partition.sql (every major).
#   3. foreign keys: 19 checks a new referencing row against a plain referenced table without a
#      SQL query (pg_stat_statements, track = all, records none), against a partitioned one
#      (tail-hash, time RANGE) still with one query per row: what bench/fk_check.sh measures.
#   tests/sql/pg19.sh MAJOR     (the native extension must be installed)
set -euo pipefail
major=${1:?usage: tests/sql/pg19.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
[ "$major" -ge 19 ] || skip_suite "PG$major: the uuid::bytea cast, encode(..., 'base32hex') and the foreign-key fast path come with PostgreSQL 19"
. "$here/lib/edition.sh"
suite_cluster "pg19-$major" "shared_preload_libraries = 'pg_stat_statements'" "pg_stat_statements.track = all"
make_role app_owner
make_db native
make_db edition app_owner

# An outcome as docs/errors.md writes it: the value, NULL or ERROR <SQLSTATE>: message.
outcome_fn="CREATE FUNCTION pg_temp.outcome(sql text) RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE st text; msg text; v text;
BEGIN
  EXECUTE sql INTO v;
  RETURN coalesce(v, 'NULL');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
  RETURN 'ERROR ' || st || ': ' || msg;
END \$\$;"
# Every cast from or to uuid or bytea, with its function: what installing must leave as it was.
casts_sql="SELECT string_agg(format('%s->%s:%s:%s', castsource::regtype, casttarget::regtype, castfunc::regprocedure, castcontext), ' ' ORDER BY 1)
             FROM pg_cast WHERE 'uuid'::regtype IN (castsource, casttarget) OR 'bytea'::regtype IN (castsource, casttarget)"

# ---- 1. base32hex ------------------------------------------------------------------------------
# keys_sql SCHEMA: a temporary table keys(kind, id) of every kind of key, made with the functions
# of SCHEMA; v1 keys are md5 bytes with the version and variant bits set, cast with 19's
# bytea::uuid.
keys_sql() {
  local s=$1
  cat <<SQL
CREATE TEMP TABLE keys (kind text, id uuid);
INSERT INTO keys VALUES
  ('v1, RFC 9562 example', 'c232ab00-9414-11ec-b3c8-9f6bdeced846'),
  ('nil', '00000000-0000-0000-0000-000000000000'),
  ('max', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
  ('v7 uuid_v7_boundary, the smallest key of a millisecond', $s.uuid_v7_boundary('2026-11-19 12:34:56.789+00')),
  ('v7 uuid_v7_boundary_last, the largest key of a millisecond', $s.uuid_v7_boundary_last('2026-11-19 12:34:56.789+00')),
  ('v7 the first and last v7 milliseconds', $s.uuid_v7_boundary('1970-01-01 00:00+00')),
  ('v7 the first and last v7 milliseconds', $s.uuid_v7_boundary_last('10889-08-02 05:31:50.655+00'));
INSERT INTO keys SELECT 'v1', set_byte(set_byte(b, 6, (get_byte(b, 6) & 15) | 16), 8, (get_byte(b, 8) & 63) | 128)::uuid
  FROM (SELECT decode(md5('v1 ' || g), 'hex') AS b FROM generate_series(1, 1000) g) s;
INSERT INTO keys SELECT 'v4 gen_random_uuid()', gen_random_uuid() FROM generate_series(1, 1000);
INSERT INTO keys SELECT 'v7 core uuidv7()', pg_catalog.uuidv7() FROM generate_series(1, 1000);
INSERT INTO keys SELECT 'v7 uuidv7() of uuid_shard', $s.uuidv7() FROM generate_series(1, 1000);
INSERT INTO keys SELECT 'v7 uuid_v7_at', $s.uuid_v7_at(timestamptz '1970-01-01 00:00+00' + random() * interval '8900 years') FROM generate_series(1, 1000);
INSERT INTO keys SELECT 'v7 uuid_v7_boundary, the smallest key of a millisecond', $s.uuid_v7_boundary(timestamptz '1970-01-01 00:00+00' + random() * interval '8900 years') FROM generate_series(1, 1000);
INSERT INTO keys SELECT 'v7 uuid_v7_boundary_last, the largest key of a millisecond', $s.uuid_v7_boundary_last(timestamptz '1970-01-01 00:00+00' + random() * interval '8900 years') FROM generate_series(1, 1000);
INSERT INTO keys SELECT 'v7 uuid_v7_from_name', $s.uuid_v7_from_name(now() - g * interval '1 second', 'order ' || g) FROM generate_series(1, 1000) g;
INSERT INTO keys SELECT 'v4 public ID, uuid_v7_mask', $s.uuid_v7_mask($s.uuidv7(), convert_to('a secret of 16+ bytes', 'UTF8')) FROM generate_series(1, 1000);
INSERT INTO keys SELECT 'md5-made', md5(g::text)::uuid FROM generate_series(1, 1000) g;
SQL
}
# verdicts_sql SCHEMA: one "DESCRIPTION|t or f" line per kind of key, then per property.
verdicts_sql() {
  local s=$1
  cat <<SQL
SELECT kind || ' (' || count(*) || '): uuid_to_base32hex(id) = encode(id::bytea, ''base32hex'')',
       bool_and($s.uuid_to_base32hex(id) = encode(id::bytea, 'base32hex'))
  FROM keys GROUP BY kind ORDER BY kind;
SELECT 'every kind: rtrim(uuid_to_base32hex(id), ''='') = rtrim(encode(id::bytea, ''base32hex''), ''=''), 26 characters',
       bool_and(rtrim($s.uuid_to_base32hex(id), '=') = rtrim(encode(id::bytea, 'base32hex'), '=')
                AND length(rtrim(encode(id::bytea, 'base32hex'), '=')) = 26) FROM keys;
SELECT 'every kind: both upper case, 6 "=" of padding',
       bool_and($s.uuid_to_base32hex(id) = upper($s.uuid_to_base32hex(id)) AND encode(id::bytea, 'base32hex') = upper(encode(id::bytea, 'base32hex'))
                AND right(encode(id::bytea, 'base32hex'), 6) = '======') FROM keys;
SELECT 'every kind: decode(uuid_to_base32hex(id), ''base32hex'')::uuid = id, also lower case and unpadded',
       bool_and(decode($s.uuid_to_base32hex(id), 'base32hex')::uuid = id
                AND decode(lower($s.uuid_to_base32hex(id)), 'base32hex')::uuid = id
                AND decode(rtrim($s.uuid_to_base32hex(id), '='), 'base32hex')::uuid = id) FROM keys;
SELECT 'every kind: uuid_from_base32hex(encode(id::bytea, ''base32hex'')) = id, also lower case and unpadded',
       bool_and($s.uuid_from_base32hex(encode(id::bytea, 'base32hex')) = id
                AND $s.uuid_from_base32hex(lower(encode(id::bytea, 'base32hex'))) = id
                AND $s.uuid_from_base32hex(rtrim(encode(id::bytea, 'base32hex'), '=')) = id) FROM keys;
SQL
}
suite_case "native"
before=$(db native -c "$casts_sql")
db native -c "CREATE SCHEMA uuid_shard" -c "CREATE EXTENSION uuid_shard SCHEMA uuid_shard" >/dev/null
check "CREATE EXTENSION beside 19's casts: every cast from or to uuid and bytea as before" "$(db native -c "$casts_sql")" "$before"
check "uuid::bytea is core's cast (explicit, bytea(uuid)), the extension owns no cast" \
  "$(db native -c "SELECT castfunc::regprocedure || ' ' || castcontext::text FROM pg_cast WHERE castsource = 'uuid'::regtype AND casttarget = 'bytea'::regtype") $(db native -c "SELECT count(*) FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid WHERE e.extname = 'uuid_shard' AND d.classid = 'pg_cast'::regclass")" \
  "bytea(uuid) e 0"
check_results "base32hex" 18 "$(db native -F '|' -c "$(keys_sql uuid_shard)" -c "$(verdicts_sql uuid_shard)")" '|'

suite_case "SQL edition"
before=$(db edition -c "$casts_sql")
as_role app_owner edition -v schema=shard -f "$plain_script" >/dev/null
check "installed by a non-superuser beside 19's casts: every cast from or to uuid and bytea as before" "$(db edition -c "$casts_sql")" "$before"
check "installed: uuid_to_base32hex is the edition's (LANGUAGE sql)" \
  "$(db edition -c "SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = 'shard.uuid_to_base32hex(uuid)'::regprocedure")" "sql"
check_results "base32hex" 18 "$(as_role app_owner edition -F '|' -c "$(keys_sql shard)" -c "$(verdicts_sql shard)")" '|'

# ---- 2. MERGE PARTITIONS / SPLIT PARTITION -----------------------------------------------------
suite_case "MERGE/SPLIT PARTITION"
db native >/dev/null <<'SQL'
CREATE TABLE ev (id uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7(), n int) PARTITION BY RANGE (id);
SELECT uuid_shard.uuid_v7_partition_ddl('ev'::regclass, timestamptz '2025-01-01 00:00+00', timestamptz '2025-07-01 00:00+00') \gexec
INSERT INTO ev (id, n) SELECT uuid_shard.uuid_v7_at(timestamptz '2025-01-01 00:00+00' + g * interval '1 hour'), g FROM generate_series(0, 4000) g;
CREATE TABLE jobs (id uuid NOT NULL DEFAULT uuid_shard.uuidv7(), n int) PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4));
SELECT uuid_shard.uuid_bucket_partition_ddl('jobs'::regclass) \gexec
INSERT INTO jobs (n) SELECT g FROM generate_series(1, 4000) g;
CREATE TABLE accounts (id uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7(), n int) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT * FROM uuid_shard.uuid_tail_partition_ddl('accounts'::regclass, 2) \gexec
INSERT INTO accounts (n) SELECT g FROM generate_series(1, 4000) g;
SQL
tree_sql="SELECT string_agg(format('%s:%s:%s', c.relname, pg_get_expr(c.relpartbound, c.oid), (SELECT count(*) FROM pg_inherits i WHERE i.inhparent = c.oid)), ' ' ORDER BY c.relname)
            FROM pg_class c WHERE c.relispartition AND c.relname ~ '^(ev|jobs|accounts)_'"
rows_sql="SELECT (SELECT count(*) FROM ev) || ' ' || (SELECT count(*) FROM jobs) || ' ' || (SELECT count(*) FROM accounts)"
tree_before=$(db native -c "$tree_sql")
rows_before=$(db native -c "$rows_sql")
refused() { # refused LABEL WORD STATEMENT: the server refuses STATEMENT as a syntax error at WORD
  check "$1" "$(db native -c "$outcome_fn" -c "SELECT pg_temp.outcome(\$s\$$3\$s\$)")" "ERROR 42601: syntax error at or near \"$2\""
}
# Bounds in the statements as the helpers made them (a month of ev, its middle).
apr=$(db native -c "SELECT uuid_shard.uuid_v7_boundary(timestamptz '2025-04-01 00:00+00')")
mid=$(db native -c "SELECT uuid_shard.uuid_v7_boundary(timestamptz '2025-04-16 00:00+00')")
may=$(db native -c "SELECT uuid_shard.uuid_v7_boundary(timestamptz '2025-05-01 00:00+00')")
refused "time RANGE: three months merged into a quarter, refused" MERGE \
  "ALTER TABLE ev MERGE PARTITIONS (ev_p20250101, ev_p20250201, ev_p20250301) INTO ev_p20250101_q"
refused "time RANGE: a month split into halves, refused" SPLIT \
  "ALTER TABLE ev SPLIT PARTITION ev_p20250401 INTO (PARTITION ev_p20250401_a FOR VALUES FROM ('$apr') TO ('$mid'), PARTITION ev_p20250416 FOR VALUES FROM ('$mid') TO ('$may'))"
refused "LIST bucket: two buckets merged, refused" MERGE \
  "ALTER TABLE jobs MERGE PARTITIONS (jobs_b0, jobs_b1) INTO jobs_b01"
refused "LIST bucket: a bucket split, refused" SPLIT \
  "ALTER TABLE jobs SPLIT PARTITION jobs_b0 INTO (PARTITION jobs_b0a FOR VALUES IN (0), PARTITION jobs_b0b DEFAULT)"
refused "tail HASH: two remainders merged, refused" MERGE \
  "ALTER TABLE accounts MERGE PARTITIONS (accounts_h2_0, accounts_h2_1) INTO accounts_all"
refused "tail HASH: (2, 0) split into (4, 0) and (4, 2), refused" SPLIT \
  "ALTER TABLE accounts SPLIT PARTITION accounts_h2_0 INTO (PARTITION accounts_h4_0 FOR VALUES WITH (MODULUS 4, REMAINDER 0), PARTITION accounts_h4_2 FOR VALUES WITH (MODULUS 4, REMAINDER 2))"
check "every table keeps its partitions and rows" "$(db native -c "$tree_sql") / $(db native -c "$rows_sql")" "$tree_before / $rows_before"
db native >/dev/null <<'SQL'
SET client_min_messages = warning;
SELECT * FROM uuid_shard.uuid_tail_split_ddl('accounts_h2_0'::regclass) \gexec
SQL
check "uuid_tail_split_ddl's script splits (2, 0) into (4, 0) and (4, 2), every row kept and in its place" \
  "$(db native -c "SELECT string_agg(format('%s:%s/%s', partition, modulus, remainder), ' ' ORDER BY partition::text) FROM uuid_shard.uuid_tail_partitions('accounts'::regclass)") $(db native -c "SELECT count(*) || ' ' || bool_and(uuid_shard.uuid_tail_remainder(id, CASE WHEN tableoid = 'accounts_h2_1'::regclass THEN 2 ELSE 4 END)
                           = substring(tableoid::regclass::text FROM '[0-9]+\$')::int) FROM accounts")" \
  "accounts_h2_1:2/1 accounts_h4_0:4/0 accounts_h4_2:4/2 4000 true"

# ---- 3. foreign-key checks ---------------------------------------------------------------------
suite_case "foreign keys"
db native >/dev/null <<'SQL'
CREATE EXTENSION pg_stat_statements;
CREATE TABLE ref_plain (id uuid PRIMARY KEY);
CREATE TABLE ref_tail (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
SELECT * FROM uuid_shard.uuid_tail_partition_ddl('ref_tail'::regclass, 4) \gexec
CREATE TABLE ref_time (id uuid PRIMARY KEY) PARTITION BY RANGE (id);
SELECT uuid_shard.uuid_v7_partition_ddl('ref_time'::regclass, now() - interval '1 month', now() + interval '1 month') \gexec
INSERT INTO ref_plain SELECT uuid_shard.uuidv7() FROM generate_series(1, 100);
INSERT INTO ref_tail SELECT id FROM ref_plain;
INSERT INTO ref_time SELECT id FROM ref_plain;
CREATE TABLE fk_plain (ref uuid NOT NULL REFERENCES ref_plain);
CREATE TABLE fk_tail (ref uuid NOT NULL REFERENCES ref_tail);
CREATE TABLE fk_time (ref uuid NOT NULL REFERENCES ref_time);
SQL
# ri_queries TABLE: the calls of foreign-key check queries while 100 rows go into TABLE (counted
# per insert: pg_stat_statements gives the check queries of every referenced table one entry).
ri_queries() {
  db native -c "SELECT pg_stat_statements_reset()" -c "INSERT INTO $1 SELECT id FROM ref_plain" \
    -c "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE query ~ 'FOR KEY SHARE OF'" | tail -1
}
check "100 rows referencing a plain table: checked without a SQL query" "$(ri_queries fk_plain)" 0
check "100 rows referencing a tail-hash table: one check query per row" "$(ri_queries fk_tail)" 100
check "100 rows referencing a time RANGE table: one check query per row" "$(ri_queries fk_time)" 100
check "every check enforced: a row with no referenced key is refused (23503) on each" \
  "$(db native -c "$outcome_fn" -c "SELECT string_agg(split_part(pg_temp.outcome(format('INSERT INTO %I VALUES (uuid_shard.uuidv7())', t)), ':', 1), ', ' ORDER BY t) FROM unnest(ARRAY['fk_plain', 'fk_tail', 'fk_time']) t")" \
  "ERROR 23503, ERROR 23503, ERROR 23503"
finish
