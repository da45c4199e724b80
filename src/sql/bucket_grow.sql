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
-- Released in 0.3.0 and kept for that reason; since 0.4.0 nothing calls it: the grow script
-- checks what it finds by calls of _uuid_bucket_grow_is_new_parent / _is_new_partition.
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

-- The grow script checks, when it runs, these three facts about the catalog (each a call of
-- its own in the script, with typed arguments, never a condition passed around as text).

-- Internal: whether parent still has buckets bucket partitions. Every DDL block of the grow
-- script acts only then, so a finished grow run again does nothing.
CREATE FUNCTION @extschema@._uuid_bucket_grow_pending(parent regclass, buckets integer)
RETURNS boolean
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT k.buckets = _uuid_bucket_grow_pending.buckets FROM @extschema@._uuid_bucket_key(parent) k
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_grow_pending(regclass, integer) IS
'internal to uuid_shard: whether a table still has the bucket count a grow script starts from';

-- Internal: whether rel is the new parent a grow of parent to new_buckets makes: partitioned,
-- owned by parent's owner, keyed LIST (uuid_bucket(<parent's key column>, new_buckets)).
-- What an interrupted run of the script leaves under <parent>_grow passes; anything else under
-- that name (say a table another role made) does not.
CREATE FUNCTION @extschema@._uuid_bucket_grow_is_new_parent(rel regclass, parent regclass, new_buckets integer)
RETURNS boolean
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT EXISTS (
        SELECT FROM pg_catalog.pg_class c, pg_catalog.pg_class o, @extschema@._uuid_bucket_key(parent) k
         WHERE c.oid = rel AND o.oid = parent
           AND c.relkind = 'p' AND c.relowner = o.relowner
           AND pg_catalog.pg_get_partkeydef(c.oid)
               = pg_catalog.format('LIST (%s(%I, %s))',
                                   '@extschema@.uuid_bucket(uuid, integer)'::pg_catalog.regprocedure::pg_catalog.regproc,
                                   k.column_name, new_buckets))
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_grow_is_new_parent(regclass, regclass, integer) IS
'internal to uuid_shard: whether a relation is the new parent a grow script makes';

-- Internal: whether rel is the partition for bucket of new_parent that a grow of parent makes:
-- owned by parent's owner, a partition of new_parent FOR VALUES IN (bucket), and a table
-- (server NULL) or a foreign table on server. Not STRICT: server is NULL for a local one.
CREATE FUNCTION @extschema@._uuid_bucket_grow_is_new_partition(rel regclass, parent regclass, new_parent regclass,
                                                               bucket integer, server name)
RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT EXISTS (
        SELECT FROM pg_catalog.pg_class c, pg_catalog.pg_class o
         WHERE c.oid = rel AND o.oid = parent
           AND c.relkind = CASE WHEN server IS NULL THEN 'r' ELSE 'f' END AND c.relowner = o.relowner
           AND c.relispartition
           AND EXISTS (SELECT FROM pg_catalog.pg_inherits i WHERE i.inhrelid = c.oid AND i.inhparent = new_parent)
           AND pg_catalog.pg_get_expr(c.relpartbound, c.oid) = pg_catalog.format('FOR VALUES IN (%s)', bucket)
           AND (server IS NULL
                OR EXISTS (SELECT FROM pg_catalog.pg_foreign_table f JOIN pg_catalog.pg_foreign_server s ON s.oid = f.ftserver
                            WHERE f.ftrelid = c.oid AND s.srvname = server)))
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_grow_is_new_partition(regclass, regclass, regclass, integer, name) IS
'internal to uuid_shard: whether a relation is a new partition a grow script makes';

-- The steps of the grow script, one function each; uuid_bucket_grow_ddl checks the arguments
-- and the names, and frames the steps in transactions. Each statement is one template below;
-- the comment beside it names its format() arguments. Our functions are named in the script as
-- the catalog spells them (regproc), not as @extschema@ in a template, where a % in the
-- schema's name would read as a format specifier.

