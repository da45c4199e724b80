-- Moves a database from the SQL edition (plain script) to the native extension, in place:
--   psql -v schema=NAME -f sql_edition/to_native.sql      (schema public when not given)
-- Run it as a superuser on a server with the native extension installed, in one transaction.
--
-- Every function keeps its OID: CREATE OR REPLACE gives it the native definition (language c,
-- markings, settings), then ALTER EXTENSION ADD makes it a member of the extension. So defaults,
-- expression indexes, generated columns, CHECK constraints, views and partition keys that call
-- it are not touched, and nothing is rebuilt: both editions compute the same bits.
\set ON_ERROR_STOP on
\if :{?schema}
\else
\set schema public
\endif
BEGIN;
SELECT pg_catalog.set_config('uuid_shard.move_schema', :'schema', true) IS NOT NULL AS schema_set;
DO $move$
DECLARE
    v_schema text := pg_catalog.current_setting('uuid_shard.move_schema');
    v_ext oid;
    r record;
    v_def text;
    v_owner text;
    v_comment text;
BEGIN
    IF EXISTS (SELECT FROM pg_catalog.pg_extension WHERE extname = 'uuid_shard') THEN
        RAISE EXCEPTION 'extension uuid_shard already exists in this database' USING ERRCODE = 'duplicate_object';
    END IF;
    -- 1. Which functions does the native extension define? Create it in a scratch schema and look.
    CREATE SCHEMA uuid_shard_move_scratch;
    CREATE EXTENSION uuid_shard SCHEMA uuid_shard_move_scratch;
    CREATE TEMP TABLE uuid_shard_move_list ON COMMIT DROP AS
    SELECT p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid) AS args
      FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_proc p ON p.oid = d.objid
     WHERE d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.deptype = 'e'
       AND d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass
       AND d.refobjid = (SELECT oid FROM pg_catalog.pg_extension WHERE extname = 'uuid_shard')
       -- native only: the support function of the operator class uuid_tail_ops, which the
       -- edition cannot create (it takes a superuser); the native one stays as it is
       AND p.proname <> 'uuid_tail_hash_extended'
       -- the internal functions that take or return an internal composite type: the edition's
       -- are dropped with its type (step 2), the native ones stay as created
       AND NOT EXISTS (SELECT FROM pg_catalog.pg_type ct
                        WHERE ct.typnamespace = p.pronamespace AND ct.typtype = 'c'
                          AND (p.prorettype IN (ct.oid, ct.typarray)
                               OR ct.oid = ANY (p.proargtypes::pg_catalog.oid[]) OR ct.typarray = ANY (p.proargtypes::pg_catalog.oid[])));
    CREATE TEMP TABLE uuid_shard_move_types ON COMMIT DROP AS
    SELECT ct.typname
      FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_type ct ON ct.oid = d.objid
     WHERE d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.deptype = 'e'
       AND d.classid = 'pg_catalog.pg_type'::pg_catalog.regclass AND ct.typtype = 'c'
       AND d.refobjid = (SELECT oid FROM pg_catalog.pg_extension WHERE extname = 'uuid_shard');
    DROP EXTENSION uuid_shard;
    DROP SCHEMA uuid_shard_move_scratch;
    -- 2. Move the edition's functions out of the way (their OIDs, and what depends on them, stay).
    FOR r IN
        SELECT l.proname, l.args, p.oid
          FROM uuid_shard_move_list l
          LEFT JOIN pg_catalog.pg_proc p ON p.pronamespace = pg_catalog.to_regnamespace(v_schema)
                AND p.proname = l.proname AND pg_catalog.pg_get_function_identity_arguments(p.oid) = l.args
    LOOP
        IF r.oid IS NULL THEN
            RAISE EXCEPTION 'function %.%(%) of the SQL edition is missing', v_schema, r.proname, r.args
                USING ERRCODE = 'undefined_function';
        END IF;
        -- ROUTINE: min(uuid) and max(uuid) are aggregates
        EXECUTE pg_catalog.format('ALTER ROUTINE %s RENAME TO %I', r.oid::pg_catalog.regprocedure,
                                  r.proname || '__uuid_shard_move');
    END LOOP;
    --    The internal composite types (the plan of a rekey) and the internal functions that
    --    take them go (plain DROP: nothing of the user's may depend on them); the extension
    --    brings its own.
    FOR r IN
        SELECT p.oid FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_type ct ON ct.typnamespace = p.pronamespace
         WHERE p.pronamespace = pg_catalog.to_regnamespace(v_schema) AND ct.typtype = 'c'
           AND ct.typname = ANY (ARRAY(SELECT m.typname FROM uuid_shard_move_types m))
           AND (p.prorettype IN (ct.oid, ct.typarray)
                OR ct.oid = ANY (p.proargtypes::pg_catalog.oid[]) OR ct.typarray = ANY (p.proargtypes::pg_catalog.oid[]))
    LOOP
        EXECUTE pg_catalog.format('DROP FUNCTION %s', r.oid::pg_catalog.regprocedure);
    END LOOP;
    FOR r IN
        SELECT ct.oid FROM pg_catalog.pg_type ct
         WHERE ct.typnamespace = pg_catalog.to_regnamespace(v_schema) AND ct.typtype = 'c'
           AND ct.typname = ANY (ARRAY(SELECT m.typname FROM uuid_shard_move_types m))
    LOOP
        EXECUTE pg_catalog.format('DROP TYPE %s', r.oid::pg_catalog.regtype);
    END LOOP;
    -- 3. The native extension in that schema, then each of its functions swapped for the
    --    edition's: the old OID gets the native definition and joins the extension.
    EXECUTE pg_catalog.format('CREATE EXTENSION uuid_shard SCHEMA %I', v_schema);
    SELECT oid INTO v_ext FROM pg_catalog.pg_extension WHERE extname = 'uuid_shard';
    --    The aggregates first: the edition's (same definition, its transition functions keep
    --    their OIDs below) simply replaces the native one, which then no longer holds the
    --    native transition functions.
    FOR r IN
        SELECT p.oid, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid) AS args
          FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_proc p ON p.oid = d.objid
         WHERE d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.refobjid = v_ext
           AND d.deptype = 'e' AND d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND p.prokind = 'a'
    LOOP
        v_owner := (SELECT p.proowner::pg_catalog.regrole::text FROM pg_catalog.pg_proc p WHERE p.oid = r.oid);
        EXECUTE pg_catalog.format('ALTER EXTENSION uuid_shard DROP AGGREGATE %s', r.oid::pg_catalog.regprocedure);
        EXECUTE pg_catalog.format('DROP AGGREGATE %s', r.oid::pg_catalog.regprocedure);
        EXECUTE pg_catalog.format('ALTER AGGREGATE %I.%I(%s) RENAME TO %I', v_schema, r.proname || '__uuid_shard_move',
                                  r.args, r.proname);
        EXECUTE pg_catalog.format('ALTER AGGREGATE %I.%I(%s) OWNER TO %s', v_schema, r.proname, r.args, v_owner);
        EXECUTE pg_catalog.format('ALTER EXTENSION uuid_shard ADD AGGREGATE %I.%I(%s)', v_schema, r.proname, r.args);
    END LOOP;
    FOR r IN
        SELECT p.oid, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid) AS args
          FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_proc p ON p.oid = d.objid
         WHERE d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass AND d.refobjid = v_ext
           AND d.deptype = 'e' AND d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND p.prokind <> 'a'
           AND (p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) IN (SELECT l.proname, l.args FROM uuid_shard_move_list l)
    LOOP
        -- ROUTINE: uuid_rekey_run is a procedure
        v_def := pg_catalog.pg_get_functiondef(r.oid);
        v_owner := (SELECT p.proowner::pg_catalog.regrole::text FROM pg_catalog.pg_proc p WHERE p.oid = r.oid);
        v_comment := pg_catalog.obj_description(r.oid, 'pg_proc');
        EXECUTE pg_catalog.format('ALTER EXTENSION uuid_shard DROP ROUTINE %s', r.oid::pg_catalog.regprocedure);
        EXECUTE pg_catalog.format('DROP ROUTINE %s', r.oid::pg_catalog.regprocedure);
        EXECUTE pg_catalog.format('ALTER ROUTINE %I.%I(%s) RENAME TO %I', v_schema, r.proname || '__uuid_shard_move',
                                  r.args, r.proname);
        EXECUTE v_def;
        EXECUTE pg_catalog.format('ALTER ROUTINE %I.%I(%s) OWNER TO %s', v_schema, r.proname, r.args, v_owner);
        EXECUTE pg_catalog.format('COMMENT ON ROUTINE %I.%I(%s) IS %L', v_schema, r.proname, r.args, v_comment);
        EXECUTE pg_catalog.format('ALTER EXTENSION uuid_shard ADD ROUTINE %I.%I(%s)', v_schema, r.proname, r.args);
    END LOOP;
    -- 4. What only the edition's functions used, and the native ones do not: the argument
    --    domains, then the helpers: the raising ones their CHECKs and the text decoders call,
    --    and the text forms' alphabets (plain DROP: should anything of the
    --    user's depend on them, the move stops and nothing has changed).
    FOR r IN
        SELECT t.oid FROM pg_catalog.pg_type t
         WHERE t.typnamespace = pg_catalog.to_regnamespace(v_schema) AND t.typtype = 'd'
           AND t.typname IN ('uuid_shard_len_arg', 'uuid_shard_modulus_arg', 'uuid_shard_tail_arg', 'uuid_shard_v7_ts_arg')
    LOOP
        EXECUTE pg_catalog.format('DROP DOMAIN %s', r.oid::pg_catalog.regtype);
    END LOOP;
    FOR r IN
        SELECT p.oid FROM pg_catalog.pg_proc p
         WHERE p.pronamespace = pg_catalog.to_regnamespace(v_schema)
           AND p.proname IN ('uuid_shard_raise_len', 'uuid_shard_raise_modulus', 'uuid_shard_raise_tail', 'uuid_shard_raise_v7_range',
                             'uuid_shard_raise_ulid', 'uuid_shard_raise_base32hex',
                             'uuid_shard_ulid_char', 'uuid_shard_base32hex_char',
                             'uuid_shard_ulid_digit', 'uuid_shard_base32hex_digit')
    LOOP
        EXECUTE pg_catalog.format('DROP FUNCTION %s', r.oid::pg_catalog.regprocedure);
    END LOOP;
    RAISE NOTICE 'uuid_shard: % functions in schema % now belong to the native extension',
        (SELECT count(*) FROM uuid_shard_move_list), v_schema;
END
$move$;
COMMIT;
