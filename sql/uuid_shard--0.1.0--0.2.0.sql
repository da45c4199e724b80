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

-- ==== Bucket partitions (bucket_partition.sql): uuid_bucket_partition_ddl,
-- uuid_bucket_partitions, uuid_bucket_grow_ddl and their internal helpers.
-- Internal: checks that parent is PARTITION BY LIST (uuid_bucket(<uuid column>, <n>)) with a
-- constant n >= 1 and returns the column and n.
CREATE FUNCTION @extschema@._uuid_bucket_key(parent regclass)
RETURNS TABLE(schema_name name, table_name name, column_name name, buckets integer)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    -- How pg_get_expr spells our function under this search_path: schema-qualified, quoted.
    v_fn CONSTANT text := '@extschema@.uuid_bucket(uuid, integer)'::pg_catalog.regprocedure::pg_catalog.regproc::text;
    v_strat "char";
    v_natts smallint;
    v_attnum smallint;
    v_expr text;
    v_args text;
    v_n text;
BEGIN
    SELECT p.schema_name, p.table_name, p.strategy, p.key_natts, p.key_attnum, p.key_expr
      INTO schema_name, table_name, v_strat, v_natts, v_attnum, v_expr
      FROM @extschema@._uuid_partition_parent(parent) p;
    IF v_strat = 'l' AND v_natts = 1 AND v_attnum = 0 AND pg_catalog.left(v_expr, pg_catalog.length(v_fn) + 1) = v_fn || '('
       AND pg_catalog.right(v_expr, 1) = ')' THEN
        v_args := pg_catalog.substr(v_expr, pg_catalog.length(v_fn) + 2, pg_catalog.length(v_expr) - pg_catalog.length(v_fn) - 2);
        -- The first argument must be a plain uuid column, spelled as pg_get_expr spells it.
        SELECT a.attname, pg_catalog.substr(v_args, pg_catalog.length(pg_catalog.quote_ident(a.attname)) + 3)
          INTO column_name, v_n
          FROM pg_catalog.pg_attribute a
         WHERE a.attrelid = parent AND a.attnum > 0 AND NOT a.attisdropped
           AND a.atttypid = 'pg_catalog.uuid'::pg_catalog.regtype
           AND pg_catalog.left(v_args, pg_catalog.length(pg_catalog.quote_ident(a.attname)) + 2)
               = pg_catalog.quote_ident(a.attname) || ', ';
    END IF;
    IF column_name IS NULL THEN
        RAISE EXCEPTION '% is not partitioned by LIST (uuid_bucket(column, buckets)) on one of its uuid columns', parent
            USING ERRCODE = 'wrong_object_type',
                  DETAIL = pg_catalog.format('Its partition key is %s.', pg_catalog.pg_get_partkeydef(parent));
    END IF;
    IF v_n !~ '^[0-9]{1,10}$' OR v_n::bigint NOT BETWEEN 1 AND 2147483647 THEN
        RAISE EXCEPTION 'the number of buckets in the partition key of % must be a constant from 1 to 2147483647', parent
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('Its partition key is %s.', pg_catalog.pg_get_partkeydef(parent));
    END IF;
    buckets := v_n::integer;
    RETURN NEXT;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_key(regclass) IS
'internal to uuid_shard: the uuid column and bucket count of a LIST (uuid_bucket(col, n)) partitioned table';

-- Internal: the partitions of a bucket-partitioned parent, each FOR VALUES IN (k) with one
-- bucket k in 0 .. n-1; anything else (a default partition, several values) is an error
-- naming the partition.
CREATE FUNCTION @extschema@._uuid_bucket_children(parent regclass)
RETURNS TABLE(partition regclass, schema_name name, table_name name, relkind "char", bucket integer,
              buckets integer, server name)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_n integer;
    r record;
    m text[];
