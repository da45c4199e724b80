-- Bucket-partition helpers on local partitions: uuid_bucket_partition_ddl,
-- uuid_bucket_partitions, uuid_bucket_grow_ddl. (Foreign partitions and the million-row run:
-- tests/sql/buckets.sh.)
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
-- Errors without CONTEXT lines: their wording differs between majors.
\set SHOW_CONTEXT never
CREATE SCHEMA bucket_t;
SET search_path = bucket_t, public;

-- The partitions an EXPLAIN scans plus its "Subplans Removed" lines (nothing version specific).
CREATE FUNCTION plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE line text; m text[];
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
        m := regexp_match(line, 'Scan.* on (\S+)');
        IF m IS NOT NULL THEN RETURN NEXT 'scan ' || m[1]; END IF;
        m := regexp_match(line, '(Subplans Removed: \d+)');
        IF m IS NOT NULL THEN RETURN NEXT m[1]; END IF;
    END LOOP;
END $$;
-- Deterministic version 4 keys: md5 of i with the version and variant bits set.
CREATE FUNCTION key(i int) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '9' || substr(h, 18, 15))::uuid
      FROM md5(i::text) h
$$;

-- ===== Signatures and markings =====
SELECT p.proname, pg_get_function_arguments(p.oid) AS arguments, pg_get_function_result(p.oid) AS result,
       p.provolatile, p.proparallel, p.proisstrict, p.prosecdef, p.proconfig
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 WHERE n.nspname = 'public' AND (p.proname LIKE 'uuid_bucket_%' OR p.proname LIKE '\_uuid\_bucket\_%'
                                 OR p.proname LIKE '\_uuid\_partition\_%' OR p.proname = '_uuid_name_taken')
 ORDER BY 1;

-- ===== Creating the partitions =====
CREATE TABLE ev (id uuid NOT NULL DEFAULT public.uuidv7(), n int, body text) PARTITION BY LIST (uuid_bucket(id, 4));
SELECT uuid_bucket_partition_ddl('ev');
SELECT uuid_bucket_partition_ddl('ev') \gexec
-- Re-running emits nothing.
SELECT count(*) AS statements FROM uuid_bucket_partition_ddl('ev');
SELECT * FROM uuid_bucket_partitions('ev');
-- A missing bucket is filled in, under the same name.
DROP TABLE ev_b2;
SELECT uuid_bucket_partition_ddl('ev');
SELECT uuid_bucket_partition_ddl('ev') \gexec
-- A primary key per partition (the parent cannot have one: its key is an expression).
ALTER TABLE ev_b0 ADD PRIMARY KEY (id);
ALTER TABLE ev_b1 ADD PRIMARY KEY (id);
ALTER TABLE ev_b2 ADD PRIMARY KEY (id);
ALTER TABLE ev_b3 ADD PRIMARY KEY (id);
CREATE INDEX ev_n ON ev (n);

INSERT INTO ev (id, n, body) SELECT key(i), i, 'row ' || i FROM generate_series(1, 20000) i;
INSERT INTO ev (n, body) SELECT i, 'default key' FROM generate_series(20001, 20100) i;
-- Every row sits in the partition of its bucket, and the buckets are even.
-- (Counts over the deterministic keys, n <= 20000; the wrong-bucket count over all rows.)
SELECT p.bucket, count(*) FILTER (WHERE uuid_bucket(e.id, 4) = p.bucket AND e.n <= 20000) AS right_bucket,
       count(*) FILTER (WHERE uuid_bucket(e.id, 4) <> p.bucket) AS wrong_bucket,
       count(*) FILTER (WHERE e.n <= 20000) BETWEEN 4500 AND 5500 AS about_a_quarter
  FROM ev e JOIN uuid_bucket_partitions('ev') p ON p.partition = e.tableoid
 GROUP BY p.bucket ORDER BY 1;
