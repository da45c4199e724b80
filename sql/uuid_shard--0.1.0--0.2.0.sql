-- uuid_shard 0.1.0 -> 0.2.0, written by hand (see sql/README.md).
-- Takes a 0.1.0 installation to exactly what CREATE EXTENSION uuid_shard VERSION '0.2.0' creates.
-- The frozen functions (layout, uuid_shard_key, uuid_bucket, uuid_v7_boundary, uuid_v7_time) are
-- not touched; every section below names the change it carries.
\echo Use "ALTER EXTENSION uuid_shard UPDATE TO '0.2.0'" to load this file. \quit

-- ==== Shared partition catalog reads (partition_common.sql): _uuid_partition_parent and
-- _uuid_partition_children, used by the time- and bucket-partition helpers;
-- _uuid_v7_partition_bounds now calls them (same results and errors as in 0.1.0).
CREATE FUNCTION @extschema@._uuid_partition_parent(parent regclass)
RETURNS TABLE(schema_name name, table_name name, strategy "char", key_natts smallint,
              key_attnum smallint, key_expr text)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_kind "char";
BEGIN
    SELECT c.relkind, n.nspname, c.relname INTO v_kind, schema_name, table_name
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE c.oid = parent;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'relation with OID % does not exist', parent::oid
            USING ERRCODE = 'undefined_table';
    END IF;
    IF v_kind <> 'p' THEN
        RAISE EXCEPTION '% is not a partitioned table', parent
            USING ERRCODE = 'wrong_object_type';
    END IF;
    SELECT p.partstrat, p.partnatts, p.partattrs[0], pg_catalog.pg_get_expr(p.partexprs, p.partrelid)
      INTO strategy, key_natts, key_attnum, key_expr
      FROM pg_catalog.pg_partitioned_table p WHERE p.partrelid = parent;
    RETURN NEXT;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_partition_parent(regclass) IS
'internal to uuid_shard: checks that a table is partitioned and reads its partition key';

-- Internal: the direct partitions of parent with their bound as SQL text ('DEFAULT' for the
-- default partition), their relkind ('r' table, 'f' foreign table, 'p' partitioned) and, for
-- foreign tables, their server. Unordered.
CREATE FUNCTION @extschema@._uuid_partition_children(parent regclass)
RETURNS TABLE(partition regclass, schema_name name, table_name name, relkind "char", bound text,
              server name)
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT c.oid::pg_catalog.regclass, n.nspname, c.relname, c.relkind,
           pg_catalog.pg_get_expr(c.relpartbound, c.oid), s.srvname
      FROM pg_catalog.pg_inherits i
      JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
      JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_catalog.pg_foreign_table f ON f.ftrelid = c.oid
      LEFT JOIN pg_catalog.pg_foreign_server s ON s.oid = f.ftserver
     WHERE i.inhparent = parent
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_partition_children(regclass) IS
'internal to uuid_shard: the direct partitions of a table with their bounds as text';

CREATE OR REPLACE FUNCTION @extschema@._uuid_v7_partition_bounds(parent regclass)
RETURNS TABLE(partition regclass, schema_name name, table_name name, is_default boolean,
              from_id uuid, to_id uuid)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_strat "char";
    v_natts smallint;
    v_attnum smallint;
    v_type oid;
    r record;
BEGIN
    -- Raises for a missing or unpartitioned parent (partition_common.sql).
    SELECT p.strategy, p.key_natts, p.key_attnum INTO v_strat, v_natts, v_attnum
      FROM @extschema@._uuid_partition_parent(parent) p;
    IF v_strat <> 'r' THEN
        RAISE EXCEPTION '% is partitioned by %, not by RANGE', parent,
            CASE v_strat WHEN 'l' THEN 'LIST' WHEN 'h' THEN 'HASH' ELSE v_strat::text END
            USING ERRCODE = 'wrong_object_type';
    END IF;
    IF v_natts = 1 AND v_attnum <> 0 THEN  -- attnum 0 is an expression key
        SELECT a.atttypid INTO v_type
          FROM pg_catalog.pg_attribute a WHERE a.attrelid = parent AND a.attnum = v_attnum;
    END IF;
    IF v_type IS DISTINCT FROM 'pg_catalog.uuid'::pg_catalog.regtype::oid THEN
        RAISE EXCEPTION '% is not partitioned by RANGE on exactly one uuid column', parent
            USING ERRCODE = 'wrong_object_type',
                  DETAIL = pg_catalog.format('Its partition key is %s.', pg_catalog.pg_get_partkeydef(parent));
    END IF;

    FOR r IN
        SELECT c.partition AS rel, c.schema_name AS nspname, c.table_name AS relname, c.bound AS expr,
               pg_catalog.regexp_match(c.bound,
                   '^FOR VALUES FROM \((MINVALUE|''[0-9a-f-]{36}'')\) TO \((MAXVALUE|''[0-9a-f-]{36}'')\)$') AS m
          FROM @extschema@._uuid_partition_children(parent) c
    LOOP
        partition := r.rel;
        schema_name := r.nspname;
        table_name := r.relname;
        is_default := r.expr = 'DEFAULT';
        from_id := NULL;
        to_id := NULL;
        IF NOT is_default THEN
            IF r.m IS NULL THEN
                RAISE EXCEPTION 'cannot read the bounds of partition % of %: %', r.rel, parent, r.expr
                    USING ERRCODE = 'internal_error';
            END IF;
            IF r.m[1] <> 'MINVALUE' THEN from_id := pg_catalog.btrim(r.m[1], '''')::uuid; END IF;
            IF r.m[2] <> 'MAXVALUE' THEN to_id := pg_catalog.btrim(r.m[2], '''')::uuid; END IF;
        END IF;
        RETURN NEXT;
    END LOOP;
END
$fn$;
