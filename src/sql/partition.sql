-- Time-range partition helpers (docs/partitions.md).
--
-- A v7 key starts with its Unix millisecond, so PARTITION BY RANGE (id) partitions by time and
-- uuid_v7_boundary(t) is the exact bound for time t. These functions read the catalogs and
-- return text; they never run DDL. Each one:
--   * is SECURITY INVOKER and pins search_path to pg_catalog, pg_temp, calling the extension's
--     own functions as @extschema@.name (the extension is not relocatable, so CREATE EXTENSION
--     substitutes the schema). Relation names in messages therefore come out schema-qualified.
--   * is STABLE, not IMMUTABLE: the result depends on the catalogs (existing partitions) and on
--     the time zone rules, but on no session setting -- alignment uses the time_zone argument,
--     never the TimeZone GUC, so a script emits the same DDL in every session.
--   * is PARALLEL SAFE: it only reads catalogs through the snapshot that parallel workers
--     share, writes nothing, uses no temporary objects or backend-local state, and has no
--     EXCEPTION block (a subtransaction would make it parallel unsafe). An invalid time_zone
--     is therefore reported by PostgreSQL's own AT TIME ZONE error, not re-raised.

-- Internal: validates that parent is partitioned BY RANGE on exactly one uuid column and lists
-- its direct partitions with their bounds (NULL = MINVALUE / MAXVALUE; the default partition
-- has is_default and both NULL), ordered by lower bound, default last.
CREATE FUNCTION @extschema@._uuid_v7_partition_bounds(parent regclass)
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

COMMENT ON FUNCTION @extschema@._uuid_v7_partition_bounds(regclass) IS
'internal to uuid_shard: the partitions of a RANGE (uuid) partitioned table with their uuid bounds';

-- One CREATE TABLE ... PARTITION OF per step covering [from_time, to_time).
--
-- Alignment (in time_zone, on the wall clock):
--   N months  N divides 12 (1, 2, 3, 4, 6) or is a multiple of 12 (N/12 years): partitions
--             start at 00:00 on the 1st of the months whose number counted from January of
--             year 0 is a multiple of N (3 months: calendar quarters; 2 years: even years).
--   N days    00:00 on the days whose distance from Monday 1970-01-05 is a multiple of N
--             ('1 day': every midnight; '7 days': ISO weeks from Monday).
--   below a day  whole minutes dividing 24 hours: local midnight + k * step.
-- Anything else ('1 month 3 hours', '5 months', '36 hours', '90 seconds') is rejected.
-- A wall-clock start that does not exist (the hour skipped by a DST change) starts when the
-- clock resumes, so the partition it would have started is empty and is left out; a repeated
-- hour belongs to the partition whose wall-clock start comes first.
--
-- With tail_modulus (uuid_v7_tail_partition_ddl, tail_partition.sql), each new partition is
-- itself PARTITION BY HASH (key uuid_tail_ops) with tail_modulus partitions of its own, and an
-- existing one partitioned so gets its missing tail partitions; NULL gives plain partitions.
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

CREATE FUNCTION @extschema@.uuid_v7_partition_ddl(
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

-- Every partition of parent with its bounds decoded to time, ordered by time; NULL for
-- MINVALUE / MAXVALUE (and for a bound that is not a v7 UUID); the default partition last,
-- with both NULL.
CREATE FUNCTION @extschema@.uuid_v7_partitions(parent regclass)
RETURNS TABLE(partition regclass, from_time timestamptz, to_time timestamptz)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    RETURN QUERY
    SELECT b.partition, @extschema@.uuid_v7_time(b.from_id), @extschema@.uuid_v7_time(b.to_id)
      FROM @extschema@._uuid_v7_partition_bounds(parent) b
     ORDER BY b.is_default, b.from_id NULLS FIRST;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_partitions(regclass) IS
'the partitions of a RANGE (uuid) partitioned table with their bounds as times';

-- DETACH (and DROP) statements for the partitions whose whole range ends at or before
-- older_than. A partition ending at or before uuid_v7_boundary(older_than) holds only keys of
-- milliseconds before older_than; MAXVALUE partitions and the default partition never qualify.
CREATE FUNCTION @extschema@.uuid_v7_retention_ddl(
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

-- uuid_v7_time(text): the time decoder for pg_partman (docs/partitions.md). pg_partman 5.2 to
-- 5.5 call the decoder with the partition bound as text (show_partitions, run_maintenance,
-- partition_data_time); its newer validator looks the decoder up by the control column's type
-- (uuid) and calls it with NULL. One name with both argument types serves every release with
-- one set-up, and a part_config that already names public.uuid_v7_time starts working.
-- LANGUAGE sql without SET so that the planner inlines it; every name in the body is
-- schema-qualified, so the caller's search_path cannot change it.
CREATE FUNCTION @extschema@.uuid_v7_time(id text)
RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
AS $fn$ SELECT @extschema@.uuid_v7_time(id::pg_catalog.uuid) $fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_time(text) IS
'uuid_v7_time of a uuid given as text: the time decoder pg_partman calls with a partition bound';
