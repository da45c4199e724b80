-- uuid_shard 0.3.0 -> 0.4.0, written by hand (see sql/README.md).
-- Takes a 0.3.0 installation to exactly what CREATE EXTENSION uuid_shard VERSION '0.4.0' creates.
-- The frozen functions (layout, uuid_shard_key, uuid_bucket, uuid_v7_boundary, uuid_v7_time) are
-- not touched; every section below names the change it carries.
\echo Use "ALTER EXTENSION uuid_shard UPDATE TO '0.4.0'" to load this file. \quit

-- ==== Server minors with CVE-2023-39417 refused (src/sql/minor_check.sql): first, before
-- anything is changed.
DO $uuid_shard_minor_check$
DECLARE
    v_num CONSTANT integer := pg_catalog.current_setting('server_version_num')::pg_catalog.int4;
    v_fixed CONSTANT integer := CASE v_num OPERATOR(pg_catalog./) 10000
                                    WHEN 13 THEN 130012 WHEN 14 THEN 140009 WHEN 15 THEN 150004 ELSE 0 END;
BEGIN
    IF v_num OPERATOR(pg_catalog.<) v_fixed THEN
        RAISE EXCEPTION 'uuid_shard needs PostgreSQL 13.12, 14.9, 15.4 or a later minor release of its major, not %',
                pg_catalog.current_setting('server_version')
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'Older minor releases let a crafted schema name run SQL as the bootstrap superuser while a trusted extension is installed (CVE-2023-39417).',
                  HINT = 'Update PostgreSQL to the latest minor release of its major.';
    END IF;
END
$uuid_shard_minor_check$;

-- ==== A WARNING when roles other than its owner may create objects in the extension's schema
-- (src/sql/schema_check.sql), as CREATE EXTENSION gives it.
DO $uuid_shard_schema_check$
DECLARE
    v_roles text;
BEGIN
    SELECT pg_catalog.string_agg(CASE WHEN a.grantee OPERATOR(pg_catalog.=) 0 THEN 'PUBLIC'
                                      ELSE pg_catalog.quote_ident(r.rolname) END, ', ' ORDER BY r.rolname)
      INTO v_roles
      FROM pg_catalog.pg_namespace n CROSS JOIN LATERAL pg_catalog.aclexplode(n.nspacl) a
      LEFT JOIN pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) a.grantee
     WHERE n.nspname OPERATOR(pg_catalog.=) pg_catalog.current_schema()
       AND a.privilege_type OPERATOR(pg_catalog.=) 'CREATE'
       AND a.grantee OPERATOR(pg_catalog.<>) n.nspowner;
    IF v_roles IS NOT NULL THEN
        RAISE WARNING 'roles other than its owner may create objects in schema %, which holds uuid_shard: %',
                pg_catalog.quote_ident(pg_catalog.current_schema()), v_roles
            USING HINT = 'Install uuid_shard into a schema only its owner can create objects in (CREATE SCHEMA uuid_shard; CREATE EXTENSION uuid_shard SCHEMA uuid_shard), or REVOKE CREATE on this one; see docs/security.md.';
    END IF;
END
$uuid_shard_schema_check$;

-- ==== The grow emitter split by step, each statement a format() template: uuid_bucket_grow_ddl
-- (src/sql/bucket_grow.sql) checks and frames the steps _uuid_bucket_grow_setup, _copy and
-- _swap; the script checks what it finds by calls of _uuid_bucket_grow_pending,
-- _is_new_parent and _is_new_partition instead of conditions passed around as text.

CREATE FUNCTION @extschema@._uuid_bucket_grow_pending(parent regclass, buckets integer)
RETURNS boolean
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT k.buckets = _uuid_bucket_grow_pending.buckets FROM @extschema@._uuid_bucket_key(parent) k
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_grow_pending(regclass, integer) IS
'internal to uuid_shard: whether a table still has the bucket count a grow script starts from';


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


CREATE OR REPLACE FUNCTION @extschema@.uuid_bucket_grow_ddl(parent regclass, new_buckets integer, new_servers text[] DEFAULT NULL)
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

-- ==== The partition emitters write each statement as one format() template with positional
-- arguments (src/sql/partition.sql, src/sql/bucket_partition.sql); their output is unchanged.

