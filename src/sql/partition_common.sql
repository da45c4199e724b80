-- Catalog reads shared by the time-partition helpers (partition.sql) and the bucket-partition
-- helpers (bucket_partition.sql, bucket_grow.sql): one place that checks a parent, lists its
-- partitions, names new partitions and tells whether a name is taken.
-- Same rules as the helpers themselves: SECURITY INVOKER, search_path pinned (so relation
-- names in messages come out schema-qualified), STABLE, PARALLEL SAFE, no EXCEPTION block.

-- Internal: checks that parent is a partitioned table and reads its partition key: strategy
-- ('r' RANGE, 'l' LIST, 'h' HASH), number of key columns, the first key column's attnum (0 for
-- an expression) and the key expressions as SQL text (NULL when the key has none).
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

-- What the emitters share about the scripts they return (both emitters, every release): a
-- script is run as it is by the table owner or a superuser, under whatever search_path that
-- session has, and every name in it is one another role may have chosen. So emitted text is
-- built from catalog facts only, each name quoted once by format('%I'/'%L'); a statement that
-- calls a function, an operator or re-parses deparsed text runs with name resolution pinned
-- to pg_catalog (as the emitter's own deparse ran), and calls our functions schema-qualified
-- with every argument cast to the parameter's type.

-- Internal: a DO statement that runs body (PL/pgSQL statements, each ending in ;) with
-- search_path pinned to pg_catalog, pg_temp for the rest of the runner's transaction, quoted
-- with a dollar tag that occurs nowhere in the block, so no text inside can end the quoting.
CREATE FUNCTION @extschema@._uuid_emit_do(body text)
RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_block CONSTANT text := E'BEGIN\n    SET LOCAL search_path = pg_catalog, pg_temp;\n' || body || E'END\n';
    v_tag text := '$uuid_shard$';
    v_n integer := 0;
BEGIN
    WHILE pg_catalog.strpos(v_block, v_tag) > 0 LOOP
        v_n := v_n + 1;
        v_tag := '$uuid_shard_' || v_n || '$';
    END LOOP;
    RETURN 'DO ' || v_tag || E'\n' || v_block || v_tag;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_emit_do(text) IS
'internal to uuid_shard: a DO statement with name resolution pinned and a dollar quote no text inside can end';

-- Internal: <base><suffix> within max_identifier_length bytes (63 unless PostgreSQL was built
-- otherwise). Only base is shortened, by whole characters, so a multibyte UTF-8 character is
-- never cut and the suffix -- the part that tells partitions apart -- is always kept.
CREATE FUNCTION @extschema@._uuid_v7_child_name(base name, suffix text)
RETURNS text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_room integer := pg_catalog.current_setting('max_identifier_length')::integer
                      - pg_catalog.octet_length(suffix);
    v_base text := base::text;
BEGIN
    WHILE pg_catalog.octet_length(v_base) > v_room LOOP
        v_base := pg_catalog.left(v_base, -1);
    END LOOP;
    RETURN v_base || suffix;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_v7_child_name(name, text) IS
'internal to uuid_shard: a partition name within the identifier length limit';

-- Internal: true when schema nsp holds a relation or type called name (a new table's name
-- would clash with either).
CREATE FUNCTION @extschema@._uuid_name_taken(nsp name, name text)
RETURNS boolean
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT EXISTS (SELECT FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = nsp AND c.relname = name)
        OR EXISTS (SELECT FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
                    WHERE n.nspname = nsp AND t.typname = name)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_name_taken(name, text) IS
'internal to uuid_shard: whether a relation or type of that name exists in the schema';