-- Internal: step 1 of the grow script, one DO statement. While parent still has its n buckets:
-- stop if the name for the old parent is taken; create the new parent <parent>_grow and the
-- partitions for buckets n .. new_buckets - 1 (local ones LIKE the first partition, so a
-- per-partition primary key comes along; foreign ones on new_servers), owned by parent's
-- owner, or go on with what an earlier run made under those names (anything else stops the
-- script with SQLSTATE 42P07 before a row moves); then make the old foreign partitions refuse
-- writes until the last step.
CREATE FUNCTION @extschema@._uuid_bucket_grow_setup(parent regclass, new_buckets integer, new_servers name[])
RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_fn CONSTANT text := '@extschema@.uuid_bucket(uuid, integer)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_pending_fn CONSTANT text := '@extschema@._uuid_bucket_grow_pending(regclass, integer)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_parent_fn CONSTANT text := '@extschema@._uuid_bucket_grow_is_new_parent(regclass, regclass, integer)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_partition_fn CONSTANT text := '@extschema@._uuid_bucket_grow_is_new_partition(regclass, regclass, regclass, integer, name)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_nsp name;
    v_rel name;
    v_col name;
    v_n integer;
    v_owner name;
    v_grow text;          -- the new parent while it is built
    v_old text;           -- the old parent between the swap and its drop
    v_name text;
    v_first record;       -- the partition new local ones are made LIKE
    v_partitions text := '';
    v_readonly text := '';
    r record;