CREATE FUNCTION @extschema@._uuid_v7_partition_ddl(
    parent regclass,
    from_time timestamptz,
    to_time timestamptz,
    step interval,
    time_zone text,
    with_default boolean,
    tail_modulus integer)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    c_max_partitions CONSTANT integer := 10000;
    c_day_anchor CONSTANT date := date '1970-01-05';  -- a Monday
    -- The first and last v7 times: constants, not calls (no lookup another role could divert).
    v_v7_min CONSTANT timestamptz := '1970-01-01 00:00:00+00'::pg_catalog.timestamptz;
    v_v7_max CONSTANT timestamptz := '10889-08-02 05:31:50.655+00'::pg_catalog.timestamptz;
    v_nsp name;
    v_rel name;
    v_e_rel regclass[];
    v_e_lo uuid[];
    v_e_hi uuid[];
    v_has_default boolean;
    v_months integer;
    v_days integer;
    v_secs numeric;
    v_unit text;
    v_suffix_fmt text;
    v_lo_local timestamp;
    v_hi_local timestamp;
    v_g timestamp;
    v_idx integer;
    v_count numeric;
    v_grid timestamp[];
    v_abs timestamptz[];
    v_n integer;
    v_j integer := 1;
    v_from uuid;
    v_to uuid;
    v_name text;
    -- Moving rows out of a non-empty default partition (see the end of the function).
    v_move boolean := false;
    v_def_nsp name;
    v_def_rel name;
    v_key name;
    v_cols text;
    v_overriding text;
    v_referencing regclass;
    -- Time x tail: the operator class (its schema and name, from the catalog) and the key column.
    v_ops_nsp name;
    v_ops name;
    v_tail_key name;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT n.nspname, c.relname INTO v_nsp, v_rel
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE c.oid = parent;
    -- Validates parent; existing range partitions sorted by lower bound (they never overlap).
    SELECT coalesce(array_agg(b.partition ORDER BY b.from_id NULLS FIRST) FILTER (WHERE NOT b.is_default), '{}'),
           coalesce(array_agg(b.from_id ORDER BY b.from_id NULLS FIRST) FILTER (WHERE NOT b.is_default), '{}'),
           coalesce(array_agg(b.to_id ORDER BY b.from_id NULLS FIRST) FILTER (WHERE NOT b.is_default), '{}'),
           coalesce(bool_or(b.is_default), false)
      INTO v_e_rel, v_e_lo, v_e_hi, v_has_default
      FROM @extschema@._uuid_v7_partition_bounds(parent) b;

    IF from_time IS NULL OR to_time IS NULL OR step IS NULL OR time_zone IS NULL OR with_default IS NULL THEN
        RAISE EXCEPTION '% must not be NULL',
            CASE WHEN from_time IS NULL THEN 'from_time' WHEN to_time IS NULL THEN 'to_time'
                 WHEN step IS NULL THEN 'step' WHEN time_zone IS NULL THEN 'time_zone'
                 ELSE 'with_default' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;

    IF step <= interval '0' THEN
        RAISE EXCEPTION 'step for partitions of % must be positive, not "%"', parent, step
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    v_months := extract(year FROM step)::integer * 12 + extract(month FROM step)::integer;
    v_days := extract(day FROM step)::integer;
    v_secs := extract(epoch FROM step - make_interval(months => v_months, days => v_days));
    IF v_months > 0 AND v_days = 0 AND v_secs = 0 AND (12 % v_months = 0 OR v_months % 12 = 0) THEN
        v_unit := 'month';
    ELSIF v_months = 0 AND v_days > 0 AND v_secs = 0 THEN
        v_unit := 'day';
    ELSIF v_months = 0 AND v_days = 0 AND v_secs > 0 AND v_secs < 86400
          AND v_secs % 60 = 0 AND 86400 % v_secs = 0 THEN
        v_unit := 'minute';
    ELSE
        RAISE EXCEPTION 'step "%" for partitions of % cannot be aligned', step, parent
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A step must be a number of months dividing 12 (1, 2, 3, 4 or 6 months), '
                           'a whole number of years, a whole number of days, '
                           'or a whole number of minutes dividing 24 hours.';
    END IF;
    v_suffix_fmt := CASE WHEN v_unit = 'minute' THEN 'YYYYMMDD_HH24MI' ELSE 'YYYYMMDD' END;

    IF from_time >= to_time THEN
        RAISE EXCEPTION 'from_time must be before to_time for partitions of %', parent
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('from_time is %s, to_time is %s.', from_time, to_time);
    END IF;
    IF NOT isfinite(from_time) OR NOT isfinite(to_time) OR from_time < v_v7_min OR to_time > v_v7_max THEN
        RAISE EXCEPTION 'partitions of % from % to % are out of range for UUID version 7', parent, from_time, to_time
            USING ERRCODE = 'datetime_field_overflow',
                  DETAIL = 'UUID version 7 times run from 1970-01-01 00:00:00 UTC to 10889-08-02 05:31:50.655 UTC.';
    END IF;

    IF tail_modulus IS NOT NULL THEN
        SELECT o.schema_name, o.opclass_name INTO v_ops_nsp, v_ops FROM @extschema@._uuid_tail_opclass() o;
        PERFORM @extschema@._uuid_tail_check_modulus(parent, tail_modulus);
        SELECT a.attname INTO v_tail_key
          FROM pg_catalog.pg_partitioned_table p
          JOIN pg_catalog.pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
         WHERE p.partrelid = parent;
    END IF;

    -- The first grid point at or before from_time, on the wall clock of time_zone.
    v_lo_local := from_time AT TIME ZONE time_zone;
    v_hi_local := to_time AT TIME ZONE time_zone;
    IF v_unit = 'month' THEN
        v_idx := extract(year FROM v_lo_local)::integer * 12 + extract(month FROM v_lo_local)::integer - 1;
        v_idx := v_idx - v_idx % v_months;
        v_g := make_timestamp(v_idx / 12, v_idx % 12 + 1, 1, 0, 0, 0);
        v_idx := extract(year FROM v_hi_local)::integer * 12 + extract(month FROM v_hi_local)::integer - 1
                 - (extract(year FROM v_g)::integer * 12 + extract(month FROM v_g)::integer - 1)
                 + CASE WHEN v_hi_local > date_trunc('month', v_hi_local) THEN 1 ELSE 0 END;
        v_count := ceil(v_idx::numeric / v_months);
    ELSIF v_unit = 'day' THEN
        v_idx := v_lo_local::date - c_day_anchor;
        v_g := (c_day_anchor + (v_idx - ((v_idx % v_days) + v_days) % v_days))::timestamp;
        v_idx := (v_hi_local::date - v_g::date)
                 + CASE WHEN v_hi_local > date_trunc('day', v_hi_local) THEN 1 ELSE 0 END;
        v_count := ceil(v_idx::numeric / v_days);
    ELSE
        v_g := date_trunc('day', v_lo_local)
               + make_interval(secs => (floor(extract(epoch FROM v_lo_local - date_trunc('day', v_lo_local)) / v_secs) * v_secs)::double precision);
        v_count := ceil(extract(epoch FROM v_hi_local - v_g) / v_secs);
    END IF;
    IF v_count > c_max_partitions THEN
        RAISE EXCEPTION 'partitions of % from % to % in steps of "%" would be % partitions, more than % at once',
                parent, from_time, to_time, step, v_count, c_max_partitions
            USING ERRCODE = 'program_limit_exceeded',
                  HINT = 'Use a longer step, or split the range over several calls.';
    END IF;

    -- A wall-clock time repeated by a DST change can map to its later instant: step back
    -- until the first partition really starts at or before from_time.
    WHILE (v_g AT TIME ZONE time_zone) > from_time LOOP
        v_g := v_g - step;
    END LOOP;
    v_n := 1;
    v_grid[1] := v_g;
    v_abs[1] := v_g AT TIME ZONE time_zone;
    WHILE v_abs[v_n] < to_time LOOP
        v_g := v_g + step;
        v_n := v_n + 1;
        v_grid[v_n] := v_g;
        v_abs[v_n] := v_g AT TIME ZONE time_zone;
    END LOOP;
    IF v_n - 1 > c_max_partitions THEN
        RAISE EXCEPTION 'partitions of % from % to % in steps of "%" would be % partitions, more than % at once',
                parent, from_time, to_time, step, v_n - 1, c_max_partitions
            USING ERRCODE = 'program_limit_exceeded',
                  HINT = 'Use a longer step, or split the range over several calls.';
    END IF;
    -- A wall-clock time skipped by a DST change maps past the gap, possibly beyond the next
    -- grid point: every boundary is clamped to the ones after it, which empties those slots.
    FOR i IN REVERSE v_n - 1 .. 1 LOOP
        IF v_abs[i] > v_abs[i + 1] THEN
            v_abs[i] := v_abs[i + 1];
        END IF;
    END LOOP;
    IF v_abs[1] < v_v7_min OR v_abs[v_n] > v_v7_max THEN
        RAISE EXCEPTION 'partitions of % from % to % are out of range for UUID version 7', parent, v_abs[1], v_abs[v_n]
            USING ERRCODE = 'datetime_field_overflow',
                  DETAIL = 'UUID version 7 times run from 1970-01-01 00:00:00 UTC to 10889-08-02 05:31:50.655 UTC; '
                           'aligned to the step, the partitions would reach past that.';
    END IF;

    -- A default partition that holds rows: CREATE TABLE ... PARTITION OF would fail as soon as
    -- one of them belongs to the new range ("updated partition constraint for default partition
    -- would be violated"), and a writer can route such a row there between this call and the
    -- CREATE. So while the default partition holds any row, every new partition is made by one
    -- DO statement that, under an ACCESS EXCLUSIVE lock on the parent, detaches the default
    -- partition, creates the partition, moves the default's rows of its range into it and
    -- attaches the default partition again. One statement is one transaction: readers see the
    -- rows either all in the default partition or all in the new one, writers wait for the lock
    -- and are then routed to the new partition, and a run stopped after any statement leaves
    -- only whole moves behind, so running the function again finishes the job.
    IF v_has_default THEN
        SELECT b.schema_name, b.table_name INTO v_def_nsp, v_def_rel
          FROM @extschema@._uuid_v7_partition_bounds(parent) b WHERE b.is_default;
        EXECUTE pg_catalog.format('SELECT EXISTS (SELECT FROM %I.%I)', v_def_nsp, v_def_rel) INTO v_move;
    END IF;
    IF v_move AND tail_modulus IS NOT NULL THEN
        RAISE EXCEPTION 'cannot add partitions split by tail to % while its default partition %.% holds rows',
                parent, quote_ident(v_def_nsp), quote_ident(v_def_rel)
            USING ERRCODE = 'feature_not_supported',
                  HINT = 'Move the default partition''s rows out first, or add these time partitions without tail partitions (uuid_v7_partition_ddl).';
    END IF;
    IF v_move THEN
        -- Deleting a referenced row would fire the foreign key's ON DELETE action.
        SELECT c.conrelid::regclass INTO v_referencing
          FROM pg_catalog.pg_constraint c WHERE c.contype = 'f' AND c.confrelid = parent LIMIT 1;
        IF FOUND THEN
            RAISE EXCEPTION 'cannot move rows out of the default partition %.% because % has a foreign key referencing %',
                    quote_ident(v_def_nsp), quote_ident(v_def_rel), v_referencing, parent
                USING ERRCODE = 'feature_not_supported',
                      DETAIL = 'Its rows are moved by DELETE and INSERT, which would fire the foreign key''s ON DELETE action.',
                      HINT = 'Move the rows by hand, or drop the foreign key while they are moved.';
        END IF;
        SELECT a.attname INTO v_key
          FROM pg_catalog.pg_partitioned_table p
          JOIN pg_catalog.pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
         WHERE p.partrelid = parent;
        -- Generated columns are computed again; identity columns keep their values.
        SELECT pg_catalog.string_agg(pg_catalog.format('%I', a.attname), ', ' ORDER BY a.attnum),
               CASE WHEN bool_or(a.attidentity <> '') THEN ' OVERRIDING SYSTEM VALUE' ELSE '' END
          INTO v_cols, v_overriding
          FROM pg_catalog.pg_attribute a
         WHERE a.attrelid = parent AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '';
    END IF;

    FOR i IN 1 .. v_n - 1 LOOP
        v_from := @extschema@.uuid_v7_boundary(v_abs[i]);
        v_to := @extschema@.uuid_v7_boundary(v_abs[i + 1]);
        CONTINUE WHEN v_from >= v_to;  -- a wall-clock slot that does not exist
        -- Existing partitions are disjoint and sorted: skip those ending at or before v_from;
        -- the next one is the only one that can cover [v_from, v_to).
        WHILE v_j <= cardinality(v_e_rel) AND v_e_hi[v_j] IS NOT NULL AND v_e_hi[v_j] <= v_from LOOP
            v_j := v_j + 1;
        END LOOP;
        v_name := @extschema@._uuid_v7_child_name(v_rel, '_p' || to_char(v_grid[i], v_suffix_fmt));
        IF v_j <= cardinality(v_e_rel) AND (v_e_lo[v_j] IS NULL OR v_e_lo[v_j] < v_to) THEN
            IF (v_e_lo[v_j] IS NULL OR v_e_lo[v_j] <= v_from) AND (v_e_hi[v_j] IS NULL OR v_e_hi[v_j] >= v_to) THEN
                -- Already covered; one partitioned by tail gets what it lacks of tail_modulus.
                IF tail_modulus IS NOT NULL AND @extschema@._uuid_tail_is_parent(v_e_rel[v_j]) THEN
                    RETURN QUERY SELECT d FROM @extschema@.uuid_tail_partition_ddl(v_e_rel[v_j], tail_modulus) d;
                END IF;
                CONTINUE;
            END IF;
            RAISE EXCEPTION 'existing partition % of % overlaps the new partition from % to % but does not match it',
                    v_e_rel[v_j], parent, v_abs[i], v_abs[i + 1]
                USING ERRCODE = 'invalid_object_definition',
                      DETAIL = pg_catalog.format('%s is FOR VALUES FROM (%s) TO (%s); the new partition %s would be FROM (%L) TO (%L).',
                          v_e_rel[v_j], coalesce(quote_literal(v_e_lo[v_j]), 'MINVALUE'),
                          coalesce(quote_literal(v_e_hi[v_j]), 'MAXVALUE'),
                          quote_ident(v_nsp) || '.' || quote_ident(v_name), v_from, v_to),
                      HINT = 'Drop or detach the overlapping partition, or choose a step and range that match it.';
        END IF;
        IF @extschema@._uuid_name_taken(v_nsp, v_name) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not a partition of % for FROM (%) TO (%)',
                    quote_ident(v_nsp), quote_ident(v_name), parent, quote_literal(v_from), quote_literal(v_to)
                USING ERRCODE = 'duplicate_table';
        END IF;
        -- A plain CREATE TABLE: should another role take the name between this call and the
        -- statement, it fails instead of skipping (IF NOT EXISTS would leave their table in
        -- place of the partition). Running this function again emits only what is missing.
        IF tail_modulus IS NOT NULL THEN
            -- As below, partitioned by %6$I with the operator class %7$I.%8$I.
            RETURN NEXT pg_catalog.format(
$sql$CREATE TABLE %1$I.%2$I PARTITION OF %1$I.%3$I FOR VALUES FROM (%4$L) TO (%5$L) PARTITION BY HASH (%6$I %7$I.%8$I)$sql$,
                v_nsp, v_name, v_rel, v_from, v_to, v_tail_key, v_ops_nsp, v_ops);
            RETURN QUERY SELECT d FROM @extschema@._uuid_tail_create_ddl(v_nsp, v_name::name, tail_modulus,
                                                                     ARRAY(SELECT pg_catalog.generate_series(0, tail_modulus - 1))) d;
            CONTINUE;
        END IF;
        IF NOT v_move THEN
            -- %1$I.%2$I the partition, %1$I.%3$I the parent, %4$L and %5$L its bounds (a bound
            -- takes the type of the partition key).
            RETURN NEXT pg_catalog.format(
$sql$CREATE TABLE %1$I.%2$I PARTITION OF %1$I.%3$I FOR VALUES FROM (%4$L) TO (%5$L)$sql$,
                v_nsp, v_name, v_rel, v_from, v_to);
            CONTINUE;
        END IF;
        -- %1$I.%2$I the parent, %3$I.%4$I its default partition, %1$I.%5$I the new partition,
        -- %6$L and %7$L its bounds, %8$I the key column, %9$s the columns, %10$s
        -- ' OVERRIDING SYSTEM VALUE' when some are identity columns.
        RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(
$sql$    LOCK TABLE ONLY %1$I.%2$I IN ACCESS EXCLUSIVE MODE;
    ALTER TABLE %1$I.%2$I DETACH PARTITION %3$I.%4$I;
    CREATE TABLE %1$I.%5$I PARTITION OF %1$I.%2$I FOR VALUES FROM (%6$L) TO (%7$L);
    WITH moved AS (DELETE FROM %3$I.%4$I WHERE %8$I OPERATOR(pg_catalog.>=) %6$L::pg_catalog.uuid
                     AND %8$I OPERATOR(pg_catalog.<) %7$L::pg_catalog.uuid RETURNING %9$s)
    INSERT INTO %1$I.%5$I (%9$s)%10$s SELECT %9$s FROM moved;
    ALTER TABLE %1$I.%2$I ATTACH PARTITION %3$I.%4$I DEFAULT;
$sql$,
            v_nsp, v_rel, v_def_nsp, v_def_rel, v_name, v_from, v_to, v_key, v_cols, v_overriding));
    END LOOP;

    IF with_default AND NOT v_has_default THEN
        v_name := @extschema@._uuid_v7_child_name(v_rel, '_default'::pg_catalog.text);
        IF @extschema@._uuid_name_taken(v_nsp, v_name) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not the default partition of %',
                    quote_ident(v_nsp), quote_ident(v_name), parent
                USING ERRCODE = 'duplicate_table';
        END IF;
        -- %1$I.%2$I the default partition, %1$I.%3$I the parent.
        RETURN NEXT pg_catalog.format($sql$CREATE TABLE %1$I.%2$I PARTITION OF %1$I.%3$I DEFAULT$sql$,
                                      v_nsp, v_name, v_rel);
    END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_v7_partition_ddl(regclass, timestamptz, timestamptz, interval, text, boolean, integer) IS
