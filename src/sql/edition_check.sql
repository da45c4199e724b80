-- Before anything is created: the SQL edition's plain script may already hold this schema. Its
-- functions have our names, so CREATE EXTENSION would stop half-way on the first one with a
-- bare "already exists"; say what is there and the way out instead. sql_edition/to_native.sql
-- moves such a schema in place (it renames the edition's functions before it creates the
-- extension, so this check lets it through). The schema is the one CREATE EXTENSION runs the
-- script in (current_schema()), so nothing here is spelled from @extschema@.
DO $uuid_shard_edition_check$
BEGIN
    IF pg_catalog.to_regprocedure(pg_catalog.format('%I.uuid_bucket(uuid, integer)', pg_catalog.current_schema())) IS NOT NULL THEN
        RAISE EXCEPTION 'the SQL edition of uuid_shard is installed in schema %, whose functions the extension would replace',
                pg_catalog.current_schema()
            USING ERRCODE = 'duplicate_object',
                  HINT = 'Move that schema to the extension in place with sql_edition/to_native.sql, which keeps every function and what depends on it (docs/sql-edition.md, Moving between editions).';
    END IF;
END
$uuid_shard_edition_check$;