BEGIN
    SELECT k.schema_name, k.table_name, k.column_name, k.buckets INTO v_nsp, v_rel, v_col, v_n
      FROM @extschema@._uuid_bucket_key(parent) k;
    -- The owner by its name as the catalog holds it (quoted once, by %I).
    SELECT a.rolname INTO v_owner
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_roles a ON a.oid = c.relowner WHERE c.oid = parent;
    v_grow := @extschema@._uuid_v7_child_name(v_rel, '_grow'::pg_catalog.text);
    v_old := @extschema@._uuid_v7_child_name(v_rel, '_grow_old'::pg_catalog.text);
    SELECT c.schema_name, c.table_name INTO v_first
      FROM @extschema@._uuid_bucket_children(parent) c ORDER BY c.bucket LIMIT 1;

    FOR k IN v_n .. new_buckets - 1 LOOP
        v_name := @extschema@._uuid_v7_child_name(v_rel, '_b' || k);
        IF new_servers IS NULL THEN
            -- %1$I.%2$I the partition (%3$L as text), %4$I.%5$I the first partition, %6$I the
            -- owner, %1$I.%7$I the new parent (%8$L as text), %9$s the bucket, %10$s the check
            -- (_uuid_bucket_grow_is_new_partition), %11$L the parent as text.
            v_partitions := v_partitions || pg_catalog.format(
$sql$    IF pg_catalog.to_regclass(%3$L::pg_catalog.text) IS NULL THEN
        CREATE TABLE %1$I.%2$I (LIKE %4$I.%5$I INCLUDING ALL);
        ALTER TABLE %1$I.%2$I OWNER TO %6$I;
        ALTER TABLE %1$I.%7$I ATTACH PARTITION %1$I.%2$I FOR VALUES IN (%9$s);
    ELSIF NOT %10$s(%3$L::pg_catalog.regclass, %11$L::pg_catalog.regclass, %8$L::pg_catalog.regclass, %9$s, NULL::pg_catalog.name) THEN
        RAISE EXCEPTION 'relation %% already exists and is not the partition of %% for bucket %% this script creates', %3$L, %8$L, %9$s
            USING ERRCODE = 'duplicate_table', HINT = 'Drop or rename it, then run the script again.';
    END IF;
$sql$,
                v_nsp, v_name, pg_catalog.format('%I.%I', v_nsp, v_name), v_first.schema_name, v_first.table_name,
                v_owner, v_grow, pg_catalog.format('%I.%I', v_nsp, v_grow), k, v_partition_fn,
                pg_catalog.format('%I.%I', v_nsp, v_rel));
        ELSE
            -- %1$I.%2$I the partition (%3$L as text), %4$I its server, %5$L the parent's
            -- schema and %6$L its name (the remote table), %7$I the owner, %1$I.%8$I the new
            -- parent (%9$L as text), %10$s the bucket, %11$s the check
            -- (_uuid_bucket_grow_is_new_partition), %12$L the parent as text.
            v_partitions := v_partitions || pg_catalog.format(
$sql$    IF pg_catalog.to_regclass(%3$L::pg_catalog.text) IS NULL THEN
        CREATE FOREIGN TABLE %1$I.%2$I PARTITION OF %1$I.%8$I FOR VALUES IN (%10$s) SERVER %4$I OPTIONS (schema_name %5$L, table_name %6$L);
        ALTER FOREIGN TABLE %1$I.%2$I OWNER TO %7$I;
    ELSIF NOT %11$s(%3$L::pg_catalog.regclass, %12$L::pg_catalog.regclass, %9$L::pg_catalog.regclass, %10$s, %4$L::pg_catalog.name) THEN
        RAISE EXCEPTION 'relation %% already exists and is not the partition of %% for bucket %% this script creates', %3$L, %9$L, %10$s
            USING ERRCODE = 'duplicate_table', HINT = 'Drop or rename it, then run the script again.';
    END IF;
$sql$,
                v_nsp, v_name, pg_catalog.format('%I.%I', v_nsp, v_name), new_servers[k - v_n + 1], v_nsp, v_rel,
                v_owner, v_grow, pg_catalog.format('%I.%I', v_nsp, v_grow), k, v_partition_fn,
                pg_catalog.format('%I.%I', v_nsp, v_rel));
        END IF;
    END LOOP;

    -- Old foreign partitions refuse writes from here to the last step's commit.
    FOR r IN SELECT c.schema_name, c.table_name FROM @extschema@._uuid_bucket_children(parent) c
              WHERE c.relkind = 'f' ORDER BY c.bucket LOOP
        -- %1$I.%2$I the foreign partition (%3$L as text).
        v_readonly := v_readonly || pg_catalog.format(
$sql$    IF EXISTS (SELECT FROM pg_catalog.pg_foreign_table f, pg_catalog.unnest(f.ftoptions) o
                WHERE f.ftrelid = %3$L::pg_catalog.regclass AND o LIKE 'updatable=%%') THEN
        ALTER FOREIGN TABLE %1$I.%2$I OPTIONS (SET updatable 'false');
    ELSE
        ALTER FOREIGN TABLE %1$I.%2$I OPTIONS (ADD updatable 'false');
    END IF;
$sql$,
            r.schema_name, r.table_name, pg_catalog.format('%I.%I', r.schema_name, r.table_name));
    END LOOP;

    -- %1$I.%2$I the parent (%3$L as text), %4$s the check of its bucket count
    -- (_uuid_bucket_grow_pending), %5$s that count; %1$I.%6$I the name for the old parent (%7$L
    -- as text; %8$L and %9$L its schema and name for the message); %1$I.%10$I the new parent
    -- (%11$L as text), %12$I the key column, %13$s the new bucket count, %14$s uuid_bucket,
    -- %15$I the owner, %16$s the check of the new parent (_uuid_bucket_grow_is_new_parent);
    -- %17$s the partitions' statements, %18$s the foreign partitions' (both above).
    RETURN @extschema@._uuid_emit_do(pg_catalog.format(
$sql$  IF %4$s(%3$L::pg_catalog.regclass, %5$s) THEN
    IF pg_catalog.to_regclass(%7$L::pg_catalog.text) IS NOT NULL THEN
        RAISE EXCEPTION 'relation %%.%% already exists; the script needs the name for the old parent of %%', %8$L, %9$L, %3$L
            USING ERRCODE = 'duplicate_table', HINT = 'Drop or rename it, then run the script again.';
    END IF;
    IF pg_catalog.to_regclass(%11$L::pg_catalog.text) IS NULL THEN
        CREATE TABLE %1$I.%10$I (LIKE %1$I.%2$I INCLUDING ALL) PARTITION BY LIST (%14$s(%12$I, %13$s));
        ALTER TABLE %1$I.%10$I OWNER TO %15$I;
    ELSIF NOT %16$s(%11$L::pg_catalog.regclass, %3$L::pg_catalog.regclass, %13$s) THEN
        RAISE EXCEPTION 'relation %% already exists and is not the new parent this script builds for %%', %11$L, %3$L
            USING ERRCODE = 'duplicate_table', HINT = 'Drop or rename it, then run the script again.';
    END IF;
%17$s%18$s  END IF;
$sql$,
        v_nsp, v_rel, pg_catalog.format('%I.%I', v_nsp, v_rel), v_pending_fn, v_n,
        v_old, pg_catalog.format('%I.%I', v_nsp, v_old), pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_old),
        v_grow, pg_catalog.format('%I.%I', v_nsp, v_grow), v_col, new_buckets, v_fn,
        v_owner, v_parent_fn, v_partitions, v_readonly));
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_grow_setup(regclass, integer, name[]) IS
'internal to uuid_shard: step 1 of a grow script, the new parent and partitions';

-- Internal: step 2 of the grow script, one INSERT per new bucket k: the rows of parent whose
-- bucket becomes k that the new partition for k does not hold yet. Generated columns are left
-- out (they are computed again); identity columns keep their values.
CREATE FUNCTION @extschema@._uuid_bucket_grow_copy(parent regclass, new_buckets integer)
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_fn CONSTANT text := '@extschema@.uuid_bucket(uuid, integer)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_nsp name;
    v_rel name;
    v_col name;
    v_n integer;
    v_cols text;
    v_ocols text;
