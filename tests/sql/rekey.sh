#!/usr/bin/env bash
# Rekeying a table and the tables that reference it onto v7 keys (src/sql/rekey.sql), on a scratch
# cluster, every script run by the tables' owner, a role that is not a superuser, with psql's
# \gexec as docs/migrating.md shows; the extension installed as the README does.
#   tests/sql/rekey.sh MAJOR          (the extension must already be installed)
#   REKEY_ROWS=N                      parent rows of the cycle (1,000,000 where is_full_size,
#                                     20,000 elsewhere); comments and views have twice as many,
#                                     likes a quarter as many
#
# refusals: each refusal the issue lists stops expand with its SQLSTATE, and the schema
#   (pg_dump --schema-only) is what it was.
# cycle: posts (bigserial, keys 'sequence'), comments (ON DELETE CASCADE, NOT NULL, a primary
#   key: keyset batches, a twin index), likes (ON DELETE SET NULL, nullable, no primary key: page
#   batches, a unique partial twin), views (range-partitioned, ON DELETE SET NULL); 8 writers
#   from before expand to before contract, each change mirrored into twin tables in the same
#   transaction (inserts, re-parenting, parent-then-child transactions, deletes; after the swap
#   they write the new columns); the backfill's CALL terminated twice in the middle of a batch
#   and called again (every parent row at or below its checkpoint filled, none above it), then
#   stopped by max_runtime and called again; prepare; swap while a session holds a lock on
#   comments (the time it held its locks is printed beside the 100 ms bound, not checked: it is
#   the machine's); unswap (schema as after prepare); swap; contract. Then: each table equals its
#   twin, every child row names the same parent under the new keys, no writer error, backfilled
#   keys in the old ids' order and below every key minted after expand.
# rollback: expand, part of the backfill, rollback: schema and data as before.
# keys: 'time' (uuid_v7_time_us(new) = ts exactly), 'name' (uuid_v7_from_name), and a v4-keyed
#   table rekeyed with 'sequence' (the new keys sort like the old uuids); 'sequence' from a
#   timestamp with one row stamped after the expand: the step stops with 22008 and keeps nothing.
# names: quotes, a newline and dollar quotes in schema, table and column names, through every
#   phase but contract.
# SQL edition: installed by a non-superuser database owner, through rollback and contract.
set -eEuo pipefail
major=${1:?usage: tests/sql/rekey.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
if is_full_size "$major"; then ROWS=1000000; else ROWS=20000; fi
ROWS=${REKEY_ROWS:-$ROWS}
WRITERS=8
hold_major_lock "$major"
. "$here/lib/edition.sh"
suite_tmpdir work 777
suite_cluster "rekey-$major" "shared_buffers = 64MB"
make_role app
make_role mallory
make_db rk app
db rk -c "CREATE SCHEMA uuid_shard" -c "CREATE EXTENSION uuid_shard SCHEMA uuid_shard" \
  -c "GRANT USAGE ON SCHEMA uuid_shard TO PUBLIC" >/dev/null
if [ "$(db rk -c "SELECT to_regproc('uuid_shard.uuid_rekey_ddl') IS NOT NULL")" != t ]; then
  fail "uuid_rekey_ddl in the uuid_shard installed in PG$major" "run 'bash -c \". scripts/lib.sh; install_extension $major\"' first"
  finish
fi
q() { as_role app rk -F' ' -c "$1"; }
# sqlstate SQL: the SQLSTATE the statements stop with, run as app with \gexec ("no error" when they run)
sqlstate() {
  local out
  if out=$(as_role app rk -v VERBOSITY=sqlstate <<<"$1" 2>&1); then echo "no error"
  else grep -o -m1 'ERROR:  [0-9A-Z]\{5\}' <<<"$out" | sed 's/^ERROR:  //'; fi
}
# same_schema LABEL EXPECTED: the schema now is EXPECTED (a pg_dump --schema-only), else the diff
same_schema() {
  local now; now=$(schema)
  if [ "$now" = "$2" ]; then pass "$1"; else fail "$1"; diff <(echo "$2") <(echo "$now") | head -40 || true; fi
}
schema() { "$CLUSTER_BIN/pg_dump" -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres --schema-only -n public rk | grep -v '^\\\(un\)\?restrict'; }
# phase PARENT PHASE: generate the script of a phase and run it, as app
# (its output either way, with an ERROR line if psql stopped: the checks count them; a failed one
# is shown whole)
phase() {
  local out rc=0
  out=$(as_role app rk -v VERBOSITY=verbose <<<"SELECT uuid_shard.uuid_rekey_ddl('$1', '$2') \\gexec" 2>&1) || rc=$?
  [ "$rc" = 0 ] || { printf 'phase %s of %s stopped (psql exit %s):\n%s\n' "$2" "$1" "$rc" "$out" >&2; out+=$'\nERROR: psql exited with '$rc; }
  printf '%s\n' "$out"
}

# ================================ refusals ================================
suite_case "refusals"
as_role app rk >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE TABLE nopk (id bigint, t timestamptz NOT NULL);
CREATE TABLE compo (a int, b int, PRIMARY KEY (a, b));
CREATE TABLE parted (id bigint PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE texty (id text PRIMARY KEY);
CREATE TABLE selfref (id bigint PRIMARY KEY, up bigint REFERENCES selfref);
CREATE TABLE multi (a int, b int, UNIQUE (a, b), id int PRIMARY KEY);
CREATE TABLE multi_ref (a int, b int, FOREIGN KEY (a, b) REFERENCES multi (a, b));
CREATE TABLE nv (id bigint PRIMARY KEY);
CREATE TABLE nv_ref (nv_id bigint);
ALTER TABLE nv_ref ADD FOREIGN KEY (nv_id) REFERENCES nv NOT VALID;
CREATE TABLE taken (id bigint PRIMARY KEY, uuid text);
CREATE TABLE tsbad (id bigint PRIMARY KEY, ts timestamp NOT NULL, tsn timestamptz);
CREATE TABLE owned (id bigint PRIMARY KEY);
CREATE TABLE clean (id bigint PRIMARY KEY);
CREATE TABLE deep (id bigint PRIMARY KEY);
CREATE TABLE deep_ref (deep_id bigint REFERENCES deep, at date NOT NULL, k int) PARTITION BY RANGE (at);
CREATE TABLE deep_ref_2024 PARTITION OF deep_ref FOR VALUES FROM ('2024-01-01') TO ('2025-01-01') PARTITION BY LIST (k);
CREATE TABLE deep_ref_2024_1 PARTITION OF deep_ref_2024 FOR VALUES IN (1);
SQL
db rk -c "CREATE TABLE public.owned_ref (owned_id bigint REFERENCES public.owned)" -c "ALTER TABLE public.owned_ref OWNER TO mallory" >/dev/null
before=$(schema)
expand() { echo "SELECT uuid_shard.uuid_rekey_ddl($1) \\gexec"; }
check "no primary key: 55000" "$(sqlstate "$(expand "'nopk', 'expand'")")" 55000
check "composite primary key: 0A000" "$(sqlstate "$(expand "'compo', 'expand'")")" 0A000
check "partitioned parent: 0A000" "$(sqlstate "$(expand "'parted', 'expand'")")" 0A000
check "key of type text: 0A000" "$(sqlstate "$(expand "'texty', 'expand'")")" 0A000
check "self-reference: 0A000" "$(sqlstate "$(expand "'selfref', 'expand'")")" 0A000
check "two-column referencing foreign key: 0A000" "$(sqlstate "$(expand "'multi', 'expand'")")" 0A000
check "NOT VALID referencing foreign key: 55000" "$(sqlstate "$(expand "'nv', 'expand'")")" 55000
check "new column name taken: 42701" "$(sqlstate "$(expand "'taken', 'expand'")")" 42701
check "an empty uuid_column: 22023" "$(sqlstate "$(expand "'clean', 'expand', uuid_column => ''")")" 22023
check "a referencing table partitioned on two levels: 0A000" "$(sqlstate "$(expand "'deep', 'expand'")")" 0A000
check "ts_column of type timestamp: 22023" "$(sqlstate "$(expand "'tsbad', 'expand', 'ts'")")" 22023
check "ts_column that may be NULL: 22023" "$(sqlstate "$(expand "'tsbad', 'expand', 'tsn'")")" 22023
check "keys 'time' without ts_column: 22023" "$(sqlstate "$(expand "'clean', 'expand', NULL, 'time'")")" 22023
check "keys 'random': 22023" "$(sqlstate "$(expand "'clean', 'expand', NULL, 'random'")")" 22023
check "referencing table owned by a role app cannot act as: 42501" "$(sqlstate "$(expand "'owned', 'expand'")")" 42501
check "a phase before expand (swap): 55000" "$(sqlstate "$(expand "'clean', 'swap'")")" 55000
check "unknown phase: 22023" "$(sqlstate "SELECT uuid_shard.uuid_rekey_ddl('taken', 'shuffle')")" 22023
check "a step with no rekey in progress: 55000" "$(sqlstate "SELECT * FROM uuid_shard.uuid_rekey_step('taken')")" 55000
# a table named like the state table, made by another role, is never read or written
db rk -c "CREATE TABLE public.clean_rekey (x int)" -c "ALTER TABLE public.clean_rekey OWNER TO mallory" >/dev/null
before_planted=$(schema)
check "a planted state table: expand 42P07" "$(sqlstate "$(expand "'clean', 'expand'")")" 42P07
check "a planted state table: status 42P07" "$(sqlstate "SELECT uuid_shard.uuid_rekey_status('clean')")" 42P07
check "a planted state table: step 42P07" "$(sqlstate "SELECT uuid_shard.uuid_rekey_step('clean')")" 42P07
same_schema "a planted state table: changed nothing" "$before_planted"
db rk -c "DROP TABLE public.clean_rekey" >/dev/null
same_schema "each refusal changed nothing (pg_dump --schema-only)" "$before"
as_role app rk -c "DROP TABLE clean, nopk, compo, parted, texty, selfref, multi_ref, multi, nv_ref, nv, taken, tsbad, deep_ref, deep" >/dev/null
db rk -c "DROP TABLE public.owned_ref, public.owned" >/dev/null

# ================================ cycle with writers ================================
suite_case "cycle"
as_role app rk >/dev/null <<SQL
SET client_min_messages = warning;
CREATE TABLE posts (id bigserial PRIMARY KEY, published timestamptz NOT NULL DEFAULT now(), title text);
CREATE TABLE comments (id bigserial PRIMARY KEY, post_id bigint NOT NULL REFERENCES posts ON DELETE CASCADE, body text);
CREATE INDEX ON comments (post_id);
CREATE INDEX comments_page ON comments (post_id, id DESC);
CREATE TABLE likes (post_id bigint REFERENCES posts ON DELETE SET NULL, who text);
CREATE INDEX ON likes (post_id);
CREATE UNIQUE INDEX likes_once ON likes (who, post_id) WHERE who <> 'w';
CREATE INDEX posts_expr ON posts ((id % 10));
CREATE TABLE views (post_id bigint REFERENCES posts ON DELETE SET NULL, at timestamptz NOT NULL, n int) PARTITION BY RANGE (at);
CREATE TABLE views_2024 PARTITION OF views FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
CREATE TABLE views_2025 PARTITION OF views FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
CREATE INDEX ON views (post_id);
CREATE TABLE posts_twin (id bigint PRIMARY KEY, title text);
CREATE TABLE comments_twin (id bigint PRIMARY KEY, post_id bigint, body text);
CREATE INDEX ON comments_twin (post_id);
CREATE TABLE writer_stop (stop boolean);
INSERT INTO writer_stop VALUES (false);
INSERT INTO posts (published, title) SELECT '2024-01-01'::timestamptz + g * interval '1 second', 't' || g FROM generate_series(1, $ROWS) g;
INSERT INTO comments (post_id, body) SELECT 1 + g % $ROWS, 'c' FROM generate_series(1, 2 * $ROWS) g;
INSERT INTO likes SELECT CASE WHEN g % 10 = 0 THEN NULL ELSE 1 + g % $ROWS END, 'w' FROM generate_series(1, $ROWS / 4) g;
INSERT INTO views SELECT 1 + g % $ROWS, '2024-01-01'::timestamptz + (g % 700) * interval '1 day', g FROM generate_series(1, 2 * $ROWS) g;
INSERT INTO posts_twin SELECT id, title FROM posts;
INSERT INTO comments_twin SELECT id, post_id, body FROM comments;
ANALYZE posts, comments, likes, views;
-- One writer: a loop of short transactions until writer_stop says stop, each change mirrored
-- into the twins in the same transaction; after the swap it writes comments by their new column.
CREATE PROCEDURE writer(n int) LANGUAGE plpgsql AS \$w\$
DECLARE
  v_post bigint; v_mine bigint; v_c bigint; v_new boolean; v_uuid uuid; v_i int := 0;
BEGIN
  LOOP
    EXIT WHEN (SELECT stop FROM writer_stop);
    v_i := v_i + 1;
    v_new := EXISTS (SELECT FROM pg_constraint co JOIN pg_attribute a ON a.attrelid = co.conrelid AND a.attnum = co.conkey[1]
                      WHERE co.conrelid = 'posts'::regclass AND co.contype = 'p' AND a.attname = 'uuid');
    INSERT INTO posts (title) VALUES ('w' || n || '-' || v_i) RETURNING id INTO v_mine;
    INSERT INTO posts_twin VALUES (v_mine, 'w' || n || '-' || v_i);
    COMMIT;
    v_post := 1 + floor(random() * $ROWS)::bigint;
    IF v_new THEN
      SELECT uuid INTO v_uuid FROM posts WHERE id = v_post;
      INSERT INTO comments (post_uuid, body) VALUES (v_uuid, 'new app') RETURNING id, post_id INTO v_c, v_post;
    ELSE
      INSERT INTO comments (post_id, body) VALUES (v_post, 'old app') RETURNING id INTO v_c;
    END IF;
    INSERT INTO comments_twin VALUES (v_c, v_post, CASE WHEN v_new THEN 'new app' ELSE 'old app' END);
    INSERT INTO comments (post_id, body) VALUES (v_mine, 'on mine') RETURNING id INTO v_c;
    INSERT INTO comments_twin VALUES (v_c, v_mine, 'on mine');
    COMMIT;
    -- re-parenting an old comment
    v_c := 1 + floor(random() * 2 * $ROWS)::bigint;
    v_post := 1 + floor(random() * $ROWS)::bigint;
    IF v_new THEN
      SELECT uuid INTO v_uuid FROM posts WHERE id = v_post;
      UPDATE comments SET post_uuid = v_uuid WHERE id = v_c;
    ELSE
      UPDATE comments SET post_id = v_post WHERE id = v_c;
    END IF;
    UPDATE comments_twin SET post_id = v_post WHERE id = v_c;
    COMMIT;
    -- parent, then child, in one transaction
    UPDATE posts SET title = title || '+' WHERE id = v_post;
    UPDATE posts_twin SET title = title || '+' WHERE id = v_post;
    -- The twin gets the very rows updated: two statements would read two snapshots, and a
    -- comment another writer adds to v_post between them would be updated in the twin only.
    WITH u AS (UPDATE comments SET body = body || '+' WHERE post_id = v_post RETURNING id)
    UPDATE comments_twin t SET body = t.body || '+' FROM u WHERE t.id = u.id;
    COMMIT;
    -- every third round a post of this writer's goes, with its comments (ON DELETE CASCADE)
    IF v_i % 3 = 0 THEN
      DELETE FROM posts WHERE id = v_mine;
      DELETE FROM comments_twin WHERE post_id = v_mine;
      DELETE FROM posts_twin WHERE id = v_mine;
      COMMIT;
    END IF;
    PERFORM pg_sleep(0.02);
  END LOOP;
END
\$w\$;
SQL
before=$(schema)
for w in $(seq 1 $WRITERS); do
  (as_role app rk -c "CALL writer($w)" >"$work/writer$w.log" 2>&1; echo $? >"$work/writer$w.rc") &
done
sleep 1
out=$(phase posts expand)
check "expand: runs" "$(grep -c ERROR <<<"$out" || true)" 0
check "status after expand: next is the backfill" "$(q "SELECT next_step FROM uuid_shard.uuid_rekey_status('posts') WHERE phase = 'next'")" \
  "CALL uuid_shard.uuid_rekey_run('public.posts')"
check "prepare before the backfill is done: 55000" "$(sqlstate "SELECT uuid_shard.uuid_rekey_ddl('posts', 'prepare') \\gexec")" 55000
# The backfill, terminated twice in the middle of a batch: a trigger of the test's makes every
# row of a batch take 2 ms, and the run is terminated while it sleeps in that trigger (the
# batch's transaction holds its lock on posts), whatever the machine's speed.
q "CREATE FUNCTION slow_fill() RETURNS trigger LANGUAGE plpgsql AS \$\$ BEGIN PERFORM pg_sleep(0.002); RETURN NEW; END \$\$" >/dev/null
q "CREATE TRIGGER zz_slow_fill BEFORE UPDATE OF uuid ON posts FOR EACH ROW EXECUTE FUNCTION slow_fill()" >/dev/null
pos=0
for kill in 1 2; do
  as_role app rk -c "SET application_name = 'rekey-run'" -c "CALL uuid_shard.uuid_rekey_run('posts', 200, '0', NULL)" >"$work/run$kill.log" 2>&1 &
  run_pid=$!
  killed=0
  for _ in $(seq 1 1200); do
    killed=$(db rk -c "SELECT count(*) FILTER (WHERE pg_terminate_backend(a.pid)) FROM pg_stat_activity a
                        WHERE a.application_name = 'rekey-run' AND a.wait_event = 'PgSleep'
                          AND EXISTS (SELECT FROM pg_locks l WHERE l.pid = a.pid AND l.relation = 'public.posts'::regclass AND l.mode = 'RowExclusiveLock')
                          AND (SELECT coalesce(position::bigint, 0) FROM public.posts_rekey WHERE ord = 0) > $pos")
    [ "$killed" = 1 ] && break
    sleep 0.05
  done
  check "backfill terminated in the middle of a batch ($kill)" "$killed" 1
  wait "$run_pid" || true
  last=$pos
  pos=$(q "SELECT position FROM posts_rekey WHERE ord = 0")
  check "after kill $kill: every row up to the checkpoint filled, none above it" \
    "$(q "SELECT count(*) FILTER (WHERE id <= $pos AND uuid IS NULL) || ' ' || count(*) FILTER (WHERE id > $pos AND id <= (SELECT bound::bigint FROM posts_rekey WHERE ord = 0) AND uuid IS NOT NULL) FROM posts")" "0 0"
  check "after kill $kill: rows done = rows up to the checkpoint, which moved on from $last" \
    "$(q "SELECT (SELECT rows_done FROM posts_rekey WHERE ord = 0) = count(*) AND $pos > $last FROM posts WHERE id <= $pos")" t
done
q "DROP TRIGGER zz_slow_fill ON posts" >/dev/null
out=$(as_role app rk -c "CALL uuid_shard.uuid_rekey_run('posts', 500, '0', NULL, '0.3 s')" 2>&1)
check "max_runtime: stops cleanly and says so" "$(grep -c 'CALL it again to resume' <<<"$out")" 1
check "resumed at its checkpoint: the position only moved forward" \
  "$(q "SELECT coalesce(position::bigint, 0) >= $pos FROM posts_rekey WHERE ord = 0")" t
out=$(as_role app rk -c "CALL uuid_shard.uuid_rekey_run('posts', 5000, '0', NULL)" 2>&1)
check "backfill: done" "$(q "SELECT state FROM uuid_shard.uuid_rekey_step('posts')")" done
check "every parent row has its new key, every child its parent's" \
  "$(q "SELECT (SELECT count(*) FROM posts WHERE uuid IS NULL) + (SELECT count(*) FROM comments WHERE post_uuid IS NULL)
              + (SELECT count(*) FROM likes WHERE (post_id IS NULL) <> (post_uuid IS NULL))
              + (SELECT count(*) FROM views WHERE (post_id IS NULL) <> (post_uuid IS NULL))")" 0
check "backfilled keys in the order of the old ids, all below the keys minted after expand" \
  "$(q "WITH b AS (SELECT id, uuid, lag(uuid) OVER (ORDER BY id) AS prev FROM posts WHERE id <= (SELECT bound::bigint FROM posts_rekey WHERE ord = 0))
        SELECT count(*) FILTER (WHERE prev >= uuid) || ' ' || ((SELECT uuid FROM b ORDER BY uuid DESC LIMIT 1) < (SELECT uuid FROM posts WHERE id > (SELECT bound::bigint FROM posts_rekey WHERE ord = 0) ORDER BY uuid LIMIT 1)) FROM b")" "0 true"
out=$(phase posts prepare)
check "prepare: runs" "$(grep -c ERROR <<<"$out" || true)" 0
check "prepare generated again: nothing left" "$(q "SELECT count(*) FROM uuid_shard.uuid_rekey_ddl('posts', 'prepare')" 2>/dev/null)" 0
check "prepare: every index with an old key column has its valid twin (one on an expression has none, and a NOTICE)" \
  "$(q "SELECT string_agg(pg_get_indexdef(i.indexrelid) || ' ' || i.indisvalid, E'\n' ORDER BY 1) FROM pg_index i WHERE i.indexrelid::regclass::text LIKE '%\_v7'")
$(grep -c 'posts_expr of public.posts contains id in an expression' <<<"$out")" \
  "CREATE INDEX comments_page_v7 ON public.comments USING btree (post_uuid, id DESC) true
CREATE UNIQUE INDEX likes_once_v7 ON public.likes USING btree (who, post_uuid) WHERE (who <> 'w'::text) true
1"
prepared=$(schema)
# a session holding a lock on comments when the swap starts: the swap retries until it is gone
as_role app rk -c "BEGIN" -c "LOCK comments IN ROW EXCLUSIVE MODE" -c "SELECT pg_sleep(1.5)" -c "COMMIT" >"$work/holder.log" 2>&1 &
holder=$!
sleep 0.3
out=$(phase posts swap)
wait "$holder"; holder_rc=$?
check "swap: runs while a session holds a lock on comments, which gets no error" "$(grep -c ERROR <<<"$out" || true) $holder_rc" "0 0"
ms=$(grep -o 'locks held for [0-9.]* ms' <<<"$out" | grep -o '[0-9.]*' || echo none)
echo "swap: locks held for $ms ms (bound 100 ms)"
check "swap: primary key on uuid" "$(q "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'posts'::regclass AND contype = 'p'")" "PRIMARY KEY (uuid)"
check "swap generated again: nothing to do" "$(q "SELECT count(*) FROM uuid_shard.uuid_rekey_ddl('posts', 'swap')")" 0
sleep 1
out=$(phase posts unswap)
check "unswap: runs" "$(grep -c ERROR <<<"$out" || true)" 0
same_schema "unswap: schema as after prepare (pg_dump --schema-only)" "$prepared"
out=$(phase posts swap)
check "swap again: runs" "$(grep -c ERROR <<<"$out" || true)" 0
check "rollback while swapped: 55000" "$(sqlstate "SELECT uuid_shard.uuid_rekey_ddl('posts', 'rollback') \\gexec")" 55000
sleep 2
q "UPDATE writer_stop SET stop = true" >/dev/null
wait
errors=0
for w in $(seq 1 $WRITERS); do
  [ "$(cat "$work/writer$w.rc")" = 0 ] || { errors=$((errors + 1)); sed 's/^/  writer '"$w"': /' "$work/writer$w.log"; }
done
check "writers: errors of any SQLSTATE" "$errors" 0
check "writers: wrote comments by their new column after the swap" "$(q "SELECT count(*) > 0 FROM comments WHERE body LIKE 'new app%'")" t
check "posts equal their twin" "$(q "SELECT count(*) FROM ((SELECT id, title FROM posts EXCEPT SELECT * FROM posts_twin) UNION ALL (SELECT * FROM posts_twin EXCEPT SELECT id, title FROM posts)) d")" 0
check "comments equal their twin" "$(q "SELECT count(*) FROM ((SELECT id, post_id, body FROM comments EXCEPT SELECT * FROM comments_twin) UNION ALL (SELECT * FROM comments_twin EXCEPT SELECT id, post_id, body FROM comments)) d")" 0
check "every comment names the same post under the new keys" \
  "$(q "SELECT count(*) FROM comments c LEFT JOIN posts p ON p.id = c.post_id WHERE p.uuid IS DISTINCT FROM c.post_uuid")" 0
check "every like names the same post under the new keys" \
  "$(q "SELECT count(*) FROM likes c LEFT JOIN posts p ON p.id = c.post_id WHERE p.uuid IS DISTINCT FROM c.post_uuid")" 0
check "every view (partitioned, ON DELETE SET NULL) names the same post under the new keys" \
  "$(q "SELECT count(*) FROM views c LEFT JOIN posts p ON p.id = c.post_id WHERE p.uuid IS DISTINCT FROM c.post_uuid")" 0
check "a partitioned referencing table: its foreign key on the new column on the table itself, validated, and its index valid" \
  "$(q "SELECT convalidated FROM pg_constraint WHERE conrelid = 'views'::regclass AND conname = 'views_post_uuid_fkey'") $(q "SELECT indisvalid FROM pg_index WHERE indexrelid = 'views_post_uuid_idx'::regclass")" "t t"
out=$(phase posts contract)
check "contract: runs" "$(grep -c ERROR <<<"$out" || true)" 0
check "contract: the old columns, triggers and state are gone" \
  "$(q "SELECT count(*) FROM pg_attribute WHERE NOT attisdropped AND ((attrelid = 'posts'::regclass AND attname = 'id')
          OR (attrelid IN ('comments'::regclass, 'likes'::regclass, 'views'::regclass, 'views_2024'::regclass) AND attname = 'post_id'))") $(q "SELECT count(*) FROM pg_trigger WHERE tgname LIKE '%rekey_sync'") $(q "SELECT to_regclass('posts_rekey') IS NULL")" "0 0 t"
after=$(q "WITH p AS (INSERT INTO posts (title) VALUES ('after') RETURNING uuid) INSERT INTO comments (post_uuid) SELECT uuid FROM p RETURNING post_uuid")
check "after contract: a comment by the new key, and ON DELETE CASCADE" \
  "$(q "SELECT count(*) FROM comments WHERE post_uuid = '$after'") $(q "DELETE FROM posts WHERE uuid = '$after'" >/dev/null && q "SELECT count(*) FROM comments WHERE post_uuid = '$after'")" "1 0"

check "contract generated again: 55000, no rekey in progress (not a refusal of the plan)" \
  "$(as_role app rk -v VERBOSITY=sqlstate -c "SELECT uuid_shard.uuid_rekey_ddl('posts', 'contract')" 2>&1 | grep -c 'ERROR:  55000' || true)" 1

# ================================ rollback ================================
suite_case "rollback"
as_role app rk >/dev/null <<SQL
SET client_min_messages = warning;
CREATE TABLE authors (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, joined timestamptz NOT NULL, name text);
CREATE TABLE books (id bigserial PRIMARY KEY, author_id integer REFERENCES authors ON UPDATE CASCADE, title text);
INSERT INTO authors (joined, name) SELECT '2023-05-01'::timestamptz + g * interval '1 hour', 'a' || g FROM generate_series(1, 3000) g;
INSERT INTO books (author_id, title) SELECT 1 + g % 3000, 'b' FROM generate_series(1, 6000) g;
SQL
before=$(schema)
data=$(q "SELECT md5(string_agg(a::text, ',' ORDER BY id)) FROM authors a")$(q "SELECT md5(string_agg(b::text, ',' ORDER BY id)) FROM books b")
phase authors expand >/dev/null
as_role app rk -c "SELECT * FROM uuid_shard.uuid_rekey_step('authors', 500)" -c "SELECT * FROM uuid_shard.uuid_rekey_step('authors', 500)" >/dev/null
check "a plan with other keys after expand: 22023" "$(sqlstate "SELECT uuid_shard.uuid_rekey_ddl('authors', 'prepare', 'joined')")" 22023
check "another expand while one is in progress: nothing to do" "$(q "SELECT count(*) FROM uuid_shard.uuid_rekey_ddl('authors', 'expand')")" 0
out=$(phase authors rollback)
check "rollback: runs" "$(grep -c ERROR <<<"$out" || true)" 0
same_schema "rollback: schema as before (pg_dump --schema-only)" "$before"
check "rollback: data as before" "$(q "SELECT md5(string_agg(a::text, ',' ORDER BY id)) FROM authors a")$(q "SELECT md5(string_agg(b::text, ',' ORDER BY id)) FROM books b")" "$data"

# ================================ keys ================================
suite_case "keys"
as_role app rk >/dev/null 2>&1 <<'SQL'
SELECT uuid_shard.uuid_rekey_ddl('authors', 'expand', 'joined', 'time') \gexec
CALL uuid_shard.uuid_rekey_run('authors', 700, '0', NULL);
SQL
check "keys 'time': uuid_v7_time_us(new key) = the row's timestamp, every row" \
  "$(q "SELECT count(*) FILTER (WHERE uuid_shard.uuid_v7_time_us(uuid) = joined) || '/' || count(*) FROM authors")" "3000/3000"
check "keys 'time': books follow" "$(q "SELECT count(*) FROM books b JOIN authors a ON a.id = b.author_id WHERE b.author_uuid IS DISTINCT FROM a.uuid")" 0
as_role app rk <<<"SELECT uuid_shard.uuid_rekey_ddl('authors', 'rollback') \\gexec" >/dev/null 2>&1
as_role app rk >/dev/null 2>&1 <<'SQL'
SELECT uuid_shard.uuid_rekey_ddl('authors', 'expand', 'joined', 'name') \gexec
SELECT uuid_shard.uuid_rekey_ddl('authors', 'backfill', batch_rows => 700, pause => '1 ms') \gexec
SQL
check "the backfill script (steps and pauses) instead of uuid_rekey_run: done" "$(q "SELECT state FROM uuid_shard.uuid_rekey_step('authors')")" done
check "keys 'name', by the backfill script: uuid_v7_from_name(ts, 'schema.table:' || old id), every row" \
  "$(q "SELECT count(*) FILTER (WHERE uuid = uuid_shard.uuid_v7_from_name(joined, 'public.authors:' || id)) || '/' || count(*) FROM authors")" "3000/3000"
as_role app rk <<<"SELECT uuid_shard.uuid_rekey_ddl('authors', 'rollback') \\gexec" >/dev/null 2>&1
check "rollback after keys 'name': schema as before" "$(schema | grep -c author_uuid || true)" 0
as_role app rk >/dev/null 2>&1 <<'SQL'
CREATE TABLE v4 (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int);
CREATE TABLE v4_ref (id bigserial PRIMARY KEY, v4_id uuid NOT NULL REFERENCES v4);
INSERT INTO v4 (n) SELECT g FROM generate_series(1, 2000) g;
INSERT INTO v4_ref (v4_id) SELECT id FROM v4;
SELECT uuid_shard.uuid_rekey_ddl('v4', 'expand') \gexec
CALL uuid_shard.uuid_rekey_run('v4', 300, '0', NULL);
SELECT uuid_shard.uuid_rekey_ddl('v4', 'prepare') \gexec
SELECT uuid_shard.uuid_rekey_ddl('v4', 'swap') \gexec
SQL
check "v4 keys, 'sequence': v7 keys in the order of the old uuids" \
  "$(q "SELECT count(*) FILTER (WHERE prev >= uuid) || ' ' || count(*) FILTER (WHERE substr(uuid::text, 15, 1) = '7') FROM (SELECT uuid, lag(uuid) OVER (ORDER BY id) AS prev FROM v4) s")" "0 2000"
check "v4 keys: swapped, references follow" \
  "$(q "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'v4'::regclass AND contype = 'p'") $(q "SELECT count(*) FROM v4_ref r JOIN v4 ON v4.id = r.v4_id WHERE r.v4_uuid IS DISTINCT FROM v4.uuid")" \
  "PRIMARY KEY (uuid) 0"
# keys 'sequence' from a timestamp, one row stamped after the expand: its batch stops with 22008
# and keeps nothing
as_role app rk >/dev/null 2>&1 <<'SQL'
CREATE TABLE fut (id bigserial PRIMARY KEY, at timestamptz NOT NULL);
INSERT INTO fut (at) SELECT CASE WHEN g = 50 THEN now() + interval '1 day' ELSE '2024-01-01'::timestamptz + g * interval '1 minute' END
  FROM generate_series(1, 100) g;
SELECT uuid_shard.uuid_rekey_ddl('fut', 'expand', 'at', 'sequence') \gexec
SQL
check "keys 'sequence', a timestamp after the expand: the step stops with 22008" \
  "$(sqlstate "SELECT * FROM uuid_shard.uuid_rekey_step('fut', 1000)")" 22008
check "keys 'sequence', a timestamp after the expand: nothing of the batch kept" \
  "$(q "SELECT count(*) FROM fut WHERE uuid IS NOT NULL") $(q "SELECT rows_done FROM fut_rekey WHERE ord = 0")" "0 0"
as_role app rk <<<"SELECT uuid_shard.uuid_rekey_ddl('fut', 'rollback') \\gexec" >/dev/null 2>&1
check "keys 'sequence', rolled back after the refusal" "$(q "SELECT to_regclass('fut_rekey') IS NULL")" t
# ================================ names ================================
suite_case "names"
# quotes, a newline and dollar quotes in every name the scripts carry
as_role app rk >/dev/null 2>&1 <<'SQL'
CREATE SCHEMA "s$x""y";
CREATE TABLE "s$x""y"."Po""s$fn$t
x" ("i$d" bigserial PRIMARY KEY, "t'" timestamptz NOT NULL DEFAULT now());
CREATE TABLE "s$x""y"."c$$om""m" (id bigserial PRIMARY KEY, "p""o$rekey$_id" bigint REFERENCES "s$x""y"."Po""s$fn$t
x" ON DELETE CASCADE);
INSERT INTO "s$x""y"."Po""s$fn$t
x" ("t'") SELECT now() - g * interval '1 s' FROM generate_series(1, 500) g;
INSERT INTO "s$x""y"."c$$om""m" ("p""o$rekey$_id") SELECT 1 + g % 500 FROM generate_series(1, 1000) g;
SQL
parent_lit="'\"s\$x\"\"y\".\"Po\"\"s\$fn\$t
x\"'"
out=$(as_role app rk -v VERBOSITY=sqlstate 2>&1 <<SQL
SELECT uuid_shard.uuid_rekey_ddl($parent_lit, 'expand', \$\$t'\$\$) \gexec
CALL uuid_shard.uuid_rekey_run($parent_lit, 200, '0', NULL);
SELECT uuid_shard.uuid_rekey_ddl($parent_lit, 'prepare') \gexec
SELECT uuid_shard.uuid_rekey_ddl($parent_lit, 'swap') \gexec
SQL
)
check "odd names: expand, backfill, prepare, swap run" "$(grep -c ERROR <<<"$out" || true)" 0
check "odd names: keys 'time' exact, the referencing table follows" \
  "$(q "SELECT count(*) FILTER (WHERE uuid_shard.uuid_v7_time_us(p.uuid) = p.\"t'\" AND c.\"p\"\"o\$rekey\$_uuid\" = p.uuid) FROM \"s\$x\"\"y\".\"c\$\$om\"\"m\" c JOIN \"s\$x\"\"y\".\"Po\"\"s\$fn\$t
x\" p ON p.\"i\$d\" = c.\"p\"\"o\$rekey\$_id\"")" 1000
out=$(as_role app rk -v VERBOSITY=sqlstate 2>&1 <<SQL
SELECT uuid_shard.uuid_rekey_ddl($parent_lit, 'unswap') \gexec
SELECT uuid_shard.uuid_rekey_ddl($parent_lit, 'rollback') \gexec
SQL
)
check "odd names: unswap and rollback run" "$(grep -c ERROR <<<"$out" || true)" 0
check "odd names: rolled back" "$(q "SELECT count(*) FROM pg_attribute WHERE attname LIKE '%uuid%' AND attrelid IN (SELECT oid FROM pg_class WHERE relnamespace = 's\$x\"y'::regnamespace) AND NOT attisdropped")" 0
# ================================ SQL edition ================================
suite_case "SQL edition"
# its plain script installed by a database owner who is not a superuser, in schema shard; the
# same owner rekeys a parent with a plain and a partitioned referencing table, rolls back, and
# goes through to contract
make_role ed_owner
make_db edition ed_owner
as_role ed_owner edition -v schema=shard -f "$plain_script" >/dev/null
ed() { as_role ed_owner edition -v VERBOSITY=sqlstate "$@"; }
ed >/dev/null <<'SQL'
SET client_min_messages = warning;
CREATE TABLE orders (id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, placed timestamptz NOT NULL);
CREATE TABLE lines (id bigserial PRIMARY KEY, order_id integer NOT NULL REFERENCES orders ON DELETE CASCADE);
CREATE TABLE events (order_id integer REFERENCES orders ON DELETE SET NULL, at timestamptz NOT NULL) PARTITION BY RANGE (at);
CREATE TABLE events_a PARTITION OF events FOR VALUES FROM (MINVALUE) TO ('2025-01-01');
CREATE TABLE events_b PARTITION OF events FOR VALUES FROM ('2025-01-01') TO (MAXVALUE);
INSERT INTO orders (placed) SELECT '2024-06-01'::timestamptz + g * interval '1 hour' FROM generate_series(1, 3000) g;
INSERT INTO lines (order_id) SELECT 1 + g % 3000 FROM generate_series(1, 6000) g;
INSERT INTO events SELECT 1 + g % 3000, '2024-06-01'::timestamptz + g * interval '1 hour' FROM generate_series(1, 6000) g;
SQL
ed_schema() { "$CLUSTER_BIN/pg_dump" -h "$CLUSTER_DIR/sock" -p "$CLUSTER_PORT" -U postgres --schema-only -n public edition | grep -v '^\\\(un\)\?restrict'; }
ed_before=$(ed_schema)
out=$(ed 2>&1 <<'SQL'
SELECT shard.uuid_rekey_ddl('orders', 'expand', 'placed') \gexec
CALL shard.uuid_rekey_run('orders', 1000, '0', NULL);
SELECT shard.uuid_rekey_ddl('orders', 'prepare') \gexec
SELECT shard.uuid_rekey_ddl('orders', 'swap') \gexec
SELECT shard.uuid_rekey_ddl('orders', 'unswap') \gexec
SELECT shard.uuid_rekey_ddl('orders', 'rollback') \gexec
SQL
)
check "edition: expand, backfill, prepare, swap, unswap, rollback run" "$(grep -c ERROR <<<"$out" || true)" 0
now=$(ed_schema)
if [ "$now" = "$ed_before" ]; then pass "edition: rolled back to the schema before (pg_dump --schema-only)"
else fail "edition: rolled back to the schema before (pg_dump --schema-only)"; diff <(echo "$ed_before") <(echo "$now") | head -20 || true; fi
out=$(ed 2>&1 <<'SQL'
SELECT shard.uuid_rekey_ddl('orders', 'expand', 'placed') \gexec
CALL shard.uuid_rekey_run('orders', 1000, '0', NULL);
SELECT shard.uuid_rekey_ddl('orders', 'prepare') \gexec
SELECT shard.uuid_rekey_ddl('orders', 'swap') \gexec
SELECT shard.uuid_rekey_ddl('orders', 'contract') \gexec
SQL
)
check "edition: again through contract" "$(grep -c ERROR <<<"$out" || true)" 0
check "edition: keys at each order's time; lines and events follow" \
  "$(ed -At -c "SELECT count(*) FILTER (WHERE shard.uuid_v7_time_us(uuid) = placed) FROM orders") $(ed -At -c "SELECT count(*) FROM lines l LEFT JOIN orders o ON o.uuid = l.order_uuid WHERE o.uuid IS NULL") $(ed -At -c "SELECT count(*) FROM events e LEFT JOIN orders o ON o.uuid = e.order_uuid WHERE o.uuid IS NULL")" \
  "3000 0 0"
finish