'internal to uuid_shard: the time partitions of uuid_v7_partition_ddl, split by tail when asked';

CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_partition_ddl(
    parent regclass,
    from_time timestamptz,
    to_time timestamptz,
    step interval DEFAULT '1 month',
    time_zone text DEFAULT 'UTC',
    with_default boolean DEFAULT false)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY SELECT d FROM @extschema@._uuid_v7_partition_ddl(parent, from_time, to_time, step, time_zone,
                                                                  with_default, NULL::integer) d;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_partition_ddl(regclass, timestamptz, timestamptz, interval, text, boolean) IS
'CREATE TABLE ... PARTITION OF statements covering [from_time, to_time) in steps aligned in time_zone; runs nothing';


CREATE OR REPLACE FUNCTION @extschema@.uuid_v7_retention_ddl(
    parent regclass,
    older_than timestamptz,
    action text DEFAULT 'detach')
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_v7_min CONSTANT timestamptz := '1970-01-01 00:00:00+00'::pg_catalog.timestamptz;
    v_v7_max CONSTANT timestamptz := '10889-08-02 05:31:50.655+00'::pg_catalog.timestamptz;
    v_nsp name;
    v_rel name;
    v_action text;
    v_cut uuid;
    v_default regclass;
    r record;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT n.nspname, c.relname INTO v_nsp, v_rel
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE c.oid = parent;
    -- Validates parent.
    SELECT b.partition INTO v_default
      FROM @extschema@._uuid_v7_partition_bounds(parent) b WHERE b.is_default;

    IF older_than IS NULL OR action IS NULL THEN
        RAISE EXCEPTION '% must not be NULL', CASE WHEN older_than IS NULL THEN 'older_than' ELSE 'action' END
            USING ERRCODE = 'null_value_not_allowed';
    END IF;
    v_action := lower(btrim(regexp_replace(action, '\s+', ' ', 'g')));
    IF v_action NOT IN ('detach', 'detach concurrently', 'drop') THEN
        RAISE EXCEPTION 'retention action for % must be ''detach'', ''detach concurrently'' or ''drop'', not %',
                parent, quote_literal(action)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF NOT isfinite(older_than) OR older_than < v_v7_min OR older_than > v_v7_max THEN
        RAISE EXCEPTION 'older_than % for partitions of % is out of range for UUID version 7', older_than, parent
            USING ERRCODE = 'datetime_field_overflow',
                  DETAIL = 'UUID version 7 times run from 1970-01-01 00:00:00 UTC to 10889-08-02 05:31:50.655 UTC.';
    END IF;
    IF v_action = 'detach concurrently' THEN
        IF current_setting('server_version_num')::integer < 140000 THEN
            RAISE EXCEPTION 'DETACH PARTITION ... CONCURRENTLY needs PostgreSQL 14 or later'
                USING ERRCODE = 'feature_not_supported';
        END IF;
        IF v_default IS NOT NULL THEN
            RAISE EXCEPTION 'cannot detach partitions of % concurrently because it has a default partition %', parent, v_default
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      HINT = 'Use the action ''detach'' or ''drop''.';
        END IF;
    END IF;

    v_cut := @extschema@.uuid_v7_boundary(older_than);
    FOR r IN
        SELECT b.schema_name, b.table_name
          FROM @extschema@._uuid_v7_partition_bounds(parent) b
         WHERE NOT b.is_default AND b.to_id IS NOT NULL AND b.to_id <= v_cut
         ORDER BY b.from_id NULLS FIRST
    LOOP
        -- %1$I.%2$I the parent, %3$I.%4$I the partition.
        RETURN NEXT pg_catalog.format(
            CASE WHEN v_action = 'detach concurrently'
                 THEN $sql$ALTER TABLE %1$I.%2$I DETACH PARTITION %3$I.%4$I CONCURRENTLY$sql$
                 ELSE $sql$ALTER TABLE %1$I.%2$I DETACH PARTITION %3$I.%4$I$sql$ END,
            v_nsp, v_rel, r.schema_name, r.table_name);
        IF v_action = 'drop' THEN
            RETURN NEXT pg_catalog.format($sql$DROP TABLE %1$I.%2$I$sql$, r.schema_name, r.table_name);
        END IF;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_retention_ddl(regclass, timestamptz, text) IS
