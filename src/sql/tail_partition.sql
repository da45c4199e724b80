-- Tail-hash partition helpers (docs/layouts.md): tables PARTITION BY HASH (id uuid_tail_ops),
-- where key k sits in the partition (m, uuid_tail_remainder(k, m)), alone or under the time
-- partitions of uuid_v7_partition_ddl (time x tail). Same rules as the other helpers
-- (partition_common.sql): SECURITY INVOKER, search_path pinned, STABLE PARALLEL SAFE, catalog
-- facts only in what they emit, every name quoted once, nothing reused by its name alone.
-- Partitions are named <parent>_h<modulus>_<remainder>, so the two halves of a split never
-- take the name of the partition they replace.

-- Internal: the operator class uuid_tail_ops of this installation, found as a member of the
-- extension (not by its name alone). The SQL edition has none: creating an operator class
-- takes a superuser.
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

-- Internal: true when rel is a partitioned table PARTITION BY HASH (<one uuid column> uuid_tail_ops)
-- with the extension's operator class.
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

-- Internal: checks that parent is partitioned by tail and returns its key column.
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

-- Internal: a modulus for the partitions of parent: 1 .. 10000 partitions at once.
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

-- Internal: the partitions of a tail-hash parent with their modulus and remainder.
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

-- Internal: CREATE TABLE statements for the partitions (modulus, r) of nsp.rel, r in remainders,
-- named <rel>_h<modulus>_<r>.
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

-- One CREATE TABLE ... PARTITION OF ... FOR VALUES WITH (MODULUS modulus, REMAINDER r) per
-- remainder r that no partition covers yet. A partition of a modulus dividing modulus covers
-- its remainders already; one of a larger modulus covers only part of a remainder, which is an
-- error (ask for that modulus instead).
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

-- Time x tail: the time partitions of uuid_v7_partition_ddl (same alignment, names and
-- checks), each PARTITION BY HASH (key uuid_tail_ops) with modulus tail partitions of its own.
-- Retention stays by time (uuid_v7_retention_ddl), and each time partition takes inserts at
-- modulus right edges instead of one.
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

-- What is there: each partition with its modulus, remainder and rows (counted) and, given a
-- number of workers N, the workers whose keys it holds. Worker w takes the keys with
-- uuid_tail_remainder(id, N) = w; a partition (m, r) holds keys of the workers w with
-- w = r (mod gcd(m, N)): one worker when N divides m, so each worker reads whole partitions of
-- its own.
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

-- Internal, the split script's first statement: ACCESS EXCLUSIVE locks on tables, in their order,
-- taken so that the split never waits while holding some of them (_uuid_lock_tables, locks.sql).
-- Released split scripts call it by this name.
CREATE FUNCTION @extschema@._uuid_tail_split_lock(tables text[])
RETURNS void
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    PERFORM @extschema@._uuid_lock_tables(tables, 'the split');
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_tail_split_lock(text[]) IS
'internal to uuid_shard: locks the tables of a split without waiting while holding some of them';

-- Internal, called by the split script under its lock: true when old_partition (old_modulus,
-- old_remainder) of parent is still there to split into low and high, false when that is done (the partition
-- is gone and low and high are the two halves); anything else is an error, raised before any
-- row moves. foreign_keys: the foreign keys referencing parent as the script found them.
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

-- Internal: the foreign keys that reference rel or one of its ancestors (the ones whose clones
-- keep a partition of rel from being detached), each the constraint written on the referencing
-- table: its oid, that table, its name, "table.name" for comparing, and whether it is validated.
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

-- Internal: true when the foreign key name on rel exists and is not validated yet.
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

-- Splits the tail partition (m, r) into (2m, r) and (2m, r + m): every key of (m, r) has
-- T mod 2m = r or r + m, so the two halves hold exactly its rows. Two statements:
--   1. one DO block, one transaction, under ACCESS EXCLUSIVE locks held until it commits, on the
--      parent (DETACH takes it), the partition, and the tables of the foreign keys that
--      reference the table (taken all together, never waiting while holding some:
--      _uuid_tail_split_lock): drop those foreign keys (a
--      partition whose rows are referenced cannot be detached), detach (m, r), create the two
--      halves (the parent's indexes, constraints and triggers come with them; owner and grants
--      are copied), copy the rows through the parent, drop (m, r), and add the foreign keys
--      back NOT VALID (checked for every new row at once);
--   2. VALIDATE for each of them, one transaction each, under locks that let writers go on.
-- Run again after a stop: statement 1 either did everything or nothing, and finds out which
-- under its lock; anything else it finds stops it before any row moves.
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
