#!/usr/bin/env bash
# Public IDs (uuid_v7_mask / uuid_v7_unmask, docs/public-ids.md), in a real cluster:
#   1. uniformity: N keys minted within one second (1,000,000 where is_full_size, else
#      100,000), masked with a secret made in the database; the 60 masked time bits and their
#      bytes get the same chi-square tests as gen_random_uuid()'s bytes 0..7 (version nibble
#      left out) and as the unmasked keys (the control: the test must reject those);
#   2. on the same N keys: every public ID distinct (permutation), a v4 of the RFC 9562 variant,
#      unmasking to its key; uuid_bucket and uuid_shard_key equal for key and public ID;
#   3. the recipe of docs/public-ids.md ("Keeping the secret out of query text"), run as
#      written: the application role cannot read the secret, the view shows the right public
#      IDs, the lookup by public ID is a primary-key index scan and finds every row; with
#      log_statement = 'all', neither the server log nor pg_stat_activity ever holds the secret
#      (and the same check finds it once a query carries it as a literal: the control);
#      rotating the secret changes every public ID and no stored key.
#   tests/sql/public_ids.sh MAJOR     (the native extension must be installed)
set -euo pipefail
major=${1:?usage: tests/sql/public_ids.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
rows=${PUBLIC_IDS_ROWS:-1000000}
is_full_size "$major" || rows=100000
suite_cluster "public-ids-$major" "log_statement = 'all'" "log_min_error_statement = error"
t0=$SECONDS
db postgres -c 'CREATE EXTENSION uuid_shard'

# ---- 1 and 2: uniformity, permutation, round trip, tail ----------------------------------------
res=$(db postgres -F' ' <<SQL
CREATE TEMP TABLE secret AS
SELECT sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())) AS s;
-- keys of one second, one every 1/N s, each with its own random tail
CREATE TEMP TABLE k AS
SELECT uuid_v7_at('2026-05-01 10:00:00+00'::timestamptz + g * (interval '1 second' / $rows)) AS id
  FROM generate_series(0, $rows - 1) g;
CREATE TEMP TABLE m AS SELECT id, uuid_v7_mask(id, (SELECT s FROM secret)) AS pub FROM k;
SELECT format('one second: %s keys from %s to %s', count(*), min(uuid_v7_time(id)), max(uuid_v7_time(id))),
       count(*) = $rows AND max(uuid_v7_time(id)) - min(uuid_v7_time(id)) < interval '1 second' FROM k;
SELECT format('permutation: %s keys, %s distinct public IDs, %s v4 of the RFC 9562 variant, %s unmask to their key',
              count(*), count(DISTINCT pub),
              count(*) FILTER (WHERE uuid_version(pub) = 4 AND (get_byte(uuid_send(pub), 8) & 192) = 128),
              count(*) FILTER (WHERE uuid_v7_unmask(pub, (SELECT s FROM secret)) = id)),
       count(DISTINCT pub) = $rows
       AND count(*) FILTER (WHERE uuid_version(pub) = 4 AND (get_byte(uuid_send(pub), 8) & 192) = 128) = $rows
       AND count(*) FILTER (WHERE uuid_v7_unmask(pub, (SELECT s FROM secret)) = id) = $rows
  FROM m;
SELECT format('tail: %s of %s with equal last 8 bytes, uuid_bucket(., 1000) and uuid_shard_key(., 15)', count(*) FILTER (WHERE ok), count(*)),
       bool_and(ok)
  FROM (SELECT substr(uuid_send(id), 9) = substr(uuid_send(pub), 9)
               AND uuid_bucket(id, 1000) = uuid_bucket(pub, 1000) AND uuid_shard_key(id, 15) = uuid_shard_key(pub, 15) AS ok
          FROM m) s;
-- bytes 0..7 of three sets; byte 6 counts by its low nibble (its high nibble is the version)
CREATE TEMP TABLE sets AS
SELECT 'unmasked v7 keys (control)' AS what, 1 AS o, substr(uuid_send(id), 1, 8) AS b FROM m
UNION ALL SELECT 'masked (public IDs)', 2, substr(uuid_send(pub), 1, 8) FROM m
UNION ALL SELECT 'gen_random_uuid()', 3, substr(uuid_send(gen_random_uuid()), 1, 8) FROM m;
CREATE TEMP TABLE hist AS
SELECT what, o, pos, CASE WHEN pos = 6 THEN get_byte(b, pos) & 15 ELSE get_byte(b, pos) END AS v, count(*) AS c
  FROM sets, generate_series(0, 7) pos GROUP BY 1, 2, 3, 4;
