-- uuid_shard 0.2.0 -> 0.3.0, written by hand (see sql/README.md).
-- Takes a 0.2.0 installation to exactly what CREATE EXTENSION uuid_shard VERSION '0.3.0' creates.
-- The frozen functions (layout, uuid_shard_key, uuid_bucket, uuid_v7_boundary, uuid_v7_time) are
-- not touched; every section below names the change it carries.
\echo Use "ALTER EXTENSION uuid_shard UPDATE TO '0.3.0'" to load this file. \quit

-- ==== Server minors with CVE-2023-39417 refused (src/sql/minor_check.sql): the same check the
-- install script starts with, first here too, before anything is changed.
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

-- ==== Emitted DO blocks pin search_path and take a dollar tag absent from their text
-- (partition_common.sql, _uuid_emit_do): no name inside can end the quoting.
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

-- ==== uuid_v7_partition_ddl: plain CREATE TABLE instead of IF NOT EXISTS (a name another role
-- takes first makes the statement fail, not skip); the default-partition move is a DO block made by
-- _uuid_emit_do with typed literals; the v7 range as constants, not calls with untyped literals.
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
    -- The first and last v7 times: constants, not calls (no lookup another role could divert).
    v_v7_min CONSTANT timestamptz := '1970-01-01 00:00:00+00'::pg_catalog.timestamptz;
    v_v7_max CONSTANT timestamptz := '10889-08-02 05:31:50.655+00'::pg_catalog.timestamptz;
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
        -- A plain CREATE TABLE: should another role take the name between this call and the
        -- statement, it fails instead of skipping (IF NOT EXISTS would leave their table in
        -- place of the partition). Running this function again emits only what is missing.
        IF NOT v_move THEN
            RETURN NEXT pg_catalog.format('CREATE TABLE %I.%I PARTITION OF %I.%I FOR VALUES FROM (%L) TO (%L)',
                                          v_nsp, v_name, v_nsp, v_rel, v_from, v_to);
            CONTINUE;
        END IF;
        RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(
            E'    LOCK TABLE ONLY %1$I.%2$I IN ACCESS EXCLUSIVE MODE;\n'
            '    ALTER TABLE %1$I.%2$I DETACH PARTITION %3$I.%4$I;\n'
            '    CREATE TABLE %1$I.%5$I PARTITION OF %1$I.%2$I FOR VALUES FROM (%6$L) TO (%7$L);\n'
            '    WITH moved AS (DELETE FROM %3$I.%4$I WHERE %8$I OPERATOR(pg_catalog.>=) %6$L::pg_catalog.uuid\n'
            '                     AND %8$I OPERATOR(pg_catalog.<) %7$L::pg_catalog.uuid RETURNING %9$s)\n'
            '    INSERT INTO %1$I.%5$I (%9$s)%10$s SELECT %9$s FROM moved;\n'
            '    ALTER TABLE %1$I.%2$I ATTACH PARTITION %3$I.%4$I DEFAULT;\n',
            v_nsp, v_rel, v_def_nsp, v_def_rel, v_name, v_from, v_to, v_key, v_cols, v_overriding));
    END LOOP;

    IF with_default AND NOT v_has_default THEN
        v_name := @extschema@._uuid_v7_child_name(v_rel, '_default'::pg_catalog.text);
        IF EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.relnamespace = v_nsp_oid AND c.relname = v_name)
           OR EXISTS (SELECT FROM pg_catalog.pg_type t WHERE t.typnamespace = v_nsp_oid AND t.typname = v_name) THEN
            RAISE EXCEPTION 'relation or type %.% already exists and is not the default partition of %',
                    quote_ident(v_nsp), quote_ident(v_name), parent
                USING ERRCODE = 'duplicate_table';
        END IF;
        RETURN NEXT pg_catalog.format('CREATE TABLE %I.%I PARTITION OF %I.%I DEFAULT',
                                      v_nsp, v_name, v_nsp, v_rel);
    END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_partition_ddl(regclass, timestamptz, timestamptz, interval, text, boolean) IS
'CREATE TABLE ... PARTITION OF statements covering [from_time, to_time) in steps aligned in time_zone; runs nothing';

-- ==== uuid_v7_retention_ddl: the v7 range as constants, not calls with untyped literals.
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
        RETURN NEXT pg_catalog.format('ALTER TABLE %I.%I DETACH PARTITION %I.%I%s', v_nsp, v_rel,
                                      r.schema_name, r.table_name,
                                      CASE WHEN v_action = 'detach concurrently' THEN ' CONCURRENTLY' ELSE '' END);
        IF v_action = 'drop' THEN
            RETURN NEXT pg_catalog.format('DROP TABLE %I.%I', r.schema_name, r.table_name);
        END IF;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_v7_retention_ddl(regclass, timestamptz, text) IS
'DETACH / DROP statements for the partitions holding only times before older_than; runs nothing';