'DETACH / DROP statements for the partitions holding only times before older_than; runs nothing';


CREATE OR REPLACE FUNCTION @extschema@.uuid_bucket_partition_ddl(parent regclass, servers text[] DEFAULT NULL)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    c_max_partitions CONSTANT integer := 10000;
    v_nsp name;
    v_rel name;
    v_n integer;
    v_servers name[];
    v_name text;
    e record;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT k.schema_name, k.table_name, k.buckets INTO v_nsp, v_rel, v_n
      FROM @extschema@._uuid_bucket_key(parent) k;
    IF v_n > c_max_partitions THEN
        RAISE EXCEPTION '% has % buckets, more than % partitions at once', parent, v_n, c_max_partitions
            USING ERRCODE = 'program_limit_exceeded';
    END IF;
    IF servers IS NOT NULL THEN
        SELECT pg_catalog.array_agg(s.server ORDER BY s.ord) INTO v_servers
          FROM @extschema@._uuid_bucket_servers(parent, servers, v_n, 'servers'::pg_catalog.text) s;
    END IF;

    FOR k IN 0 .. v_n - 1 LOOP
        SELECT * INTO e FROM @extschema@._uuid_bucket_children(parent) c WHERE c.bucket = k;
        IF FOUND THEN
            IF v_servers IS NOT NULL AND e.server IS DISTINCT FROM v_servers[k + 1] THEN
                RAISE EXCEPTION 'existing partition % of % for bucket % is not a foreign table on server %',
                        e.partition, parent, k, pg_catalog.quote_ident(v_servers[k + 1])
                    USING ERRCODE = 'invalid_object_definition',
                          DETAIL = CASE WHEN e.server IS NULL THEN 'It is a local table.'
                                        ELSE pg_catalog.format('It is on server %I.', e.server) END;
            END IF;
            CONTINUE;
        END IF;
        v_name := @extschema@._uuid_v7_child_name(v_rel, '_b' || k);
        IF @extschema@._uuid_name_taken(v_nsp, v_name) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not the partition of % for bucket %',
                    pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_name), parent, k
                USING ERRCODE = 'duplicate_table';
        END IF;
        -- Plain CREATE: a name another role takes before the statement runs makes it fail
        -- rather than be skipped (docs/security.md); running this function again emits what
        -- is still missing.
        -- %1$I.%2$I the partition, %1$I.%3$I the parent, %4$s the bucket; with servers, %5$I
        -- its server, where the table has the parent's schema and name (%1$L, %3$L).
        IF v_servers IS NULL THEN
            RETURN NEXT pg_catalog.format(
$sql$CREATE TABLE %1$I.%2$I PARTITION OF %1$I.%3$I FOR VALUES IN (%4$s)$sql$,
                v_nsp, v_name, v_rel, k);
        ELSE
            RETURN NEXT pg_catalog.format(
$sql$CREATE FOREIGN TABLE %1$I.%2$I PARTITION OF %1$I.%3$I FOR VALUES IN (%4$s) SERVER %5$I OPTIONS (schema_name %1$L, table_name %3$L)$sql$,
                v_nsp, v_name, v_rel, k, v_servers[k + 1]);
        END IF;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_bucket_partition_ddl(regclass, text[]) IS
'CREATE TABLE (or CREATE FOREIGN TABLE on servers) ... PARTITION OF statements for the missing buckets; runs nothing';

-- ==== Hash partitions routed by the random tail (src/shard.rs, src/sql/tail_hash.sql,
-- src/sql/tail_partition.sql): uuid_tail_remainder, the operator class uuid_tail_ops and its
-- support function, and the tail-partition helpers. uuid_v7_partition_ddl's body moves into
-- _uuid_v7_partition_ddl (src/sql/partition.sql, above), which uuid_v7_tail_partition_ddl
-- shares; its output is unchanged.

