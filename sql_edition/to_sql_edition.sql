-- Moves a database from the native extension (or from the pg_tle edition) to the SQL edition's
-- plain script, in place:
--   psql -v schema=NAME -v script=dist/uuid_shard-<version>.sql -f sql_edition/to_sql_edition.sql
-- Run it as a superuser (or the owner of the extension and its functions), in one transaction.
--
-- Every function and internal type of the extension is detached from it (it stays, with its
-- OID), the then empty extension is dropped, and the plain script replaces each function in
-- place with its SQL definition (CREATE OR REPLACE keeps the OID). Defaults, expression indexes, generated columns,
-- CHECK constraints, views and partition keys that call them are not touched, nothing is rebuilt.
\set ON_ERROR_STOP on
\if :{?schema}
\else
\set schema public
\endif
\if :{?script}
\else
\echo 'to_sql_edition.sql: give the plain script of the SQL edition: -v script=dist/uuid_shard-<version>.sql'
\quit
\endif
BEGIN;
SELECT pg_catalog.count(*) OPERATOR(pg_catalog.=) 0 AS right_schema
  FROM pg_catalog.pg_extension e
 WHERE e.extname OPERATOR(pg_catalog.=) 'uuid_shard'
   AND e.extnamespace::pg_catalog.regnamespace::text OPERATOR(pg_catalog.<>) pg_catalog.quote_ident(:'schema') \gset
\if :right_schema
\else
\echo 'to_sql_edition.sql: extension uuid_shard is not in schema' :schema
\quit
\endif
-- The operator class uuid_tail_ops and its support function are native only (creating an
-- operator class takes a superuser, which the SQL edition cannot count on): a table partitioned
-- by it keeps the database on the native extension.
SELECT pg_catalog.count(*) OPERATOR(pg_catalog.=) 0 AS no_tail_tables
  FROM pg_catalog.pg_partitioned_table p, pg_catalog.unnest(p.partclass::pg_catalog.oid[]) c(opclass)
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_opclass'::pg_catalog.regclass AND d.objid = c.opclass AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_shard' \gset
\if :no_tail_tables
\else
\echo 'to_sql_edition.sql: tables are partitioned by the operator class uuid_tail_ops, which the SQL edition does not have (docs/layouts.md); nothing was changed'
\quit
\endif
SELECT pg_catalog.format('ALTER EXTENSION uuid_shard DROP OPERATOR CLASS %I.%I USING hash', n.nspname, c.opcname),
       pg_catalog.format('ALTER EXTENSION uuid_shard DROP OPERATOR FAMILY %I.%I USING hash', n.nspname, f.opfname),
       pg_catalog.format('DROP OPERATOR FAMILY %I.%I USING hash', n.nspname, f.opfname)
  FROM pg_catalog.pg_opclass c JOIN pg_catalog.pg_opfamily f ON f.oid = c.opcfamily
  JOIN pg_catalog.pg_namespace n ON n.oid = c.opcnamespace
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_opclass'::pg_catalog.regclass AND d.objid = c.oid AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_shard' \gexec
SELECT pg_catalog.format('ALTER EXTENSION uuid_shard DROP FUNCTION %s', p.oid::pg_catalog.regprocedure),
       pg_catalog.format('DROP FUNCTION %s', p.oid::pg_catalog.regprocedure)
  FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_shard'
 WHERE p.proname = 'uuid_tail_hash_extended' \gexec
-- the internal composite types (the plan of a rekey) are detached and kept too: the plain
-- script keeps a type of the same columns
SELECT pg_catalog.format('ALTER EXTENSION uuid_shard DROP TYPE %s', t.oid::pg_catalog.regtype)
  FROM pg_catalog.pg_type t JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND d.objid = t.oid AND d.deptype = 'e'
  JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_shard'
 WHERE t.typtype = 'c' \gexec
-- only functions (and those types) can be detached and kept: refuse an extension with members
-- of other kinds
SELECT pg_catalog.count(*) AS other_members
  FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
 WHERE e.extname = 'uuid_shard' AND d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
   AND d.deptype = 'e' AND d.classid <> 'pg_catalog.pg_proc'::pg_catalog.regclass \gset
SELECT (:other_members OPERATOR(pg_catalog.=) 0) AS only_functions \gset
\if :only_functions
\else
\echo 'to_sql_edition.sql: extension uuid_shard has members that are not functions'
\quit
\endif
-- ROUTINE: min(uuid) and max(uuid) are aggregates (the script replaces them in place too)
SELECT pg_catalog.format('ALTER EXTENSION uuid_shard DROP ROUTINE %s', d.objid::pg_catalog.regprocedure)
  FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid
 WHERE e.extname = 'uuid_shard' AND d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
   AND d.deptype = 'e' AND d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass \gexec
DROP EXTENSION IF EXISTS uuid_shard;
-- In place: the functions stay in the schema the extension had, even one other roles may create
-- in (the plain script then warns instead of refusing; docs/security.md).
\set shared_schema_ok on
\i :script
COMMIT;
