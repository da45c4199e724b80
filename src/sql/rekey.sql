-- Rekeying a table and every table that references it onto v7 keys, online (docs/migrating.md).
-- Phases: expand (new nullable columns, sync triggers, the state table), backfill (batches of
-- uuid_rekey_step, each with its checkpoint), prepare (indexes built concurrently, NOT VALID
-- constraints then VALIDATE), swap (the primary key moves to the new column: catalog only),
-- unswap, contract (the old columns go), rollback. Only expand, swap and contract take strong
-- locks, all at once through _uuid_lock_tables, for milliseconds.
-- Same rules as the other emitters (partition_common.sql): SECURITY INVOKER, search_path pinned,
-- the generator runs nothing, emitted text from catalog facts only with every name quoted once,
-- nothing reused by its name alone, a phase generated again emits only what is missing. The one
-- SECURITY DEFINER code is the sync trigger functions expand creates, owned by their table's owner.
-- State: one table per migration, <schema>.<parent>_rekey, owned by the parent's owner, made by
-- expand and dropped by contract and rollback. Correctness never rests on it: prepare proves
-- every row was filled with validated constraints.

-- Internal: the columns of a rekey state table, in order, as "name type" (its exact shape: a
-- table of that name with any other shape is not ours).
CREATE FUNCTION @extschema@._uuid_rekey_state_shape()
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT 'ord integer, relation regclass, old_column name, new_column name, key_column name, '
        || 'old_fk name, new_fk name, check_name name, notnull_check name, index_name name, '
        || 'legacy_index name, trigger_name name, guard_trigger name, function_name name, keys text, ts_column name, '
        || 'name_prefix text, bound text, expand_time timestamp with time zone, total bigint, '
        || 'carry_rank bigint, carry_ts timestamp with time zone, gate text[], "position" text, '
        || 'rows_done bigint, done boolean, updated timestamp with time zone'
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_state_shape() IS
'internal to uuid_shard: the columns of a rekey state table';

-- Internal: the name of parent's state table, and the table when one of that name exists and is
-- exactly a state table owned by parent's owner; a relation of that name that is anything else
-- raises 42P07 (a planted table is never read or written).
CREATE FUNCTION @extschema@._uuid_rekey_state(parent regclass)
RETURNS TABLE(schema_name name, table_name text, state regclass)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_owner oid;
    v_shape text;
BEGIN
    SELECT n.nspname, c.relname, c.relowner INTO schema_name, table_name, v_owner
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = parent;
    table_name := @extschema@._uuid_v7_child_name(table_name::name, '_rekey');
    SELECT c.oid INTO state FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = schema_name AND c.relname = table_name;
    IF state IS NOT NULL THEN
        SELECT pg_catalog.string_agg(pg_catalog.format('%s %s', pg_catalog.quote_ident(a.attname),
                                                       pg_catalog.format_type(a.atttypid, a.atttypmod)), ', ' ORDER BY a.attnum)
          INTO v_shape FROM pg_catalog.pg_attribute a WHERE a.attrelid = state AND a.attnum > 0 AND NOT a.attisdropped;
        IF NOT EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid = state AND c.relkind = 'r' AND c.relowner = v_owner
                                                           AND NOT c.relrowsecurity)
           OR v_shape IS DISTINCT FROM @extschema@._uuid_rekey_state_shape() THEN
            RAISE EXCEPTION 'relation %.% already exists and is not the rekey state of %',
                    pg_catalog.quote_ident(schema_name), pg_catalog.quote_ident(table_name), parent
                USING ERRCODE = 'duplicate_table', HINT = 'Nothing was changed. Drop or rename it, then try again.';
        END IF;
    END IF;
    RETURN NEXT;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_state(regclass) IS
'internal to uuid_shard: the rekey state table of a parent, checked by shape and owner';

-- Internal: the extension's schema, quoted, as the catalog has it (for emitted calls).
CREATE FUNCTION @extschema@._uuid_rekey_ext()
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT pg_catalog.quote_ident(n.nspname) FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
     WHERE p.oid = '@extschema@._uuid_rekey_ext()'::pg_catalog.regprocedure
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_ext() IS
'internal to uuid_shard: the schema of the extension, quoted';

-- Internal: a dollar quote of body with a tag that occurs nowhere in it.
CREATE FUNCTION @extschema@._uuid_dollar_quote(body text)
RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_tag text := '$rekey$';
    v_n integer := 0;
BEGIN
    WHILE pg_catalog.strpos(body, v_tag) > 0 LOOP
        v_n := v_n + 1;
        v_tag := '$rekey_' || v_n || '$';
    END LOOP;
    RETURN v_tag || body || v_tag;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_dollar_quote(text) IS
'internal to uuid_shard: a dollar quote no text inside can end';

-- Internal: the partitions of a partitioned referencing table, each with the names of the
-- index on the new column the rekey builds there (attached to the table's own); none for a plain
-- table. The rekey handles one level of plain partitions.
CREATE FUNCTION @extschema@._uuid_rekey_leaves(rel regclass, new_column name)
RETURNS TABLE(leaf regclass, leaf_index name)
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT c.oid::pg_catalog.regclass, @extschema@._uuid_v7_child_name(c.relname, '_' || new_column || '_idx')::name
      FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = rel AND EXISTS (SELECT FROM pg_catalog.pg_class r WHERE r.oid = rel AND r.relkind = 'p')
     ORDER BY c.oid
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_leaves(regclass, name) IS
'internal to uuid_shard: the partitions of a partitioned referencing table and the rekey''s index names there';

-- Internal: one table of a rekey as its plan has it (the columns of _uuid_rekey_tables). The
-- phases' emitters take the plan as an array of these, read once per call.
CREATE TYPE @extschema@._uuid_rekey_table AS (
    ord integer, relation regclass, owner name, partitioned boolean, old_column name, old_type text,
    old_notnull boolean, new_column name, key_column name, key_type text, old_fk name, new_fk name,
    check_name name, notnull_check name, index_name name, legacy_index name, trigger_name name,
    guard_trigger name, function_name name, rekey_keys text, rekey_ts name, name_prefix text, state regclass);

COMMENT ON TYPE @extschema@._uuid_rekey_table IS
'internal to uuid_shard: one table of a rekey as its plan has it';

-- Internal: the plan read from the catalog (before expand) or from the state table (after):
-- one row per table, ord 0 the parent, then each referencing table by its foreign key's name.
-- Raises every refusal. keys and ts_column are the caller's choice (NULL: the stored one, or the
-- default), and so is uuid_column (NULL: the stored one, or uuid), the parent's new column,
-- which names the referencing tables' (post_id: post_<uuid_column>). Used by uuid_rekey_plan,
-- uuid_rekey_ddl and by the expand script before its locks.
CREATE FUNCTION @extschema@._uuid_rekey_tables(parent regclass, ts_column name, keys text, uuid_column name)
RETURNS TABLE(ord integer, relation regclass, owner name, partitioned boolean, old_column name, old_type text,
              old_notnull boolean, new_column name, key_column name, key_type text, old_fk name,
              new_fk name, check_name name, notnull_check name, index_name name, legacy_index name,
              trigger_name name, guard_trigger name, function_name name, rekey_keys text, rekey_ts name, name_prefix text,
              state regclass)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_parent regclass := parent;
    v_nsp name;
    v_rel name;
    v_kind "char";
    v_pk oid;
    v_keys text := keys;
    v_ts name := ts_column;
    v_state regclass;
    v_state_name text;
    v_stored record;
    v_bad text;
    r record;
    v_ord integer := 0;
    v_names text[] := '{}';