BEGIN
    SELECT k.buckets INTO v_n FROM @extschema@._uuid_bucket_key(parent) k;
    FOR r IN SELECT * FROM @extschema@._uuid_partition_children(parent) c LOOP
        m := pg_catalog.regexp_match(r.bound, '^FOR VALUES IN \(([0-9]{1,10})\)$');
        IF m IS NULL OR m[1]::bigint >= v_n THEN
            RAISE EXCEPTION 'partition % of % is not a bucket partition: %', r.partition, parent, r.bound
                USING ERRCODE = 'invalid_object_definition',
                      DETAIL = pg_catalog.format('The partitions of %s must each be FOR VALUES IN (k) for one bucket k from 0 to %s.',
                                                 parent, v_n - 1);
        END IF;
        partition := r.partition;
        schema_name := r.schema_name;
        table_name := r.table_name;
        relkind := r.relkind;
        bucket := m[1]::integer;
        buckets := v_n;
        server := r.server;
        RETURN NEXT;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_children(regclass) IS
'internal to uuid_shard: the bucket partitions of a table, validated';

-- Internal: checks a list of postgres_fdw servers given as argument arg_name, one per bucket
-- (expected of them), and returns them in order.
CREATE FUNCTION @extschema@._uuid_bucket_servers(parent regclass, servers text[], expected integer, arg_name text)
RETURNS TABLE(ord integer, server name)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_fdw name;
    v_dup text;
    r record;
BEGIN
    IF pg_catalog.array_ndims(servers) > 1 OR pg_catalog.cardinality(servers) <> expected THEN
        RAISE EXCEPTION '% for % must name exactly % servers, not %', arg_name, parent, expected,
                pg_catalog.cardinality(servers)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    FOR r IN SELECT s.name, s.ord::integer AS ord FROM pg_catalog.unnest(servers) WITH ORDINALITY s(name, ord) ORDER BY s.ord LOOP
        IF r.name IS NULL THEN
            RAISE EXCEPTION '% for % must not contain NULL', arg_name, parent
                USING ERRCODE = 'null_value_not_allowed';
        END IF;
        SELECT w.fdwname INTO v_fdw
          FROM pg_catalog.pg_foreign_server s JOIN pg_catalog.pg_foreign_data_wrapper w ON w.oid = s.srvfdw
         WHERE s.srvname = r.name;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'server % named in % for % does not exist', pg_catalog.quote_ident(r.name), arg_name, parent
                USING ERRCODE = 'undefined_object';
        END IF;
        IF v_fdw <> 'postgres_fdw' THEN
            RAISE EXCEPTION 'server % named in % for % is a % server, not a postgres_fdw one',
                    pg_catalog.quote_ident(r.name), arg_name, parent, pg_catalog.quote_ident(v_fdw)
                USING ERRCODE = 'wrong_object_type';
        END IF;
        ord := r.ord;
        server := r.name;
        RETURN NEXT;
    END LOOP;
    SELECT s INTO v_dup FROM pg_catalog.unnest(servers) s GROUP BY s HAVING pg_catalog.count(*) > 1 LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'server % is named twice in % for %', pg_catalog.quote_ident(v_dup), arg_name, parent
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Every bucket''s rows live in a table of the parent''s name on its own server.';
    END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_bucket_servers(regclass, text[], integer, text) IS
'internal to uuid_shard: checks the postgres_fdw servers given for bucket partitions';

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

-- One CREATE TABLE (or, with servers, CREATE FOREIGN TABLE ... SERVER servers[k+1]) per
-- missing bucket k in 0 .. n-1, named <parent>_b<k>. Existing bucket partitions are kept;
-- with servers, each must be a foreign table on its bucket's server.
CREATE FUNCTION @extschema@.uuid_bucket_partition_ddl(parent regclass, servers text[] DEFAULT NULL)
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
          FROM @extschema@._uuid_bucket_servers(parent, servers, v_n, 'servers') s;
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
        IF v_servers IS NULL THEN
            RETURN NEXT pg_catalog.format('CREATE TABLE IF NOT EXISTS %I.%I PARTITION OF %I.%I FOR VALUES IN (%s)',
                                          v_nsp, v_name, v_nsp, v_rel, k);
        ELSE
            RETURN NEXT pg_catalog.format('CREATE FOREIGN TABLE IF NOT EXISTS %I.%I PARTITION OF %I.%I FOR VALUES IN (%s) '
                                          'SERVER %I OPTIONS (schema_name %L, table_name %L)',
                                          v_nsp, v_name, v_nsp, v_rel, k, v_servers[k + 1], v_nsp, v_rel);
        END IF;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_bucket_partition_ddl(regclass, text[]) IS
