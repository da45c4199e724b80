-- Tail-hash partitions: the operator class uuid_tail_ops, uuid_tail_remainder and the helpers
-- uuid_tail_partition_ddl, uuid_v7_tail_partition_ddl, uuid_tail_partitions, uuid_tail_split_ddl.
-- (The split under concurrent writers, a million rows, dump/restore and pg_upgrade:
-- tests/sql/tail_hash.sh and the suites it names.)
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
-- Errors without CONTEXT lines: their wording differs between majors.
\set SHOW_CONTEXT never
CREATE SCHEMA tail_t;
SET search_path = tail_t, public;

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
-- Keys of every kind: versions 1 to 8, nil, max, the NCS and Microsoft variants.
CREATE TABLE kinds (kind text, id uuid);
INSERT INTO kinds VALUES
    ('v1', '6ba7b810-9dad-11d1-80b4-00c04fd430c8'), ('v3', 'a3bb189e-8bf9-3888-9912-ace4e6543002'),
    ('v4', '919108f7-52d1-4320-9bac-f847db4148a8'), ('v5', '886313e1-3b8a-5372-9b90-0c9aee199e5d'),
    ('v6', '1ec9414c-232a-6b00-b3c8-9f6bdeced846'), ('v7', '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'),
    ('v8', '320c3d4d-cc00-875b-8ec9-32d5f69181c0'), ('nil', '00000000-0000-0000-0000-000000000000'),
    ('max', 'ffffffff-ffff-ffff-ffff-ffffffffffff'), ('ncs', '6ba7b810-9dad-11d1-00b4-00c04fd430c8'),
    ('microsoft', '6ba7b810-9dad-11d1-c0b4-00c04fd430c8');

-- ===== Signatures and markings =====
SELECT p.proname, pg_get_function_arguments(p.oid) AS arguments, pg_get_function_result(p.oid) AS result,
       p.provolatile AS vol, p.proisstrict AS strict, p.proparallel AS par, p.prosecdef AS definer
  FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_shard'
 WHERE p.proname IN ('uuid_tail_remainder', 'uuid_tail_hash_extended', 'uuid_tail_partition_ddl',
                     'uuid_v7_tail_partition_ddl', 'uuid_tail_partitions', 'uuid_tail_split_ddl')
 ORDER BY 1;
-- Support function 2 only, not the default class for uuid.
SELECT c.opcname, c.opcdefault, am.amname,
       (SELECT string_agg(pr.amprocnum || ' ' || pr.amproc::regprocedure::text, ', ') FROM pg_amproc pr WHERE pr.amprocfamily = c.opcfamily) AS support,
       (SELECT string_agg(o.amopstrategy || ' ' || o.amopopr::regoperator::text, ', ') FROM pg_amop o WHERE o.amopfamily = c.opcfamily) AS operators
  FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod WHERE c.opcname = 'uuid_tail_ops';

-- ===== uuid_tail_remainder: the tail mod the modulus, for every key =====
-- T of the v4 key is 0x1bacf847db4148a8; of max, 2^62 - 1; of nil, 0.
SELECT kind, uuid_tail_remainder(id, 1) AS m1, uuid_tail_remainder(id, 8) AS m8, uuid_tail_remainder(id, 1000) AS m1000,
       uuid_tail_remainder(id, 2147483647) AS m_max, uuid_tail_hash_extended(id, 0) AS h
  FROM kinds ORDER BY kind;
-- The seed is ignored; NULL gives NULL.
SELECT uuid_tail_hash_extended(id, 0) = uuid_tail_hash_extended(id, 8816678312871386365) AS seed_ignored FROM kinds WHERE kind = 'v7';
SELECT uuid_tail_remainder(NULL, 4) AS null_id, uuid_tail_remainder('919108f7-52d1-4320-9bac-f847db4148a8', NULL) AS null_modulus;
SELECT uuid_tail_remainder('919108f7-52d1-4320-9bac-f847db4148a8', 0);
SELECT uuid_tail_remainder('919108f7-52d1-4320-9bac-f847db4148a8', -1);