BEGIN
    SELECT k.schema_name, k.table_name, k.column_name, k.buckets INTO v_nsp, v_rel, v_col, v_n
      FROM @extschema@._uuid_bucket_key(parent) k;
    SELECT pg_catalog.string_agg(pg_catalog.format('%I', a.attname), ', ' ORDER BY a.attnum),
           pg_catalog.string_agg(pg_catalog.format('o.%I', a.attname), ', ' ORDER BY a.attnum)
      INTO v_cols, v_ocols
      FROM pg_catalog.pg_attribute a
     WHERE a.attrelid = parent AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '';
    FOR k IN v_n .. new_buckets - 1 LOOP
        -- %1$I.%2$I the new partition, %1$I.%3$I the parent, %4$s and %5$s the columns (the
        -- second as o.col), %6$s uuid_bucket, %7$I the key column, %8$s the new bucket count,
        -- %9$s the bucket.
        RETURN NEXT pg_catalog.format(
$sql$INSERT INTO %1$I.%2$I (%4$s) OVERRIDING SYSTEM VALUE SELECT %5$s FROM %1$I.%3$I o WHERE %6$s(o.%7$I, %8$s) = %9$s AND NOT EXISTS (SELECT FROM %1$I.%2$I x WHERE x.%7$I = o.%7$I)$sql$,
            v_nsp, @extschema@._uuid_v7_child_name(v_rel, '_b' || k), v_rel, v_cols, v_ocols, v_fn, v_col, new_buckets, k);
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_grow_copy(regclass, integer) IS
'internal to uuid_shard: step 2 of a grow script, the copy of the rows whose bucket changes';