BEGIN
    IF parent IS NULL THEN
        RAISE EXCEPTION 'parent must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    SELECT n.nspname, c.relname, c.relkind INTO v_nsp, v_rel, v_kind
      FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = v_parent;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'relation with OID % does not exist', v_parent::oid USING ERRCODE = 'undefined_table';
    END IF;
    IF v_kind = 'p' THEN
        RAISE EXCEPTION 'cannot rekey %: it is partitioned', v_parent
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'Its primary key must contain the partition key, and a partitioned table takes neither a concurrent index nor ADD PRIMARY KEY USING INDEX.';
    END IF;
    IF v_kind <> 'r' OR EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid = v_parent AND c.relpersistence = 't')
       OR EXISTS (SELECT FROM pg_catalog.pg_inherits i WHERE i.inhrelid = v_parent OR i.inhparent = v_parent) THEN
        RAISE EXCEPTION 'cannot rekey %: only a permanent or unlogged table outside any inheritance tree can be rekeyed', v_parent
            USING ERRCODE = 'feature_not_supported';
    END IF;
    SELECT s.state, s.table_name INTO v_state, v_state_name FROM @extschema@._uuid_rekey_state(v_parent) s;
    IF v_state IS NOT NULL THEN
        -- after expand: the plan is the stored one
        EXECUTE pg_catalog.format('SELECT s.keys, s.ts_column, s.new_column FROM %s s WHERE s.ord = 0', v_state) INTO v_stored;
        IF (keys IS NOT NULL AND keys IS DISTINCT FROM v_stored.keys)
           OR (ts_column IS NOT NULL AND ts_column IS DISTINCT FROM v_stored.ts_column)
           OR (uuid_column IS NOT NULL AND uuid_column IS DISTINCT FROM v_stored.new_column) THEN
            RAISE EXCEPTION 'the rekey of % was expanded with keys %, ts_column %, uuid_column %', v_parent, v_stored.keys,
                    coalesce(pg_catalog.quote_ident(v_stored.ts_column), 'NULL'), pg_catalog.quote_ident(v_stored.new_column)
                USING ERRCODE = 'invalid_parameter_value',
                      HINT = 'Later phases need only the parent and the phase.';
        END IF;
        FOR r IN EXECUTE pg_catalog.format('SELECT s.* FROM %s s ORDER BY s.ord', v_state) LOOP
            ord := r.ord; relation := r.relation; old_column := r.old_column; new_column := r.new_column;
            key_column := r.key_column; old_fk := r.old_fk; new_fk := r.new_fk; check_name := r.check_name;
            notnull_check := r.notnull_check; index_name := r.index_name; legacy_index := r.legacy_index;
            trigger_name := r.trigger_name; guard_trigger := r.guard_trigger; function_name := r.function_name;
            rekey_keys := v_stored.keys; rekey_ts := v_stored.ts_column; state := v_state;
            SELECT ro.rolname, c.relkind = 'p' INTO owner, partitioned
              FROM pg_catalog.pg_class c JOIN pg_catalog.pg_roles ro ON ro.oid = c.relowner WHERE c.oid = r.relation;
            SELECT pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull INTO old_type, old_notnull
              FROM pg_catalog.pg_attribute a WHERE a.attrelid = r.relation AND a.attname = r.old_column AND NOT a.attisdropped;
            SELECT pg_catalog.format_type(a.atttypid, a.atttypmod) INTO key_type
              FROM pg_catalog.pg_attribute a WHERE a.attrelid = r.relation AND a.attname = r.key_column AND NOT a.attisdropped;
            name_prefix := r.name_prefix;
            RETURN NEXT;
        END LOOP;
        RETURN;
    END IF;

    -- before expand: read the catalog and refuse what cannot be done
    SELECT co.oid INTO v_pk FROM pg_catalog.pg_constraint co WHERE co.conrelid = v_parent AND co.contype = 'p';
    IF v_pk IS NULL THEN
        RAISE EXCEPTION 'cannot rekey %: it has no primary key', v_parent
            USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'The rekey replaces a primary key.';
    END IF;
    IF (SELECT pg_catalog.array_length(co.conkey, 1) FROM pg_catalog.pg_constraint co WHERE co.oid = v_pk) <> 1 THEN
        RAISE EXCEPTION 'cannot rekey %: its primary key has more than one column', v_parent
            USING ERRCODE = 'feature_not_supported';
    END IF;
    SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull INTO old_column, old_type, old_notnull
      FROM pg_catalog.pg_constraint co JOIN pg_catalog.pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = co.conkey[1]
     WHERE co.oid = v_pk;
    IF old_type NOT IN ('smallint', 'integer', 'bigint', 'uuid') THEN
        RAISE EXCEPTION 'cannot rekey %: its key % is of type %', v_parent, pg_catalog.quote_ident(old_column), old_type
            USING ERRCODE = 'feature_not_supported', DETAIL = 'The old key must be smallint, integer, bigint or uuid.';
    END IF;
    IF v_keys IS NULL THEN
        v_keys := CASE WHEN v_ts IS NULL THEN 'sequence' ELSE 'time' END;
    END IF;
    IF v_keys NOT IN ('time', 'sequence', 'name') THEN
        RAISE EXCEPTION 'keys must be ''time'', ''sequence'' or ''name'', not %', pg_catalog.quote_literal(v_keys)
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF v_ts IS NULL AND v_keys IN ('time', 'name') THEN
        RAISE EXCEPTION 'keys ''%'' take the time of each row from a timestamp column: name ts_column', v_keys
            USING ERRCODE = 'invalid_parameter_value', HINT = 'Without one, keys ''sequence'' keeps the order of the old keys.';
    END IF;
    IF v_ts IS NOT NULL AND NOT EXISTS (
        SELECT FROM pg_catalog.pg_attribute a
         WHERE a.attrelid = v_parent AND a.attname = v_ts AND a.attnum > 0 AND NOT a.attisdropped
           AND a.atttypid = 'pg_catalog.timestamptz'::pg_catalog.regtype
           AND (a.attnotnull OR EXISTS (
                SELECT FROM pg_catalog.pg_constraint co
                 WHERE co.conrelid = v_parent AND co.contype = 'c' AND co.convalidated
                   AND pg_catalog.pg_get_constraintdef(co.oid) = pg_catalog.format('CHECK ((%I IS NOT NULL))', v_ts)))) THEN
        RAISE EXCEPTION 'cannot rekey % from %: it must be a timestamptz column of % that is NOT NULL',
                v_parent, pg_catalog.quote_ident(v_ts), v_parent
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Set it NOT NULL (or add a validated CHECK (col IS NOT NULL)), or use keys ''sequence'' without ts_column.';
    END IF;

    -- the parent
    ord := 0; relation := v_parent; partitioned := false;
    SELECT ro.rolname INTO owner FROM pg_catalog.pg_class c JOIN pg_catalog.pg_roles ro ON ro.oid = c.relowner WHERE c.oid = v_parent;
    new_column := coalesce(uuid_column, 'uuid');
    IF new_column = '' THEN
        RAISE EXCEPTION 'uuid_column must not be empty' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    key_column := old_column; key_type := old_type;
    old_fk := NULL; new_fk := NULL;
    check_name := @extschema@._uuid_v7_child_name(v_rel, '_' || new_column || '_present');
    notnull_check := NULL;
    index_name := @extschema@._uuid_v7_child_name(v_rel, '_' || new_column || '_key');
    legacy_index := @extschema@._uuid_v7_child_name(v_rel, '_' || old_column || '_legacy_key');
    trigger_name := @extschema@._uuid_v7_child_name(v_rel, '_rekey_sync');
    guard_trigger := @extschema@._uuid_v7_child_name(v_rel, '_rekey_guard');
    function_name := trigger_name;
    rekey_keys := v_keys; rekey_ts := v_ts;
    name_prefix := pg_catalog.format('%s.%s:', v_nsp, v_rel);
    state := NULL;
    IF NOT pg_catalog.pg_has_role(owner, 'USAGE') THEN
        RAISE EXCEPTION 'cannot rekey %: only its owner % (or a member of that role) can', v_parent, pg_catalog.quote_ident(owner)
            USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NEXT;
    v_names := ARRAY[pg_catalog.format('%s column %I', v_parent, new_column), pg_catalog.format('%I.%s', v_nsp, check_name),
                     pg_catalog.format('%I.%I', v_nsp, index_name), pg_catalog.format('%I.%I', v_nsp, legacy_index)];
    IF EXISTS (SELECT FROM pg_catalog.pg_attribute a WHERE a.attrelid = v_parent AND a.attname = new_column AND NOT a.attisdropped) THEN
        RAISE EXCEPTION 'cannot rekey %: column % already exists', v_parent, pg_catalog.quote_ident(new_column)
            USING ERRCODE = 'duplicate_column', HINT = 'The rekey adds it. Nothing was changed. Name another with uuid_column.';
    END IF;
    IF @extschema@._uuid_name_taken(v_nsp, index_name) OR @extschema@._uuid_name_taken(v_nsp, legacy_index)
       OR @extschema@._uuid_name_taken(v_nsp, v_state_name)
       OR EXISTS (SELECT FROM pg_catalog.pg_constraint co WHERE co.conrelid = v_parent AND co.conname = check_name)
       OR EXISTS (SELECT FROM pg_catalog.pg_trigger t WHERE t.tgrelid = v_parent AND t.tgname IN (trigger_name, guard_trigger))
       OR EXISTS (SELECT FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                   WHERE n.nspname = v_nsp AND p.proname = function_name) THEN
        RAISE EXCEPTION 'cannot rekey %: a name the plan would create is taken', v_parent
            USING ERRCODE = 'duplicate_object',
                  DETAIL = pg_catalog.format('The plan creates %s, %s, %s, %s, trigger and function %s, trigger %I, table %I.%I.',
                                             v_names[1], v_names[2], v_names[3], v_names[4],
                                             pg_catalog.quote_ident(trigger_name), guard_trigger, v_nsp, v_state_name),
                  HINT = 'Nothing was changed. Drop or rename what holds the name.';
    END IF;
    IF EXISTS (SELECT FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_proc p ON p.oid = t.tgfoid
                WHERE t.tgrelid = v_parent AND pg_catalog.obj_description(p.oid, 'pg_proc') LIKE 'uuid_shard rekey sync%') THEN
        RAISE EXCEPTION 'cannot rekey %: another rekey is in progress on it', v_parent
            USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;

    -- every foreign key that references the parent
    FOR r IN
        SELECT co.oid, co.conname, co.conrelid::regclass AS child, co.conkey, co.convalidated, c.relkind, c.relpersistence,
               ro.rolname, n.nspname, c.relname, co.confupdtype, co.confdeltype, co.confmatchtype, co.condeferrable, co.condeferred
          FROM pg_catalog.pg_constraint co
          JOIN pg_catalog.pg_class c ON c.oid = co.conrelid
          JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_catalog.pg_roles ro ON ro.oid = c.relowner
         WHERE co.contype = 'f' AND co.confrelid = v_parent AND co.conparentid = 0
         ORDER BY co.conrelid::regclass::text, co.conname
    LOOP
        v_ord := v_ord + 1;
        IF r.child = v_parent THEN
            RAISE EXCEPTION 'cannot rekey %: its foreign key % references the table itself', v_parent, pg_catalog.quote_ident(r.conname)
                USING ERRCODE = 'feature_not_supported';
        END IF;
        IF pg_catalog.array_length(r.conkey, 1) <> 1 THEN
            RAISE EXCEPTION 'cannot rekey %: the foreign key % of % has more than one column', v_parent,
                    pg_catalog.quote_ident(r.conname), r.child
                USING ERRCODE = 'feature_not_supported';
        END IF;
        IF NOT r.convalidated THEN
            RAISE EXCEPTION 'cannot rekey %: the foreign key % of % is NOT VALID', v_parent, pg_catalog.quote_ident(r.conname), r.child
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      HINT = pg_catalog.format('Validate it first: ALTER TABLE %s VALIDATE CONSTRAINT %I.', r.child, r.conname);
        END IF;
        IF r.relkind = 'p' THEN
            -- one level of plain partitions, the foreign key column outside the partition key
            SELECT pg_catalog.string_agg(c.oid::regclass::text, ', ') INTO v_bad
              FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent = r.child AND c.relkind <> 'r';
            IF v_bad IS NOT NULL THEN
                RAISE EXCEPTION 'cannot rekey %: the partitions % of the referencing table % are not plain tables', v_parent, v_bad, r.child
                    USING ERRCODE = 'feature_not_supported', DETAIL = 'One level of plain partitions is supported.';
            END IF;
            IF EXISTS (SELECT FROM pg_catalog.pg_partitioned_table pt WHERE pt.partrelid = r.child AND r.conkey[1] = ANY (pt.partattrs::smallint[]))
               OR EXISTS (SELECT FROM pg_catalog.pg_partitioned_table pt WHERE pt.partrelid = r.child AND pt.partexprs IS NOT NULL) THEN
                RAISE EXCEPTION 'cannot rekey %: the partition key of % contains its foreign key column or an expression', v_parent, r.child
                    USING ERRCODE = 'feature_not_supported';
            END IF;
            SELECT pg_catalog.string_agg(c.oid::regclass::text, ', ') INTO v_bad
              FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent = r.child AND NOT pg_catalog.pg_has_role(c.relowner, 'USAGE');
            IF v_bad IS NOT NULL THEN
                RAISE EXCEPTION 'cannot rekey %: the partitions % of % are owned by roles you cannot act as', v_parent, v_bad, r.child
                    USING ERRCODE = 'insufficient_privilege';
            END IF;
        END IF;
        IF r.relkind NOT IN ('r', 'p') OR r.relpersistence = 't'
           OR EXISTS (SELECT FROM pg_catalog.pg_inherits i WHERE i.inhrelid = r.child OR (i.inhparent = r.child AND r.relkind = 'r')) THEN
            RAISE EXCEPTION 'cannot rekey %: the referencing table % is a temporary table or part of an inheritance tree', v_parent, r.child
                USING ERRCODE = 'feature_not_supported';
        END IF;
        IF NOT pg_catalog.pg_has_role(r.rolname, 'USAGE') THEN
            RAISE EXCEPTION 'cannot rekey %: the referencing table % is owned by %, which you cannot act as', v_parent, r.child,
                    pg_catalog.quote_ident(r.rolname)
                USING ERRCODE = 'insufficient_privilege',
                      HINT = 'Its owner or a superuser must run the rekey.';
        END IF;
        IF NOT pg_catalog.has_table_privilege(r.rolname, v_parent, 'SELECT') THEN
            RAISE EXCEPTION 'cannot rekey %: the owner % of the referencing table % cannot read it', v_parent,
                    pg_catalog.quote_ident(r.rolname), r.child
                USING ERRCODE = 'insufficient_privilege',
                      HINT = pg_catalog.format('Its sync trigger looks up keys in %s: GRANT SELECT ON %s TO %I.', v_parent, v_parent, r.rolname);
        END IF;
        ord := v_ord; relation := r.child; owner := r.rolname; partitioned := r.relkind = 'p';
        SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull INTO old_column, old_type, old_notnull
          FROM pg_catalog.pg_attribute a WHERE a.attrelid = r.child AND a.attnum = r.conkey[1];
        -- post_id (or post) gets post_uuid, or post_<uuid_column>
        new_column := pg_catalog.regexp_replace(old_column, '_id$', '') || '_' || coalesce(uuid_column, 'uuid');
        -- the child's batches follow its one-column primary key, else its pages
        key_column := NULL; key_type := NULL;
        SELECT a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod) INTO key_column, key_type
          FROM pg_catalog.pg_constraint co JOIN pg_catalog.pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = co.conkey[1]
         WHERE co.conrelid = r.child AND co.contype = 'p' AND pg_catalog.array_length(co.conkey, 1) = 1 AND r.relkind = 'r';
        old_fk := r.conname;
        IF r.confupdtype = 'd' OR r.confdeltype = 'd' THEN
            RAISE EXCEPTION 'cannot rekey %: the foreign key % of % sets a default', v_parent, pg_catalog.quote_ident(r.conname), r.child
                USING ERRCODE = 'feature_not_supported';
        END IF;
        new_fk := @extschema@._uuid_v7_child_name(r.relname, '_' || new_column || '_fkey');
        check_name := @extschema@._uuid_v7_child_name(r.relname, '_' || new_column || '_sync');
        notnull_check := CASE WHEN old_notnull THEN @extschema@._uuid_v7_child_name(r.relname, '_' || new_column || '_present') END;
        index_name := @extschema@._uuid_v7_child_name(r.relname, '_' || new_column || '_idx');
        legacy_index := NULL;
        trigger_name := @extschema@._uuid_v7_child_name(r.relname, '_rekey_sync');
        guard_trigger := NULL;
        function_name := trigger_name;
        name_prefix := NULL;
        IF EXISTS (SELECT FROM pg_catalog.pg_attribute a WHERE a.attrelid = r.child AND a.attname = new_column AND NOT a.attisdropped) THEN
            RAISE EXCEPTION 'cannot rekey %: column % of % already exists', v_parent, pg_catalog.quote_ident(new_column), r.child
                USING ERRCODE = 'duplicate_column', HINT = 'The rekey adds it. Nothing was changed.';
        END IF;
        IF EXISTS (SELECT FROM pg_catalog.pg_trigger t JOIN pg_catalog.pg_proc p ON p.oid = t.tgfoid
                    WHERE t.tgrelid = r.child AND pg_catalog.obj_description(p.oid, 'pg_proc') LIKE 'uuid_shard rekey sync%') THEN
            RAISE EXCEPTION 'cannot rekey %: another rekey is in progress on %', v_parent, r.child
                USING ERRCODE = 'object_not_in_prerequisite_state';
        END IF;
        IF @extschema@._uuid_name_taken(r.nspname, index_name)
           OR EXISTS (SELECT FROM pg_catalog.pg_constraint co WHERE co.conrelid = r.child AND co.conname IN (new_fk, check_name, notnull_check))
           OR EXISTS (SELECT FROM pg_catalog.pg_trigger t WHERE t.tgrelid = r.child AND t.tgname = trigger_name)
           OR EXISTS (SELECT FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                       WHERE n.nspname = r.nspname AND p.proname = function_name)
           OR pg_catalog.format('%I.%I', r.nspname, function_name) = ANY (v_names) THEN
            RAISE EXCEPTION 'cannot rekey %: a name the plan would create for % is taken', v_parent, r.child
                USING ERRCODE = 'duplicate_object',
                      DETAIL = pg_catalog.format('The plan creates column %I, index %I, constraints %I, %I%s, trigger and function %I.',
                                                 new_column, index_name, new_fk, check_name,
                                                 coalesce(', ' || pg_catalog.quote_ident(notnull_check), ''), trigger_name),
                      HINT = 'Nothing was changed. Drop or rename what holds the name.';
        END IF;
        v_names := v_names || pg_catalog.format('%I.%I', r.nspname, function_name) || pg_catalog.format('%I.%I', r.nspname, index_name);
        RETURN NEXT;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_tables(regclass, name, text, name) IS
'internal to uuid_shard: the tables of a rekey with the names it creates, raising every refusal';

-- Internal: the plan as the emitters take it, in ord order, read once per call.
CREATE FUNCTION @extschema@._uuid_rekey_read_plan(parent regclass, ts_column name, keys text, uuid_column name)
RETURNS @extschema@._uuid_rekey_table[]
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT pg_catalog.array_agg(x::@extschema@._uuid_rekey_table ORDER BY x.ord)
      FROM @extschema@._uuid_rekey_tables(parent, ts_column, keys, uuid_column) x
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_read_plan(regclass, name, text, name) IS
'internal to uuid_shard: the plan of a rekey as an array';

