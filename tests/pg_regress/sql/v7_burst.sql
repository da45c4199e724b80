--
-- Keys that tell the time, however fast they are made (core/src/generator.rs): within one
-- backend keys strictly increase, a key's millisecond is never later than the clock's, and its
-- time is less than 1 ms ahead of the clock. Each key of a burst in one statement is checked
-- against the clock read right after it (the target list is evaluated in order), then the key
-- made after the burst.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;

-- each key of a burst of 1,000,000 in one statement: in order, its millisecond the clock's
-- or earlier and not before the statement's, its time less than 1 ms ahead of the clock
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order,
       bool_and(uuid_v7_time(id) <= t) AS never_in_a_later_millisecond,
       bool_and(uuid_v7_time_us(id) < date_trunc('milliseconds', t) + interval '1 millisecond') AS less_than_1ms_ahead,
       bool_and(uuid_v7_time(id) >= date_trunc('milliseconds', statement_timestamp())) AS not_behind_the_statement
  FROM (SELECT id, t, lag(id) OVER (ORDER BY n) AS prev
          FROM (SELECT n, public.uuidv7() AS id, clock_timestamp() AS t
                  FROM generate_series(1, 1000000) n) g) s;

-- after_burst(n): a burst of n keys in one statement as fast as a statement makes them, then
-- the next key against the clock read after it
CREATE FUNCTION pg_temp.after_burst(n int, OUT in_order boolean, OUT never_in_a_later_millisecond boolean,
                                    OUT less_than_1ms_ahead boolean) LANGUAGE plpgsql AS $$
DECLARE before uuid := public.uuidv7(); k uuid;
BEGIN
  PERFORM count(*) FROM (SELECT public.uuidv7() FROM generate_series(1, n)) s;
  k := public.uuidv7();
  in_order := k > before;
  never_in_a_later_millisecond := uuid_v7_time(k) <= clock_timestamp();
  less_than_1ms_ahead := uuid_v7_time_us(k) < date_trunc('milliseconds', clock_timestamp()) + interval '1 millisecond';
END $$;
SELECT burst, r.* FROM (VALUES (1000000), (5000000), (10000000)) b(burst), LATERAL pg_temp.after_burst(burst) r ORDER BY burst;

-- many bursts and idle gaps: 50 bursts of up to 100,000 keys, each followed by up to 2 ms idle
CREATE FUNCTION pg_temp.bursts_and_gaps(bursts int, OUT in_order boolean, OUT never_in_a_later_millisecond boolean,
                                        OUT less_than_1ms_ahead boolean) LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  in_order := true; never_in_a_later_millisecond := true; less_than_1ms_ahead := true;
  FOR i IN 1..bursts LOOP
    r := pg_temp.after_burst((random() * 100000)::int);
    in_order := in_order AND r.in_order;
    never_in_a_later_millisecond := never_in_a_later_millisecond AND r.never_in_a_later_millisecond;
    less_than_1ms_ahead := less_than_1ms_ahead AND r.less_than_1ms_ahead;
    PERFORM pg_sleep(random() * 0.002);
  END LOOP;
END $$;
SELECT * FROM pg_temp.bursts_and_gaps(50);

-- uuidv7(shift) takes the same ascending stamp: a burst of shifted keys increases, each at the
-- clock's time shifted, in the clock's millisecond or earlier
SELECT count(*) FILTER (WHERE id <= prev) AS out_of_order,
       bool_and(uuid_v7_time(id) <= t - interval '1 hour') AS never_in_a_later_millisecond,
       bool_and(uuid_v7_time(id) >= date_trunc('milliseconds', statement_timestamp() - interval '1 hour')) AS not_behind
  FROM (SELECT id, t, lag(id) OVER (ORDER BY n) AS prev
          FROM (SELECT n, public.uuidv7(interval '-1 hour') AS id, clock_timestamp() AS t
                  FROM generate_series(1, 1000000) n) g) s;

-- what the tail functions read stays uniform over keys of a burst: chi-square of 1,000,000
-- keys against the 0.999 quantile (10.828, 18.467, 37.697, 1143.0 for 1, 4, 15, 999 degrees of
-- freedom; 37.697 and 330.5 for 16 and 256 shard keys). A fair sample fails one of these with
-- probability 0.001: a failed one is judged again on a fresh burst, so a real bias fails twice
-- and a fluke (1 in 10^6) does not fail the run.
CREATE FUNCTION pg_temp.chi_square(expr text, cells int) RETURNS numeric LANGUAGE plpgsql AS $$
DECLARE stat numeric;
BEGIN
  EXECUTE format('SELECT sum((coalesce(c, 0) - e) ^ 2 / e)
                    FROM generate_series(0, $1 - 1) v
                    LEFT JOIN (SELECT %s AS v, count(*) AS c FROM burst GROUP BY 1) o USING (v),
                         (SELECT count(*)::numeric / $1 AS e FROM burst) x', expr)
    INTO stat USING cells;
  RETURN stat;
END $$;
CREATE FUNCTION pg_temp.uniform(expr text, cells int, crit numeric) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF pg_temp.chi_square(expr, cells) < crit THEN RETURN true; END IF;
  DROP TABLE burst;
  CREATE TEMP TABLE burst AS SELECT public.uuidv7() AS id FROM generate_series(1, 1000000);
  RETURN pg_temp.chi_square(expr, cells) < crit;
END $$;
CREATE TEMP TABLE burst AS SELECT public.uuidv7() AS id FROM generate_series(1, 1000000);
SELECT f, cells, pg_temp.uniform(expr, cells, crit) AS uniform
  FROM (VALUES ('uuid_bucket', 'uuid_bucket(id, 2)', 2, 10.828), ('uuid_bucket', 'uuid_bucket(id, 5)', 5, 18.467),
               ('uuid_bucket', 'uuid_bucket(id, 16)', 16, 37.697), ('uuid_bucket', 'uuid_bucket(id, 1000)', 1000, 1143.0),
               ('uuid_tail_remainder', 'uuid_tail_remainder(id, 2)', 2, 10.828),
               ('uuid_tail_remainder', 'uuid_tail_remainder(id, 5)', 5, 18.467),
               ('uuid_tail_remainder', 'uuid_tail_remainder(id, 16)', 16, 37.697),
               ('uuid_tail_remainder', 'uuid_tail_remainder(id, 1000)', 1000, 1143.0),
               ('uuid_shard_key', '(''x'' || lpad(uuid_shard_key(id, 1), 8, ''0''))::bit(32)::int', 16, 37.697),
               ('uuid_shard_key', '(''x'' || lpad(uuid_shard_key(id, 2), 8, ''0''))::bit(32)::int', 256, 330.5)) c(f, expr, cells, crit)
 ORDER BY 1, 2;
