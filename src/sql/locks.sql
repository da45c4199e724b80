-- Strong locks for the emitted scripts that change tables under their writers (the tail split,
-- the rekey). Writers lock tables in their own order (an order row locks orders, then checks its
-- account in the referenced table), so a script that held one table and waited for another
-- could deadlock with them: it takes all its locks together, in short attempts.

-- Internal: the tables (text names, qualified and quoted) locked ACCESS EXCLUSIVE all together.
-- For the first second each attempt asks with NOWAIT, every few milliseconds: a request that
-- waited would queue every writer that comes after it, so these take the tables at a moment
-- when no transaction holds them, and writers wait only while the locks are held. Tables that
-- are never free at once (writers that always overlap) get waiting attempts after that: each
-- waits a short while for each table, 5 ms at first, doubled after each failed attempt up to
-- min(200 ms, deadlock_timeout / 2), so that an attempt always gives up before the deadlock
-- detector could pick an application transaction as its victim. An attempt that fails gives
-- back what it took (a subtransaction) and the next follows after a short random pause, for up
-- to a minute, then it raises 55P03 naming the pids that held the table it could not get. Then
-- lock_timeout is the caller's again; it returns the time it got the last lock. The one way the
-- emitted scripts take strong locks: the rekey's phases and the tail split (through
-- _uuid_tail_split_lock, which its released scripts call).
CREATE FUNCTION @extschema@._uuid_lock_tables(tables text[], purpose text)
RETURNS timestamptz
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY INVOKER
SET search_path = pg_catalog, pg_temp
AS $fn$
DECLARE
    v_timeout CONSTANT text := pg_catalog.current_setting('lock_timeout');
    v_longest CONSTANT integer := LEAST(200, GREATEST(1,
        EXTRACT(epoch FROM pg_catalog.current_setting('deadlock_timeout')::interval)::numeric * 1000 / 2)::integer);
    v_started CONSTANT timestamptz := pg_catalog.clock_timestamp();
    v_deadline CONSTANT timestamptz := v_started + interval '1 minute';
    v_attempt integer := 0;
    v_table text;
    v_busy text;
    v_pids integer[];
BEGIN
    LOOP
        BEGIN
            IF v_attempt > 0 THEN
                PERFORM pg_catalog.set_config('lock_timeout', v_attempt || 'ms', true);
            END IF;
            FOREACH v_table IN ARRAY tables LOOP
                v_busy := v_table;
                IF pg_catalog.to_regclass(v_table) IS NOT NULL THEN
                    EXECUTE pg_catalog.format('LOCK TABLE %s IN ACCESS EXCLUSIVE MODE%s', pg_catalog.to_regclass(v_table),
                                              CASE WHEN v_attempt = 0 THEN ' NOWAIT' ELSE '' END);
                END IF;
            END LOOP;
            PERFORM pg_catalog.set_config('lock_timeout', v_timeout, true);
            RETURN pg_catalog.clock_timestamp();
        EXCEPTION WHEN lock_not_available THEN
            IF pg_catalog.clock_timestamp() > v_deadline THEN
                SELECT pg_catalog.array_agg(DISTINCT l.pid ORDER BY l.pid) INTO v_pids
                  FROM pg_catalog.pg_locks l
                 WHERE l.locktype = 'relation' AND l.granted AND l.pid <> pg_catalog.pg_backend_pid()
                   AND l.database = (SELECT d.oid FROM pg_catalog.pg_database d WHERE d.datname = pg_catalog.current_database())
                   AND l.relation = pg_catalog.to_regclass(v_busy);
                RAISE EXCEPTION 'could not lock % for %: other transactions kept them busy for a minute',
                        pg_catalog.array_to_string(tables, ', '), purpose
                    USING ERRCODE = 'lock_not_available',
                          DETAIL = pg_catalog.format('%s was held by the server processes %s.', v_busy,
                                                     coalesce(pg_catalog.array_to_string(v_pids, ', '), '(gone)')),
                          HINT = 'Nothing was changed. Run the statement again when these sessions have ended.';
            END IF;
            IF v_attempt > 0 THEN
                v_attempt := LEAST(v_attempt * 2, v_longest);
                PERFORM pg_catalog.pg_sleep(0.01 + pg_catalog.random() * 0.04);
            ELSIF pg_catalog.clock_timestamp() > v_started + interval '1 second' THEN
                v_attempt := LEAST(5, v_longest);
            ELSE
                PERFORM pg_catalog.pg_sleep(0.001 + pg_catalog.random() * 0.004);
            END IF;
        END;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION @extschema@._uuid_lock_tables(text[], text) IS
'internal to uuid_shard: ACCESS EXCLUSIVE locks on tables, taken all together in short attempts without waiting while holding some';