-- every category, also the empty ones
CREATE TEMP TABLE cells AS
SELECT s.what, s.o, p.pos, v.v, coalesce(h.c, 0) AS c, CASE WHEN p.pos = 6 THEN 16 ELSE 256 END AS cats
  FROM (SELECT DISTINCT what, o FROM sets) s CROSS JOIN generate_series(0, 7) p(pos) CROSS JOIN generate_series(0, 255) v(v)
  LEFT JOIN hist h ON h.what = s.what AND h.pos = p.pos AND h.v = v.v
 WHERE v.v < CASE WHEN p.pos = 6 THEN 16 ELSE 256 END;
-- chi-square per byte (255 degrees of freedom; 15 for the nibble) and per bit (1), and the
-- critical values at p = 1e-6 (Wilson-Hilferty for the bytes): 68 tests per set, so a uniform
-- set fails one by chance about once in 15,000 runs
CREATE TEMP TABLE byte_stats AS
SELECT what, o, pos, cats - 1 AS df, sum((c - $rows::float8 / cats) ^ 2 / ($rows::float8 / cats)) AS chi2,
       (cats - 1) * (1 - 2.0 / (9 * (cats - 1)) + 4.753424 * sqrt(2.0 / (9 * (cats - 1)))) ^ 3 AS crit
  FROM cells GROUP BY what, o, pos, cats;
CREATE TEMP TABLE bit_stats AS
SELECT what, o, pos, bit, (2 * ones - $rows::float8) ^ 2 / $rows AS chi2
  FROM (SELECT what, o, pos, bit, sum(c) FILTER (WHERE (v >> bit) & 1 = 1) AS ones
          FROM cells, generate_series(0, 7) bit WHERE pos <> 6 OR bit < 4 GROUP BY what, o, pos, bit) s;
SELECT format('%-27s bits: %s tests, max chi2 %s, sum %s (df %s), %s over 23.93 | bytes: max chi2/df %s, mean chi2/df %s, %s over critical',
              b.what, b.n, round(b.maxc::numeric, 2), round(b.sumc::numeric, 1), b.n, b.bad,
              round(y.maxr::numeric, 3), round(y.meanr::numeric, 3), y.bad),
       CASE WHEN b.o = 1 THEN b.bad > 0 AND y.bad > 0 ELSE b.bad = 0 AND y.bad = 0 END
  FROM (SELECT what, o, count(*) n, max(chi2) maxc, sum(chi2) sumc, count(*) FILTER (WHERE chi2 > 23.9281) bad
          FROM bit_stats GROUP BY what, o) b
  JOIN (SELECT what, max(chi2 / df) maxr, avg(chi2 / df) meanr, count(*) FILTER (WHERE chi2 > crit) bad
          FROM byte_stats GROUP BY what) y USING (what)
 ORDER BY b.o;
SQL
)
check_results "uniformity, permutation, round trip, tail" 6 "$res"
echo "  ($((SECONDS - t0))s, $rows keys)"

