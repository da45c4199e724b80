-- Bucket-partition helpers (docs/buckets.md).
--
-- PARTITION BY LIST (uuid_bucket(id, n)) gives every worker (or every server) one partition:
-- WHERE uuid_bucket(id, n) = k prunes to partition k. These functions read the catalogs and
-- return text; they never run DDL. Like the time-partition helpers (partition.sql) each one is
-- SECURITY INVOKER, pins search_path to pg_catalog, pg_temp (relation names in messages come out
-- schema-qualified), calls the extension's own functions as @extschema@.name, quotes every
-- identifier it emits, and is STABLE PARALLEL SAFE (catalog reads only, no EXCEPTION block).
-- The grow emitter, which builds on these, is in bucket_grow.sql.
-- The ones taking optional arguments are not STRICT, so that a NULL is an error rather than an
-- empty script.

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