-- ===== A table keyed by id, routed by the tail =====
CREATE TABLE accounts (id uuid PRIMARY KEY, name text) PARTITION BY HASH (id uuid_tail_ops);
-- Mixed moduli: (4, 0), (4, 1), (4, 2), (8, 3), (8, 7).
SELECT * FROM uuid_tail_partition_ddl('accounts', 4);
SELECT * FROM uuid_tail_partition_ddl('accounts', 4) \gexec
DROP TABLE accounts_h4_3;
SELECT * FROM uuid_tail_partition_ddl('accounts', 4);
SELECT * FROM uuid_tail_partition_ddl('accounts', 8) \gexec
-- Every kind of key goes in, to the partition uuid_tail_remainder names.
INSERT INTO accounts SELECT id, kind FROM kinds;
INSERT INTO accounts SELECT md5(i::text)::uuid, 'md5 ' || i FROM generate_series(1, 2000) i;
SELECT count(*) AS misplaced FROM accounts
 WHERE NOT satisfies_hash_partition('accounts'::regclass, 4, uuid_tail_remainder(id, 4), id)
   AND NOT satisfies_hash_partition('accounts'::regclass, 8, uuid_tail_remainder(id, 8), id);
SELECT a.name, a.tableoid::regclass AS partition FROM accounts a JOIN kinds k ON k.id = a.id ORDER BY a.name;
SELECT * FROM uuid_tail_partitions('accounts', 8);
SELECT * FROM uuid_tail_partitions('accounts', 2);
SELECT * FROM uuid_tail_partitions('accounts', 3);
-- PRIMARY KEY, a foreign key to it and ON CONFLICT (id) on the parent.
INSERT INTO accounts VALUES ('919108f7-52d1-4320-9bac-f847db4148a8', 'again');
INSERT INTO accounts VALUES ('919108f7-52d1-4320-9bac-f847db4148a8', 'updated')
    ON CONFLICT (id) DO UPDATE SET name = excluded.name RETURNING name, tableoid::regclass;
