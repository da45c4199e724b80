-- Moves a database from the native extension (or from the pg_tle edition) to the SQL edition's
-- plain script, in place:
--   psql -v schema=NAME -v script=dist/uuid_shard-<version>.sql -f sql_edition/to_sql_edition.sql
-- Run it as a superuser (or the owner of the extension and its functions), in one transaction.
--
-- Every function of the extension is detached from it (it stays, with its OID), the then empty
-- extension is dropped, and the plain script replaces each function in place with its SQL
-- definition (CREATE OR REPLACE keeps the OID). Defaults, expression indexes, generated columns,
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
-- only functions can be detached and kept: refuse an extension with members of other kinds
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
