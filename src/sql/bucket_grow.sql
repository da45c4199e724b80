-- Growing a bucket-partitioned table (docs/buckets.md, "Growing"): uuid_bucket_grow_ddl and the
-- internal pieces it is made of, one per step of the script it returns. Same rules as the other
-- helpers (bucket_partition.sql): SECURITY INVOKER, search_path pinned, STABLE PARALLEL SAFE.
-- What is emitted follows partition_common.sql: catalog facts only, every name quoted once,
-- resolution pinned in every transaction of the script, nothing reused by its name alone.

-- Internal: what the grow script does not carry over to the new parent, one note per object.
-- For the person running the script: uuid_bucket_grow_ddl raises them as NOTICEs and never
-- returns them as lines of the script (the names in them are other roles' choosing).
CREATE FUNCTION @extschema@._uuid_bucket_grow_notes(parent regclass)
RETURNS SETOF text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    WITH views AS (
        SELECT DISTINCT rw.ev_class
          FROM pg_catalog.pg_depend dp JOIN pg_catalog.pg_rewrite rw ON rw.oid = dp.objid
         WHERE dp.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass AND dp.refobjid = parent
           AND rw.ev_class <> parent)
    SELECT pg_catalog.format('materialized view %s reads %s: drop it before and create it again after', v.ev_class::pg_catalog.regclass, parent)
      FROM views v JOIN pg_catalog.pg_class c ON c.oid = v.ev_class WHERE c.relkind = 'm'
    UNION ALL
    SELECT pg_catalog.format('view %s has options %s; they are not carried to the new parent''s view', c.oid::pg_catalog.regclass, c.reloptions)
      FROM views v JOIN pg_catalog.pg_class c ON c.oid = v.ev_class WHERE c.relkind = 'v' AND c.reloptions IS NOT NULL
    UNION ALL
    SELECT pg_catalog.format('%s %I of %s is not carried over', CASE WHEN co.conrelid = parent
               THEN 'foreign key' ELSE 'foreign key of ' || co.conrelid::pg_catalog.regclass::text || ' referencing it,' END, co.conname, parent)
      FROM pg_catalog.pg_constraint co WHERE co.contype = 'f' AND (co.conrelid = parent OR co.confrelid = parent)
    UNION ALL
    SELECT pg_catalog.format('trigger %I on %s is not carried over', t.tgname, parent)
      FROM pg_catalog.pg_trigger t WHERE t.tgrelid = parent AND NOT t.tgisinternal
    UNION ALL
    SELECT pg_catalog.format('policy %I on %s is not carried over', po.polname, parent)
      FROM pg_catalog.pg_policy po WHERE po.polrelid = parent
    UNION ALL
    SELECT pg_catalog.format('row level security of %s is not carried over', parent)
      FROM pg_catalog.pg_class c WHERE c.oid = parent AND c.relrowsecurity
    UNION ALL
    SELECT pg_catalog.format('%s is in publication %I; add the new parent', parent, pb.pubname)
      FROM pg_catalog.pg_publication_rel pr JOIN pg_catalog.pg_publication pb ON pb.oid = pr.prpubid WHERE pr.prrelid = parent
    UNION ALL
    SELECT pg_catalog.format('identity column %I of %s restarts on the new parent: set its sequence (ALTER TABLE ... ALTER COLUMN ... RESTART)',
                             a.attname, parent)
      FROM pg_catalog.pg_attribute a WHERE a.attrelid = parent AND a.attidentity <> '' AND NOT a.attisdropped
    UNION ALL
    SELECT pg_catalog.format('column privileges on %s.%I are not carried over', parent, a.attname)
      FROM pg_catalog.pg_attribute a WHERE a.attrelid = parent AND a.attacl IS NOT NULL AND NOT a.attisdropped
    UNION ALL
    SELECT pg_catalog.format('%s depends on %s; it stops the drop of the old parent',
                             pg_catalog.pg_describe_object(dp.classid, dp.objid, 0), parent)
      FROM pg_catalog.pg_depend dp
     WHERE dp.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass AND dp.refobjid = parent AND dp.deptype = 'n'
       AND dp.classid NOT IN ('pg_catalog.pg_rewrite'::pg_catalog.regclass, 'pg_catalog.pg_constraint'::pg_catalog.regclass,
                              'pg_catalog.pg_trigger'::pg_catalog.regclass, 'pg_catalog.pg_policy'::pg_catalog.regclass,
                              'pg_catalog.pg_publication_rel'::pg_catalog.regclass, 'pg_catalog.pg_class'::pg_catalog.regclass,
                              'pg_catalog.pg_attrdef'::pg_catalog.regclass, 'pg_catalog.pg_statistic_ext'::pg_catalog.regclass)
    UNION ALL
    SELECT 'the new parent''s indexes are copied by CREATE TABLE ... (LIKE ... INCLUDING ALL) and take generated names'
     WHERE EXISTS (SELECT FROM pg_catalog.pg_index i WHERE i.indrelid = parent)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_grow_notes(regclass) IS
'internal to uuid_shard: what a grow script does not carry over, for the person running it';

-- Internal: PL/pgSQL statements (for a DO block of the script) that run create_sql when no
-- relation called rel (quoted, schema-qualified) exists, and otherwise go on only if the one
-- there satisfies expect_sql, a condition on its pg_class row c: what an interrupted run of
-- the same script leaves. Anything else -- say a table another role created under that name --
-- stops the script with SQLSTATE 42P07 before a row is moved.
CREATE FUNCTION @extschema@._uuid_emit_create_or_check(rel text, create_sql text, expect_sql text, what text)
RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT pg_catalog.format(
        E'    IF pg_catalog.to_regclass(%1$L::pg_catalog.text) IS NULL THEN\n'
         || E'%2$s'
         || E'    ELSIF NOT EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid = %1$L::pg_catalog.regclass\n'
         || E'                        AND %3$s) THEN\n'
         || E'        RAISE EXCEPTION ''relation %% already exists and is not %%'', %1$L, %4$L\n'
         || E'            USING ERRCODE = ''duplicate_table'', HINT = ''Drop or rename it, then run the script again.'';\n'
         || E'    END IF;\n',
        rel, create_sql, expect_sql, what)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_emit_create_or_check(text, text, text, text) IS
'internal to uuid_shard: emitted statements that create a relation or check what already has its name';

-- The script that takes parent from n to new_buckets bucket partitions (see docs/buckets.md,
-- "Growing"). Jump hashing moves a row only from its bucket b < n to a new bucket >= n, so the
-- script builds a new parent keyed on uuid_bucket(col, new_buckets) with the new partitions,
-- copies the rows whose bucket changes into them, deletes from the old partitions exactly the
-- rows the new ones hold, moves the old partitions under the new parent and swaps the names.
-- Every step is idempotent: stopped anywhere, the script is run again from the start; a
-- relation it would create that exists already is reused only when it is what an earlier run
-- of the script made (kind, owner, parent, bound), otherwise the script stops.
--   * All old partitions local: one transaction.
--   * Some foreign: postgres_fdw commits each server at the coordinator's commit, one after
--     the other, so the copy and the delete are separate transactions, each writing to one
--     server at most apart from the last (see docs for what a failure leaves).
-- What the script does not carry over is raised as NOTICEs (_uuid_bucket_grow_notes).
CREATE FUNCTION @extschema@.uuid_bucket_grow_ddl(parent regclass, new_buckets integer, new_servers text[] DEFAULT NULL)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    c_max_partitions CONSTANT integer := 10000;
    v_fn CONSTANT text := '@extschema@.uuid_bucket(uuid, integer)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_key_fn CONSTANT text := '@extschema@._uuid_bucket_key(regclass)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_nsp name;
    v_rel name;
    v_col name;
    v_n integer;
    v_p text;            -- the parent, quoted
    v_q_name text;       -- the new parent while it is built
    v_q text;
    v_old_name text;     -- the old parent between the swap and its drop
    v_servers name[];
    v_old record;
    v_first regclass;    -- template of new local partitions
    v_foreign boolean;
    v_cols text;
    v_ocols text;
    v_pending text;
    v_open text[];       -- the statements that open each transaction of the script
    v_new text[] := '{}';
    v_new_q text[] := '{}';
    v_setup text := '';
    v_swap text := '';
    v_ro_on text := '';
    v_ro_off text := '';
    v_name text;
    v_owner_oid oid;
    v_owner name;
    v_owned text;        -- emitted condition: c is owned by the parent's owner
    v_comment text;
    v_q_oid oid;
    r record;
BEGIN
    IF parent IS NULL OR new_buckets IS NULL THEN
        RAISE EXCEPTION '% must not be NULL', CASE WHEN parent IS NULL THEN 'parent' ELSE 'new_buckets' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT k.schema_name, k.table_name, k.column_name, k.buckets INTO v_nsp, v_rel, v_col, v_n
      FROM @extschema@._uuid_bucket_key(parent) k;
    IF new_buckets <= v_n THEN
        RAISE EXCEPTION 'new_buckets for % must be more than its % buckets, not %', parent, v_n, new_buckets
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF new_buckets - v_n > c_max_partitions THEN
        RAISE EXCEPTION 'growing % from % to % buckets would add more than % partitions at once',
                parent, v_n, new_buckets, c_max_partitions
            USING ERRCODE = 'program_limit_exceeded';
    END IF;
    IF (SELECT pg_catalog.count(*) FROM @extschema@._uuid_bucket_children(parent)) <> v_n THEN
        RAISE EXCEPTION '% lacks partitions for some of its % buckets', parent, v_n
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Create them first with uuid_bucket_partition_ddl.';
    END IF;
    IF new_servers IS NOT NULL THEN
        SELECT pg_catalog.array_agg(s.server ORDER BY s.ord) INTO v_servers
          FROM @extschema@._uuid_bucket_servers(parent, new_servers, new_buckets - v_n, 'new_servers'::pg_catalog.text) s;
        SELECT c.partition, c.server INTO r
          FROM @extschema@._uuid_bucket_children(parent) c WHERE c.server = ANY (v_servers) LIMIT 1;
        IF FOUND THEN
            RAISE EXCEPTION 'server % in new_servers for % already holds its partition %',
                    pg_catalog.quote_ident(r.server), parent, r.partition
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = 'Every bucket''s rows live in a table of the parent''s name on its own server.';
        END IF;
    END IF;
    IF EXISTS (SELECT FROM @extschema@._uuid_bucket_children(parent) c WHERE c.relkind NOT IN ('r', 'f')) THEN
        RAISE EXCEPTION 'cannot grow % because some of its partitions are partitioned themselves', parent
            USING ERRCODE = 'feature_not_supported';
    END IF;
    v_foreign := EXISTS (SELECT FROM @extschema@._uuid_bucket_children(parent) c WHERE c.relkind = 'f');
    SELECT c.partition INTO v_first FROM @extschema@._uuid_bucket_children(parent) c ORDER BY c.bucket LIMIT 1;
    -- The owner by OID and by its name as the catalog holds it (quoted once, by %I, when emitted).
    SELECT c.relowner, a.rolname, pg_catalog.obj_description(c.oid, 'pg_class') INTO v_owner_oid, v_owner, v_comment
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_roles a ON a.oid = c.relowner WHERE c.oid = parent;

    v_p := pg_catalog.format('%I.%I', v_nsp, v_rel);
    v_q_name := @extschema@._uuid_v7_child_name(v_rel, '_grow'::pg_catalog.text);
    v_q := pg_catalog.format('%I.%I', v_nsp, v_q_name);
    v_old_name := @extschema@._uuid_v7_child_name(v_rel, '_grow_old'::pg_catalog.text);
    -- A new parent left by an interrupted run of this script (same kind, owner and key) is
    -- reused; anything else under its name is a clash, reported now and checked again by the
    -- script itself when it runs.
    SELECT c.oid INTO v_q_oid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = v_nsp AND c.relname = v_q_name;
    IF (v_q_oid IS NULL AND @extschema@._uuid_name_taken(v_nsp, v_q_name))
       OR (v_q_oid IS NOT NULL AND NOT EXISTS (
               SELECT FROM pg_catalog.pg_class c
                WHERE c.oid = v_q_oid AND c.relkind = 'p' AND c.relowner = v_owner_oid
                  AND pg_catalog.pg_get_partkeydef(c.oid) = pg_catalog.format('LIST (%s(%I, %s))', v_fn, v_col, new_buckets))) THEN
        RAISE EXCEPTION 'relation or type %.% already exists and is not the new parent this script would build for %',
                pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_q_name), parent
            USING ERRCODE = 'duplicate_table';
    END IF;
    IF @extschema@._uuid_name_taken(v_nsp, v_old_name) THEN
        RAISE EXCEPTION 'relation or type %.% already exists; the script needs the name for the old parent of %',
                pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_old_name), parent
            USING ERRCODE = 'duplicate_table';
    END IF;
    FOR k IN v_n .. new_buckets - 1 LOOP
        v_name := @extschema@._uuid_v7_child_name(v_rel, '_b' || k);
        IF @extschema@._uuid_name_taken(v_nsp, v_name) AND NOT EXISTS (
               SELECT FROM @extschema@._uuid_partition_children(v_q_oid::pg_catalog.regclass) c
                 JOIN pg_catalog.pg_class pc ON pc.oid = c.partition
                WHERE c.schema_name = v_nsp AND c.table_name = v_name AND pc.relowner = v_owner_oid
                  AND c.bound = pg_catalog.format('FOR VALUES IN (%s)', k)) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not the new partition of % for bucket %',
                    pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_name), parent, k
                USING ERRCODE = 'duplicate_table';
        END IF;
        v_new := v_new || v_name;
        v_new_q := v_new_q || pg_catalog.format('%I.%I', v_nsp, v_name);
    END LOOP;

    -- Columns copied by the move: all but generated ones (they are computed again).
    SELECT pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum),
           pg_catalog.string_agg('o.' || pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum)
      INTO v_cols, v_ocols
      FROM pg_catalog.pg_attribute a
     WHERE a.attrelid = parent AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '';
    -- Each DO block acts only while parent still has n buckets, so a finished grow re-run does nothing.
    v_pending := pg_catalog.format('(SELECT k.buckets FROM %s(%L::pg_catalog.regclass) k) = %s', v_key_fn, v_p, v_n);
    v_owned := pg_catalog.format('c.relowner = (SELECT o.relowner FROM pg_catalog.pg_class o WHERE o.oid = %L::pg_catalog.regclass)', v_p);
    -- Every transaction of the script starts the same way: resolution pinned (the runner's
    -- search_path cannot change what a statement calls), then the lock that holds off writes.
    v_open := ARRAY['BEGIN', 'SET LOCAL search_path = pg_catalog, pg_temp',
                    pg_catalog.format('LOCK TABLE %s IN EXCLUSIVE MODE', v_p)];

    RAISE NOTICE '%', pg_catalog.format(
        'the script grows %s from %s to %s bucket partitions; %s LOCK TABLE %s IN EXCLUSIVE MODE, so writes to it wait (reads go on)%s',
        v_p, v_n, new_buckets,
        CASE WHEN v_foreign THEN 'each of its transactions takes' ELSE 'one transaction that takes' END, v_p,
        CASE WHEN v_foreign THEN ', and between them its foreign partitions are updatable ''false'', so writes fail; '
                                 'stopped anywhere, run it again from the start'
             ELSE '; stopped anywhere, run it again from the start' END);
    FOR r IN SELECT n.note FROM @extschema@._uuid_bucket_grow_notes(parent) n(note) LOOP
        RAISE NOTICE 'attention: %', r.note;
    END LOOP;

    -- Step 1: the new parent and the new partitions (catalog only), owned by the parent's
    -- owner; foreign old partitions refuse writes from here to the last step's commit.
    v_setup := pg_catalog.format(
        E'    IF pg_catalog.to_regclass(%L::pg_catalog.text) IS NOT NULL THEN\n'
         || E'        RAISE EXCEPTION ''relation %%.%% already exists; the script needs the name for the old parent of %%'', %L, %L, %L\n'
         || E'            USING ERRCODE = ''duplicate_table'', HINT = ''Drop or rename it, then run the script again.'';\n'
         || E'    END IF;\n',
        pg_catalog.format('%I.%I', v_nsp, v_old_name), pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_old_name), v_p);
    v_setup := v_setup || @extschema@._uuid_emit_create_or_check(v_q,
        pg_catalog.format(E'        CREATE TABLE %s (LIKE %s INCLUDING ALL) PARTITION BY LIST (%s(%I, %s));\n'
                           || E'        ALTER TABLE %s OWNER TO %I;\n', v_q, v_p, v_fn, v_col, new_buckets, v_q, v_owner),
        pg_catalog.format('c.relkind = ''p'' AND %s AND pg_catalog.pg_get_partkeydef(c.oid) = %L',
                          v_owned, pg_catalog.format('LIST (%s(%I, %s))', v_fn, v_col, new_buckets)),
        pg_catalog.format('the new parent this script builds for %s', v_p));
    FOR i IN 1 .. pg_catalog.cardinality(v_new) LOOP
        v_setup := v_setup || @extschema@._uuid_emit_create_or_check(v_new_q[i],
            CASE WHEN v_servers IS NULL THEN
                -- LIKE a current partition: its own indexes (a primary key per partition) come along.
                pg_catalog.format(E'        CREATE TABLE %s (LIKE %s INCLUDING ALL);\n'
                                   || E'        ALTER TABLE %s OWNER TO %I;\n'
                                   || E'        ALTER TABLE %s ATTACH PARTITION %s FOR VALUES IN (%s);\n',
                                  v_new_q[i], v_first, v_new_q[i], v_owner, v_q, v_new_q[i], v_n + i - 1)
            ELSE
                pg_catalog.format(E'        CREATE FOREIGN TABLE %s PARTITION OF %s FOR VALUES IN (%s) SERVER %I OPTIONS (schema_name %L, table_name %L);\n'
                                   || E'        ALTER FOREIGN TABLE %s OWNER TO %I;\n',
                                  v_new_q[i], v_q, v_n + i - 1, v_servers[i], v_nsp, v_rel, v_new_q[i], v_owner)
            END,
            pg_catalog.format('c.relkind = %L AND %s AND c.relispartition'
                              ' AND EXISTS (SELECT FROM pg_catalog.pg_inherits i WHERE i.inhrelid = c.oid AND i.inhparent = %L::pg_catalog.regclass)'
                              ' AND pg_catalog.pg_get_expr(c.relpartbound, c.oid) = %L%s',
                              CASE WHEN v_servers IS NULL THEN 'r' ELSE 'f' END, v_owned, v_q,
                              pg_catalog.format('FOR VALUES IN (%s)', v_n + i - 1),
                              CASE WHEN v_servers IS NULL THEN '' ELSE pg_catalog.format(
                                  ' AND EXISTS (SELECT FROM pg_catalog.pg_foreign_table f JOIN pg_catalog.pg_foreign_server s ON s.oid = f.ftserver'
                                  ' WHERE f.ftrelid = c.oid AND s.srvname = %L)', v_servers[i]) END),
            pg_catalog.format('the partition of %s for bucket %s this script creates', v_q, v_n + i - 1));
    END LOOP;
    FOR v_old IN SELECT * FROM @extschema@._uuid_bucket_children(parent) c WHERE c.relkind = 'f' ORDER BY c.bucket LOOP
        v_ro_on := v_ro_on || pg_catalog.format(
            E'    IF EXISTS (SELECT FROM pg_catalog.pg_foreign_table f, pg_catalog.unnest(f.ftoptions) o\n'
             || E'                WHERE f.ftrelid = %L::pg_catalog.regclass AND o LIKE ''updatable=%%'') THEN\n'
             || E'        ALTER FOREIGN TABLE %I.%I OPTIONS (SET updatable ''false'');\n'
             || E'    ELSE\n'
             || E'        ALTER FOREIGN TABLE %I.%I OPTIONS (ADD updatable ''false'');\n'
             || E'    END IF;\n',
            pg_catalog.format('%I.%I', v_old.schema_name, v_old.table_name), v_old.schema_name, v_old.table_name,
            v_old.schema_name, v_old.table_name);
        v_ro_off := v_ro_off || pg_catalog.format(
            E'    IF EXISTS (SELECT FROM pg_catalog.pg_foreign_table f, pg_catalog.unnest(f.ftoptions) o\n'
             || E'                WHERE f.ftrelid = %L::pg_catalog.regclass AND o LIKE ''updatable=%%'') THEN\n'
             || E'        ALTER FOREIGN TABLE %I.%I OPTIONS (DROP updatable);\n'
             || E'    END IF;\n',
            pg_catalog.format('%I.%I', v_old.schema_name, v_old.table_name), v_old.schema_name, v_old.table_name);
    END LOOP;

    RETURN QUERY SELECT pg_catalog.unnest(v_open);
    RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(E'  IF %s THEN\n%s%s  END IF;\n', v_pending, v_setup, v_ro_on));

    -- Step 2: copy the rows whose bucket changes (only those the new partition lacks).
    FOR i IN 1 .. pg_catalog.cardinality(v_new) LOOP
        IF v_foreign THEN
            RETURN NEXT 'COMMIT';
            RETURN QUERY SELECT pg_catalog.unnest(v_open);
        END IF;
        RETURN NEXT pg_catalog.format(
            'INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM %s o WHERE %s(o.%I, %s) = %s '
            'AND NOT EXISTS (SELECT FROM %s x WHERE x.%I = o.%I)',
            v_new_q[i], v_cols, v_ocols, v_p, v_fn, v_col, new_buckets, v_n + i - 1, v_new_q[i], v_col, v_col);
    END LOOP;

    -- Step 3: delete from the old partitions exactly what the new ones hold, move the old
    -- partitions under the new parent, swap the names and drop the old parent.
    IF v_foreign THEN
        RETURN NEXT 'COMMIT';
        RETURN QUERY SELECT pg_catalog.unnest(v_open);
        RETURN NEXT @extschema@._uuid_emit_do(v_ro_off);
    END IF;
    FOR v_old IN SELECT * FROM @extschema@._uuid_bucket_children(parent) c ORDER BY c.bucket LOOP
        FOR i IN 1 .. pg_catalog.cardinality(v_new) LOOP
            RETURN NEXT pg_catalog.format(
                'DELETE FROM %I.%I o WHERE %s(o.%I, %s) = %s AND EXISTS (SELECT FROM %s x WHERE x.%I = o.%I)',
                v_old.schema_name, v_old.table_name, v_fn, v_col, new_buckets, v_n + i - 1, v_new_q[i], v_col, v_col);
        END LOOP;
        v_swap := v_swap || pg_catalog.format(
            E'    ALTER TABLE %s DETACH PARTITION %I.%I;\n'
             || E'    ALTER TABLE %s ATTACH PARTITION %I.%I FOR VALUES IN (%s);\n',
            v_p, v_old.schema_name, v_old.table_name, v_q, v_old.schema_name, v_old.table_name, v_old.bucket);
    END LOOP;
    v_swap := v_swap || pg_catalog.format(E'    ALTER TABLE %s RENAME TO %I;\n    ALTER TABLE %s RENAME TO %I;\n',
                                          v_p, v_old_name, v_q, v_rel);
    -- Carried over: comment, grants (the owner came with step 1), and views, re-created on the
    -- new parent from their definitions as deparsed here, under the same pinned resolution
    -- the script's DO block runs with, so every name in them binds to what it bound to before.
    IF v_comment IS NOT NULL THEN
        v_swap := v_swap || pg_catalog.format(E'    COMMENT ON TABLE %s IS %L;\n', v_p, v_comment);
    END IF;
    FOR r IN
        SELECT a.grantee, g.rolname, a.privilege_type, a.is_grantable
          FROM pg_catalog.pg_class c CROSS JOIN LATERAL pg_catalog.aclexplode(c.relacl) a
          LEFT JOIN pg_catalog.pg_roles g ON g.oid = a.grantee
         WHERE c.oid = parent AND a.grantee <> c.relowner
         ORDER BY a.grantee, a.privilege_type
    LOOP
        v_swap := v_swap || pg_catalog.format(E'    GRANT %s ON %s TO %s%s;\n', r.privilege_type, v_p,
            CASE WHEN r.grantee = 0 THEN 'PUBLIC' ELSE pg_catalog.quote_ident(r.rolname) END,
            CASE WHEN r.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
    END LOOP;
    FOR r IN
        SELECT DISTINCT n.nspname, c.relname,
               pg_catalog.rtrim(pg_catalog.pg_get_viewdef(rw.ev_class), E'; \n') AS def
          FROM pg_catalog.pg_depend dp JOIN pg_catalog.pg_rewrite rw ON rw.oid = dp.objid
          JOIN pg_catalog.pg_class c ON c.oid = rw.ev_class JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
         WHERE dp.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass AND dp.refobjid = parent AND rw.ev_class <> parent
           AND c.relkind = 'v'
    LOOP
        v_swap := v_swap || pg_catalog.format(E'    CREATE OR REPLACE VIEW %I.%I AS %s;\n', r.nspname, r.relname, r.def);
    END LOOP;
    v_swap := v_swap || pg_catalog.format(E'    DROP TABLE %I.%I;\n', v_nsp, v_old_name);
    RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(E'  IF %s THEN\n%s  END IF;\n', v_pending, v_swap));
    RETURN NEXT 'COMMIT';
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_bucket_grow_ddl(regclass, integer, text[]) IS
'the script that grows a bucket-partitioned table to new_buckets partitions (local or on new postgres_fdw servers); runs nothing';