-- ==== uuid_bucket_partition_ddl: plain CREATE (FOREIGN) TABLE instead of IF NOT EXISTS; typed
-- argument to _uuid_bucket_servers.
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
        IF v_servers IS NULL THEN
            RETURN NEXT pg_catalog.format('CREATE TABLE %I.%I PARTITION OF %I.%I FOR VALUES IN (%s)',
                                          v_nsp, v_name, v_nsp, v_rel, k);
        ELSE
            RETURN NEXT pg_catalog.format('CREATE FOREIGN TABLE %I.%I PARTITION OF %I.%I FOR VALUES IN (%s) '
                                          'SERVER %I OPTIONS (schema_name %L, table_name %L)',
                                          v_nsp, v_name, v_nsp, v_rel, k, v_servers[k + 1], v_nsp, v_rel);
        END IF;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_bucket_partition_ddl(regclass, text[]) IS
'CREATE TABLE (or CREATE FOREIGN TABLE on servers) ... PARTITION OF statements for the missing buckets; runs nothing';

-- ==== The grow emitter split by step (bucket_grow.sql): what it does not carry over is raised as
-- NOTICEs (_uuid_bucket_grow_notes), never returned as comment lines a name could end.
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

-- ==== The grow script reuses a relation only when it is what an earlier run made (kind, owner,
-- parent, bound): _uuid_emit_create_or_check.
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

-- ==== uuid_bucket_grow_ddl: notes as NOTICEs; every transaction pins search_path; DO blocks by
-- _uuid_emit_do; new parent and partitions created owned by the table's owner or checked;
-- owners and grantees by role name, quoted once; typed arguments in every internal call.
CREATE OR REPLACE FUNCTION @extschema@.uuid_bucket_grow_ddl(parent regclass, new_buckets integer, new_servers text[] DEFAULT NULL)
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

-- ==== Public IDs: uuid_v7_mask and uuid_v7_unmask (new functions; IMMUTABLE PARALLEL SAFE,
-- not STRICT: a NULL secret is an error). Copied from the generated install script.
CREATE  FUNCTION "uuid_v7_mask"(
	"id" uuid, /* Option < Uuid > */
	"secret" bytea /* Option < & [u8] > */
) RETURNS uuid /* Option < Uuid > */
IMMUTABLE PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_mask_wrapper';

CREATE  FUNCTION "uuid_v7_unmask"(
	"public_id" uuid, /* Option < Uuid > */
	"secret" bytea /* Option < & [u8] > */
) RETURNS uuid /* Option < Uuid > */
IMMUTABLE PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_unmask_wrapper';

-- ==== min(uuid) and max(uuid), with their transition functions (src/aggregate.rs,
-- src/sql/aggregates.sql).
CREATE  FUNCTION "_uuid_larger"(
	"a" uuid, /* Uuid */
	"b" uuid /* Uuid */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_larger_v1';

CREATE  FUNCTION "_uuid_smaller"(
	"a" uuid, /* Uuid */
	"b" uuid /* Uuid */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_smaller_v1';

CREATE AGGREGATE @extschema@.min(pg_catalog.uuid) (
    SFUNC = @extschema@._uuid_smaller,
    STYPE = pg_catalog.uuid,
    COMBINEFUNC = @extschema@._uuid_smaller,
    SORTOP = OPERATOR(pg_catalog.<),
    PARALLEL = SAFE
);

CREATE AGGREGATE @extschema@.max(pg_catalog.uuid) (
    SFUNC = @extschema@._uuid_larger,
    STYPE = pg_catalog.uuid,
    COMBINEFUNC = @extschema@._uuid_larger,
    SORTOP = OPERATOR(pg_catalog.>),
    PARALLEL = SAFE
);

COMMENT ON FUNCTION @extschema@._uuid_smaller(pg_catalog.uuid, pg_catalog.uuid) IS
'internal to uuid_shard: the smaller of two uuids, min(uuid)''s transition and combine function';
COMMENT ON FUNCTION @extschema@._uuid_larger(pg_catalog.uuid, pg_catalog.uuid) IS
'internal to uuid_shard: the larger of two uuids, max(uuid)''s transition and combine function';

-- ==== ULID and base32hex text forms (src/text.rs).
CREATE  FUNCTION "uuid_to_ulid"(
	"id" uuid /* Uuid */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_to_ulid_v1';

CREATE  FUNCTION "uuid_from_ulid"(
	"ulid" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_from_ulid_v1';

CREATE  FUNCTION "uuid_to_base32hex"(
	"id" uuid /* Uuid */
) RETURNS TEXT /* String */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_to_base32hex_v1';

CREATE  FUNCTION "uuid_from_base32hex"(
	"base32hex" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_from_base32hex_v1';

-- ==== The inclusive upper bound of a millisecond (src/time.rs).
CREATE  FUNCTION "uuid_v7_boundary_last"(
	"ts" timestamp with time zone /* TimestampWithTimeZone */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_boundary_last_wrapper';

-- ==== The time of a v7 key to the microsecond (src/time.rs).
CREATE  FUNCTION "uuid_v7_time_us"(
	"id" uuid /* Uuid */
) RETURNS timestamp with time zone /* Option < TimestampWithTimeZone > */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_time_us_v1';

-- ==== Deterministic v7 keys from a time and a name (src/time.rs).
CREATE  FUNCTION "uuid_v7_from_name"(
	"ts" timestamp with time zone, /* TimestampWithTimeZone */
	"name" TEXT /* &str */
) RETURNS uuid /* Uuid */
IMMUTABLE STRICT PARALLEL SAFE
LANGUAGE c /* Rust */
AS 'MODULE_PATHNAME', 'uuid_v7_from_name_v1';