'CREATE TABLE (or CREATE FOREIGN TABLE on servers) ... PARTITION OF statements for the missing buckets; runs nothing';

-- What is there: every partition with its bucket, the bucket count and, for a foreign table,
-- its server (NULL for local partitions), ordered by bucket.
CREATE FUNCTION @extschema@.uuid_bucket_partitions(parent regclass)
RETURNS TABLE(partition regclass, bucket integer, buckets integer, server text)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY
    SELECT c.partition, c.bucket, c.buckets, c.server::text
      FROM @extschema@._uuid_bucket_children(parent) c
     ORDER BY c.bucket;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_bucket_partitions(regclass) IS
'the partitions of a LIST (uuid_bucket(col, n)) partitioned table with their buckets and servers';

-- The script that takes parent from n to new_buckets bucket partitions (see docs/buckets.md,
-- "Growing"). Jump hashing moves a row only from its bucket b < n to a new bucket >= n, so the
-- script builds a new parent keyed on uuid_bucket(col, new_buckets) with the new partitions,
-- copies the rows whose bucket changes into them, deletes from the old partitions exactly the
-- rows the new ones hold, moves the old partitions under the new parent and swaps the names.
-- Every step is idempotent: stopped anywhere, the script is run again from the start.
--   * All old partitions local: one transaction.
--   * Some foreign: postgres_fdw commits each server at the coordinator's commit, one after
--     the other, so the copy and the delete are separate transactions, each writing to one
--     server at most apart from the last (see docs for what a failure leaves).
CREATE FUNCTION @extschema@.uuid_bucket_grow_ddl(parent regclass, new_buckets integer, new_servers text[] DEFAULT NULL)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    c_max_partitions CONSTANT integer := 10000;
    c_tag CONSTANT text := '$uuid_shard_grow$';
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
    v_new text[] := '{}';
    v_new_q text[] := '{}';
    v_setup text := '';
    v_swap text := '';
    v_ro_on text := '';
    v_ro_off text := '';
    v_name text;
    v_owner name;
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
          FROM @extschema@._uuid_bucket_servers(parent, new_servers, new_buckets - v_n, 'new_servers') s;
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

    v_p := pg_catalog.format('%I.%I', v_nsp, v_rel);
    v_q_name := @extschema@._uuid_v7_child_name(v_rel, '_grow');
    v_q := pg_catalog.format('%I.%I', v_nsp, v_q_name);
    v_old_name := @extschema@._uuid_v7_child_name(v_rel, '_grow_old');
    -- A new parent left by an interrupted run of this script is reused; anything else is a clash.
    SELECT c.oid INTO v_q_oid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = v_nsp AND c.relname = v_q_name;
    IF (v_q_oid IS NULL AND @extschema@._uuid_name_taken(v_nsp, v_q_name))
       OR (v_q_oid IS NOT NULL AND pg_catalog.pg_get_partkeydef(v_q_oid) IS DISTINCT FROM
           pg_catalog.format('LIST (%s(%I, %s))', v_fn, v_col, new_buckets)) THEN
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
               SELECT FROM @extschema@._uuid_partition_children(v_q_oid) c
                WHERE c.schema_name = v_nsp AND c.table_name = v_name AND c.bound = pg_catalog.format('FOR VALUES IN (%s)', k)) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not the new partition of % for bucket %',
                    pg_catalog.quote_ident(v_nsp), pg_catalog.quote_ident(v_name), parent, k
                USING ERRCODE = 'duplicate_table';
        END IF;
        v_new := v_new || v_name;
        v_new_q := v_new_q || pg_catalog.format('%I.%I', v_nsp, v_name);
    END LOOP;
    IF pg_catalog.strpos(v_nsp || v_rel || v_col || coalesce(pg_catalog.array_to_string(v_servers, ''), ''), c_tag) > 0 THEN
        RAISE EXCEPTION 'identifiers of % contain %, which the script uses as its quote', parent, c_tag
            USING ERRCODE = 'invalid_name';
    END IF;

    -- Columns copied by the move: all but generated ones (they are computed again).
    SELECT pg_catalog.string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum),
           pg_catalog.string_agg('o.' || pg_catalog.quote_ident(a.attname), ', ' ORDER BY a.attnum)
      INTO v_cols, v_ocols
      FROM pg_catalog.pg_attribute a
     WHERE a.attrelid = parent AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '';
    -- Each DO block acts only while parent still has n buckets, so a finished grow re-run does nothing.
    v_pending := pg_catalog.format('(SELECT k.buckets FROM %s(%L) k) = %s', v_key_fn, v_p, v_n);

    -- The header: the lock, and what the script does not carry over.
    RETURN NEXT pg_catalog.format(
        '-- grows %s from %s to %s bucket partitions; %s LOCK TABLE %s IN EXCLUSIVE MODE, so writes to it wait (reads go on)%s',
        v_p, v_n, new_buckets,
        CASE WHEN v_foreign THEN 'each of its transactions takes' ELSE 'one transaction that takes' END, v_p,
        CASE WHEN v_foreign THEN ', and between them its foreign partitions are updatable ''false'', so writes fail; '
                                 'stopped anywhere, run it again from the start'
             ELSE '; stopped anywhere, run it again from the start' END);
    FOR r IN
        SELECT pg_catalog.format('-- attention: materialized view %s reads %s: drop it before and create it again after',
                                 d.ev_class::regclass, parent) AS line
          FROM (SELECT DISTINCT rw.ev_class FROM pg_catalog.pg_depend dp JOIN pg_catalog.pg_rewrite rw ON rw.oid = dp.objid
                 WHERE dp.classid = 'pg_catalog.pg_rewrite'::regclass AND dp.refobjid = parent AND rw.ev_class <> parent) d
          JOIN pg_catalog.pg_class c ON c.oid = d.ev_class WHERE c.relkind = 'm'
        UNION ALL
        SELECT pg_catalog.format('-- attention: view %s has options %s; they are not carried to the new parent''s view',
                                 c.oid::regclass, c.reloptions)
          FROM (SELECT DISTINCT rw.ev_class FROM pg_catalog.pg_depend dp JOIN pg_catalog.pg_rewrite rw ON rw.oid = dp.objid
                 WHERE dp.classid = 'pg_catalog.pg_rewrite'::regclass AND dp.refobjid = parent AND rw.ev_class <> parent) d
          JOIN pg_catalog.pg_class c ON c.oid = d.ev_class WHERE c.relkind = 'v' AND c.reloptions IS NOT NULL
        UNION ALL
        SELECT pg_catalog.format('-- attention: %s %s of %s is not carried over', CASE WHEN co.conrelid = parent
                   THEN 'foreign key' ELSE 'foreign key ' || co.conrelid::regclass::text || ' references' END, co.conname, parent)
          FROM pg_catalog.pg_constraint co WHERE co.contype = 'f' AND (co.conrelid = parent OR co.confrelid = parent)
        UNION ALL
        SELECT pg_catalog.format('-- attention: trigger %I on %s is not carried over', t.tgname, parent)
          FROM pg_catalog.pg_trigger t WHERE t.tgrelid = parent AND NOT t.tgisinternal
        UNION ALL
        SELECT pg_catalog.format('-- attention: policy %I on %s is not carried over', po.polname, parent)
          FROM pg_catalog.pg_policy po WHERE po.polrelid = parent
        UNION ALL
        SELECT pg_catalog.format('-- attention: row level security of %s is not carried over', parent)
          FROM pg_catalog.pg_class c WHERE c.oid = parent AND c.relrowsecurity
        UNION ALL
        SELECT pg_catalog.format('-- attention: %s is in publication %I; add the new parent', parent, pb.pubname)
          FROM pg_catalog.pg_publication_rel pr JOIN pg_catalog.pg_publication pb ON pb.oid = pr.prpubid WHERE pr.prrelid = parent
        UNION ALL
        SELECT pg_catalog.format('-- attention: identity column %I of %s restarts on the new parent: set its sequence (ALTER TABLE ... ALTER COLUMN ... RESTART)',
                                 a.attname, parent)
          FROM pg_catalog.pg_attribute a WHERE a.attrelid = parent AND a.attidentity <> '' AND NOT a.attisdropped
        UNION ALL
        SELECT pg_catalog.format('-- attention: column privileges on %s.%I are not carried over', parent, a.attname)
          FROM pg_catalog.pg_attribute a WHERE a.attrelid = parent AND a.attacl IS NOT NULL AND NOT a.attisdropped
        UNION ALL
        SELECT pg_catalog.format('-- attention: %s depends on %s; it stops the drop of the old parent',
                                 pg_catalog.pg_describe_object(dp.classid, dp.objid, 0), parent)
          FROM pg_catalog.pg_depend dp
         WHERE dp.refclassid = 'pg_catalog.pg_class'::regclass AND dp.refobjid = parent AND dp.deptype = 'n'
           AND dp.classid NOT IN ('pg_catalog.pg_rewrite'::regclass, 'pg_catalog.pg_constraint'::regclass,
                                  'pg_catalog.pg_trigger'::regclass, 'pg_catalog.pg_policy'::regclass,
                                  'pg_catalog.pg_publication_rel'::regclass, 'pg_catalog.pg_class'::regclass,
                                  'pg_catalog.pg_attrdef'::regclass, 'pg_catalog.pg_statistic_ext'::regclass)
        UNION ALL
        SELECT '-- the new parent''s indexes are copied by CREATE TABLE ... (LIKE ... INCLUDING ALL) and take generated names'
         WHERE EXISTS (SELECT FROM pg_catalog.pg_index i WHERE i.indrelid = parent)
    LOOP
        RETURN NEXT r.line;
    END LOOP;

    -- Step 1: the new parent and the new partitions (catalog only); foreign old partitions
    -- refuse writes from here to the last step's commit.
    v_setup := pg_catalog.format(E'    CREATE TABLE IF NOT EXISTS %s (LIKE %s INCLUDING ALL) PARTITION BY LIST (%s(%I, %s));\n',
                                 v_q, v_p, v_fn, v_col, new_buckets);
    FOR i IN 1 .. pg_catalog.cardinality(v_new) LOOP
        IF v_servers IS NULL THEN
            -- LIKE a current partition: its own indexes (a primary key per partition) come along.
            v_setup := v_setup || pg_catalog.format(
                E'    IF pg_catalog.to_regclass(%L) IS NULL THEN\n'
                 || E'        CREATE TABLE %s (LIKE %s INCLUDING ALL);\n'
                 || E'        ALTER TABLE %s ATTACH PARTITION %s FOR VALUES IN (%s);\n'
                 || E'    END IF;\n', v_new_q[i], v_new_q[i], v_first, v_q, v_new_q[i], v_n + i - 1);
        ELSE
            v_setup := v_setup || pg_catalog.format(
                E'    CREATE FOREIGN TABLE IF NOT EXISTS %s PARTITION OF %s FOR VALUES IN (%s) SERVER %I OPTIONS (schema_name %L, table_name %L);\n',
                v_new_q[i], v_q, v_n + i - 1, v_servers[i], v_nsp, v_rel);
        END IF;
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

    RETURN NEXT 'BEGIN';
    RETURN NEXT pg_catalog.format('LOCK TABLE %s IN EXCLUSIVE MODE', v_p);
    RETURN NEXT pg_catalog.format(E'DO %s\nBEGIN\n  IF %s THEN\n%s%s  END IF;\nEND\n%s',
                                  c_tag, v_pending, v_setup, v_ro_on, c_tag);

    -- Step 2: copy the rows whose bucket changes (only those the new partition lacks).
    FOR i IN 1 .. pg_catalog.cardinality(v_new) LOOP
        IF v_foreign THEN
            RETURN NEXT 'COMMIT';
            RETURN NEXT 'BEGIN';
            RETURN NEXT pg_catalog.format('LOCK TABLE %s IN EXCLUSIVE MODE', v_p);
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
        RETURN NEXT 'BEGIN';
        RETURN NEXT pg_catalog.format('LOCK TABLE %s IN EXCLUSIVE MODE', v_p);
        RETURN NEXT pg_catalog.format(E'DO %s\nBEGIN\n%sEND\n%s', c_tag, v_ro_off, c_tag);
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
    -- Carried over: owner, comment, grants, and views (re-created on the new parent).
    SELECT c.relowner::regrole::name, pg_catalog.obj_description(c.oid, 'pg_class') INTO v_owner, v_comment
      FROM pg_catalog.pg_class c WHERE c.oid = parent;
    v_swap := v_swap || pg_catalog.format(E'    ALTER TABLE %s OWNER TO %I;\n', v_p, v_owner);
    IF v_comment IS NOT NULL THEN
        v_swap := v_swap || pg_catalog.format(E'    COMMENT ON TABLE %s IS %L;\n', v_p, v_comment);
    END IF;
    FOR r IN
        SELECT a.grantee, a.privilege_type, a.is_grantable
          FROM pg_catalog.pg_class c, pg_catalog.aclexplode(c.relacl) a
         WHERE c.oid = parent AND a.grantee <> c.relowner
         ORDER BY a.grantee, a.privilege_type
    LOOP
        v_swap := v_swap || pg_catalog.format(E'    GRANT %s ON %s TO %s%s;\n', r.privilege_type, v_p,
            CASE WHEN r.grantee = 0 THEN 'PUBLIC' ELSE pg_catalog.quote_ident(r.grantee::regrole::name) END,
            CASE WHEN r.is_grantable THEN ' WITH GRANT OPTION' ELSE '' END);
    END LOOP;
    FOR r IN
        SELECT DISTINCT rw.ev_class AS view, n.nspname, c.relname,
               pg_catalog.rtrim(pg_catalog.pg_get_viewdef(rw.ev_class), E'; \n') AS def
          FROM pg_catalog.pg_depend dp JOIN pg_catalog.pg_rewrite rw ON rw.oid = dp.objid
          JOIN pg_catalog.pg_class c ON c.oid = rw.ev_class JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
         WHERE dp.classid = 'pg_catalog.pg_rewrite'::regclass AND dp.refobjid = parent AND rw.ev_class <> parent
           AND c.relkind = 'v'
    LOOP
        IF pg_catalog.strpos(r.def, c_tag) > 0 THEN
            RAISE EXCEPTION 'the definition of view % contains %, which the script uses as its quote', r.view, c_tag
                USING ERRCODE = 'invalid_name';
        END IF;
        v_swap := v_swap || pg_catalog.format(E'    CREATE OR REPLACE VIEW %I.%I AS %s;\n', r.nspname, r.relname, r.def);
    END LOOP;
    v_swap := v_swap || pg_catalog.format(E'    DROP TABLE %I.%I;\n', v_nsp, v_old_name);
    RETURN NEXT pg_catalog.format(E'DO %s\nBEGIN\n  IF %s THEN\n%s  END IF;\nEND\n%s', c_tag, v_pending, v_swap, c_tag);
    RETURN NEXT 'COMMIT';
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_bucket_grow_ddl(regclass, integer, text[]) IS
'the script that grows a bucket-partitioned table to new_buckets partitions (local or on new postgres_fdw servers); runs nothing';