CREATE FUNCTION @extschema@.uuid_tail_remainder(id uuid, modulus integer)
RETURNS integer
LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE
AS 'MODULE_PATHNAME', 'uuid_tail_remainder_v1';

CREATE FUNCTION @extschema@.uuid_tail_hash_extended(id uuid, seed bigint)
RETURNS bigint
LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE
AS 'MODULE_PATHNAME', 'uuid_tail_hash_extended_v1';

CREATE OPERATOR CLASS @extschema@.uuid_tail_ops FOR TYPE uuid USING hash AS
    OPERATOR 1 pg_catalog.= (uuid, uuid),
    FUNCTION 2 @extschema@.uuid_tail_hash_extended(uuid, bigint);

COMMENT ON OPERATOR CLASS @extschema@.uuid_tail_ops USING hash IS
'hash partitions routed by the random tail: key k sits in the partition (m, uuid_tail_remainder(k, m))';

CREATE FUNCTION @extschema@._uuid_tail_opclass()
RETURNS TABLE(opclass oid, schema_name name, opclass_name name)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    SELECT c.oid, n.nspname, c.opcname INTO opclass, schema_name, opclass_name
      FROM pg_catalog.pg_opclass c
      JOIN pg_catalog.pg_namespace n ON n.oid = c.opcnamespace
      JOIN pg_catalog.pg_am am ON am.oid = c.opcmethod AND am.amname = 'hash'
      JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_opclass'::pg_catalog.regclass AND d.objid = c.oid
                                 AND d.deptype = 'e'
      JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_shard'
     WHERE c.opcname = 'uuid_tail_ops';
    IF NOT FOUND THEN
        RAISE EXCEPTION 'the operator class uuid_tail_ops is not installed'
            USING ERRCODE = 'undefined_object',
                  DETAIL = 'Tail-hash partitions need the native extension: creating an operator class takes a superuser, so the SQL edition has none.',
                  HINT = 'On a server without the native extension, partition by LIST (uuid_bucket(id, n)) or by core HASH (id) (docs/layouts.md).';
    END IF;
    RETURN NEXT;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_opclass() IS
'internal to uuid_shard: the operator class uuid_tail_ops of the extension';

CREATE FUNCTION @extschema@._uuid_tail_is_parent(rel regclass)
RETURNS boolean
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT EXISTS (
        SELECT FROM pg_catalog.pg_partitioned_table p
          JOIN pg_catalog.pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
          JOIN pg_catalog.pg_opclass c ON c.oid = p.partclass[0] AND c.opcname = 'uuid_tail_ops'
          JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_opclass'::pg_catalog.regclass AND d.objid = c.oid
                                     AND d.deptype = 'e'
          JOIN pg_catalog.pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_shard'
         WHERE p.partrelid = rel AND p.partstrat = 'h' AND p.partnatts = 1
           AND a.atttypid = 'pg_catalog.uuid'::pg_catalog.regtype)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_is_parent(regclass) IS
'internal to uuid_shard: whether a table is partitioned by HASH (uuid column uuid_tail_ops)';

CREATE FUNCTION @extschema@._uuid_tail_key(parent regclass)
RETURNS TABLE(schema_name name, table_name name, column_name name)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    SELECT p.schema_name, p.table_name INTO schema_name, table_name
      FROM @extschema@._uuid_partition_parent(parent) p;
    PERFORM FROM @extschema@._uuid_tail_opclass();
    IF NOT @extschema@._uuid_tail_is_parent(parent) THEN
        RAISE EXCEPTION '% is not partitioned by HASH (column uuid_tail_ops) on one of its uuid columns', parent
            USING ERRCODE = 'wrong_object_type',
                  DETAIL = pg_catalog.format('Its partition key is %s.', pg_catalog.pg_get_partkeydef(parent));
    END IF;
    SELECT a.attname INTO column_name
      FROM pg_catalog.pg_partitioned_table p
      JOIN pg_catalog.pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
     WHERE p.partrelid = parent;
    RETURN NEXT;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_key(regclass) IS
'internal to uuid_shard: the key column of a HASH (col uuid_tail_ops) partitioned table';

CREATE FUNCTION @extschema@._uuid_tail_check_modulus(parent regclass, modulus integer)
RETURNS void
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF modulus IS NULL THEN
        RAISE EXCEPTION 'modulus must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF modulus NOT BETWEEN 1 AND 10000 THEN
        RAISE EXCEPTION 'modulus for the tail partitions of % must be between 1 and 10000, got %', parent, modulus
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'A power of two (8, 16, 64, 256) keeps the partitions even and each split a halving.';
    END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_check_modulus(regclass, integer) IS
'internal to uuid_shard: checks the modulus asked for tail partitions';

CREATE FUNCTION @extschema@._uuid_tail_children(parent regclass)
RETURNS TABLE(partition regclass, schema_name name, table_name name, relkind "char", modulus integer,
              remainder integer)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    r record;
    m text[];
BEGIN
    PERFORM FROM @extschema@._uuid_tail_key(parent);
    FOR r IN SELECT * FROM @extschema@._uuid_partition_children(parent) c LOOP
        -- a hash parent has no default partition, and pg_get_expr spells every bound so
        m := pg_catalog.regexp_match(r.bound, '^FOR VALUES WITH \(modulus ([0-9]+), remainder ([0-9]+)\)$');
        partition := r.partition;
        schema_name := r.schema_name;
        table_name := r.table_name;
        relkind := r.relkind;
        modulus := m[1]::integer;
        remainder := m[2]::integer;
        RETURN NEXT;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_children(regclass) IS
'internal to uuid_shard: the partitions of a tail-hash table with their modulus and remainder';

CREATE FUNCTION @extschema@._uuid_tail_create_ddl(nsp name, rel name, modulus integer, remainders integer[])
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_name text;
    r integer;
BEGIN
    FOREACH r IN ARRAY remainders LOOP
        v_name := @extschema@._uuid_v7_child_name(rel, pg_catalog.format('_h%s_%s', modulus, r));
        IF @extschema@._uuid_name_taken(nsp, v_name) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not the partition of %.% for modulus %, remainder %',
                    pg_catalog.quote_ident(nsp), pg_catalog.quote_ident(v_name), pg_catalog.quote_ident(nsp),
                    pg_catalog.quote_ident(rel), modulus, r
                USING ERRCODE = 'duplicate_table';
        END IF;
        -- %1$I.%2$I the partition, %1$I.%3$I the parent, %4$s the modulus, %5$s the remainder.
        RETURN NEXT pg_catalog.format(
$sql$CREATE TABLE %1$I.%2$I PARTITION OF %1$I.%3$I FOR VALUES WITH (MODULUS %4$s, REMAINDER %5$s)$sql$,
            nsp, v_name, rel, modulus, r);
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_create_ddl(name, name, integer, integer[]) IS
'internal to uuid_shard: CREATE TABLE statements for tail partitions';

