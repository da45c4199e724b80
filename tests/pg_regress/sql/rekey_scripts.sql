-- The scripts uuid_rekey_ddl emits, phase by phase, pinned: a change to any phase's text shows
-- here as a diff of the script a DBA would read. Each script is shown, then run with \gexec as
-- docs/migrating.md runs it, so the next phase is generated from the catalog the last one left.
-- Names that need quoting, a referencing table with a primary key, and a partitioned one.
SET timezone = 'UTC';
\set SHOW_CONTEXT never
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
CREATE SCHEMA "Blog";
SET search_path = "Blog", public;

CREATE TABLE "Posts" (id bigserial PRIMARY KEY, created timestamptz NOT NULL, title text);
CREATE TABLE comments (id bigserial PRIMARY KEY,
                       post_id bigint NOT NULL REFERENCES "Posts" ON DELETE CASCADE, body text);
CREATE INDEX comments_post_id_idx ON comments (post_id);
CREATE TABLE "Likes" ("Post_id" bigint REFERENCES "Posts" (id) ON DELETE SET NULL, day date NOT NULL)
    PARTITION BY RANGE (day);
CREATE TABLE "Likes_2026" PARTITION OF "Likes" FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
CREATE TABLE likes_2027 PARTITION OF "Likes" FOR VALUES FROM ('2027-01-01') TO ('2028-01-01');
INSERT INTO "Posts" (created, title)
SELECT timestamptz '2026-03-01' + g * interval '1 hour', 'post ' || g FROM generate_series(1, 20) g;
INSERT INTO comments (post_id, body) SELECT 1 + g % 20, 'comment ' || g FROM generate_series(1, 40) g;
INSERT INTO "Likes" SELECT 1 + g % 20, date '2026-12-25' + g FROM generate_series(1, 30) g;

-- show(phase): the script of a phase, kept for :run, which runs it with \gexec (its statements
-- not echoed again); the NOTICEs of expand and swap, how long they held their locks, are left
-- out (the machine's)
CREATE TABLE script (n bigint, line text);
CREATE FUNCTION show(p text, ts name DEFAULT NULL, k text DEFAULT NULL) RETURNS SETOF text LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM script;
    INSERT INTO script SELECT s.n, s.line FROM uuid_rekey_ddl('"Blog"."Posts"', p, ts, k) WITH ORDINALITY s(line, n);
    RETURN QUERY SELECT s.line FROM script s ORDER BY s.n;
END $$;
\set run '\\set ECHO none \\\\ SELECT line FROM script ORDER BY n \\gexec \\\\ \\set ECHO all'
\pset format unaligned
\pset tuples_only on

SELECT * FROM uuid_rekey_plan('"Blog"."Posts"', 'created', 'time');

SELECT show('expand', 'created', 'time');
SET client_min_messages = warning;
:run
RESET client_min_messages;

-- the backfill: steps, each with a pause, then the status (as many steps as the tables' size asks)
SELECT DISTINCT line FROM show('backfill') line ORDER BY 1;
CALL uuid_rekey_run('"Blog"."Posts"', 7, '0');
SELECT phase, relation, state, done, next_step FROM uuid_rekey_status('"Blog"."Posts"');

SELECT show('prepare');
:run
-- generated again, prepare has nothing left to do
SELECT count(*) FROM show('prepare');

SELECT show('swap');
SET client_min_messages = warning;
:run
RESET client_min_messages;
SELECT show('unswap');
:run
SELECT show('swap');
SET client_min_messages = warning;
:run
RESET client_min_messages;
SELECT phase, relation, state, next_step FROM uuid_rekey_status('"Blog"."Posts"');
-- a partition attached before contract gets both foreign keys, and the sync trigger
CREATE TABLE likes_2028 PARTITION OF "Likes" FOR VALUES FROM ('2028-01-01') TO ('2029-01-01');
SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'likes_2028'::regclass AND contype IN ('f', 'c') ORDER BY 1;
SELECT tgname FROM pg_trigger WHERE tgrelid = 'likes_2028'::regclass AND tgname NOT LIKE 'RI\_ConstraintTrigger%' ORDER BY 1;
INSERT INTO "Likes" ("Post_id", day) VALUES (3, '2028-06-01');
SELECT l."Post_uuid" = p.uuid FROM likes_2028 l JOIN "Posts" p ON p.id = l."Post_id";

SELECT show('contract');
:run

-- every row kept, every child naming its parent under the new keys
SELECT (SELECT count(*) FROM "Posts"), (SELECT count(*) FROM comments c JOIN "Posts" p ON p.uuid = c.post_uuid),
       (SELECT count(*) FROM "Likes" l JOIN "Posts" p ON p."uuid" = l."Post_uuid");
SELECT conrelid::regclass, pg_get_constraintdef(oid) FROM pg_constraint
 WHERE connamespace = '"Blog"'::regnamespace AND contype IN ('p', 'f') ORDER BY conrelid::regclass::text COLLATE "C", 2;

-- keys 'sequence' without a timestamp, new columns named otherwise (the parent has a uuid column
-- already), the sweep of a referencing table under inserts, then swap, unswap and rollback
CREATE TABLE authors (id integer PRIMARY KEY, uuid text);
CREATE TABLE books (id integer PRIMARY KEY, author_id integer REFERENCES authors);
INSERT INTO authors SELECT g FROM generate_series(1, 5) g;
INSERT INTO books SELECT g, 1 + g % 5 FROM generate_series(1, 10) g;
SELECT * FROM uuid_rekey_plan('authors');
SELECT * FROM uuid_rekey_plan('authors', uuid_column => 'public_id');
SET client_min_messages = warning;
SELECT uuid_rekey_ddl('authors', 'expand', uuid_column => 'public_id') \gexec
RESET client_min_messages;
SELECT uuid_rekey_ddl('authors', 'backfill', uuid_column => 'uuid');
-- the sweep of a referencing table ends while the application inserts into it: it goes up to
-- the largest key at its first step (what is written later, the sync trigger fills); each
-- statement its own transaction, a new book before every step
\set ECHO none
SELECT v.s FROM generate_series(1, 30) g,
       LATERAL (VALUES (format('INSERT INTO books VALUES (%s, 1)', 100 + g)),
                       ('SELECT FROM uuid_rekey_step(''authors'', 2) s WHERE s.state IS NULL')) v(s) \gexec
\set ECHO all
SELECT phase, relation, state, done FROM uuid_rekey_status('authors');
SELECT count(*), count(author_public_id) FROM books;
SET client_min_messages = warning;
SELECT uuid_rekey_ddl('authors', 'prepare') \gexec
SELECT uuid_rekey_ddl('authors', 'swap') \gexec
RESET client_min_messages;
SELECT conrelid::regclass, pg_get_constraintdef(oid) FROM pg_constraint
 WHERE conrelid IN ('authors'::regclass, 'books'::regclass) AND contype IN ('p', 'f')
 ORDER BY conrelid::regclass::text COLLATE "C", 2;
SELECT uuid_rekey_ddl('authors', 'unswap') \gexec
SELECT uuid_rekey_ddl('authors', 'rollback');
SELECT uuid_rekey_ddl('authors', 'rollback') \gexec
SELECT attrelid::regclass, attname FROM pg_attribute
 WHERE attrelid IN ('authors'::regclass, 'books'::regclass) AND attnum > 0 AND NOT attisdropped
 ORDER BY attrelid::regclass::text COLLATE "C", attnum;

\pset format aligned
\pset tuples_only off
RESET search_path;
SET client_min_messages = warning;
DROP SCHEMA "Blog" CASCADE;
RESET client_min_messages;