-- ==== pg_partman on every released 5.x and rows stranded in the default partition
-- (docs/partitions.md, "pg_partman" and "Rows in the default partition"):
-- uuid_v7_time(text), the time decoder the released pg_partman call with text, and
-- uuid_v7_partition_ddl moving rows out of a non-empty default partition (same signature,
-- new body, copied from src/partition.sql).
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
DECLARE
    c_max_partitions CONSTANT integer := 10000;
    c_day_anchor CONSTANT date := date '1970-01-05';  -- a Monday
    v_v7_min CONSTANT timestamptz := @extschema@.uuid_v7_time('00000000-0000-7000-8000-000000000000');
    v_v7_max CONSTANT timestamptz := @extschema@.uuid_v7_time('ffffffff-ffff-7fff-bfff-ffffffffffff');
    v_nsp_oid oid;
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
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT c.relnamespace, n.nspname, c.relname INTO v_nsp_oid, v_nsp, v_rel
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
        SELECT pg_catalog.string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum),
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
                CONTINUE;  -- already covered
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
        IF EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.relnamespace = v_nsp_oid AND c.relname = v_name)
           OR EXISTS (SELECT FROM pg_catalog.pg_type t WHERE t.typnamespace = v_nsp_oid AND t.typname = v_name) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not a partition of % for FROM (%) TO (%)',
                    quote_ident(v_nsp), quote_ident(v_name), parent, quote_literal(v_from), quote_literal(v_to)
                USING ERRCODE = 'duplicate_table';
        END IF;
        IF NOT v_move THEN
            RETURN NEXT pg_catalog.format('CREATE TABLE IF NOT EXISTS %I.%I PARTITION OF %I.%I FOR VALUES FROM (%L) TO (%L)',
                                          v_nsp, v_name, v_nsp, v_rel, v_from, v_to);
            CONTINUE;
        END IF;
        RETURN NEXT 'DO ' || quote_literal(pg_catalog.format(
            E'\nBEGIN\n'
            '    LOCK TABLE ONLY %1$I.%2$I IN ACCESS EXCLUSIVE MODE;\n'
            '    ALTER TABLE %1$I.%2$I DETACH PARTITION %3$I.%4$I;\n'
            '    CREATE TABLE %1$I.%5$I PARTITION OF %1$I.%2$I FOR VALUES FROM (%6$L) TO (%7$L);\n'
            '    WITH moved AS (DELETE FROM %3$I.%4$I WHERE %8$I >= %6$L AND %8$I < %7$L RETURNING %9$s)\n'
            '    INSERT INTO %1$I.%5$I (%9$s)%10$s SELECT %9$s FROM moved;\n'
            '    ALTER TABLE %1$I.%2$I ATTACH PARTITION %3$I.%4$I DEFAULT;\n'
            'END\n',
            v_nsp, v_rel, v_def_nsp, v_def_rel, v_name, v_from, v_to, v_key, v_cols, v_overriding));
    END LOOP;

    IF with_default AND NOT v_has_default THEN
        v_name := @extschema@._uuid_v7_child_name(v_rel, '_default');
        IF EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.relnamespace = v_nsp_oid AND c.relname = v_name)
           OR EXISTS (SELECT FROM pg_catalog.pg_type t WHERE t.typnamespace = v_nsp_oid AND t.typname = v_name) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not the default partition of %',
                    quote_ident(v_nsp), quote_ident(v_name), parent
                USING ERRCODE = 'duplicate_table';
        END IF;
        RETURN NEXT pg_catalog.format('CREATE TABLE IF NOT EXISTS %I.%I PARTITION OF %I.%I DEFAULT',
                                      v_nsp, v_name, v_nsp, v_rel);
    END IF;
END
$fn$;

CREATE FUNCTION @extschema@.uuid_v7_time(id text)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT @extschema@.uuid_v7_time(id::pg_catalog.uuid) $fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_time(text) IS
'uuid_v7_time of a uuid given as text: the time decoder pg_partman calls with a partition bound';