CREATE FUNCTION @extschema@.uuid_tail_partition_ddl(parent regclass, modulus integer)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_nsp name;
    v_rel name;
    v_m integer;  -- modulus, under a name no column of the queries below has
    v_moduli integer[];
    v_remainders integer[];
    v_missing integer[];
    v_finer record;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT k.schema_name, k.table_name INTO v_nsp, v_rel FROM @extschema@._uuid_tail_key(parent) k;
    PERFORM @extschema@._uuid_tail_check_modulus(parent, modulus);
    v_m := modulus;
    SELECT coalesce(pg_catalog.array_agg(c.modulus ORDER BY c.modulus, c.remainder), '{}'),
           coalesce(pg_catalog.array_agg(c.remainder ORDER BY c.modulus, c.remainder), '{}')
      INTO v_moduli, v_remainders
      FROM @extschema@._uuid_tail_children(parent) c;
    IF EXISTS (SELECT FROM pg_catalog.unnest(v_moduli) m WHERE v_m % m <> 0 AND m % v_m <> 0) THEN
        RAISE EXCEPTION 'modulus % does not fit the partitions of %', v_m, parent
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Its partitions have moduli %s; every modulus must divide the next larger one.',
                             (SELECT pg_catalog.string_agg(d.m::text, ', ' ORDER BY d.m)
                                FROM (SELECT DISTINCT m FROM pg_catalog.unnest(v_moduli) m) d));
    END IF;
    -- A partition of a larger modulus covers only part of a remainder of v_m.
    SELECT m, r INTO v_finer
      FROM ROWS FROM (pg_catalog.unnest(v_moduli), pg_catalog.unnest(v_remainders)) c(m, r)
     WHERE c.m > v_m
     ORDER BY c.r % v_m, c.m, c.r
     LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'remainder % of modulus % is already split: % covers modulus %, remainder %', v_finer.r % v_m, v_m,
                (SELECT c.partition FROM @extschema@._uuid_tail_children(parent) c WHERE c.modulus = v_finer.m AND c.remainder = v_finer.r),
                v_finer.m, v_finer.r
            USING ERRCODE = 'invalid_object_definition',
                  HINT = pg_catalog.format('Ask for modulus %s to add the partitions it lacks.', v_finer.m);
    END IF;
    -- The remainders that no partition of a modulus dividing v_m covers.
    SELECT coalesce(pg_catalog.array_agg(r ORDER BY r), '{}') INTO v_missing
      FROM pg_catalog.generate_series(0, v_m - 1) r
     WHERE NOT EXISTS (SELECT FROM ROWS FROM (pg_catalog.unnest(v_moduli), pg_catalog.unnest(v_remainders)) c(m, cr) WHERE r % c.m = c.cr);
    RETURN QUERY SELECT d FROM @extschema@._uuid_tail_create_ddl(v_nsp, v_rel, v_m, v_missing) d;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_tail_partition_ddl(regclass, integer) IS
'CREATE TABLE ... PARTITION OF ... FOR VALUES WITH (MODULUS, REMAINDER) statements for the remainders no partition covers; runs nothing';

CREATE FUNCTION @extschema@.uuid_v7_tail_partition_ddl(
    parent regclass,
    from_time timestamptz,
    to_time timestamptz,
    step interval DEFAULT '1 month',
    modulus integer DEFAULT 8,
    time_zone text DEFAULT 'UTC')
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF modulus IS NULL THEN
        RAISE EXCEPTION 'modulus must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    RETURN QUERY SELECT d FROM @extschema@._uuid_v7_partition_ddl(parent, from_time, to_time, step, time_zone,
                                                                  false, modulus) d;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_tail_partition_ddl(regclass, timestamptz, timestamptz, interval, integer, text) IS
'time partitions as uuid_v7_partition_ddl makes them, each split into modulus tail partitions; runs nothing';

CREATE FUNCTION @extschema@.uuid_tail_partitions(parent regclass, worker_count integer DEFAULT NULL)
RETURNS TABLE(partition regclass, modulus integer, remainder integer, rows bigint, workers integer[])
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    c record;
    v_gcd integer;
    v_b integer;
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF worker_count < 1 THEN
        RAISE EXCEPTION 'worker_count must be at least 1, got %', worker_count
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOR c IN SELECT * FROM @extschema@._uuid_tail_children(parent) t ORDER BY t.modulus, t.remainder LOOP
        partition := c.partition;
        modulus := c.modulus;
        remainder := c.remainder;
        EXECUTE pg_catalog.format($sql$SELECT pg_catalog.count(*) FROM %I.%I$sql$, c.schema_name, c.table_name) INTO rows;
        workers := NULL;
        IF worker_count IS NOT NULL THEN
            v_gcd := c.modulus;
            v_b := worker_count;
            WHILE v_b <> 0 LOOP
                SELECT v_b, v_gcd % v_b INTO v_gcd, v_b;
            END LOOP;
            SELECT pg_catalog.array_agg(w ORDER BY w) INTO workers
              FROM pg_catalog.generate_series(0, worker_count - 1) w
             WHERE w % v_gcd = c.remainder % v_gcd;
        END IF;
        RETURN NEXT;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_tail_partitions(regclass, integer) IS
'the partitions of a HASH (col uuid_tail_ops) partitioned table with modulus, remainder, rows and the workers whose keys each holds';

CREATE FUNCTION @extschema@._uuid_tail_split_lock(tables text[])
RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_timeout CONSTANT text := pg_catalog.current_setting('lock_timeout');
    v_deadline CONSTANT timestamptz := pg_catalog.clock_timestamp() + interval '1 minute';
    v_table text;
BEGIN
    LOOP
        BEGIN
            PERFORM pg_catalog.set_config('lock_timeout', '200ms', true);
            FOREACH v_table IN ARRAY tables LOOP
                -- one gone since the script was made is _uuid_tail_split_pending's to judge
                IF pg_catalog.to_regclass(v_table) IS NOT NULL THEN
                    EXECUTE pg_catalog.format('LOCK TABLE %s IN ACCESS EXCLUSIVE MODE', pg_catalog.to_regclass(v_table));
                END IF;
            END LOOP;
            PERFORM pg_catalog.set_config('lock_timeout', v_timeout, true);
            RETURN;
        EXCEPTION WHEN lock_not_available THEN
            IF pg_catalog.clock_timestamp() > v_deadline THEN
                RAISE EXCEPTION 'could not lock % for the split within a minute: other transactions kept them busy',
                        pg_catalog.array_to_string(tables, ', ')
                    USING ERRCODE = 'lock_not_available',
                          HINT = 'Nothing was changed. Run the script again when fewer transactions write these tables.';
            END IF;
            PERFORM pg_catalog.pg_sleep(0.05 + pg_catalog.random() * 0.2);
        END;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_split_lock(text[]) IS
'internal to uuid_shard: locks the tables of a split without waiting while holding some of them';

CREATE FUNCTION @extschema@._uuid_tail_split_pending(parent regclass, old_partition text, old_modulus integer,
                                                     old_remainder integer, low text, high text, foreign_keys text[])
RETURNS boolean
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_old regclass := pg_catalog.to_regclass(old_partition);
    v_low regclass := pg_catalog.to_regclass(low);
    v_high regclass := pg_catalog.to_regclass(high);
    v_fks text[];
BEGIN
    IF v_old IS NULL AND v_low IS NOT NULL AND v_high IS NOT NULL
       AND EXISTS (SELECT FROM @extschema@._uuid_tail_children(parent) c
                    WHERE c.partition = v_low AND c.modulus = 2 * old_modulus AND c.remainder = old_remainder)
       AND EXISTS (SELECT FROM @extschema@._uuid_tail_children(parent) c
                    WHERE c.partition = v_high AND c.modulus = 2 * old_modulus AND c.remainder = old_remainder + old_modulus) THEN
        RAISE NOTICE '% was split already into % and %', old_partition, v_low, v_high;
        RETURN false;
    END IF;
    IF v_old IS NULL OR NOT EXISTS (SELECT FROM @extschema@._uuid_tail_children(parent) c
                                     WHERE c.partition = v_old AND c.modulus = old_modulus AND c.remainder = old_remainder
                                       AND c.relkind = 'r') THEN
        RAISE EXCEPTION 'cannot split %: it is no longer the partition of % for modulus %, remainder %',
                old_partition, parent, old_modulus, old_remainder
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Nothing was changed. Make the script again with uuid_tail_split_ddl.';
    END IF;
    IF v_low IS NOT NULL OR v_high IS NOT NULL THEN
        RAISE EXCEPTION 'cannot split %: % already exists', old_partition, coalesce(v_low, v_high)
            USING ERRCODE = 'duplicate_table',
                  HINT = 'Nothing was changed.';
    END IF;
    SELECT coalesce(pg_catalog.array_agg(f.fk ORDER BY f.fk), '{}') INTO v_fks
      FROM @extschema@._uuid_tail_foreign_keys(parent) f;
    IF v_fks IS DISTINCT FROM foreign_keys THEN
        RAISE EXCEPTION 'cannot split %: the foreign keys referencing % changed since the script was made', old_partition, parent
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Nothing was changed. Make the script again with uuid_tail_split_ddl.';
    END IF;
    RETURN true;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_split_pending(regclass, text, integer, integer, text, text, text[]) IS