-- Internal: step 3 of the grow script. With foreign old partitions, a DO statement that makes
-- them writable again (the step's transaction commits it with the rest); then, for each old
-- partition and each new bucket, a DELETE of exactly the rows the new partition holds; then one
-- DO statement that, while parent still has its n buckets, moves the old partitions under the
-- new parent, swaps the names, carries over the comment, the grants (the owner came with step
-- 1) and the views, and drops the old parent. Views are re-created from their definitions as
-- deparsed here, under the same pinned resolution the DO block runs with, so every name in them
-- binds to what it bound to before.
CREATE FUNCTION @extschema@._uuid_bucket_grow_swap(parent regclass, new_buckets integer)
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_fn CONSTANT text := '@extschema@.uuid_bucket(uuid, integer)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_pending_fn CONSTANT text := '@extschema@._uuid_bucket_grow_pending(regclass, integer)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_nsp name;
    v_rel name;
    v_col name;
    v_n integer;
    v_grow text;          -- the new parent, until the swap
    v_old text;           -- the old parent, from the swap to its drop
    v_comment text;
    v_writable text := '';
    v_moves text := '';
    v_carried text := '';
    r record;
BEGIN
    SELECT k.schema_name, k.table_name, k.column_name, k.buckets INTO v_nsp, v_rel, v_col, v_n
      FROM @extschema@._uuid_bucket_key(parent) k;
    v_grow := @extschema@._uuid_v7_child_name(v_rel, '_grow'::pg_catalog.text);
    v_old := @extschema@._uuid_v7_child_name(v_rel, '_grow_old'::pg_catalog.text);

    FOR r IN SELECT c.schema_name, c.table_name FROM @extschema@._uuid_bucket_children(parent) c
              WHERE c.relkind = 'f' ORDER BY c.bucket LOOP
        -- %1$I.%2$I the foreign partition (%3$L as text).
        v_writable := v_writable || pg_catalog.format(
$sql$    IF EXISTS (SELECT FROM pg_catalog.pg_foreign_table f, pg_catalog.unnest(f.ftoptions) o
                WHERE f.ftrelid = %3$L::pg_catalog.regclass AND o LIKE 'updatable=%%') THEN
        ALTER FOREIGN TABLE %1$I.%2$I OPTIONS (DROP updatable);
    END IF;
$sql$,
            r.schema_name, r.table_name, pg_catalog.format('%I.%I', r.schema_name, r.table_name));
    END LOOP;
    IF v_writable <> '' THEN
        RETURN NEXT @extschema@._uuid_emit_do(v_writable);
    END IF;

    FOR r IN SELECT c.schema_name, c.table_name, c.bucket FROM @extschema@._uuid_bucket_children(parent) c
              ORDER BY c.bucket LOOP
        FOR k IN v_n .. new_buckets - 1 LOOP
            -- %1$I.%2$I the old partition, %3$I.%4$I the new one, %5$s uuid_bucket, %6$I the
            -- key column, %7$s the new bucket count, %8$s the bucket.
            RETURN NEXT pg_catalog.format(
$sql$DELETE FROM %1$I.%2$I o WHERE %5$s(o.%6$I, %7$s) = %8$s AND EXISTS (SELECT FROM %3$I.%4$I x WHERE x.%6$I = o.%6$I)$sql$,
                r.schema_name, r.table_name, v_nsp, @extschema@._uuid_v7_child_name(v_rel, '_b' || k),
                v_fn, v_col, new_buckets, k);
        END LOOP;
        -- %1$I.%2$I the parent, %1$I.%3$I the new parent, %4$I.%5$I the old partition, %6$s its bucket.
        v_moves := v_moves || pg_catalog.format(
$sql$    ALTER TABLE %1$I.%2$I DETACH PARTITION %4$I.%5$I;
    ALTER TABLE %1$I.%3$I ATTACH PARTITION %4$I.%5$I FOR VALUES IN (%6$s);
$sql$,
            v_nsp, v_rel, v_grow, r.schema_name, r.table_name, r.bucket);
    END LOOP;

    -- Carried over (%1$I.%2$I the parent in each): the comment (%3$L), ...
    v_comment := pg_catalog.obj_description(parent::pg_catalog.oid, 'pg_class');
    IF v_comment IS NOT NULL THEN
        v_carried := pg_catalog.format(
$sql$    COMMENT ON TABLE %1$I.%2$I IS %3$L;
$sql$,
            v_nsp, v_rel, v_comment);
    END IF;
    -- ... the grants (%3$s the privilege, %4$I the grantee), ...
    FOR r IN
        SELECT a.grantee, g.rolname, a.privilege_type, a.is_grantable
          FROM pg_catalog.pg_class c CROSS JOIN LATERAL pg_catalog.aclexplode(c.relacl) a
          LEFT JOIN pg_catalog.pg_roles g ON g.oid = a.grantee
         WHERE c.oid = parent AND a.grantee <> c.relowner
         ORDER BY a.grantee, a.privilege_type
    LOOP
        v_carried := v_carried || pg_catalog.format(
            CASE WHEN r.grantee = 0 THEN
$sql$    GRANT %3$s ON %1$I.%2$I TO PUBLIC;
$sql$
                 WHEN r.is_grantable THEN
$sql$    GRANT %3$s ON %1$I.%2$I TO %4$I WITH GRANT OPTION;
$sql$
                 ELSE
$sql$    GRANT %3$s ON %1$I.%2$I TO %4$I;
$sql$
            END,
            v_nsp, v_rel, r.privilege_type, r.rolname);
    END LOOP;
    -- ... and the views reading it (%3$I.%4$I the view, %5$s its definition).
    FOR r IN
        SELECT DISTINCT n.nspname, c.relname,
               pg_catalog.rtrim(pg_catalog.pg_get_viewdef(rw.ev_class), E'; \n') AS def
          FROM pg_catalog.pg_depend dp JOIN pg_catalog.pg_rewrite rw ON rw.oid = dp.objid
          JOIN pg_catalog.pg_class c ON c.oid = rw.ev_class JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
         WHERE dp.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass AND dp.refobjid = parent AND rw.ev_class <> parent
           AND c.relkind = 'v'
    LOOP
        v_carried := v_carried || pg_catalog.format(
$sql$    CREATE OR REPLACE VIEW %3$I.%4$I AS %5$s;
$sql$,
            v_nsp, v_rel, r.nspname, r.relname, r.def);
    END LOOP;

    -- %1$I.%2$I the parent (%3$L as text), %4$s the check of its bucket count
    -- (_uuid_bucket_grow_pending), %5$s that count, %6$s the moves of the old partitions,
    -- %1$I.%7$I the new parent, %8$I the name for the old parent, %9$s what is carried over.
    RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(
$sql$  IF %4$s(%3$L::pg_catalog.regclass, %5$s) THEN
%6$s    ALTER TABLE %1$I.%2$I RENAME TO %8$I;
    ALTER TABLE %1$I.%7$I RENAME TO %2$I;
%9$s    DROP TABLE %1$I.%8$I;
  END IF;
$sql$,
        v_nsp, v_rel, pg_catalog.format('%I.%I', v_nsp, v_rel), v_pending_fn, v_n, v_moves,
        v_grow, v_old, v_carried));
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_grow_swap(regclass, integer) IS
'internal to uuid_shard: step 3 of a grow script, the delete, the swap and what is carried over';

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
-- This function checks the arguments and the names the script needs, and frames the steps
-- (_uuid_bucket_grow_setup, _copy, _swap) in transactions.
CREATE FUNCTION @extschema@.uuid_bucket_grow_ddl(parent regclass, new_buckets integer, new_servers text[] DEFAULT NULL)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    c_max_partitions CONSTANT integer := 10000;
    v_nsp name;
    v_rel name;
    v_n integer;
    v_p text;            -- the parent, quoted
    v_q_name text;       -- the new parent while it is built
    v_old_name text;     -- the old parent between the swap and its drop
    v_servers name[];
    v_foreign boolean;
    v_open text[];       -- the statements that open each transaction of the script
    v_name text;
    v_owner_oid oid;
    v_q_oid oid;
    v_statement text;
    r record;