-- Internal: NOTICEs for what the user must handle (nothing is refused for them).
CREATE FUNCTION @extschema@._uuid_rekey_notices(plan @extschema@._uuid_rekey_table[])
RETURNS void
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT t.relation, t.old_column FROM pg_catalog.unnest(plan) t ORDER BY t.ord LOOP
        IF EXISTS (SELECT FROM pg_catalog.pg_publication_rel pr WHERE pr.prrelid = r.relation)
           OR EXISTS (SELECT FROM pg_catalog.pg_publication p WHERE p.puballtables) THEN
            RAISE NOTICE '% is published: add its new column on the subscribers before expand, and swap them in step', r.relation;
        END IF;
        IF EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.oid = r.relation AND c.relreplident NOT IN ('d', 'n')) THEN
            RAISE NOTICE '% has a replica identity other than its primary key: check it after the swap', r.relation;
        END IF;
        IF EXISTS (SELECT FROM pg_catalog.pg_trigger t WHERE t.tgrelid = r.relation AND NOT t.tgisinternal
                      AND (t.tgtype & 16) <> 0 AND t.tgattr = ''::pg_catalog.int2vector) THEN
            RAISE NOTICE '% has UPDATE triggers without a column list: they fire for every backfilled row', r.relation;
        END IF;
        IF EXISTS (SELECT FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
                    WHERE d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.refobjid = r.relation
                      AND a.attname = r.old_column AND d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass) THEN
            RAISE NOTICE 'views or rules use %.%: contract cannot drop it while they do', r.relation, pg_catalog.quote_ident(r.old_column);
        END IF;
    END LOOP;
    RAISE NOTICE 'after the swap the primary key of % is on its new column: ON CONFLICT ON CONSTRAINT with its name means the new key', plan[1].relation;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_notices(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: what the user must handle around a rekey';

-- The whole plan before anything changes: every table, its old and new column, its foreign
-- key, and per phase what it does and locks. Raises every refusal.
CREATE FUNCTION @extschema@.uuid_rekey_plan(parent regclass, ts_column name DEFAULT NULL, keys text DEFAULT NULL,
                                            uuid_column name DEFAULT NULL)
RETURNS TABLE(step integer, phase text, relation regclass, old_column name, new_column name, foreign_key name,
              action text, locks text)
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_plan CONSTANT @extschema@._uuid_rekey_table[] := @extschema@._uuid_rekey_read_plan(parent, ts_column, keys, uuid_column);
    t @extschema@._uuid_rekey_table;
    v_n integer := 0;
    v_keys text;
BEGIN
    PERFORM @extschema@._uuid_rekey_notices(v_plan);
    FOREACH t IN ARRAY v_plan LOOP
        relation := t.relation; old_column := t.old_column; new_column := t.new_column; foreign_key := t.old_fk;
        v_keys := t.rekey_keys;
        IF t.ord = 0 THEN
            v_n := v_n + 1; step := v_n; phase := 'expand';
            action := pg_catalog.format('add column %I uuid DEFAULT uuidv7(), sync triggers %I and %I; state table (keys %s%s)',
                                        t.new_column, t.trigger_name, t.guard_trigger, t.rekey_keys, coalesce(' from ' || pg_catalog.quote_ident(t.rekey_ts), ''));
            locks := 'ACCESS EXCLUSIVE, milliseconds, with every referencing table';
            RETURN NEXT;
        ELSE
            v_n := v_n + 1; step := v_n; phase := 'expand';
            action := pg_catalog.format('add column %I uuid, sync trigger %I (both directions); %s%s', t.new_column, t.trigger_name,
                coalesce((SELECT pg_catalog.pg_get_constraintdef(co.oid) FROM pg_catalog.pg_constraint co
                           WHERE co.conrelid = t.relation AND co.conname = t.old_fk AND co.contype = 'f'), 'its foreign key'),
                CASE WHEN t.partitioned THEN pg_catalog.format('; partitioned (%s partitions, handled one by one)',
                                                               (SELECT pg_catalog.count(*) FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column)))
                     ELSE '' END);
            locks := 'ACCESS EXCLUSIVE, milliseconds, with the parent';
            RETURN NEXT;
        END IF;
    END LOOP;
    FOREACH t IN ARRAY v_plan LOOP
        relation := t.relation; old_column := t.old_column; new_column := t.new_column; foreign_key := t.old_fk;
        v_n := v_n + 1; step := v_n; phase := 'backfill';
        action := CASE WHEN t.ord = 0 THEN pg_catalog.format('fill %I in batches up to the largest key at expand (keys %s)', t.new_column, v_keys)
                       ELSE pg_catalog.format('fill %I from the parent''s new keys in batches, after every transaction older than the parent''s last batch', t.new_column) END;
        locks := 'ROW EXCLUSIVE and the rows of one batch; gives way to the application';
        RETURN NEXT;
    END LOOP;
    FOREACH t IN ARRAY v_plan LOOP
        relation := t.relation; old_column := t.old_column; new_column := t.new_column; foreign_key := t.old_fk;
        v_n := v_n + 1; step := v_n; phase := 'prepare';
        action := CASE WHEN t.ord = 0 THEN pg_catalog.format('unique indexes %I (new key) and %I (old key) built concurrently; CHECK %I NOT VALID, then VALIDATE',
                                                             t.index_name, t.legacy_index, t.check_name)
                       ELSE pg_catalog.format('index %I built concurrently; CHECK %I%s and foreign key %I NOT VALID, then VALIDATE',
                                              t.index_name, t.check_name, coalesce(', ' || pg_catalog.quote_ident(t.notnull_check), ''), t.new_fk) END;
        locks := 'SHARE UPDATE EXCLUSIVE during scans (writes go on); ACCESS EXCLUSIVE or SHARE ROW EXCLUSIVE for milliseconds to add each constraint';
        RETURN NEXT;
    END LOOP;
    FOREACH t IN ARRAY v_plan LOOP
        relation := t.relation; old_column := t.old_column; new_column := t.new_column; foreign_key := t.old_fk;
        v_n := v_n + 1; step := v_n; phase := 'swap';
        action := CASE WHEN t.ord = 0 THEN pg_catalog.format('primary key moves to %I (no scan); %I keeps its values, unique index, default and sync', t.new_column, t.old_column)
                       ELSE pg_catalog.format('foreign key %I re-added NOT VALID on the old key''s unique index; %I SET NOT NULL where %I is (no scan)',
                                              t.old_fk, t.new_column, t.old_column) END;
        locks := 'ACCESS EXCLUSIVE on every table at once, milliseconds (catalog only)';
        RETURN NEXT;
    END LOOP;
    FOREACH t IN ARRAY v_plan LOOP
        relation := t.relation; old_column := t.old_column; new_column := t.new_column; foreign_key := t.old_fk;
        v_n := v_n + 1; step := v_n; phase := 'contract';
        action := pg_catalog.format('drop sync trigger and function, drop column %I%s', t.old_column,
                                    CASE WHEN t.ord = 0 THEN ' (and a sequence it owns)' ELSE '' END);
        locks := 'ACCESS EXCLUSIVE on every table at once, milliseconds; the point of no return';
        RETURN NEXT;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_rekey_plan(regclass, name, text, name) IS
'the plan of a rekey of a table and every table that references it onto v7 keys: what each phase does and locks';

-- Internal, called by the emitted blocks under their locks: raises 55000 when the tables
-- referencing parent are no longer those the script was made for (generate it again).
CREATE FUNCTION @extschema@._uuid_rekey_pending(parent regclass, foreign_keys text[], new_column name)
RETURNS void
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_fks text[];
BEGIN
    -- the foreign keys the swap puts on each partition of a partitioned table count as the table's
    SELECT coalesce(pg_catalog.array_agg(DISTINCT pg_catalog.format('%s.%I',
                        coalesce((SELECT i.inhparent::regclass FROM pg_catalog.pg_inherits i WHERE i.inhrelid = co.conrelid),
                                 co.conrelid::regclass), co.conname)), '{}')
      INTO v_fks FROM pg_catalog.pg_constraint co
     WHERE co.contype = 'f' AND co.confrelid = parent AND co.conparentid = 0
       AND NOT EXISTS (SELECT FROM pg_catalog.pg_attribute a
                        WHERE a.attrelid = co.conrelid AND a.attnum = co.conkey[1] AND a.atttypid = 'pg_catalog.uuid'::pg_catalog.regtype
                          AND EXISTS (SELECT FROM pg_catalog.pg_attribute p WHERE p.attrelid = parent AND p.attnum = co.confkey[1]
                                         AND p.atttypid = 'pg_catalog.uuid'::pg_catalog.regtype AND p.attname = new_column));
    IF v_fks IS DISTINCT FROM foreign_keys THEN
        RAISE EXCEPTION 'the foreign keys referencing % changed since the script was made', parent
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'Nothing was changed. Make the script again with uuid_rekey_ddl.';
    END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_pending(regclass, text[], name) IS
'internal to uuid_shard: checks under lock that the tables of a rekey are those its script was made for';

-- Internal: the body of the sync trigger function of one table of a rekey (PL/pgSQL source).
-- Parent: a NULL new key becomes uuidv7(), a key once set never changes (23514: the referencing
-- tables copy it). Referencing table: its old and new columns name the same parent row, in
-- whichever the application writes; a new key with no parent row is 23503, like the foreign key.
CREATE FUNCTION @extschema@._uuid_rekey_sync_body(is_parent boolean, parent regclass, parent_old name, parent_new name,
                                                  old_column name, new_column name)
RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT CASE WHEN is_parent THEN pg_catalog.format(
-- %1$I the new column, %2$I the old one, %3$s @extschema@ quoted
$sql$
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF NEW.%1$I IS NULL THEN
            NEW.%1$I := %3$s.uuidv7();
        END IF;
    ELSIF OLD.%1$I IS NOT NULL AND NEW.%1$I IS DISTINCT FROM OLD.%1$I THEN
        RAISE EXCEPTION 'the new key of a row of %% cannot change once set', TG_TABLE_NAME
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END
$sql$, parent_new, parent_old, @extschema@._uuid_rekey_ext())
    ELSE pg_catalog.format(
-- %1$I the old column, %2$I the new one, %3$s the parent, %4$I and %5$I its old and new keys
$sql$
DECLARE
    v_old_given boolean;
    v_new_given boolean;
    v_key uuid;
    v_old %6$s;
BEGIN
    IF TG_OP = 'INSERT' THEN
        v_old_given := NEW.%1$I IS NOT NULL;
        v_new_given := NEW.%2$I IS NOT NULL;
    ELSE
        v_old_given := NEW.%1$I IS DISTINCT FROM OLD.%1$I;
        v_new_given := NEW.%2$I IS DISTINCT FROM OLD.%2$I;
    END IF;
    IF v_new_given AND NEW.%2$I IS NOT NULL AND NEW.%1$I IS NOT NULL THEN
        -- the pair as written (or as the backfill fills it) is checked by the old key's index
        SELECT p.%5$I INTO v_key FROM %3$s p WHERE p.%4$I = NEW.%1$I;
        IF v_key = NEW.%2$I THEN
            RETURN NEW;
        END IF;
        IF v_old_given THEN
            RAISE EXCEPTION 'insert or update on table %% violates foreign key: %% and %% name different rows of %%',
                    TG_TABLE_NAME, NEW.%1$I, NEW.%2$I, %7$L
                USING ERRCODE = 'foreign_key_violation';
        END IF;
    END IF;
    IF v_new_given THEN
        IF NEW.%2$I IS NULL THEN
            NEW.%1$I := NULL;
        ELSE
            SELECT p.%4$I INTO v_old FROM %3$s p WHERE p.%5$I = NEW.%2$I;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'insert or update on table %% violates foreign key: key %% is not present in table %%',
                        TG_TABLE_NAME, NEW.%2$I, %7$L
                    USING ERRCODE = 'foreign_key_violation';
            END IF;
            NEW.%1$I := v_old;
        END IF;
    ELSIF v_old_given THEN
        IF NEW.%1$I IS NULL THEN
            NEW.%2$I := NULL;
        ELSE
            -- NULL while the parent row waits for its backfill batch: the sweep fills it
            SELECT p.%5$I INTO v_key FROM %3$s p WHERE p.%4$I = NEW.%1$I;
            NEW.%2$I := v_key;
        END IF;
    END IF;
    RETURN NEW;
END
$sql$, old_column, new_column, parent, parent_old, parent_new,
       (SELECT pg_catalog.format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a
         WHERE a.attrelid = parent AND a.attname = parent_old AND NOT a.attisdropped),
       parent::text) END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_sync_body(boolean, regclass, name, name, name, name) IS
'internal to uuid_shard: the body of a rekey sync trigger function';

-- Internal: where the backfill is: 'parent' (filling the parent), 'gate' (waiting for the
-- transactions older than its last batch), 'children', 'done'; the state row it works on.
CREATE FUNCTION @extschema@._uuid_rekey_stage(state regclass)
RETURNS TABLE(stage text, ord integer)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v record;
BEGIN
    EXECUTE pg_catalog.format('SELECT s.done, s.gate FROM %s s WHERE s.ord = 0', state) INTO v;
    IF NOT v.done THEN
        stage := 'parent'; ord := 0; RETURN NEXT; RETURN;
    END IF;
    IF v.gate IS NULL OR pg_catalog.cardinality(v.gate) > 0 THEN
        stage := 'gate'; ord := 0; RETURN NEXT; RETURN;
    END IF;
    EXECUTE pg_catalog.format('SELECT min(s.ord) FROM %s s WHERE NOT s.done', state) INTO ord;
    stage := CASE WHEN ord IS NULL THEN 'done' ELSE 'children' END;
    RETURN NEXT;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_stage(regclass) IS
'internal to uuid_shard: where the backfill of a rekey is';

-- One step of the backfill, in the caller's transaction with its checkpoint: one batch of the
-- parent (keyset over the old key, bounded by the largest key at expand), or one check of the
-- wait for transactions older than the parent's last batch, or one batch of a referencing
-- table. A batch that waits for a row an application transaction holds gives up after
-- min(200 ms, deadlock_timeout / 4) and reports 'retry' (nothing done); the application never
-- waits on it long and never sees a deadlock error from it. state: 'backfilling', 'waiting',
-- 'retry', 'done'.
CREATE FUNCTION @extschema@.uuid_rekey_step(parent regclass, batch_rows integer DEFAULT 5000)
RETURNS TABLE(relation regclass, state text, rows integer, "position" text)
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_state regclass;
    v_stage text;
    v_ord integer;
    s record;
    p record;
    v_timeout CONSTANT text := pg_catalog.current_setting('lock_timeout');
    v_wait integer := LEAST(200, GREATEST(1,
        EXTRACT(epoch FROM pg_catalog.current_setting('deadlock_timeout')::interval)::numeric * 1000 / 4)::integer);
    v_expr text;
    v_last text;
    v_n integer;
    v_max_ts timestamptz;
    v_left text[];
    v_leaves oid[];
    v_leaf text;
    v_i integer;
    v_page bigint;
    v_done boolean;
    v_key_type text;