'internal to uuid_shard: whether a tail split is still to do, checked under its lock';

CREATE FUNCTION @extschema@._uuid_tail_foreign_keys(rel regclass)
RETURNS TABLE(constraint_oid oid, referencing regclass, name name, fk text, validated boolean)
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    WITH RECURSIVE ancestors(relid) AS (
        SELECT rel::pg_catalog.oid
        UNION
        SELECT i.inhparent FROM pg_catalog.pg_inherits i JOIN ancestors a ON i.inhrelid = a.relid)
    SELECT co.oid, co.conrelid::pg_catalog.regclass, co.conname,
           co.conrelid::pg_catalog.regclass::text || '.' || pg_catalog.quote_ident(co.conname), co.convalidated
      FROM pg_catalog.pg_constraint co
     WHERE co.contype = 'f' AND co.conparentid = 0 AND co.confrelid IN (SELECT relid FROM ancestors)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_foreign_keys(regclass) IS
'internal to uuid_shard: the foreign keys referencing a table or its ancestors';

CREATE FUNCTION @extschema@._uuid_tail_fk_unvalidated(rel regclass, name name)
RETURNS boolean
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT EXISTS (SELECT FROM pg_catalog.pg_constraint co
                    WHERE co.conrelid = rel AND co.conname = name AND co.contype = 'f' AND NOT co.convalidated)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_fk_unvalidated(regclass, name) IS
'internal to uuid_shard: whether a foreign key waits for VALIDATE';

CREATE FUNCTION @extschema@.uuid_tail_split_ddl(partition regclass)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_parent regclass;
    v_nsp name;
    v_rel name;
    v_old_nsp name;
    v_old_rel name;
    v_m integer;
    v_r integer;
    v_low text;
    v_high text;
    v_owner name;
    v_cols text;
    v_overriding text;
    v_fks text[];
    v_body text := '';
    v_own text;
    f record;
    v_part regclass;  -- partition, under a name no column of the queries below has
    v_locks text[];