-- Plan-time pruning to one partition, and run-time pruning for a parameter.
SELECT plan('SELECT * FROM ev WHERE uuid_bucket(id, 4) = 2');
PREPARE by_bucket(int) AS SELECT count(*) FROM ev WHERE uuid_bucket(id, 4) = $1;
SET plan_cache_mode = force_generic_plan;
SELECT plan('EXECUTE by_bucket(2)');
RESET plan_cache_mode;
-- A point lookup touches one partition when it names the bucket.
SELECT plan(format('SELECT * FROM ev WHERE id = %L AND uuid_bucket(id, 4) = uuid_bucket(%L::uuid, 4)', key(7), key(7)));

-- ===== Growing from 4 to 5 =====
-- What depends on the parent: a view, a grant, a comment, a row count and a hash per bucket.
CREATE VIEW ev_recent AS SELECT id, n FROM ev WHERE n > 19990;
CREATE ROLE bucket_t_reader;
GRANT SELECT ON ev TO bucket_t_reader;
COMMENT ON TABLE ev IS 'events, by bucket';
CREATE TABLE before AS SELECT id, uuid_bucket(id, 4) AS b4, uuid_bucket(id, 5) AS b5, tableoid::regclass::text AS part, n, body FROM ev;
CREATE TABLE script AS SELECT i, s FROM uuid_bucket_grow_ddl('ev', 5) WITH ORDINALITY g(s, i);
-- (The view's text as PostgreSQL prints it differs between majors: masked here.)
SELECT regexp_replace(s, 'VIEW (\S+) AS [^;]*;\n', 'VIEW \1 AS <its definition>;' || chr(10), 's') FROM script ORDER BY i;
\set ECHO none
SELECT s FROM script ORDER BY i \gexec
\set ECHO all
SELECT * FROM uuid_bucket_partitions('ev');
-- Exactly the rows with uuid_bucket(id, 5) = 4 moved, all into ev_b4; nothing else moved,
-- nothing lost or duplicated.
SELECT (SELECT count(*) FROM ev) AS rows_after, (SELECT count(*) FROM before) AS rows_before,
       (SELECT count(DISTINCT id) FROM ev) AS distinct_ids,
       (SELECT md5(string_agg(id::text || n || body, ',' ORDER BY id)) FROM ev)
     = (SELECT md5(string_agg(id::text || n || body, ',' ORDER BY id)) FROM before) AS same_rows;
SELECT b.part AS was_in, e.tableoid::regclass AS now_in, count(*)
  FROM before b JOIN ev e USING (id) WHERE e.n <= 20000 GROUP BY 1, 2 ORDER BY 1, 2;
SELECT count(*) AS moved_rows_not_in_bucket_4 FROM before b JOIN ev e USING (id)
 WHERE b.part <> e.tableoid::regclass::text AND b.b5 <> 4;
SELECT count(*) AS wrong_partition FROM ev e JOIN uuid_bucket_partitions('ev') p ON p.partition = e.tableoid
 WHERE uuid_bucket(e.id, 5) <> p.bucket;
-- The new partition got the per-partition primary key; the parent kept its index, view,
-- grant, comment and default.
SELECT indexrelid::regclass IS NOT NULL AS has_pk FROM pg_index WHERE indrelid = 'ev_b4'::regclass AND indisprimary;
SELECT count(*) AS index_on_n FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
 WHERE i.indrelid = 'ev'::regclass AND a.attname = 'n';
SELECT count(*) AS view_rows FROM ev_recent;
SELECT has_table_privilege('bucket_t_reader', 'ev', 'SELECT') AS reader_can_select, obj_description('ev'::regclass, 'pg_class');
INSERT INTO ev (n, body) SELECT i, 'after the grow' FROM generate_series(30001, 30100) i;
SELECT count(*) AS new_rows, count(*) FILTER (WHERE uuid_bucket(e.id, 5) = p.bucket) AS in_their_bucket
  FROM ev e JOIN uuid_bucket_partitions('ev') p ON p.partition = e.tableoid WHERE e.n > 30000;
SELECT plan('SELECT * FROM ev WHERE uuid_bucket(id, 5) = 4');
-- Running the finished script again changes nothing.
CREATE TABLE after AS SELECT id, tableoid::regclass AS part FROM ev;
\set ECHO none
SELECT s FROM script ORDER BY i \gexec
\set ECHO all
SELECT count(*) AS changed FROM (SELECT id, tableoid::regclass AS part FROM ev EXCEPT SELECT * FROM after) c;
SELECT * FROM uuid_bucket_partitions('ev');
DROP TABLE script, after;
DROP TABLE before;

-- ===== What the grow script reports instead of carrying over =====
CREATE TABLE att_ref (id int PRIMARY KEY);
CREATE TABLE att (id uuid NOT NULL, r int REFERENCES att_ref) PARTITION BY LIST (uuid_bucket(id, 2));
SELECT uuid_bucket_partition_ddl('att') \gexec
CREATE MATERIALIZED VIEW att_mv AS SELECT count(*) FROM att;
CREATE FUNCTION att_trg() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER att_t BEFORE INSERT ON att FOR EACH ROW EXECUTE FUNCTION att_trg();
ALTER TABLE att ENABLE ROW LEVEL SECURITY;
CREATE POLICY att_p ON att USING (true);
-- Raised as NOTICEs for the person running it; none of it is a line of the script, where a
-- name (another role's choosing) could end a comment and start a statement.
SELECT count(*) AS script_lines, count(*) FILTER (WHERE s LIKE '%att_mv%' OR s LIKE '%att_t%' OR s LIKE '%att_p%') AS naming_them
  FROM uuid_bucket_grow_ddl('att', 3) s;

-- ===== Hostile identifiers: quotes, spaces, capitals, non-ASCII =====
CREATE SCHEMA "Sch ém'a ""q""";
CREATE TABLE "Sch ém'a ""q"""."Tab lé ""x"" 'y'" ("I d" uuid NOT NULL, "Wert" int)
  PARTITION BY LIST (uuid_bucket("I d", 3));
SELECT uuid_bucket_partition_ddl('"Sch ém''a ""q"""."Tab lé ""x"" ''y''"');
SELECT uuid_bucket_partition_ddl('"Sch ém''a ""q"""."Tab lé ""x"" ''y''"') \gexec
INSERT INTO "Sch ém'a ""q"""."Tab lé ""x"" 'y'" SELECT key(i), i FROM generate_series(1, 3000) i;
SELECT uuid_bucket_grow_ddl('"Sch ém''a ""q"""."Tab lé ""x"" ''y''"', 4) \gexec
SELECT partition, bucket, buckets, server FROM uuid_bucket_partitions('"Sch ém''a ""q"""."Tab lé ""x"" ''y''"');
SELECT count(*), count(DISTINCT "I d"), sum("Wert") FROM "Sch ém'a ""q"""."Tab lé ""x"" 'y'";
SELECT count(*) AS wrong_partition FROM "Sch ém'a ""q"""."Tab lé ""x"" 'y'" e
  JOIN uuid_bucket_partitions('"Sch ém''a ""q"""."Tab lé ""x"" ''y''"') p ON p.partition = e.tableoid
 WHERE uuid_bucket(e."I d", 4) <> p.bucket;

-- ===== Bad tables and arguments (the matrix rows are in bad_input) =====
CREATE TABLE two_buckets (id uuid) PARTITION BY LIST (uuid_bucket(id, 2));
CREATE TABLE two_buckets_b0 PARTITION OF two_buckets FOR VALUES IN (0);
CREATE TABLE two_buckets_other PARTITION OF two_buckets FOR VALUES IN (1, 5);
SELECT uuid_bucket_partitions('two_buckets');
DROP TABLE two_buckets_other;
CREATE TABLE two_buckets_b1 (x int);
SELECT uuid_bucket_partition_ddl('two_buckets');
SELECT uuid_bucket_grow_ddl('two_buckets', 3);
SET client_min_messages = warning;
DROP SCHEMA "Sch ém'a ""q""" CASCADE;
DROP SCHEMA bucket_t CASCADE;
DROP ROLE bucket_t_reader;