BEGIN
    IF parent IS NULL OR new_buckets IS NULL THEN
        RAISE EXCEPTION '% must not be NULL', CASE WHEN parent IS NULL THEN 'parent' ELSE 'new_buckets' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT k.schema_name, k.table_name, k.buckets INTO v_nsp, v_rel, v_n
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
    SELECT c.relowner INTO v_owner_oid FROM pg_catalog.pg_class c WHERE c.oid = parent;

    v_p := pg_catalog.format('%I.%I', v_nsp, v_rel);
    v_q_name := @extschema@._uuid_v7_child_name(v_rel, '_grow'::pg_catalog.text);
    v_old_name := @extschema@._uuid_v7_child_name(v_rel, '_grow_old'::pg_catalog.text);
    -- A new parent left by an interrupted run of this script (same kind, owner and key) is
    -- reused; anything else under its name is a clash, reported now and checked again, by the
    -- same function, by the script itself when it runs.
    SELECT c.oid INTO v_q_oid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = v_nsp AND c.relname = v_q_name;
    IF (v_q_oid IS NULL AND @extschema@._uuid_name_taken(v_nsp, v_q_name))
       OR (v_q_oid IS NOT NULL
           AND NOT @extschema@._uuid_bucket_grow_is_new_parent(v_q_oid::pg_catalog.regclass, parent, new_buckets)) THEN
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
    END LOOP;

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

    -- Every transaction of the script starts the same way: resolution pinned (the runner's
    -- search_path cannot change what a statement calls), then the lock that holds off writes
    -- (%1$I.%2$I the parent).
    v_open := ARRAY['BEGIN', 'SET LOCAL search_path = pg_catalog, pg_temp',
                    pg_catalog.format($sql$LOCK TABLE %1$I.%2$I IN EXCLUSIVE MODE$sql$, v_nsp, v_rel)];

    -- Step 1: the new parent and the new partitions (catalog only), owned by the parent's
    -- owner; foreign old partitions refuse writes from here to the last step's commit.
    RETURN QUERY SELECT pg_catalog.unnest(v_open);
    RETURN NEXT @extschema@._uuid_bucket_grow_setup(parent, new_buckets, v_servers);
    -- Step 2: copy the rows whose bucket changes (only those the new partition lacks); with
    -- foreign partitions, each new partition in a transaction of its own.
    FOR v_statement IN SELECT s FROM @extschema@._uuid_bucket_grow_copy(parent, new_buckets) s LOOP
        IF v_foreign THEN
            RETURN NEXT 'COMMIT';
            RETURN QUERY SELECT pg_catalog.unnest(v_open);
        END IF;
        RETURN NEXT v_statement;
    END LOOP;
    -- Step 3: delete from the old partitions exactly what the new ones hold, move the old
    -- partitions under the new parent, swap the names, carry over what belongs to the parent
    -- and drop the old parent.
    IF v_foreign THEN
        RETURN NEXT 'COMMIT';
        RETURN QUERY SELECT pg_catalog.unnest(v_open);
    END IF;
    RETURN QUERY SELECT s FROM @extschema@._uuid_bucket_grow_swap(parent, new_buckets) s;
    RETURN NEXT 'COMMIT';
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_bucket_grow_ddl(regclass, integer, text[]) IS
'the script that grows a bucket-partitioned table to new_buckets partitions (local or on new postgres_fdw servers); runs nothing';