BEGIN
    IF partition IS NULL THEN
        RAISE EXCEPTION 'partition must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    v_part := partition;
    SELECT i.inhparent::regclass INTO v_parent FROM pg_catalog.pg_inherits i WHERE i.inhrelid = v_part;
    IF NOT FOUND OR NOT @extschema@._uuid_tail_is_parent(v_parent) THEN
        PERFORM FROM @extschema@._uuid_tail_opclass();
        RAISE EXCEPTION '% is not a partition of a table partitioned by HASH (column uuid_tail_ops)', v_part
            USING ERRCODE = 'wrong_object_type';
    END IF;
    SELECT k.schema_name, k.table_name INTO v_nsp, v_rel FROM @extschema@._uuid_tail_key(v_parent) k;
    SELECT c.schema_name, c.table_name, c.modulus, c.remainder INTO v_old_nsp, v_old_rel, v_m, v_r
      FROM @extschema@._uuid_tail_children(v_parent) c WHERE c.partition = v_part AND c.relkind = 'r';
    IF NOT FOUND THEN
        RAISE EXCEPTION 'cannot split %: only a plain table partition can be split', v_part
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF v_m > 1073741823 THEN
        RAISE EXCEPTION 'cannot split %: modulus % cannot be doubled', v_part, v_m
            USING ERRCODE = 'program_limit_exceeded';
    END IF;
    -- What belongs to the partition alone would be lost with it: refuse, before anything runs.
    SELECT pg_catalog.string_agg(o, '; ') INTO v_own FROM (
        SELECT pg_catalog.format('index %s', ix.indexrelid::regclass) AS o
          FROM pg_catalog.pg_index ix
         WHERE ix.indrelid = v_part
           AND NOT EXISTS (SELECT FROM pg_catalog.pg_inherits i WHERE i.inhrelid = ix.indexrelid)
        UNION ALL
        SELECT pg_catalog.format('trigger %I', t.tgname) FROM pg_catalog.pg_trigger t
         WHERE t.tgrelid = v_part AND NOT t.tgisinternal AND t.tgparentid = 0
        UNION ALL
        SELECT pg_catalog.format('policy %I', po.polname) FROM pg_catalog.pg_policy po WHERE po.polrelid = v_part
        UNION ALL
        SELECT 'row level security' FROM pg_catalog.pg_class c WHERE c.oid = v_part AND c.relrowsecurity
        UNION ALL
        SELECT 'column privileges' FROM pg_catalog.pg_attribute a
         WHERE a.attrelid = v_part AND a.attacl IS NOT NULL LIMIT 1) s;
    IF v_own IS NOT NULL THEN
        RAISE EXCEPTION 'cannot split %: it has what its parent has not: %', v_part, v_own
            USING ERRCODE = 'feature_not_supported',
                  HINT = pg_catalog.format('Define them on %s, which gives them to every partition, or drop them.', v_parent);
    END IF;

    v_low := @extschema@._uuid_v7_child_name(v_rel, pg_catalog.format('_h%s_%s', 2 * v_m, v_r));
    v_high := @extschema@._uuid_v7_child_name(v_rel, pg_catalog.format('_h%s_%s', 2 * v_m, v_r + v_m));
    IF @extschema@._uuid_name_taken(v_nsp, v_low) OR @extschema@._uuid_name_taken(v_nsp, v_high) THEN
        RAISE EXCEPTION 'cannot split %: relation or type %.% or %.% already exists', v_part,
                pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_low), pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_high)
            USING ERRCODE = 'duplicate_table';
    END IF;
    SELECT r.rolname INTO v_owner FROM pg_catalog.pg_class c JOIN pg_catalog.pg_roles r ON r.oid = c.relowner
     WHERE c.oid = v_part;
    -- Generated columns are computed again; identity columns keep their values.
    SELECT pg_catalog.string_agg(pg_catalog.format('%I', a.attname), ', ' ORDER BY a.attnum),
           CASE WHEN bool_or(a.attidentity <> '') THEN ' OVERRIDING SYSTEM VALUE' ELSE '' END
      INTO v_cols, v_overriding
      FROM pg_catalog.pg_attribute a
     WHERE a.attrelid = v_parent AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '';
    SELECT coalesce(pg_catalog.array_agg(k.fk ORDER BY k.fk), '{}') INTO v_fks
      FROM @extschema@._uuid_tail_foreign_keys(v_parent) k;
    -- What the split locks: the tables whose foreign keys it drops and adds again, the tables
    -- they reference (dropping a foreign key drops its triggers there), the parent (DETACH) and
    -- the partition; each once, in that order.
    SELECT pg_catalog.array_agg(l.t ORDER BY l.o, l.t) INTO v_locks
      FROM (SELECT DISTINCT ON (x.t) x.t, x.o
              FROM (SELECT k.referencing::text AS t, 1 AS o FROM @extschema@._uuid_tail_foreign_keys(v_parent) k
                    UNION ALL
                    SELECT co.confrelid::regclass::text, 2
                      FROM @extschema@._uuid_tail_foreign_keys(v_parent) k
                      JOIN pg_catalog.pg_constraint co ON co.oid = k.constraint_oid
                    UNION ALL SELECT v_parent::text, 3
                    UNION ALL SELECT v_part::text, 4) x
             ORDER BY x.t, x.o) l;

    FOR f IN SELECT * FROM @extschema@._uuid_tail_foreign_keys(v_parent) k ORDER BY k.fk LOOP
        -- %1$s the referencing table (regclass text, qualified and quoted), %2$I the foreign key.
        v_body := v_body || pg_catalog.format(
$sql$        ALTER TABLE %1$s DROP CONSTRAINT %2$I;
$sql$,
            f.referencing, f.name);
    END LOOP;
    -- %1$I.%2$I the parent, %3$I.%4$I the partition, %1$I.%5$I and %1$I.%6$I its halves,
    -- %7$s and %8$s their remainders, %9$s the doubled modulus, %10$I the partition's owner,
    -- %11$s the columns, %12$s ' OVERRIDING SYSTEM VALUE' when some are identity columns.
    v_body := v_body || pg_catalog.format(
$sql$        ALTER TABLE %1$I.%2$I DETACH PARTITION %3$I.%4$I;
        CREATE TABLE %1$I.%5$I PARTITION OF %1$I.%2$I FOR VALUES WITH (MODULUS %9$s, REMAINDER %7$s);
        CREATE TABLE %1$I.%6$I PARTITION OF %1$I.%2$I FOR VALUES WITH (MODULUS %9$s, REMAINDER %8$s);
        ALTER TABLE %1$I.%5$I OWNER TO %10$I;
        ALTER TABLE %1$I.%6$I OWNER TO %10$I;
$sql$,
        v_nsp, v_rel, v_old_nsp, v_old_rel, v_low, v_high, v_r, v_r + v_m, 2 * v_m, v_owner);
    FOR f IN
        SELECT a.privilege_type, a.is_grantable, r.rolname
          FROM pg_catalog.pg_class c, pg_catalog.aclexplode(c.relacl) a
          LEFT JOIN pg_catalog.pg_roles r ON r.oid = a.grantee
         WHERE c.oid = v_part AND a.grantee <> c.relowner
         ORDER BY r.rolname NULLS FIRST, a.privilege_type
    LOOP
        -- %1$I.%2$I and %1$I.%3$I the halves, %4$s the privilege, %5$I the grantee (PUBLIC
        -- when it has no role), %6$s ' WITH GRANT OPTION' when it may pass it on.
        v_body := v_body || pg_catalog.format(CASE WHEN f.rolname IS NULL THEN
$sql$        GRANT %4$s ON TABLE %1$I.%2$I, %1$I.%3$I TO PUBLIC%6$s;
$sql$ ELSE
$sql$        GRANT %4$s ON TABLE %1$I.%2$I, %1$I.%3$I TO %5$I%6$s;
$sql$ END,
            v_nsp, v_low, v_high, f.privilege_type, f.rolname,
            CASE WHEN f.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
    END LOOP;
    -- %1$I.%2$I the parent, %3$I.%4$I the partition, %5$s the columns, %6$s the override.
    v_body := v_body || pg_catalog.format(
$sql$        INSERT INTO %1$I.%2$I (%5$s)%6$s SELECT %5$s FROM %3$I.%4$I;
        DROP TABLE %3$I.%4$I;
$sql$,
        v_nsp, v_rel, v_old_nsp, v_old_rel, v_cols, v_overriding);
    FOR f IN SELECT * FROM @extschema@._uuid_tail_foreign_keys(v_parent) k ORDER BY k.fk LOOP
        -- %1$s the referencing table, %2$I the foreign key, %3$s its definition as
        -- pg_get_constraintdef deparsed it with search_path pinned (as the block runs), %4$s
        -- ' NOT VALID' for one that was validated (one that was not keeps NOT VALID in its
        -- definition); before PostgreSQL 18 a partitioned table takes no NOT VALID foreign
        -- key, so there it is checked at once.
        v_body := v_body || pg_catalog.format(
$sql$        ALTER TABLE %1$s ADD CONSTRAINT %2$I %3$s%4$s;
$sql$,
            f.referencing, f.name, pg_catalog.pg_get_constraintdef(f.constraint_oid),
            CASE WHEN f.validated AND (pg_catalog.current_setting('server_version_num')::integer >= 180000
                                       OR (SELECT c.relkind FROM pg_catalog.pg_class c WHERE c.oid = f.referencing) <> 'p')
                 THEN ' NOT VALID' ELSE '' END);
    END LOOP;
    -- %11$L the tables to lock, %3$L the parent's name, %4$L the partition's, %5$s and %6$s its
    -- modulus and remainder, %7$L and %8$L the halves' names, %9$L the foreign keys, %10$s what
    -- runs.
    RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(
$sql$    PERFORM @extschema@._uuid_tail_split_lock(%11$L::pg_catalog.text[]);
    IF @extschema@._uuid_tail_split_pending(%3$L::pg_catalog.regclass, %4$L::pg_catalog.text, %5$s, %6$s,
                                            %7$L::pg_catalog.text, %8$L::pg_catalog.text, %9$L::pg_catalog.text[]) THEN
%10$s    END IF;
$sql$,
        v_nsp, v_rel, pg_catalog.format('%I.%I', v_nsp, v_rel), pg_catalog.format('%I.%I', v_old_nsp, v_old_rel),
        v_m, v_r, pg_catalog.format('%I.%I', v_nsp, v_low), pg_catalog.format('%I.%I', v_nsp, v_high), v_fks, v_body,
        v_locks));
    FOR f IN SELECT * FROM @extschema@._uuid_tail_foreign_keys(v_parent) k WHERE k.validated ORDER BY k.fk LOOP
        -- %1$L the referencing table's name, %2$L the foreign key's, %1$s and %3$I the same as names.
        RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(
$sql$    IF @extschema@._uuid_tail_fk_unvalidated(%1$L::pg_catalog.regclass, %2$L::pg_catalog.name) THEN
        ALTER TABLE %1$s VALIDATE CONSTRAINT %3$I;
    END IF;
$sql$,
            f.referencing::text, f.name, f.name));
    END LOOP;
    SELECT pg_catalog.string_agg(l.t, ', ') INTO v_own
      FROM pg_catalog.unnest(v_locks) l(t) WHERE l.t NOT IN (v_parent::text, v_part::text);
    IF v_own IS NULL THEN
        RAISE NOTICE 'the split holds an ACCESS EXCLUSIVE lock on % until its first statement commits: reads and writes of % wait while the % of % are copied',
            v_parent, v_parent, pg_catalog.pg_size_pretty(pg_catalog.pg_table_size(v_part)), v_part;
    ELSE
        RAISE NOTICE 'the split holds an ACCESS EXCLUSIVE lock on % until its first statement commits: reads and writes of % wait while the % of % are copied',
            v_parent, v_parent, pg_catalog.pg_size_pretty(pg_catalog.pg_table_size(v_part)), v_part
            USING DETAIL = pg_catalog.format('For the foreign keys that reference it, it locks %s as well. Each foreign key is then validated in a statement of its own, while writes go on.', v_own);
    END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_tail_split_ddl(regclass) IS
'a script that splits the tail partition (m, r) into (2m, r) and (2m, r + m), keeping rows, indexes, grants and the foreign keys that reference the table; runs nothing';