BEGIN
    IF parent IS NULL OR batch_rows IS NULL OR batch_rows < 1 THEN
        RAISE EXCEPTION 'uuid_rekey_step needs a parent and a batch_rows of at least 1' USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT x.state INTO v_state FROM @extschema@._uuid_rekey_state(parent) x;
    IF v_state IS NULL THEN
        RAISE EXCEPTION 'no rekey of % is in progress', parent
            USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'Run the expand script of uuid_rekey_ddl first.';
    END IF;
    -- one step at a time: a second runner waits here for the first one's transaction
    EXECUTE pg_catalog.format('SELECT FROM %s s WHERE s.ord = 0 FOR UPDATE', v_state);
    SELECT g.stage, g.ord INTO v_stage, v_ord FROM @extschema@._uuid_rekey_stage(v_state) g;
    EXECUTE pg_catalog.format('SELECT s.* FROM %s s WHERE s.ord = 0', v_state) INTO p;
    IF v_stage = 'done' THEN
        relation := parent; state := 'done'; rows := 0; "position" := NULL;
        RETURN NEXT; RETURN;
    END IF;
    IF v_stage = 'gate' THEN
        relation := parent; rows := 0;
        IF p.gate IS NULL THEN
            -- the parent's last batch committed before this transaction began: every other
            -- transaction now running may have looked up a parent key before it
            SELECT coalesce(pg_catalog.array_agg(l.virtualxid::text ORDER BY l.virtualxid::text), '{}') INTO v_left
              FROM pg_catalog.pg_locks l
             WHERE l.locktype = 'virtualxid' AND l.granted AND l.pid IS DISTINCT FROM pg_catalog.pg_backend_pid()
               AND l.mode = 'ExclusiveLock'
               -- sessions of this database that may write (autovacuum looks nothing up)
               AND EXISTS (SELECT FROM pg_catalog.pg_stat_activity a
                            WHERE a.pid = l.pid AND a.datname = pg_catalog.current_database()
                              AND a.backend_type IS DISTINCT FROM 'autovacuum worker');
        ELSE
            SELECT coalesce(pg_catalog.array_agg(g ORDER BY g), '{}') INTO v_left
              FROM pg_catalog.unnest(p.gate) g
             WHERE EXISTS (SELECT FROM pg_catalog.pg_locks l WHERE l.locktype = 'virtualxid' AND l.virtualxid::text = g AND l.granted);
        END IF;
        EXECUTE pg_catalog.format('UPDATE %s s SET gate = $1, updated = pg_catalog.clock_timestamp() WHERE s.ord = 0', v_state) USING v_left;
        state := CASE WHEN pg_catalog.cardinality(v_left) = 0 THEN 'backfilling' ELSE 'waiting' END;
        "position" := pg_catalog.array_to_string(v_left, ' ');
        RETURN NEXT; RETURN;
    END IF;
    EXECUTE pg_catalog.format('SELECT s.* FROM %s s WHERE s.ord = $1', v_state) INTO s USING v_ord;
    relation := s.relation;
    PERFORM pg_catalog.set_config('lock_timeout', v_wait || 'ms', true);
    BEGIN
        IF v_stage = 'parent' THEN
            IF p.total IS NULL THEN
                -- the rows to fill: those at expand, less those deleted since (keys 'sequence'
                -- counts down from the expand time by one microsecond a row)
                EXECUTE pg_catalog.format('SELECT pg_catalog.count(*) FROM %s t WHERE t.%I IS NULL AND t.%I <= %L::%s',
                                          s.relation, s.new_column, s.old_column, p.bound,
                                          (SELECT pg_catalog.format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a
                                            WHERE a.attrelid = s.relation AND a.attname = s.old_column))
                   INTO p.total;
                EXECUTE pg_catalog.format('UPDATE %s s SET total = $1 WHERE s.ord = 0', v_state) USING p.total;
            END IF;
            -- the new key of the row of rank k (k = carry_rank + its place in the batch) whose
            -- timestamp is b.ts
            v_expr := CASE p.keys
                WHEN 'time' THEN pg_catalog.format('%s.uuid_v7_at(b.ts)', @extschema@._uuid_rekey_ext())
                WHEN 'name' THEN pg_catalog.format('%s.uuid_v7_from_name(b.ts, %L || b.k::text)', @extschema@._uuid_rekey_ext(), p.name_prefix)
                ELSE CASE WHEN p.ts_column IS NULL
                     THEN pg_catalog.format('%s.uuid_v7_at(%L::timestamptz - (%s - b.rank + 1) * interval ''1 microsecond'')',
                                            @extschema@._uuid_rekey_ext(), p.expand_time, p.total)
                     -- t(k) = k us + max over j <= k of (ts_j - j us): at least ts, strictly increasing
                     ELSE pg_catalog.format('%s.uuid_v7_at(GREATEST(%L::timestamptz, b.runmax) + b.rank * interval ''1 microsecond'')',
                                            @extschema@._uuid_rekey_ext(), coalesce(p.carry_ts, '-infinity'::timestamptz)) END END;
            -- The batch: the next batch_rows keys by the key's index (no condition on the new
            -- column, which would make the planner scan the table: a fresh column has no
            -- statistics), of which those still without a new key are ranked and filled, each
            -- found again by the same index. Ranks and their running maximum only for keys
            -- 'sequence', the one rule that needs them.
            EXECUTE pg_catalog.format(
$sql$WITH b0 AS (SELECT t.%3$I AS k, %6$s AS ts, t.%2$I IS NULL AS empty FROM %1$s t
                WHERE t.%3$I <= %5$L::%7$s %4$s ORDER BY t.%3$I LIMIT %8$s),
      b AS (%9$s),
      u AS (UPDATE %1$s t SET %2$I = %10$s FROM b
             WHERE t.%3$I = ANY (ARRAY(SELECT b.k FROM b)) AND t.%3$I = b.k AND t.%2$I IS NULL RETURNING b.k, b.ts, b.rank)
 SELECT (SELECT b0.k::text FROM b0 ORDER BY b0.k DESC LIMIT 1), (SELECT pg_catalog.count(*) FROM u)::integer,
        (SELECT pg_catalog.max(u.ts - u.rank * interval '1 microsecond') FROM u)$sql$,
                s.relation, s.new_column, s.old_column,
                CASE WHEN p."position" IS NULL THEN '' ELSE pg_catalog.format('AND t.%I > %L::%s', s.old_column, p."position",
                     (SELECT pg_catalog.format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a
                       WHERE a.attrelid = s.relation AND a.attname = s.old_column)) END,
                p.bound,
                CASE WHEN p.ts_column IS NULL THEN 'NULL::timestamptz' ELSE pg_catalog.format('t.%I', p.ts_column) END,
                (SELECT pg_catalog.format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a
                  WHERE a.attrelid = s.relation AND a.attname = s.old_column),
                batch_rows,
                CASE WHEN p.keys = 'sequence'
                     THEN pg_catalog.format(
'SELECT b1.k, b1.ts, b1.rank, pg_catalog.max(b1.ts - b1.rank * interval ''1 microsecond'') OVER (ORDER BY b1.k) AS runmax
                FROM (SELECT b0.k, b0.ts, %s + pg_catalog.row_number() OVER (ORDER BY b0.k) AS rank FROM b0 WHERE b0.empty) b1',
                                            coalesce(p.carry_rank, 0))
                     ELSE 'SELECT b0.k, b0.ts, NULL::bigint AS rank, NULL::timestamptz AS runmax FROM b0 WHERE b0.empty' END,
                v_expr)
               INTO v_last, v_n, v_max_ts;
            -- the checkpoint is the batch's last key: rows up to it were filled by it, or had
            -- their key already, or are gone
            IF v_last IS NULL THEN
                EXECUTE pg_catalog.format('UPDATE %s s SET done = true, updated = pg_catalog.clock_timestamp() WHERE s.ord = 0', v_state);
                state := 'backfilling'; rows := 0; "position" := p."position";
            ELSE
                -- keys 'sequence' from a timestamp: a row stamped after the expand would put its key,
                -- and every later one, above the keys minted since; the batch is undone
                IF p.keys = 'sequence' AND p.ts_column IS NOT NULL
                   AND GREATEST(coalesce(p.carry_ts, '-infinity'::timestamptz), v_max_ts)
                       + (coalesce(p.carry_rank, 0) + v_n) * interval '1 microsecond' > p.expand_time THEN
                    RAISE EXCEPTION 'keys ''sequence'' from % would give rows of % up to key % times after the expand (%)',
                            pg_catalog.quote_ident(p.ts_column), parent, v_last, p.expand_time
                        USING ERRCODE = 'datetime_field_overflow',
                              DETAIL = 'A row''s timestamp is later than the expand: its key, and every later one, would sort above keys minted since.',
                              HINT = 'Nothing of this batch was kept. Roll back, then expand with keys ''time'', or ''sequence'' without ts_column.';
                END IF;
                EXECUTE pg_catalog.format(
                    'UPDATE %s s SET "position" = $1, rows_done = s.rows_done + $2, carry_rank = coalesce(s.carry_rank, 0) + $2,
                                     carry_ts = GREATEST(s.carry_ts, $3), updated = pg_catalog.clock_timestamp()
                      WHERE s.ord = 0', v_state) USING v_last, v_n, v_max_ts;
                state := 'backfilling'; rows := v_n; "position" := v_last;
            END IF;
        ELSIF s.key_column IS NOT NULL THEN
            -- a referencing table: keyset over its primary key, up to its largest key at its
            -- first step. Rows written after that came after the wait for older transactions,
            -- when every parent row had its new key: the sync trigger filled them. (Without
            -- the bound, a sweep chasing the application's inserts need never end.)
            v_key_type := (SELECT pg_catalog.format_type(a.atttypid, a.atttypmod) FROM pg_catalog.pg_attribute a
                            WHERE a.attrelid = s.relation AND a.attname = s.key_column);
            IF s."position" IS NULL AND s.bound IS NULL THEN
                EXECUTE pg_catalog.format('SELECT t.%1$I::text FROM %2$s t ORDER BY t.%1$I DESC LIMIT 1', s.key_column, s.relation)
                   INTO s.bound;
                EXECUTE pg_catalog.format('UPDATE %s s SET bound = $1 WHERE s.ord = $2', v_state) USING s.bound, v_ord;
            END IF;
            v_last := NULL; v_n := 0;
            IF s.bound IS NOT NULL THEN
                EXECUTE pg_catalog.format(
$sql$WITH b AS (SELECT t.%3$I AS k FROM %1$s t WHERE t.%3$I <= %10$L::%11$s %4$s ORDER BY t.%3$I LIMIT %5$s),
      u AS (UPDATE %1$s t SET %2$I = p.%8$I FROM %6$s p
             WHERE t.%3$I = ANY (ARRAY(SELECT b.k FROM b)) AND t.%2$I IS NULL AND t.%7$I IS NOT NULL AND p.%9$I = t.%7$I RETURNING 1)
 SELECT (SELECT b.k::text FROM b ORDER BY b.k DESC LIMIT 1), (SELECT pg_catalog.count(*) FROM u)::integer$sql$,
                    s.relation, s.new_column, s.key_column,
                    CASE WHEN s."position" IS NULL THEN '' ELSE pg_catalog.format('AND t.%I > %L::%s', s.key_column, s."position", v_key_type) END,
                    batch_rows, parent, s.old_column, p.new_column, p.old_column, s.bound, v_key_type)
                   INTO v_last, v_n;
            END IF;
            IF v_last IS NULL THEN
                v_last := s."position";
            END IF;
            EXECUTE pg_catalog.format('UPDATE %s s SET "position" = $1, rows_done = s.rows_done + $2, updated = pg_catalog.clock_timestamp(),
                                              done = $3 WHERE s.ord = $4', v_state)
              USING v_last, v_n, v_last IS NOT DISTINCT FROM s."position", v_ord;
            state := 'backfilling'; rows := v_n; "position" := v_last;
        ELSE
            -- a referencing table without a one-column primary key (a partitioned one among
            -- them): pages, batch_rows / 50 at a time, leaf by leaf; position 'leaf number:page'.
            -- At the end, one look for rows left (a row an application UPDATE moved to a page
            -- already passed): if there are, another pass.
            SELECT coalesce(pg_catalog.array_agg(w.leaf::oid ORDER BY w.leaf::oid), ARRAY[s.relation::oid]) INTO v_leaves
              FROM @extschema@._uuid_rekey_leaves(s.relation, s.new_column) w;
            v_leaf := coalesce(pg_catalog.split_part(s."position", ':', 1), '')::text;
            v_i := CASE WHEN v_leaf = '' THEN 1 ELSE v_leaf::integer END;
            v_page := CASE WHEN v_leaf = '' THEN 0 ELSE pg_catalog.split_part(s."position", ':', 2)::bigint END;
            v_n := 0;
            IF v_i <= coalesce(pg_catalog.cardinality(v_leaves), 0) THEN
                EXECUTE pg_catalog.format(
$sql$WITH u AS (UPDATE %1$s t SET %2$I = p.%5$I FROM %4$s p
             WHERE %6$s AND t.%2$I IS NULL AND t.%3$I IS NOT NULL AND p.%7$I = t.%3$I RETURNING 1)
 SELECT pg_catalog.count(*)::integer FROM u$sql$,
                    v_leaves[v_i]::regclass, s.new_column, s.old_column, parent, p.new_column,
                    -- the batch's pages: a TID range scan from PostgreSQL 14; before, a TID scan
                    -- of every line pointer a page can hold (a range would scan the whole table)
                    CASE WHEN pg_catalog.current_setting('server_version_num')::integer >= 140000
                    THEN pg_catalog.format('t.ctid >= ''(%s,0)''::pg_catalog.tid AND t.ctid < ''(%s,0)''::pg_catalog.tid',
                                           v_page, v_page + GREATEST(1, batch_rows / 50))
                    ELSE pg_catalog.format('t.ctid OPERATOR(pg_catalog.=) ANY (ARRAY(SELECT pg_catalog.format(''(%%s,%%s)'', b, o)::pg_catalog.tid
                                             FROM pg_catalog.generate_series(%s::bigint, %s::bigint) b, pg_catalog.generate_series(1, %s) o))',
                                           v_page, v_page + GREATEST(1, batch_rows / 50) - 1,
                                           (pg_catalog.current_setting('block_size')::integer - 24) / 28) END,
                    p.old_column)
                   INTO v_n;
                v_page := v_page + GREATEST(1, batch_rows / 50);
                IF v_page >= pg_catalog.pg_relation_size(v_leaves[v_i]::regclass) / pg_catalog.current_setting('block_size')::bigint THEN
                    v_i := v_i + 1; v_page := 0;
                END IF;
                v_last := v_i || ':' || v_page;
                v_done := false;
            ELSE
                EXECUTE pg_catalog.format('SELECT NOT EXISTS (SELECT FROM %s t WHERE t.%I IS NULL AND t.%I IS NOT NULL)',
                                          s.relation, s.new_column, s.old_column) INTO v_done;
                v_last := CASE WHEN v_done THEN s."position" ELSE NULL END;
            END IF;
            EXECUTE pg_catalog.format('UPDATE %s s SET "position" = $1, rows_done = s.rows_done + $2, updated = pg_catalog.clock_timestamp(),
                                              done = $3 WHERE s.ord = $4', v_state)
              USING v_last, v_n, v_done, v_ord;
            state := 'backfilling'; rows := v_n; "position" := v_last;
        END IF;
    EXCEPTION WHEN lock_not_available THEN
        state := 'retry'; rows := 0; "position" := s."position";
    END;
    PERFORM pg_catalog.set_config('lock_timeout', v_timeout, true);
    RETURN NEXT;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_rekey_step(regclass, integer) IS
'one batch of the backfill of a rekey (or one check of its wait for older transactions), with its checkpoint, in the caller''s transaction';

-- Loops uuid_rekey_step with a COMMIT after each step until the backfill is done, sleeping
-- pause between steps and longer while a standby's replay lag (where this role can see
-- pg_stat_replication) exceeds max_replay_lag; returns at max_runtime, and calling it again
-- resumes at the checkpoint. A procedure with a SET clause cannot COMMIT: search_path is pinned
-- again after every COMMIT, and every call is qualified.
CREATE PROCEDURE @extschema@.uuid_rekey_run(parent regclass, batch_rows integer DEFAULT 5000, pause interval DEFAULT '20 ms',
                                            max_replay_lag interval DEFAULT '10 s', max_runtime interval DEFAULT NULL)
LANGUAGE plpgsql SECURITY INVOKER
AS $fn$
DECLARE
    v_start CONSTANT timestamptz := pg_catalog.clock_timestamp();
    v_state text;
    v_rows bigint := 0;
    v_lag interval;
    v_n integer;
BEGIN
    PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
    LOOP
        SELECT x.state, x.rows INTO v_state, v_n FROM @extschema@.uuid_rekey_step(parent, batch_rows) x;
        v_rows := v_rows + v_n;
        COMMIT;
        PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
        EXIT WHEN v_state = 'done';
        IF max_runtime IS NOT NULL AND pg_catalog.clock_timestamp() - v_start >= max_runtime THEN
            RAISE NOTICE 'uuid_rekey_run stopped after % (max_runtime), % rows filled: CALL it again to resume', max_runtime, v_rows;
            RETURN;
        END IF;
        PERFORM pg_catalog.pg_sleep(EXTRACT(epoch FROM coalesce(pause, interval '0'))::float8
                                    + CASE WHEN v_state IN ('waiting', 'retry') THEN 0.1 ELSE 0 END);
        IF max_replay_lag IS NOT NULL THEN
            LOOP
                SELECT pg_catalog.max(r.replay_lag) INTO v_lag FROM pg_catalog.pg_stat_replication r;
                EXIT WHEN v_lag IS NULL OR v_lag <= max_replay_lag
                       OR (max_runtime IS NOT NULL AND pg_catalog.clock_timestamp() - v_start >= max_runtime);
                PERFORM pg_catalog.pg_sleep(0.1);
            END LOOP;
        END IF;
    END LOOP;
    RAISE NOTICE 'backfill of % done (% rows filled by this call): next, the prepare script', parent, v_rows;
END
$fn$;

COMMENT ON PROCEDURE @extschema@.uuid_rekey_run(regclass, integer, interval, interval, interval) IS
'runs the backfill of a rekey, a COMMIT after each step, throttled by a pause and by replica replay lag, up to max_runtime';

-- Internal: the twins prepare builds for rel: every index of rel whose columns include
-- old_column (plain columns only), other than a primary key and the rekey's own indexes, gets one
-- with new_column in its place -- same method, uniqueness, operator classes, collations,
-- orderings, INCLUDE columns and predicate -- named <index>_v7. An index on old_column alone,
-- not unique, whole and ascending, is covered by the rekey's own index on new_column and gets
-- none, nor does own_index (the old key's unique index of the parent). skipped: no twin can be made (an expression or a predicate on old_column, or a
-- non-default operator class on it). twin: the index of the twin's name on rel, if any, and
-- whether it is valid; create_sql builds it.
CREATE FUNCTION @extschema@._uuid_rekey_twins(rel regclass, old_column name, new_column name, own_index name)
RETURNS TABLE(index_name name, twin_name name, create_sql text, twin regclass, valid boolean, skipped boolean)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_old smallint;
    v_new smallint;
    i record;
    v_keys text[];
    v_incl text[];
    v_item text;
    k integer;
BEGIN
    SELECT a.attnum INTO v_old FROM pg_catalog.pg_attribute a WHERE a.attrelid = rel AND a.attname = old_column AND NOT a.attisdropped;
    SELECT a.attnum INTO v_new FROM pg_catalog.pg_attribute a WHERE a.attrelid = rel AND a.attname = new_column AND NOT a.attisdropped;
    FOR i IN
        SELECT x.indexrelid, c.relname, x.indisunique, x.indnkeyatts, x.indnatts, x.indkey, x.indclass, x.indcollation,
               x.indoption, x.indexprs IS NOT NULL AS has_exprs, am.amname,
               pg_catalog.pg_get_expr(x.indpred, x.indrelid) AS pred,
               x.indpred IS NOT NULL AND EXISTS (SELECT FROM pg_catalog.pg_depend d
                                                  WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.objid = x.indexrelid
                                                    AND d.refobjid = rel AND d.refobjsubid = v_old
                                                    AND NOT (v_old = ANY (x.indkey::smallint[]))) AS pred_on_old
          FROM pg_catalog.pg_index x JOIN pg_catalog.pg_class c ON c.oid = x.indexrelid
          JOIN pg_catalog.pg_am am ON am.oid = c.relam
         WHERE x.indrelid = rel AND NOT x.indisprimary AND c.relname <> own_index
           AND (v_old = ANY (x.indkey::smallint[])
                OR EXISTS (SELECT FROM pg_catalog.pg_depend d
                            WHERE d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass AND d.objid = x.indexrelid
                              AND d.refobjid = rel AND d.refobjsubid = v_old))
           AND NOT (v_new = ANY (x.indkey::smallint[]))
         ORDER BY c.relname
    LOOP
        IF i.indnatts = 1 AND i.indkey[0] = v_old AND NOT i.indisunique AND i.pred IS NULL AND i.amname = 'btree'
           AND i.indoption[0] = 0 AND NOT i.has_exprs THEN
            CONTINUE;
        END IF;
        index_name := i.relname;
        twin_name := @extschema@._uuid_v7_child_name(i.relname, '_v7');
        create_sql := NULL; twin := NULL; valid := NULL;
        skipped := i.has_exprs OR i.pred_on_old OR (i.pred IS NOT NULL AND NOT (v_old = ANY (i.indkey::smallint[])));
        v_keys := '{}'; v_incl := '{}';
        FOR k IN 0 .. i.indnatts - 1 LOOP
            EXIT WHEN skipped;
            v_item := pg_catalog.format('%I', (SELECT a.attname FROM pg_catalog.pg_attribute a WHERE a.attrelid = rel
                                                  AND a.attnum = CASE WHEN i.indkey[k] = v_old THEN v_new ELSE i.indkey[k] END));
            IF k >= i.indnkeyatts THEN
                v_incl := v_incl || v_item;
                CONTINUE;
            END IF;
            IF i.indkey[k] = v_old THEN
                skipped := NOT (SELECT oc.opcdefault FROM pg_catalog.pg_opclass oc WHERE oc.oid = i.indclass[k]);
            ELSE
                v_item := v_item
                    || coalesce((SELECT pg_catalog.format(' COLLATE %I.%I', cn.nspname, co.collname)
                                   FROM pg_catalog.pg_collation co JOIN pg_catalog.pg_namespace cn ON cn.oid = co.collnamespace
                                  WHERE co.oid = i.indcollation[k]
                                    AND co.oid <> (SELECT a.attcollation FROM pg_catalog.pg_attribute a
                                                    WHERE a.attrelid = rel AND a.attnum = i.indkey[k])), '')
                    || coalesce((SELECT pg_catalog.format(' %I.%I', ocn.nspname, oc.opcname)
                                   FROM pg_catalog.pg_opclass oc JOIN pg_catalog.pg_namespace ocn ON ocn.oid = oc.opcnamespace
                                  WHERE oc.oid = i.indclass[k] AND NOT oc.opcdefault), '');
            END IF;
            IF i.amname = 'btree' THEN
                v_item := v_item || CASE WHEN i.indoption[k] & 1 <> 0 THEN ' DESC' ELSE '' END
                                 || CASE WHEN i.indoption[k] & 2 <> 0 AND i.indoption[k] & 1 = 0 THEN ' NULLS FIRST'
                                         WHEN i.indoption[k] & 2 = 0 AND i.indoption[k] & 1 <> 0 THEN ' NULLS LAST' ELSE '' END;
            END IF;
            v_keys := v_keys || v_item;
        END LOOP;
        IF NOT skipped THEN
            create_sql := pg_catalog.format('CREATE %sINDEX CONCURRENTLY %I ON %s USING %I (%s)%s%s',
                CASE WHEN i.indisunique THEN 'UNIQUE ' ELSE '' END, twin_name, rel, i.amname,
                pg_catalog.array_to_string(v_keys, ', '),
                CASE WHEN pg_catalog.cardinality(v_incl) > 0 THEN ' INCLUDE (' || pg_catalog.array_to_string(v_incl, ', ') || ')' ELSE '' END,
                coalesce(' WHERE ' || i.pred, ''));
        END IF;
        SELECT c.oid, x.indisvalid INTO twin, valid FROM pg_catalog.pg_class c JOIN pg_catalog.pg_index x ON x.indexrelid = c.oid
         WHERE c.relname = twin_name AND x.indrelid = rel;
        RETURN NEXT;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_twins(regclass, name, name, name) IS
'internal to uuid_shard: the twins on the new column of the indexes that contain an old key column';

-- Internal: true when index idx is valid and on exactly (col) of rel, unique when asked.
CREATE FUNCTION @extschema@._uuid_rekey_index_ok(rel regclass, idx name, col name, is_unique boolean)
RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT EXISTS (SELECT FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid
                     JOIN pg_catalog.pg_attribute a ON a.attrelid = rel AND a.attname = col
                    WHERE i.indrelid = rel AND c.relname = idx AND i.indisvalid AND i.indnatts = 1
                      AND i.indkey[0] = a.attnum AND i.indpred IS NULL AND i.indexprs IS NULL
                      AND (i.indisunique OR NOT is_unique))
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_index_ok(regclass, name, name, boolean) IS
'internal to uuid_shard: whether a rekey index is built and valid';

-- Internal: the constraint name of rel and whether it is validated (NULL: absent).
CREATE FUNCTION @extschema@._uuid_rekey_constraint(rel regclass, con name)
RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT co.convalidated FROM pg_catalog.pg_constraint co WHERE co.conrelid = rel AND co.conname = con
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_constraint(regclass, name) IS
'internal to uuid_shard: whether a constraint exists and is validated';

-- Internal: whether the swap is done: the primary key of parent is on its new column.
CREATE FUNCTION @extschema@._uuid_rekey_swapped(parent regclass, new_column name)
RETURNS boolean
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT EXISTS (SELECT FROM pg_catalog.pg_constraint co JOIN pg_catalog.pg_attribute a ON a.attrelid = co.conrelid
                                                              AND a.attnum = co.conkey[1]
                    WHERE co.conrelid = parent AND co.contype = 'p' AND a.attname = new_column)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_swapped(regclass, name) IS
'internal to uuid_shard: whether the primary key has moved to the new column';

-- Internal: the schema of a relation, as the catalog has it.
CREATE FUNCTION @extschema@._uuid_rekey_nsp(rel regclass)
RETURNS name
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT n.nspname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = rel
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_nsp(regclass) IS
'internal to uuid_shard: the schema of a relation';

-- Internal: the tables of a plan as the strong-lock blocks take them (referencing tables first,
-- the parent last), and the foreign keys referencing the parent as _uuid_rekey_pending expects.
CREATE FUNCTION @extschema@._uuid_rekey_lock_list(plan @extschema@._uuid_rekey_table[])
RETURNS text[]
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT ARRAY(SELECT t.relation::text FROM pg_catalog.unnest(plan) t ORDER BY t.ord DESC)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_lock_list(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: the tables of a rekey in the order its scripts lock them';

CREATE FUNCTION @extschema@._uuid_rekey_fk_list(plan @extschema@._uuid_rekey_table[])
RETURNS text[]
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT ARRAY(SELECT pg_catalog.format('%s.%I', t.relation, t.old_fk) FROM pg_catalog.unnest(plan) t
                  WHERE t.ord > 0 ORDER BY t.relation::text, t.old_fk)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_fk_list(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: the foreign keys of a rekey as its scripts check them';

-- Internal: values as a list of SQL literals (NULL as NULL), for an emitted INSERT.
CREATE FUNCTION @extschema@._uuid_rekey_literals(vals text[])
RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT pg_catalog.string_agg(pg_catalog.quote_nullable(v.val), ', ' ORDER BY v.i)
      FROM pg_catalog.unnest(vals) WITH ORDINALITY v(val, i)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_literals(text[]) IS
'internal to uuid_shard: values as SQL literals';

-- Internal: the definition of a new foreign key from column new_column of the table of foreign
-- key con to parent_column of parent, with con's match type, actions and deferrability.
CREATE FUNCTION @extschema@._uuid_rekey_fk_text(con oid, new_column name, parent regclass, parent_column name)
RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT pg_catalog.format('FOREIGN KEY (%I) REFERENCES %s (%I)%s ON UPDATE %s ON DELETE %s%s',
               new_column, parent, parent_column,
               CASE co.confmatchtype WHEN 'f' THEN ' MATCH FULL' ELSE '' END,
               CASE co.confupdtype WHEN 'a' THEN 'NO ACTION' WHEN 'r' THEN 'RESTRICT' WHEN 'c' THEN 'CASCADE'
                                   WHEN 'n' THEN 'SET NULL' ELSE 'SET DEFAULT' END,
               CASE co.confdeltype WHEN 'a' THEN 'NO ACTION' WHEN 'r' THEN 'RESTRICT' WHEN 'c' THEN 'CASCADE'
                                   WHEN 'n' THEN 'SET NULL' ELSE 'SET DEFAULT' END,
               CASE WHEN co.condeferred THEN ' DEFERRABLE INITIALLY DEFERRED' WHEN co.condeferrable THEN ' DEFERRABLE' ELSE '' END)
      FROM pg_catalog.pg_constraint co WHERE co.oid = con AND co.contype = 'f'
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_fk_text(oid, name, regclass, name) IS
'internal to uuid_shard: the definition of a rekey''s new foreign key, shaped as the old one';

-- Internal: the definition of constraint con of rel as the catalog has it (NULL: absent).
CREATE FUNCTION @extschema@._uuid_rekey_constraint_def(rel regclass, con name)
RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT pg_catalog.pg_get_constraintdef(co.oid) FROM pg_catalog.pg_constraint co WHERE co.conrelid = rel AND co.conname = con
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_constraint_def(regclass, name) IS
'internal to uuid_shard: the definition of a constraint';

-- Internal: a DO block for prepare's and unswap's brief catalog changes. Unless cond holds (a
-- PL/pgSQL condition on catalog facts, from _uuid_rekey_add_constraint or prepare's partitioned
-- index steps), it takes ACCESS EXCLUSIVE locks on tables through _uuid_lock_tables (so that the
-- application never waits long behind it, nor deadlocks with it) and runs cmd unless cond holds
-- by then: checked first, it takes no lock for nothing and runs warm under them.
CREATE FUNCTION @extschema@._uuid_rekey_unless(tables text[], cond text, cmd text)
RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT @extschema@._uuid_emit_do(pg_catalog.format(
        E'    IF NOT (%3$s) THEN\n        PERFORM %1$s._uuid_lock_tables(%2$L::pg_catalog.text[], ''the rekey''''s prepare'');\n        IF NOT (%3$s) THEN\n            %4$s;\n        END IF;\n    END IF;\n',
        @extschema@._uuid_rekey_ext(), tables, cond, cmd))
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_unless(text[], text, text) IS
'internal to uuid_shard: a DO block that locks tables briefly and runs a statement unless a condition holds';

-- Internal: the block that adds constraint con (definition def) to rel under the locks of
-- tables, unless rel has it by then.
CREATE FUNCTION @extschema@._uuid_rekey_add_constraint(tables text[], rel regclass, con name, def text)
RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT @extschema@._uuid_rekey_unless(tables,
        pg_catalog.format('%s._uuid_rekey_constraint(%L::pg_catalog.regclass, %L::pg_catalog.name) IS NOT NULL',
                          @extschema@._uuid_rekey_ext(), rel::text, con),
        pg_catalog.format('ALTER TABLE %s ADD CONSTRAINT %I %s', rel, con, def))
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_add_constraint(text[], regclass, name, text) IS
'internal to uuid_shard: a block that adds a constraint under brief locks unless it is there';

-- Internal: the statements that (re)build index idx of rel on (col), concurrently: a leftover
-- invalid one of a failed build is dropped first; nothing when a valid one is there.
CREATE FUNCTION @extschema@._uuid_rekey_build_index(rel regclass, idx name, col name, is_unique boolean)
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF EXISTS (SELECT FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid
                WHERE i.indrelid = rel AND c.relname = idx AND NOT i.indisvalid) THEN
        RETURN NEXT pg_catalog.format('DROP INDEX CONCURRENTLY %I.%I', @extschema@._uuid_rekey_nsp(rel), idx);
    END IF;
    IF NOT @extschema@._uuid_rekey_index_ok(rel, idx, col, is_unique) THEN
        RETURN NEXT pg_catalog.format('CREATE %sINDEX CONCURRENTLY %I ON %s (%I)',
                                      CASE WHEN is_unique THEN 'UNIQUE ' ELSE '' END, idx, rel, col);
    END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_build_index(regclass, name, name, boolean) IS
'internal to uuid_shard: the statements that build a rekey index concurrently, unless it is built';

-- Internal: the statements that add constraint con (def) to rel NOT VALID under brief locks of
-- tables, then validate it while writes go on; nothing for what is done already.
CREATE FUNCTION @extschema@._uuid_rekey_add_valid(tables text[], rel regclass, con name, def text)
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
BEGIN
    IF @extschema@._uuid_rekey_constraint(rel, con) IS NULL THEN
        RETURN NEXT @extschema@._uuid_rekey_add_constraint(tables, rel, con, def || ' NOT VALID');
    END IF;
    IF NOT coalesce(@extschema@._uuid_rekey_constraint(rel, con), false) THEN
        RETURN NEXT pg_catalog.format('ALTER TABLE %s VALIDATE CONSTRAINT %I', rel, con);
    END IF;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_add_valid(text[], regclass, name, text) IS
'internal to uuid_shard: the statements that add a constraint NOT VALID, then validate it';

-- Internal: the DO block of a strong-lock phase: while guard (a PL/pgSQL condition on catalog
-- facts) holds, the locks of every table of plan, then, if it still holds, the checks and the
-- body.
CREATE FUNCTION @extschema@._uuid_rekey_locked_block(plan @extschema@._uuid_rekey_table[], phase text, guard text, body text)
RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT @extschema@._uuid_emit_do(pg_catalog.format(
$sql$    IF %4$s THEN
        PERFORM %1$s._uuid_lock_tables(%2$L::pg_catalog.text[], %3$L);
        IF %4$s THEN
%5$s        END IF;
    END IF;
$sql$, @extschema@._uuid_rekey_ext(), @extschema@._uuid_rekey_lock_list(plan), pg_catalog.format('the rekey''s %s', phase),
       guard, pg_catalog.regexp_replace(body, '^    ', '        ', 'gn')))
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_locked_block(@extschema@._uuid_rekey_table[], text, text, text) IS
'internal to uuid_shard: the block of a rekey phase that runs under the locks of every table';

-- Internal: the statements that remove what expand made on table t of a rekey: its sync
-- triggers and function, and column col (the old one at contract, the new one at rollback).
CREATE FUNCTION @extschema@._uuid_rekey_teardown(t @extschema@._uuid_rekey_table, col name, if_exists boolean)
RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT pg_catalog.format(
$sql$        DROP TRIGGER %6$s%2$I ON %1$s;
%7$s        DROP FUNCTION %6$s%3$I.%4$I();
        ALTER TABLE %1$s DROP COLUMN %6$s%5$I;
$sql$, t.relation, t.trigger_name, @extschema@._uuid_rekey_nsp(t.relation), t.function_name, col,
       CASE WHEN if_exists THEN 'IF EXISTS ' ELSE '' END,
       CASE WHEN t.guard_trigger IS NOT NULL
            THEN pg_catalog.format(E'        DROP TRIGGER %s%I ON %s;\n', CASE WHEN if_exists THEN 'IF EXISTS ' ELSE '' END,
                                   t.guard_trigger, t.relation) ELSE '' END)
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_teardown(@extschema@._uuid_rekey_table, name, boolean) IS
'internal to uuid_shard: the statements that drop a table''s rekey sync trigger, function and a column';

-- Internal, the expand script: one block that first makes what names no table's rows (the
-- refusals checked, the sync functions, the state table), then, under the locks of every table,
-- only the catalog changes writers must not see half-done: the new columns, the parent's
-- default, the triggers and the state rows.
CREATE FUNCTION @extschema@._uuid_rekey_expand(plan @extschema@._uuid_rekey_table[])
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    p CONSTANT @extschema@._uuid_rekey_table := plan[1];
    v_ext CONSTANT text := @extschema@._uuid_rekey_ext();
    v_state text;
    v_functions text := '';
    v_locked text := '';
    v_fn text;
    t @extschema@._uuid_rekey_table;
BEGIN
    SELECT pg_catalog.format('%I.%I', s.schema_name, s.table_name) INTO v_state FROM @extschema@._uuid_rekey_state(p.relation) s;
    PERFORM @extschema@._uuid_rekey_notices(plan);
    FOREACH t IN ARRAY plan LOOP
        v_fn := pg_catalog.format('%I.%I', @extschema@._uuid_rekey_nsp(t.relation), t.function_name);
        -- %1$s the sync function, %2$s its body quoted, %3$L the comment that marks it as a
        -- rekey sync function, %4$I the table's owner
        v_functions := v_functions || pg_catalog.format(
$sql$        CREATE FUNCTION %1$s() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
            SET search_path = pg_catalog, pg_temp AS %2$s;
        COMMENT ON FUNCTION %1$s() IS %3$L;
        REVOKE ALL ON FUNCTION %1$s() FROM PUBLIC;
        ALTER FUNCTION %1$s() OWNER TO %4$I;
$sql$,
            v_fn,
            @extschema@._uuid_dollar_quote(@extschema@._uuid_rekey_sync_body(t.ord = 0, p.relation, p.old_column, p.new_column,
                                                                               t.old_column, t.new_column)),
            pg_catalog.format('uuid_shard rekey sync of %s', t.relation), t.owner);
        v_locked := v_locked || pg_catalog.format(E'            ALTER TABLE %s ADD COLUMN %I pg_catalog.uuid;\n', t.relation, t.new_column)
            -- the parent's function runs only where it has work: an insert without a new key, an
            -- update that changes a key once set; the backfill's updates call none
            || CASE WHEN t.ord = 0 THEN pg_catalog.format(
$sql$            ALTER TABLE %3$s ALTER COLUMN %4$I SET DEFAULT %6$s.uuidv7();
            CREATE TRIGGER %1$I BEFORE INSERT ON %3$s FOR EACH ROW WHEN (NEW.%4$I IS NULL) EXECUTE FUNCTION %5$s();
            CREATE TRIGGER %2$I BEFORE UPDATE OF %4$I ON %3$s FOR EACH ROW
                WHEN (OLD.%4$I IS NOT NULL AND NEW.%4$I IS DISTINCT FROM OLD.%4$I) EXECUTE FUNCTION %5$s();
$sql$, t.trigger_name, t.guard_trigger, t.relation, t.new_column, v_fn, v_ext)
                 ELSE pg_catalog.format(E'            CREATE TRIGGER %I BEFORE INSERT OR UPDATE OF %I, %I ON %s FOR EACH ROW EXECUTE FUNCTION %s();\n',
                                        t.trigger_name, t.old_column, t.new_column, t.relation, v_fn) END;
    END LOOP;
    -- the state rows: the AccessExclusive lock waited for every earlier writer, so each row
    -- without a new key is committed and at most the largest key now
    FOREACH t IN ARRAY plan LOOP
        v_locked := v_locked || pg_catalog.format(
$sql$            INSERT INTO %1$s (ord, relation, old_column, new_column, key_column, old_fk, new_fk, check_name, notnull_check,
                                   index_name, legacy_index, trigger_name, guard_trigger, function_name, keys, ts_column, name_prefix,
                                   bound, expand_time)
                SELECT %2$s, %3$s,
                       %4$s, pg_catalog.clock_timestamp();
$sql$,
            v_state, t.ord,
            @extschema@._uuid_rekey_literals(ARRAY[t.relation::text, t.old_column, t.new_column, t.key_column, t.old_fk, t.new_fk,
                t.check_name, t.notnull_check, t.index_name, t.legacy_index, t.trigger_name, t.guard_trigger, t.function_name,
                CASE WHEN t.ord = 0 THEN t.rekey_keys END, CASE WHEN t.ord = 0 THEN t.rekey_ts END, t.name_prefix]),
            CASE WHEN t.ord = 0 THEN pg_catalog.format('(SELECT t.%1$I::text FROM %2$s t ORDER BY t.%1$I DESC LIMIT 1)', t.old_column, t.relation)
                 ELSE 'NULL' END);
    END LOOP;
    -- %1$s the extension's schema, %2$L the parent, %3$L its foreign keys, %4$L, %5$L, %6$L the
    -- plan's choices, %7$s the state table, %8$s the sync functions, %9$L the tables to lock,
    -- %10$s what is done under the locks
    RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(
$sql$    IF pg_catalog.to_regclass(%7$L) IS NULL THEN
        PERFORM %1$s._uuid_rekey_pending(%2$L::pg_catalog.regclass, %3$L::pg_catalog.text[], %6$L::pg_catalog.name);
        PERFORM %1$s._uuid_rekey_tables(%2$L::pg_catalog.regclass, %4$L::pg_catalog.name, %5$L::pg_catalog.text, %6$L::pg_catalog.name);
%8$s        CREATE TABLE %7$s (ord integer PRIMARY KEY, relation pg_catalog.regclass NOT NULL, old_column name NOT NULL,
            new_column name NOT NULL, key_column name, old_fk name, new_fk name, check_name name, notnull_check name,
            index_name name, legacy_index name, trigger_name name, guard_trigger name, function_name name, keys text, ts_column name,
            name_prefix text, bound text, expand_time timestamptz, total bigint, carry_rank bigint, carry_ts timestamptz,
            gate text[], "position" text, rows_done bigint NOT NULL DEFAULT 0, done boolean NOT NULL DEFAULT false,
            updated timestamptz);
        ALTER TABLE %7$s OWNER TO %11$I;
        DECLARE
            v_locked timestamptz := %1$s._uuid_lock_tables(%9$L::pg_catalog.text[], 'the rekey''s expand');
        BEGIN
            PERFORM %1$s._uuid_rekey_pending(%2$L::pg_catalog.regclass, %3$L::pg_catalog.text[], %6$L::pg_catalog.name);
%10$s            UPDATE %7$s SET done = true, total = 0 WHERE ord = 0 AND bound IS NULL;
            RAISE NOTICE 'expand: locks held for %% ms before COMMIT',
                pg_catalog.round(EXTRACT(epoch FROM pg_catalog.clock_timestamp() - v_locked)::numeric * 1000, 1);
        END;
    END IF;
$sql$, v_ext, p.relation::text, @extschema@._uuid_rekey_fk_list(plan), p.rekey_ts, p.rekey_keys, p.new_column,
       v_state, v_functions, @extschema@._uuid_rekey_lock_list(plan), v_locked, p.owner));
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_expand(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: the expand script of a rekey';

-- Internal, the backfill script: enough steps for every table at its size now (at most one row
-- per 32 bytes of a page, a batch of pages per batch_rows / 50) and ten checks of the wait;
-- surplus steps return 'done' and change nothing, and the status at the end says whether to
-- generate more.
CREATE FUNCTION @extschema@._uuid_rekey_backfill(plan @extschema@._uuid_rekey_table[], batch_rows integer, pause interval)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_parent CONSTANT regclass := plan[1].relation;
    v_ext CONSTANT text := @extschema@._uuid_rekey_ext();
    v_n bigint;
BEGIN
    SELECT pg_catalog.sum(sz.pages * (pg_catalog.current_setting('block_size')::bigint / 32) / batch_rows
                          + sz.pages / GREATEST(1, batch_rows / 50) + 3)::bigint INTO v_n
      FROM (SELECT (pg_catalog.pg_relation_size(x.relation)
                    + coalesce((SELECT pg_catalog.sum(pg_catalog.pg_relation_size(l.leaf))
                                  FROM @extschema@._uuid_rekey_leaves(x.relation, x.new_column) l), 0))
                   / pg_catalog.current_setting('block_size')::bigint AS pages
              FROM pg_catalog.unnest(plan) x) sz;
    FOR i IN 1 .. coalesce(v_n, 0) + 10 LOOP
        RETURN NEXT pg_catalog.format('SELECT * FROM %s.uuid_rekey_step(%L::pg_catalog.regclass, %s)', v_ext, v_parent::text, batch_rows);
        IF pause IS NOT NULL AND pause > interval '0' THEN
            -- in seconds to the microsecond, written alike on every major (EXTRACT gives a
            -- double precision before PostgreSQL 14, a numeric after)
            RETURN NEXT pg_catalog.format('SELECT pg_catalog.pg_sleep(%s)', pg_catalog.round(EXTRACT(epoch FROM pause)::numeric, 6));
        END IF;
    END LOOP;
    RETURN NEXT pg_catalog.format('SELECT * FROM %s.uuid_rekey_status(%L::pg_catalog.regclass)', v_ext, v_parent::text);
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_backfill(@extschema@._uuid_rekey_table[], integer, interval) IS
'internal to uuid_shard: the backfill script of a rekey';

-- Internal, the prepare script: the new columns' indexes built concurrently (on a partitioned
-- table: its own ON ONLY it, one per partition attached to it), the twins of the indexes on the
-- old columns, the old key's unique index, then the checks and the new foreign keys NOT VALID
-- (each under brief locks) and validated while writes go on. What is done is left out.
CREATE FUNCTION @extschema@._uuid_rekey_prepare(plan @extschema@._uuid_rekey_table[])
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    p CONSTANT @extschema@._uuid_rekey_table := plan[1];
    t @extschema@._uuid_rekey_table;
    w record;
    v_fkdef text;
BEGIN
    FOREACH t IN ARRAY plan LOOP
        IF t.partitioned THEN
            RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_partitioned_index(t);
        ELSE
            RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_build_index(t.relation, t.index_name, t.new_column, t.ord = 0);
        END IF;
        FOR w IN SELECT * FROM @extschema@._uuid_rekey_twins(t.relation, t.old_column, t.new_column, coalesce(t.legacy_index, '')) x LOOP
            IF w.skipped OR t.partitioned THEN
                RAISE NOTICE 'index % of % contains % in an expression, a predicate or with an operator class uuid has not, or is partitioned: it gets no twin',
                    pg_catalog.quote_ident(w.index_name), t.relation, pg_catalog.quote_ident(t.old_column);
                CONTINUE;
            END IF;
            IF w.twin IS NOT NULL AND NOT w.valid THEN
                RETURN NEXT pg_catalog.format('DROP INDEX CONCURRENTLY %s', w.twin);
            END IF;
            IF w.twin IS NULL OR NOT w.valid THEN
                RETURN NEXT w.create_sql;
            END IF;
        END LOOP;
        IF t.ord = 0 THEN
            RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_build_index(t.relation, t.legacy_index, t.old_column, true);
            RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_add_valid(ARRAY[t.relation::text], t.relation, t.check_name,
                                                                          pg_catalog.format('CHECK (%I IS NOT NULL)', t.new_column));
            CONTINUE;
        END IF;
        RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_add_valid(ARRAY[t.relation::text], t.relation, t.check_name,
                                                                      pg_catalog.format('CHECK ((%I IS NULL) = (%I IS NULL))', t.old_column, t.new_column));
        IF t.notnull_check IS NOT NULL THEN
            RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_add_valid(ARRAY[t.relation::text], t.relation, t.notnull_check,
                                                                          pg_catalog.format('CHECK (%I IS NOT NULL)', t.new_column));
        END IF;
        -- the new foreign key; the unique index on the parent's new key is built by the lines above
        v_fkdef := @extschema@._uuid_rekey_fk_text((SELECT co.oid FROM pg_catalog.pg_constraint co
                                                     WHERE co.conrelid = t.relation AND co.conname = t.old_fk AND co.contype = 'f'),
                                                    t.new_column, p.relation, p.new_column);
        IF NOT t.partitioned THEN
            RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_add_valid(ARRAY[t.relation::text, p.relation::text], t.relation, t.new_fk, v_fkdef);
        ELSIF @extschema@._uuid_rekey_constraint(t.relation, t.new_fk) IS NULL THEN
            -- before PostgreSQL 18 a partitioned table takes no NOT VALID foreign key: one on
            -- each partition, validated there, which the table's own then adopts unscanned
            FOR w IN SELECT * FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column) LOOP
                RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_add_valid(ARRAY[w.leaf::text, p.relation::text], w.leaf, t.new_fk, v_fkdef);
            END LOOP;
            RETURN NEXT @extschema@._uuid_rekey_add_constraint(ARRAY[t.relation::text, p.relation::text], t.relation, t.new_fk, v_fkdef);
        END IF;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_prepare(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: the prepare script of a rekey';

-- Internal, prepare's index on the new column of a partitioned referencing table t: its own ON
-- ONLY it, then one built concurrently on each partition and attached (the table's becomes
-- valid with the last).
CREATE FUNCTION @extschema@._uuid_rekey_partitioned_index(t @extschema@._uuid_rekey_table)
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    w record;
BEGIN
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid
                    WHERE i.indrelid = t.relation AND c.relname = t.index_name) THEN
        RETURN NEXT @extschema@._uuid_rekey_unless(ARRAY[t.relation::text],
            pg_catalog.format('EXISTS (SELECT FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = %L::pg_catalog.regclass AND c.relname = %L)',
                              t.relation::text, t.index_name),
            pg_catalog.format('CREATE INDEX %I ON ONLY %s (%I)', t.index_name, t.relation, t.new_column));
    END IF;
    FOR w IN SELECT * FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column) LOOP
        RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_build_index(w.leaf, w.leaf_index, t.new_column, false);
        IF NOT EXISTS (SELECT FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid
                         JOIN pg_catalog.pg_class pc ON pc.oid = i.inhparent
                        WHERE c.relname = w.leaf_index AND pc.relname = t.index_name
                          AND c.relnamespace = (SELECT l.relnamespace FROM pg_catalog.pg_class l WHERE l.oid = w.leaf)) THEN
            RETURN NEXT @extschema@._uuid_rekey_unless(ARRAY[]::text[],
                pg_catalog.format('EXISTS (SELECT FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_index x ON x.indexrelid = i.inhrelid JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE x.indrelid = %L::pg_catalog.regclass AND c.relname = %L)',
                                  w.leaf::text, w.leaf_index),
                pg_catalog.format('ALTER INDEX %I.%I ATTACH PARTITION %I.%I', @extschema@._uuid_rekey_nsp(t.relation), t.index_name,
                                  @extschema@._uuid_rekey_nsp(w.leaf), w.leaf_index));
        END IF;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_partitioned_index(@extschema@._uuid_rekey_table) IS
'internal to uuid_shard: prepare''s index on the new column of a partitioned referencing table';

-- Internal: raises 55000 unless every table of plan is prepared (its indexes valid, its checks
-- and new foreign key validated, its twins built).
CREATE FUNCTION @extschema@._uuid_rekey_check_prepared(plan @extschema@._uuid_rekey_table[])
RETURNS void
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    t @extschema@._uuid_rekey_table;
BEGIN
    FOREACH t IN ARRAY plan LOOP
        IF NOT @extschema@._uuid_rekey_index_ok(t.relation, t.index_name, t.new_column, t.ord = 0)
           OR (t.ord = 0 AND NOT @extschema@._uuid_rekey_index_ok(t.relation, t.legacy_index, t.old_column, true))
           OR NOT coalesce(@extschema@._uuid_rekey_constraint(t.relation, t.check_name), false)
           OR (t.notnull_check IS NOT NULL AND NOT coalesce(@extschema@._uuid_rekey_constraint(t.relation, t.notnull_check), false))
           OR (t.ord > 0 AND NOT coalesce(@extschema@._uuid_rekey_constraint(t.relation, t.new_fk), false))
           OR EXISTS (SELECT FROM @extschema@._uuid_rekey_twins(t.relation, t.old_column, t.new_column, coalesce(t.legacy_index, '')) tw
                       WHERE NOT tw.skipped AND NOT coalesce(tw.valid, false)) THEN
            RAISE EXCEPTION 'cannot generate swap for %: % is not prepared', plan[1].relation, t.relation
                USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'Next: the prepare script (generate it again to see what is left).';
        END IF;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_check_prepared(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: raises unless every table of a rekey is prepared';

-- Internal: the definition of a partitioned referencing table's old foreign key as its first
-- partition has it (on the table, or after the swap on each partition NOT VALID), without NOT
-- VALID: the table's own, which adopts the partitions'.
CREATE FUNCTION @extschema@._uuid_rekey_leaf_fk_def(t @extschema@._uuid_rekey_table)
RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
    SELECT pg_catalog.regexp_replace(pg_catalog.pg_get_constraintdef(co.oid), ' NOT VALID$', '')
      FROM pg_catalog.pg_constraint co JOIN @extschema@._uuid_rekey_leaves(t.relation, t.new_column) l ON l.leaf = co.conrelid
     WHERE co.conname = t.old_fk ORDER BY co.conrelid LIMIT 1
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_leaf_fk_def(@extschema@._uuid_rekey_table) IS
'internal to uuid_shard: a partitioned referencing table''s old foreign key as its partitions have it';

-- Internal, after the swap: a partitioned referencing table's old foreign key, which the swap
-- put on each partition NOT VALID, validated there while writes go on and added back to the table
-- under brief locks (it adopts the partitions' without a scan), so that a partition attached
-- before contract gets it too. all: emit every step (the swap script, made before the swap);
-- otherwise only what is missing (the swap script made again after it).
CREATE FUNCTION @extschema@._uuid_rekey_old_fk_back(plan @extschema@._uuid_rekey_table[], all_steps boolean)
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    t @extschema@._uuid_rekey_table;
    w record;
BEGIN
    FOREACH t IN ARRAY plan[2:] LOOP
        IF NOT t.partitioned OR (NOT all_steps AND @extschema@._uuid_rekey_constraint(t.relation, t.old_fk) IS NOT NULL) THEN
            CONTINUE;
        END IF;
        FOR w IN SELECT * FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column) LOOP
            IF all_steps OR NOT coalesce(@extschema@._uuid_rekey_constraint(w.leaf, t.old_fk), true) THEN
                RETURN NEXT pg_catalog.format('ALTER TABLE %s VALIDATE CONSTRAINT %I', w.leaf, t.old_fk);
            END IF;
        END LOOP;
        RETURN NEXT @extschema@._uuid_rekey_add_constraint(ARRAY[t.relation::text, plan[1].relation::text], t.relation, t.old_fk,
                                                            @extschema@._uuid_rekey_leaf_fk_def(t));
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_old_fk_back(@extschema@._uuid_rekey_table[], boolean) IS
'internal to uuid_shard: a partitioned referencing table''s old foreign key back on the table after the swap';

-- Internal, the swap script: one block under the locks of every table (none taken when swapped
-- already) that drops the old foreign keys, moves the primary key (SET NOT NULL proven by the
-- validated checks: no scan), and adds the old foreign keys back NOT VALID on the old key's
-- unique index (on each partition of a partitioned table: then _uuid_rekey_old_fk_back).
CREATE FUNCTION @extschema@._uuid_rekey_swap(plan @extschema@._uuid_rekey_table[])
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    p CONSTANT @extschema@._uuid_rekey_table := plan[1];
    t @extschema@._uuid_rekey_table;
    w record;
    v_body text := '';
BEGIN
    PERFORM @extschema@._uuid_rekey_check_prepared(plan);
    FOREACH t IN ARRAY plan[2:] LOOP
        v_body := v_body || pg_catalog.format(E'        ALTER TABLE %s DROP CONSTRAINT %I;\n', t.relation, t.old_fk);
        IF t.notnull_check IS NOT NULL THEN
            v_body := v_body || pg_catalog.format(E'        ALTER TABLE %s ALTER COLUMN %I SET NOT NULL;\n        ALTER TABLE %1$s DROP CONSTRAINT %3$I;\n',
                                                  t.relation, t.new_column, t.notnull_check);
        END IF;
    END LOOP;
    v_body := v_body || pg_catalog.format(
$sql$        ALTER TABLE %1$s ALTER COLUMN %2$I SET NOT NULL;
        ALTER TABLE %1$s DROP CONSTRAINT %3$I;
        ALTER TABLE %1$s DROP CONSTRAINT %4$I;
        ALTER TABLE %1$s ADD CONSTRAINT %4$I PRIMARY KEY USING INDEX %5$I;
$sql$, p.relation, p.new_column, p.check_name,
        (SELECT co.conname FROM pg_catalog.pg_constraint co WHERE co.conrelid = p.relation AND co.contype = 'p'), p.index_name);
    FOREACH t IN ARRAY plan[2:] LOOP
        -- a partitioned table takes no NOT VALID foreign key before PostgreSQL 18: each
        -- partition gets its own
        FOR w IN SELECT t.relation AS leaf WHERE NOT t.partitioned
                 UNION ALL SELECT l.leaf FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column) l LOOP
            v_body := v_body || pg_catalog.format(E'        ALTER TABLE %s ADD CONSTRAINT %I %s NOT VALID;\n', w.leaf, t.old_fk,
                @extschema@._uuid_rekey_constraint_def(t.relation, t.old_fk));
        END LOOP;
    END LOOP;
    RETURN NEXT @extschema@._uuid_emit_do(pg_catalog.format(
$sql$    -- the checks before the locks too: a refusal takes none, and under them they run warm;
    -- swapped already, it takes none
    IF NOT %1$s._uuid_rekey_swapped(%3$L::pg_catalog.regclass, %5$L::pg_catalog.name) THEN
        PERFORM %1$s._uuid_rekey_pending(%3$L::pg_catalog.regclass, %4$L::pg_catalog.text[], %5$L::pg_catalog.name);
        DECLARE
            v_locked timestamptz := %1$s._uuid_lock_tables(%2$L::pg_catalog.text[], 'the rekey''s swap');
        BEGIN
            IF NOT %1$s._uuid_rekey_swapped(%3$L::pg_catalog.regclass, %5$L::pg_catalog.name) THEN
                PERFORM %1$s._uuid_rekey_pending(%3$L::pg_catalog.regclass, %4$L::pg_catalog.text[], %5$L::pg_catalog.name);
%6$s                RAISE NOTICE 'swap: locks held for %% ms before COMMIT',
                    pg_catalog.round(EXTRACT(epoch FROM pg_catalog.clock_timestamp() - v_locked)::numeric * 1000, 1);
            END IF;
        END;
    END IF;
$sql$,
        @extschema@._uuid_rekey_ext(), @extschema@._uuid_rekey_lock_list(plan), p.relation::text, @extschema@._uuid_rekey_fk_list(plan),
        p.new_column, pg_catalog.regexp_replace(v_body, '^        ', '                ', 'gn')));
    RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_old_fk_back(plan, true);
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_swap(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: the swap script of a rekey';

-- Internal, the unswap script: the new key's unique index built again (it goes with the primary
-- key), one block under the locks of every table that moves the primary key back, then the
-- validations and the old key's unique index as after prepare.
CREATE FUNCTION @extschema@._uuid_rekey_unswap(plan @extschema@._uuid_rekey_table[])
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    p CONSTANT @extschema@._uuid_rekey_table := plan[1];
    v_ext CONSTANT text := @extschema@._uuid_rekey_ext();
    t @extschema@._uuid_rekey_table;
    w record;
    v_body text := '';
BEGIN
    RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_build_index(p.relation, p.index_name, p.new_column, true);
    FOREACH t IN ARRAY plan[2:] LOOP
        IF t.partitioned THEN
            -- the partitions' old foreign keys are validated first (writes go on), so that the
            -- table's own, added back under the lock, adopts them without a scan
            FOR w IN SELECT * FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column) LOOP
                IF NOT coalesce(@extschema@._uuid_rekey_constraint(w.leaf, t.old_fk), true) THEN
                    RETURN NEXT pg_catalog.format('ALTER TABLE %s VALIDATE CONSTRAINT %I', w.leaf, t.old_fk);
                END IF;
            END LOOP;
            v_body := v_body || pg_catalog.format(E'        ALTER TABLE %1$s DROP CONSTRAINT %2$I;\n', t.relation, t.new_fk);
        ELSE
            v_body := v_body || pg_catalog.format(E'        ALTER TABLE %1$s DROP CONSTRAINT %2$I;\n        ALTER TABLE %1$s DROP CONSTRAINT %3$I;\n',
                                                  t.relation, t.old_fk, t.new_fk);
        END IF;
    END LOOP;
    v_body := v_body || pg_catalog.format(
$sql$        ALTER TABLE %1$s DROP CONSTRAINT %2$I;
        ALTER TABLE %1$s ADD CONSTRAINT %2$I PRIMARY KEY USING INDEX %3$I;
        ALTER TABLE %1$s ADD CONSTRAINT %4$I CHECK (%5$I IS NOT NULL) NOT VALID;
        ALTER TABLE %1$s ALTER COLUMN %5$I DROP NOT NULL;
$sql$, p.relation, (SELECT co.conname FROM pg_catalog.pg_constraint co WHERE co.conrelid = p.relation AND co.contype = 'p'),
        p.legacy_index, p.check_name, p.new_column);
    FOREACH t IN ARRAY plan[2:] LOOP
        IF t.partitioned THEN
            -- the table's old foreign key (when the swap's follow-up did not put it back) adopts
            -- its partitions' (validated above); the new one goes on each partition NOT VALID,
            -- and back on the table after validation
            IF @extschema@._uuid_rekey_constraint(t.relation, t.old_fk) IS NULL THEN
                v_body := v_body || pg_catalog.format(E'        ALTER TABLE %1$s ADD CONSTRAINT %2$I %3$s;\n', t.relation, t.old_fk,
                                                      @extschema@._uuid_rekey_leaf_fk_def(t));
            END IF;
            FOR w IN SELECT * FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column) LOOP
                v_body := v_body || pg_catalog.format(E'        ALTER TABLE %1$s ADD CONSTRAINT %2$I %3$s NOT VALID;\n', w.leaf, t.new_fk,
                    @extschema@._uuid_rekey_constraint_def(t.relation, t.new_fk));
            END LOOP;
        ELSE
            v_body := v_body || pg_catalog.format(E'        ALTER TABLE %1$s ADD CONSTRAINT %2$I %3$s NOT VALID;\n        ALTER TABLE %1$s ADD CONSTRAINT %4$I %5$s NOT VALID;\n',
                t.relation, t.old_fk, pg_catalog.regexp_replace(@extschema@._uuid_rekey_constraint_def(t.relation, t.old_fk), ' NOT VALID$', ''),
                t.new_fk, @extschema@._uuid_rekey_constraint_def(t.relation, t.new_fk));
        END IF;
        IF t.notnull_check IS NOT NULL THEN
            v_body := v_body || pg_catalog.format(E'        ALTER TABLE %s ADD CONSTRAINT %I CHECK (%I IS NOT NULL) NOT VALID;\n        ALTER TABLE %1$s ALTER COLUMN %3$I DROP NOT NULL;\n',
                                                  t.relation, t.notnull_check, t.new_column);
        END IF;
    END LOOP;
    RETURN NEXT @extschema@._uuid_rekey_locked_block(plan, 'unswap',
        pg_catalog.format('%s._uuid_rekey_swapped(%L::pg_catalog.regclass, %L::pg_catalog.name)', v_ext, p.relation::text, p.new_column),
        pg_catalog.format(E'        PERFORM %s._uuid_rekey_pending(%L::pg_catalog.regclass, %L::pg_catalog.text[], %L::pg_catalog.name);\n',
                          v_ext, p.relation::text, @extschema@._uuid_rekey_fk_list(plan), p.new_column) || v_body);
    -- then as after prepare: validations while writes go on, the old key's unique index again
    RETURN NEXT pg_catalog.format('ALTER TABLE %s VALIDATE CONSTRAINT %I', p.relation, p.check_name);
    FOREACH t IN ARRAY plan[2:] LOOP
        IF t.partitioned THEN
            FOR w IN SELECT * FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column) LOOP
                RETURN NEXT pg_catalog.format('ALTER TABLE %s VALIDATE CONSTRAINT %I', w.leaf, t.new_fk);
            END LOOP;
            RETURN NEXT @extschema@._uuid_rekey_add_constraint(ARRAY[t.relation::text, p.relation::text], t.relation, t.new_fk,
                                                                @extschema@._uuid_rekey_constraint_def(t.relation, t.new_fk));
        ELSE
            RETURN NEXT pg_catalog.format('ALTER TABLE %s VALIDATE CONSTRAINT %I', t.relation, t.old_fk);
            RETURN NEXT pg_catalog.format('ALTER TABLE %s VALIDATE CONSTRAINT %I', t.relation, t.new_fk);
        END IF;
        IF t.notnull_check IS NOT NULL THEN
            RETURN NEXT pg_catalog.format('ALTER TABLE %s VALIDATE CONSTRAINT %I', t.relation, t.notnull_check);
        END IF;
    END LOOP;
    RETURN NEXT pg_catalog.format('CREATE UNIQUE INDEX CONCURRENTLY %I ON %s (%I)', p.legacy_index, p.relation, p.old_column);
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_unswap(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: the unswap script of a rekey';

-- Internal, the contract script: one block under the locks of every table that drops the pair
-- checks and old foreign keys (DROP COLUMN would take them silently), the sync triggers and
-- functions, the old columns and the state table. The parent comes last: its old column takes
-- the old key's unique index with it, once the old foreign keys that need that index are gone.
CREATE FUNCTION @extschema@._uuid_rekey_contract(plan @extschema@._uuid_rekey_table[])
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_parent CONSTANT regclass := plan[1].relation;
    v_ext CONSTANT text := @extschema@._uuid_rekey_ext();
    v_state text;
    t @extschema@._uuid_rekey_table;
    w record;
    v_body text := '';
BEGIN
    SELECT pg_catalog.format('%I.%I', s.schema_name, s.table_name) INTO v_state FROM @extschema@._uuid_rekey_state(v_parent) s;
    FOR t IN SELECT * FROM pg_catalog.unnest(plan) x ORDER BY x.ord DESC LOOP
        IF t.ord > 0 THEN
            v_body := v_body || pg_catalog.format(E'        ALTER TABLE %1$s DROP CONSTRAINT %2$I;\n', t.relation, t.check_name);
            -- a partitioned table's old foreign key: on the table once back there, else on each partition
            FOR w IN SELECT t.relation AS leaf
                      WHERE NOT t.partitioned OR @extschema@._uuid_rekey_constraint(t.relation, t.old_fk) IS NOT NULL
                     UNION ALL SELECT l.leaf FROM @extschema@._uuid_rekey_leaves(t.relation, t.new_column) l
                      WHERE t.partitioned AND @extschema@._uuid_rekey_constraint(t.relation, t.old_fk) IS NULL LOOP
                v_body := v_body || pg_catalog.format(E'        ALTER TABLE %1$s DROP CONSTRAINT %2$I;\n', w.leaf, t.old_fk);
            END LOOP;
        END IF;
        v_body := v_body || @extschema@._uuid_rekey_teardown(t, t.old_column, false);
    END LOOP;
    RETURN NEXT @extschema@._uuid_rekey_locked_block(plan, 'contract', pg_catalog.format('pg_catalog.to_regclass(%L) IS NOT NULL', v_state),
        pg_catalog.format(E'        PERFORM %s._uuid_rekey_state(%L::pg_catalog.regclass);\n', v_ext, v_parent::text)
        || v_body || pg_catalog.format(E'        DROP TABLE %s;\n', v_state));
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_contract(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: the contract script of a rekey';

-- Internal, the rollback script (before swap or after unswap): the old key's unique index
-- dropped, then one block under the locks of every table that drops the sync triggers and
-- functions and the new columns (which take their indexes, checks and foreign keys with them)
-- and the state table.
CREATE FUNCTION @extschema@._uuid_rekey_rollback(plan @extschema@._uuid_rekey_table[])
RETURNS SETOF text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    p CONSTANT @extschema@._uuid_rekey_table := plan[1];
    v_ext CONSTANT text := @extschema@._uuid_rekey_ext();
    v_state text;
    t @extschema@._uuid_rekey_table;
    v_body text := '';
BEGIN
    SELECT pg_catalog.format('%I.%I', s.schema_name, s.table_name) INTO v_state FROM @extschema@._uuid_rekey_state(p.relation) s;
    IF EXISTS (SELECT FROM pg_catalog.pg_class c WHERE c.relnamespace = (SELECT c2.relnamespace FROM pg_catalog.pg_class c2 WHERE c2.oid = p.relation)
                                                   AND c.relname = p.legacy_index AND c.relkind = 'i') THEN
        RETURN NEXT pg_catalog.format('DROP INDEX CONCURRENTLY IF EXISTS %I.%I', @extschema@._uuid_rekey_nsp(p.relation), p.legacy_index);
    END IF;
    FOR t IN SELECT * FROM pg_catalog.unnest(plan) x ORDER BY x.ord DESC LOOP
        v_body := v_body || @extschema@._uuid_rekey_teardown(t, t.new_column, true);
    END LOOP;
    RETURN NEXT @extschema@._uuid_rekey_locked_block(plan, 'rollback', pg_catalog.format('pg_catalog.to_regclass(%L) IS NOT NULL', v_state),
        pg_catalog.format(
$sql$        PERFORM %1$s._uuid_rekey_state(%2$L::pg_catalog.regclass);
        IF %1$s._uuid_rekey_swapped(%2$L::pg_catalog.regclass, %3$L::pg_catalog.name) THEN
            RAISE EXCEPTION 'cannot roll back the rekey of %%: it is swapped', %2$L
                USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'Run the unswap script first.';
        END IF;
$sql$, v_ext, p.relation::text, p.new_column) || v_body || pg_catalog.format(E'        DROP TABLE %s;\n', v_state));
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_rekey_rollback(@extschema@._uuid_rekey_table[]) IS
'internal to uuid_shard: the rollback script of a rekey';

-- The script of one phase of the rekey of parent and every table that references it (run it
-- with psql's \gexec, each line its own transaction): expand, backfill, prepare, swap, unswap,
-- contract, rollback. The choices made at expand (ts_column, keys, uuid_column) are stored with
-- the migration. Generated again after a stop, a phase emits only what is still missing. Runs
-- nothing: it reads the plan and where the rekey is once, refuses a phase that does not follow,
-- and hands the plan to the phase's emitter.
CREATE FUNCTION @extschema@.uuid_rekey_ddl(parent regclass, phase text, ts_column name DEFAULT NULL, keys text DEFAULT NULL,
                                           batch_rows integer DEFAULT 5000, pause interval DEFAULT '20 ms',
                                           uuid_column name DEFAULT NULL)
RETURNS SETOF text
LANGUAGE plpgsql STABLE PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_state regclass;
    v_plan @extschema@._uuid_rekey_table[];
    v_stage text;
    v_swapped boolean;
    v_ext CONSTANT text := @extschema@._uuid_rekey_ext();
BEGIN
    IF phase IS NULL OR phase NOT IN ('expand', 'backfill', 'prepare', 'swap', 'unswap', 'contract', 'rollback') THEN
        RAISE EXCEPTION 'phase must be one of expand, backfill, prepare, swap, unswap, contract, rollback, not %',
                coalesce(pg_catalog.quote_literal(phase), 'NULL')
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    -- whether a rekey is in progress first: after contract the plan's refusals (the new column
    -- exists) would hide the answer that matters
    SELECT s.state INTO v_state FROM @extschema@._uuid_rekey_state(parent) s;
    IF phase <> 'expand' AND v_state IS NULL THEN
        RAISE EXCEPTION 'cannot generate % for %: no rekey of it is in progress', phase, parent
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Its state table is made by expand and dropped by contract and rollback.',
                  HINT = 'Start with the expand phase.';
    END IF;
    v_plan := @extschema@._uuid_rekey_read_plan(parent, ts_column, keys, uuid_column);
    IF v_state IS NOT NULL THEN
        SELECT g.stage INTO v_stage FROM @extschema@._uuid_rekey_stage(v_state) g;
        v_swapped := @extschema@._uuid_rekey_swapped(parent, v_plan[1].new_column);
    END IF;
    IF phase = 'expand' AND v_state IS NOT NULL THEN
        RAISE NOTICE '% is expanded already: nothing to do', parent;
        RETURN;
    ELSIF phase = 'backfill' AND v_stage = 'done' THEN
        RAISE NOTICE 'the backfill of % is done: nothing to do', parent;
        RETURN;
    ELSIF phase IN ('prepare', 'swap', 'unswap', 'contract') AND v_stage <> 'done' THEN
        RAISE EXCEPTION 'cannot generate % for %: its backfill is not done', phase, parent
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = pg_catalog.format('Next: CALL %s.uuid_rekey_run(%L).', v_ext, parent::text);
    ELSIF phase = 'swap' AND v_swapped THEN
        -- what a swap script stopped after its block left undone
        RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_old_fk_back(v_plan, false);
        IF NOT FOUND THEN
            RAISE NOTICE '% is swapped already: nothing to do', parent;
        END IF;
        RETURN;
    ELSIF phase = 'prepare' AND v_swapped THEN
        RAISE EXCEPTION 'cannot generate prepare for %: it is swapped', parent
            USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'Next: the contract (or unswap) script.';
    ELSIF phase = 'rollback' AND v_swapped THEN
        RAISE EXCEPTION 'cannot generate rollback for %: it is swapped', parent
            USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'Run the unswap script first.';
    ELSIF phase = 'unswap' AND NOT v_swapped THEN
        RAISE EXCEPTION 'cannot generate unswap for %: it is not swapped', parent
            USING ERRCODE = 'object_not_in_prerequisite_state';
    ELSIF phase = 'contract' AND NOT v_swapped THEN
        RAISE EXCEPTION 'cannot generate contract for %: it is not swapped', parent
            USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'Next: the swap script.';
    END IF;
    CASE phase
        WHEN 'expand' THEN RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_expand(v_plan);
        WHEN 'backfill' THEN RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_backfill(v_plan, batch_rows, pause);
        WHEN 'prepare' THEN RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_prepare(v_plan);
        WHEN 'swap' THEN RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_swap(v_plan);
        WHEN 'unswap' THEN RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_unswap(v_plan);
        WHEN 'contract' THEN RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_contract(v_plan);
        ELSE RETURN QUERY SELECT * FROM @extschema@._uuid_rekey_rollback(v_plan);
    END CASE;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_rekey_ddl(regclass, text, name, text, integer, interval, name) IS
'the script of one phase of a rekey onto v7 keys (expand, backfill, prepare, swap, unswap, contract, rollback); runs nothing';

-- Progress and the resume point: per table, where the rekey is, rows done, an estimate of what
-- is left, the pids the backfill waits for, and the next command to run.
CREATE FUNCTION @extschema@.uuid_rekey_status(parent regclass)
RETURNS TABLE(phase text, relation regclass, state text, done bigint, remaining_estimate bigint, blocked_by integer[], next_step text)
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_state regclass;
    v_stage text;
    v_swapped boolean;
    v_prepared boolean := true;
    v_ext CONSTANT text := @extschema@._uuid_rekey_ext();
    v_plan @extschema@._uuid_rekey_table[];
    t @extschema@._uuid_rekey_table;
    s record;
    v_gate text[];
BEGIN
    SELECT x.state INTO v_state FROM @extschema@._uuid_rekey_state(parent) x;
    IF v_state IS NULL THEN
        phase := 'none'; relation := parent; state := 'not started';
        next_step := pg_catalog.format('SELECT %s.uuid_rekey_ddl(%L, ''expand'') \gexec', v_ext, parent::text);
        RETURN NEXT; RETURN;
    END IF;
    SELECT g.stage INTO v_stage FROM @extschema@._uuid_rekey_stage(v_state) g;
    EXECUTE pg_catalog.format('SELECT s.gate FROM %s s WHERE s.ord = 0', v_state) INTO v_gate;
    v_plan := @extschema@._uuid_rekey_read_plan(parent, NULL, NULL, NULL);
    v_swapped := @extschema@._uuid_rekey_swapped(parent, v_plan[1].new_column);
    FOREACH t IN ARRAY v_plan LOOP
        EXECUTE pg_catalog.format('SELECT s.* FROM %s s WHERE s.ord = $1', v_state) INTO s USING t.ord;
        relation := t.relation;
        done := s.rows_done;
        remaining_estimate := CASE WHEN s.done THEN 0
            ELSE GREATEST(0, (SELECT c.reltuples::bigint FROM pg_catalog.pg_class c WHERE c.oid = t.relation) - s.rows_done) END;
        blocked_by := NULL;
        IF v_swapped THEN
            phase := 'swapped'; state := 'primary key on the new column';
        ELSIF v_stage <> 'done' THEN
            phase := 'backfill';
            state := CASE WHEN s.done THEN 'filled'
                          WHEN t.ord = 0 THEN 'filling'
                          WHEN v_stage = 'gate' THEN 'waiting for older transactions'
                          ELSE 'filling' END;
            IF t.ord = 0 AND v_stage = 'gate' THEN
                SELECT pg_catalog.array_agg(DISTINCT l.pid ORDER BY l.pid) INTO blocked_by FROM pg_catalog.pg_locks l
                 WHERE l.locktype = 'virtualxid' AND l.virtualxid::text = ANY (coalesce(v_gate, '{}'));
            END IF;
        ELSE
            phase := 'prepare';
            state := pg_catalog.concat_ws(', ',
                CASE WHEN @extschema@._uuid_rekey_index_ok(t.relation, t.index_name, t.new_column, t.ord = 0) THEN 'index valid' ELSE 'index missing or invalid' END,
                CASE WHEN t.ord = 0 THEN CASE WHEN @extschema@._uuid_rekey_index_ok(t.relation, t.legacy_index, t.old_column, true)
                                              THEN 'old key index valid' ELSE 'old key index missing or invalid' END END,
                CASE coalesce(@extschema@._uuid_rekey_constraint(t.relation, t.check_name)::text, 'missing')
                     WHEN 'true' THEN 'check validated' WHEN 'false' THEN 'check not validated' ELSE 'check missing' END,
                CASE WHEN t.ord > 0 THEN CASE coalesce(@extschema@._uuid_rekey_constraint(t.relation, t.new_fk)::text, 'missing')
                     WHEN 'true' THEN 'foreign key validated' WHEN 'false' THEN 'foreign key not validated' ELSE 'foreign key missing' END END);
            IF state LIKE '%missing%' OR state LIKE '%not validated%' OR state LIKE '%invalid%' THEN
                v_prepared := false;
            END IF;
        END IF;
        next_step := NULL;
        RETURN NEXT;
    END LOOP;
    phase := 'next'; relation := parent; state := NULL; done := NULL; remaining_estimate := NULL; blocked_by := NULL;
    next_step := CASE WHEN v_swapped THEN pg_catalog.format('SELECT %s.uuid_rekey_ddl(%L, ''contract'') \gexec  (once the application uses the new columns only)', v_ext, parent::text)
                      WHEN v_stage <> 'done' THEN pg_catalog.format('CALL %s.uuid_rekey_run(%L)', v_ext, parent::text)
                      WHEN NOT v_prepared THEN pg_catalog.format('SELECT %s.uuid_rekey_ddl(%L, ''prepare'') \gexec', v_ext, parent::text)
                      ELSE pg_catalog.format('SELECT %s.uuid_rekey_ddl(%L, ''swap'') \gexec', v_ext, parent::text) END;
    RETURN NEXT;
END
$fn$;

COMMENT ON FUNCTION @extschema@.uuid_rekey_status(regclass) IS
'the progress of a rekey: per table where it is, rows done and left, what it waits for, and the next command to run';