# ---- 3. the documented recipe, as written -----------------------------------------------------
t1=$SECONDS
# the sql blocks of the section "Keeping the secret out of query text", in page order
recipe=$(awk '/^## /{ in_sec = ($0 == "## Keeping the secret out of query text") } in_sec && /^```sql$/{ blk = 1; next }
              blk && /^```$/{ blk = 0; next } blk' "$PROJECT_ROOT/docs/public-ids.md")
suite_case recipe
[ -n "$recipe" ] || { fail "the sql blocks of docs/public-ids.md" "none found"; finish; }
make_db recipe
db postgres -c "ALTER DATABASE recipe SET search_path = \"\$user\", public, uuid_shard" >/dev/null
db recipe -o /dev/null <<<"$recipe"
secret_hex=$(db recipe -c "SELECT encode(secret, 'hex') FROM mask_private.secret")
check "a 32-byte secret in mask_private.secret (hex digits)" "${#secret_hex}" 64
[ ${#secret_hex} = 64 ] || finish

out=$(as_role web_app recipe -v ON_ERROR_STOP=0 -c '\set VERBOSITY sqlstate' -c 'SELECT secret FROM mask_private.secret' 2>&1 || true)
check "web_app cannot read the secret" "$out" "ERROR:  42501"
out=$(as_role web_app recipe -c "SELECT count(*) = 10000 AND count(DISTINCT public_id) = 10000 AND bool_and(uuid_version(public_id) = 4)
                                FROM orders_public")
check "the view shows 10,000 distinct v4 public IDs" "$out" "t"
out=$(db recipe -c "SELECT bool_and(p.public_id = uuid_v7_mask(o.id, (SELECT secret FROM mask_private.secret)))
                           FROM orders o JOIN orders_public p USING (total)")
check "each is uuid_v7_mask(id, secret)" "$out" "t"
# the application's lookup, prepared as a driver prepares it: index scans in custom and generic plans
out=$(as_role web_app recipe <<'SQL' | tr '\n' '|'
PREPARE by_public(uuid) AS SELECT total FROM orders WHERE id = api.stored_id($1);
EXPLAIN (COSTS OFF) EXECUTE by_public('6ee50d3d-3c66-4e58-98c4-dc0c0c07398f');
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE by_public('6ee50d3d-3c66-4e58-98c4-dc0c0c07398f');
SQL
)
check "lookup by public ID (custom and generic plan)" "$out" \
  "Index Scan using orders_pkey on orders|  Index Cond: (id = api.stored_id('6ee50d3d-3c66-4e58-98c4-dc0c0c07398f'::uuid))|Index Scan using orders_pkey on orders|  Index Cond: (id = api.stored_id(\$1))|"
out=$(as_role web_app recipe -c "SELECT count(*) FROM orders_public p JOIN LATERAL
                             (SELECT total FROM orders o WHERE o.id = api.stored_id(p.public_id)) x ON x.total = p.total")
check "every public ID finds its row" "$out" "10000"
# pg_stat_activity while the application's queries run, seen from another session (read into
# the shell and searched there: a query searching for the secret would carry it)
as_role web_app recipe -c "SELECT count(*), pg_sleep(3) FROM orders_public WHERE api.stored_id(public_id) IS NOT NULL" >/dev/null &
sleep 1
activity=$(db recipe -F'|' -c "SELECT usename, query FROM pg_stat_activity WHERE pid <> pg_backend_pid()")
wait
check "pg_stat_activity: the application's query seen, the secret in none" \
  "$(grep -c '^web_app|.*orders_public' <<<"$activity")|$(grep -ci "$secret_hex" <<<"$activity" || true)" "1|0"
log="$CLUSTER_DIR/server.log"
statements=$(grep -c 'LOG:  statement:' "$log" || true)
check "server log: $statements logged statements, none with the secret" "$(grep -ci "$secret_hex" "$log" || true)" "0"
# the control: a query that carries the secret as a literal is found by the same check
db recipe -c "SELECT uuid_v7_mask(id, '\\x$secret_hex'::bytea) FROM orders LIMIT 1" >/dev/null
check "control: a literal secret does show in the log" "$(grep -ci "$secret_hex" "$log" || true)" "1"
# rotation: every public ID changes, no stored key does; old public IDs find nothing
out=$(db recipe <<'SQL'
CREATE TABLE before AS SELECT id, total, public_id FROM orders JOIN orders_public USING (total);
SET ROLE mask_keeper;
UPDATE mask_private.secret SET secret = sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));
RESET ROLE;
SELECT count(*) FILTER (WHERE b.public_id <> p.public_id) || ' ' || count(*) FILTER (WHERE b.id = o.id)
       || ' ' || (SELECT count(*) FROM before b2 JOIN orders o2 ON o2.id = api.stored_id(b2.public_id))
  FROM before b JOIN orders o USING (total) JOIN orders_public p USING (total);
SQL
)
check "rotation: public IDs changed, stored keys kept, old public IDs finding a row" "$out" "10000 10000 0"
echo "  ($((SECONDS - t1))s)"

finish