CREATE TABLE orders (n int PRIMARY KEY, account uuid NOT NULL REFERENCES accounts (id));
INSERT INTO orders SELECT i, md5(i::text)::uuid FROM generate_series(1, 50) i;
INSERT INTO orders VALUES (51, '00000000-0000-4000-8000-000000000001');
-- Pruning by id: a constant at plan time, a parameter at executor start.
SELECT plan($$SELECT * FROM accounts WHERE id = '6ba7b810-9dad-11d1-80b4-00c04fd430c8'$$);
SELECT plan($$SELECT * FROM accounts WHERE id = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f'$$);
SELECT count(*) AS absent_v1 FROM accounts WHERE id = '6ba7b810-9dad-11d1-80b4-00c04fd430c9';
PREPARE by_id(uuid) AS SELECT name FROM accounts WHERE id = $1;
SET plan_cache_mode = force_generic_plan;
SELECT plan($$EXECUTE by_id('017f22e2-79b0-7cc3-98c4-dc0c0c07398f')$$);
EXECUTE by_id('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
RESET plan_cache_mode;

-- ===== Splitting (4, 1) into (8, 1) and (8, 5), with a grant and a foreign key =====
GRANT SELECT ON accounts_h4_1 TO PUBLIC;
-- The NOTICE's size counts the free space and visibility maps, which majors create at different
-- times: a vacuum creates both on every major.
VACUUM (FREEZE) accounts_h4_1;
SELECT * FROM uuid_tail_split_ddl('accounts_h4_1');
SELECT count(*) AS before FROM accounts \gset
SELECT * FROM uuid_tail_split_ddl('accounts_h4_1') \gexec
SELECT count(*) = :before AS kept_every_row FROM accounts;
SELECT count(*) AS misplaced FROM accounts
 WHERE NOT satisfies_hash_partition('accounts'::regclass, 4, uuid_tail_remainder(id, 4), id)
   AND NOT satisfies_hash_partition('accounts'::regclass, 8, uuid_tail_remainder(id, 8), id);
SELECT partition, modulus, remainder FROM uuid_tail_partitions('accounts');
SELECT c.relname, (SELECT array_agg(a.privilege_type) FROM aclexplode(c.relacl) a WHERE a.grantee = 0) AS public_privileges
  FROM pg_class c WHERE c.relname IN ('accounts_h8_1', 'accounts_h8_5') ORDER BY 1;
SELECT conname, convalidated FROM pg_constraint WHERE conrelid = 'orders'::regclass AND contype = 'f' AND conparentid = 0;
SELECT indexrelid::regclass AS index FROM pg_index WHERE indrelid IN ('accounts_h8_1'::regclass, 'accounts_h8_5'::regclass) ORDER BY 1;
-- A script run twice: the second run finds the split done and changes nothing.
SET client_min_messages = warning;
CREATE TABLE script AS SELECT row_number() OVER () AS n, s FROM uuid_tail_split_ddl('accounts_h4_2') s;
RESET client_min_messages;
SELECT s FROM script ORDER BY n \gexec
SELECT count(*) = :before AS kept_every_row FROM accounts;
SELECT s FROM script ORDER BY n \gexec
SELECT partition, modulus, remainder FROM uuid_tail_partitions('accounts');
-- A script made before a new foreign key to the table stops before any row moves.
SET client_min_messages = warning;
TRUNCATE script;
INSERT INTO script SELECT row_number() OVER (), s FROM uuid_tail_split_ddl('accounts_h8_3') s;
RESET client_min_messages;
CREATE TABLE notes (account uuid REFERENCES accounts (id));
SELECT s FROM script ORDER BY n LIMIT 1 \gexec
SELECT partition, modulus, remainder FROM uuid_tail_partitions('accounts') WHERE modulus = 8 AND remainder = 3;
SELECT count(*) = :before AS kept_every_row FROM accounts;
DROP TABLE notes;

-- ===== Time x tail =====
CREATE TABLE events (id uuid PRIMARY KEY, body text) PARTITION BY RANGE (id);
SELECT * FROM uuid_v7_tail_partition_ddl('events', '2026-01-01', '2026-03-01', '1 month', 2);
SELECT * FROM uuid_v7_tail_partition_ddl('events', '2026-01-01', '2026-03-01', '1 month', 2) \gexec
INSERT INTO events SELECT uuid_v7_at('2026-01-15 12:00+00'::timestamptz + i * interval '1 day'), 'day ' || i FROM generate_series(0, 40) i;
SELECT i.inhparent::regclass AS time_partition, count(*) FROM events e JOIN pg_inherits i ON i.inhrelid = e.tableoid
 GROUP BY 1 ORDER BY 1;
SELECT count(*) AS misplaced FROM events e JOIN pg_inherits i ON i.inhrelid = e.tableoid
 WHERE NOT satisfies_hash_partition(i.inhparent, 2, uuid_tail_remainder(e.id, 2), e.id);
SELECT partition, modulus, remainder FROM uuid_tail_partitions('events_p20260201');
SELECT sum(rows) FROM uuid_tail_partitions('events_p20260201');
DROP TABLE events_p20260101_h2_1;
SELECT * FROM uuid_v7_tail_partition_ddl('events', '2026-01-01', '2026-03-01', '1 month', 2);
SELECT * FROM uuid_v7_partition_ddl('events', '2026-01-01', '2026-04-01', '1 month');

-- ===== Errors =====
SELECT * FROM uuid_tail_partition_ddl('events', 4);
SELECT * FROM uuid_tail_partition_ddl('orders', 4);
SELECT * FROM uuid_tail_partition_ddl('accounts', 6);
SELECT * FROM uuid_tail_partition_ddl('accounts', 2);
SELECT * FROM uuid_tail_partition_ddl('accounts', 0);
SELECT * FROM uuid_tail_partition_ddl('accounts', NULL);
SELECT * FROM uuid_tail_partition_ddl(NULL, 4);
SELECT * FROM uuid_v7_tail_partition_ddl('events', '2026-01-01', '2026-03-01', '1 month', NULL);
SELECT * FROM uuid_v7_tail_partition_ddl('accounts', '2026-01-01', '2026-03-01');
SELECT * FROM uuid_tail_split_ddl('orders');
SELECT * FROM uuid_tail_split_ddl('events_p20260101');
SELECT * FROM uuid_tail_partitions('accounts', 0);
CREATE INDEX own_index ON accounts_h4_0 (name);
SELECT * FROM uuid_tail_split_ddl('accounts_h4_0');
