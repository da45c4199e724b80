#!/usr/bin/env bash
# The SQL edition (sql_edition/, built by scripts/sql_edition.sh) against the native extension in
# one database: the native one in public, the edition in schema uuid_shard_sql.
#   1. every published test vector (tests/vectors/vectors.json), on both;
#   2. random inputs per deterministic function (1,000,000 each where is_full_size, else
#      100,000): random v3/v4/v5/v7 keys and keys of any version and variant, bucket counts
#      1..100,000 and up to 2^31 - 1, shard-key lengths 1..15, times across 1970..10889 plus
#      the edges, in a session time zone with a 45-minute offset; uuid_v7_at's time bits;
#      (0.3.0) text forms both ways and a tenth of them with a character broken, the upper bound,
#      the time to the microsecond, keys from names (some non-ASCII), min/max(uuid) per group;
#   3. the bad-input matrix: tests/pg_regress/sql/bad_input.sql run on the edition gives the
#      native rows of tests/pg_regress/expected/bad_input.out;
#   4. names, arguments, defaults, results, volatility, STRICT and PARALLEL of every function;
#   6. the mask (uuid_v7_mask / uuid_v7_unmask): every vector of the mask section on both, and
#      the same random-input count of v7 keys and v4 public IDs with random secrets of 16..112
#      bytes (numbered 6, it runs after 2);
#   7. the tail remainder (uuid_tail_remainder): every vector of the tail_remainder section on
#      both, the support function of uuid_tail_ops (native only) against its vectors, the invalid
#      moduli, and the same random-input count of keys of any kind and moduli up to 2^31 - 1;
#   8. the migration file (the same install as plain SQL): every function and aggregate defined
#      exactly as by the psql script, so every check above holds for it too (numbered 8, it runs
#      after 4);
#   5. uuidv7() strictly increasing: 100,000 in one statement, a clock stepping back, a stuck
#      clock carrying the fraction into the next millisecond, the 48-bit limit, uuidv7(shift).
#   tests/sql/sql_edition_parity.sh MAJOR     (the native extension must be installed)
set -euo pipefail
major=${1:?usage: tests/sql/sql_edition_parity.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
rows=${EDITION_PARITY_ROWS:-1000000}
is_full_size "$major" || rows=100000
. "$here/lib/edition.sh"
script=$plain_script
suite_cluster "edition-parity-$major"
t0=$SECONDS

db postgres -c 'CREATE EXTENSION uuid_shard' -v schema=uuid_shard_sql -f "$script"

# An outcome as the bad-input matrix writes it: the value, NULL or ERROR <SQLSTATE>: message (detail).
outcome_fn="CREATE FUNCTION pg_temp.outcome(sql text) RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE st text; msg text; det text; v text;
BEGIN
  EXECUTE sql INTO v;
  RETURN coalesce(v, 'NULL');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  RETURN 'ERROR ' || st || ': ' || msg || coalesce(' (' || nullif(det, '') || ')', '');
END \$\$;"

# ---- 0. the PL/pgSQL helpers come in the order pgrx put them in the native script -------------
# (the files both editions share: those src/sql/ORDER marks `both`; the `edition` ones are not in it)
native_sql="$("$CLUSTER_BIN/pg_config" --sharedir)/extension/uuid_shard--$version.sql"
shared=$(awk '$2 == "both" { print "src/sql/" $1 }' "$PROJECT_ROOT/src/sql/ORDER")
order=$(grep '^-- ======== src/' "$script" | sed 's/^-- ======== \(.*\) ========$/\1/' | grep -Fxf <(echo "$shared") | while read -r f; do
  echo "$(grep -n -m1 -F "$(grep -m1 '^CREATE ' "$PROJECT_ROOT/$f")" "$native_sql" | cut -d: -f1) $f"
done)
what="included helpers in the native script's order"
if [ -n "$order" ] && ! grep -q '^ ' <<<"$order" && [ "$(cut -d' ' -f1 <<<"$order")" = "$(cut -d' ' -f1 <<<"$order" | sort -n)" ]; then
  pass "$what ($(cut -d' ' -f2 <<<"$order" | tr '\n' ' ' | sed 's/ $//'))"
else
  fail "$what" "line in $native_sql, file: $(tr '\n' ';' <<<"$order")"
fi

# ---- 1. published vectors: each must hold on both editions -----------------------------------
vec_sql=$(cat <<'SQL'
CREATE TEMP TABLE v AS SELECT :'vectors'::jsonb AS j;
CREATE TEMP TABLE acc AS SELECT (a->>'uuid')::uuid AS u, a FROM v, jsonb_array_elements(j->'accepted') a;
CREATE TEMP TABLE checks (what text, ok boolean);
-- one check per accepted UUID: its version and time
INSERT INTO checks
SELECT 'accepted ' || u, uuid_shard_sql.uuid_version(u) = ver AND public.uuid_version(u) = ver
       AND uuid_shard_sql.uuid_v7_time(u) IS NOT DISTINCT FROM want AND public.uuid_v7_time(u) IS NOT DISTINCT FROM want
  FROM (SELECT u, (a->>'version')::int AS ver,
               to_timestamp((a->>'unix_ms')::bigint / 1000) + ((a->>'unix_ms')::bigint % 1000) * interval '1 millisecond' AS want
          FROM acc) s;
-- one per [len, key] pair and per [n, bucket] pair
INSERT INTO checks
SELECT format('shard_key(%s, %s)', u, p->>0),
       uuid_shard_sql.uuid_shard_key(u, (p->>0)::int) = p->>1 AND public.uuid_shard_key(u, (p->>0)::int) = p->>1
  FROM acc, jsonb_array_elements(a->'shard_key') p;
INSERT INTO checks
SELECT format('bucket(%s, %s)', u, p->>0),
       uuid_shard_sql.uuid_bucket(u, (p->>0)::int) = (p->>1)::int AND public.uuid_bucket(u, (p->>0)::int) = (p->>1)::int
  FROM acc, jsonb_array_elements(a->'bucket') p;
-- one per rejected UUID: shard key and bucket both refuse it with the reason, no time
INSERT INTO checks
SELECT 'rejected ' || u, bool_and(o = 'ERROR 22023: expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got ' || reason
                                      || ' (Shard keys and buckets are read from the last 8 bytes, which are random only in RFC 9562 UUIDs of version 3, 4, 5 and 7.)')
       AND uuid_shard_sql.uuid_v7_time(u) IS NULL AND public.uuid_v7_time(u) IS NULL
  FROM (SELECT (r->>'uuid')::uuid AS u, r->>'reason' AS reason FROM v, jsonb_array_elements(j->'rejected') r) s,
       unnest(ARRAY['uuid_shard_sql', 'public']) e,
       LATERAL (VALUES (pg_temp.outcome(format('SELECT %s.uuid_shard_key(%L, 1)', e, u))),
                       (pg_temp.outcome(format('SELECT %s.uuid_bucket(%L, 1)', e, u)))) o(o)
 GROUP BY u, reason;
-- one per invalid argument (a count beyond integer is refused by the argument type itself)
INSERT INTO checks
SELECT 'invalid len ' || x, bool_and(pg_temp.outcome(format('SELECT %s.uuid_shard_key(%L, %s)', e, (SELECT u FROM acc LIMIT 1), x))
                                    = 'ERROR 22023: shard key length must be between 1 and 15, got ' || x)
  FROM v, jsonb_array_elements_text(j->'invalid_len') x, unnest(ARRAY['uuid_shard_sql', 'public']) e GROUP BY x;
INSERT INTO checks
SELECT 'invalid n ' || x, bool_and(CASE WHEN x::bigint > 2147483647
                                        THEN pg_temp.outcome(format('SELECT %s.uuid_bucket(%L, %s)', e, (SELECT u FROM acc LIMIT 1), x)) LIKE 'ERROR 42883: %'
                                        ELSE pg_temp.outcome(format('SELECT %s.uuid_bucket(%L, %s)', e, (SELECT u FROM acc LIMIT 1), x))
                                             = 'ERROR 22023: bucket count must be between 1 and 2147483647, got ' || x END)
  FROM v, jsonb_array_elements_text(j->'invalid_n') x, unnest(ARRAY['uuid_shard_sql', 'public']) e GROUP BY x;
-- 0.3.0: one per text form (both encoders, both decoders in either case, base32hex unpadded)
INSERT INTO checks
SELECT 'text forms ' || u, bool_and(ok)
  FROM (SELECT (t->>'uuid')::uuid AS u, t FROM v, jsonb_array_elements(j->'text_forms') t) s,
       LATERAL (VALUES
         (uuid_shard_sql.uuid_to_ulid(u) = t->>'ulid' AND public.uuid_to_ulid(u) = t->>'ulid'),
         (uuid_shard_sql.uuid_to_base32hex(u) = t->>'base32hex' AND public.uuid_to_base32hex(u) = t->>'base32hex'),
         (uuid_shard_sql.uuid_from_ulid(lower(t->>'ulid')) = u AND public.uuid_from_ulid(lower(t->>'ulid')) = u),
         (uuid_shard_sql.uuid_from_base32hex(t->>'base32hex') = u AND public.uuid_from_base32hex(t->>'base32hex') = u),
         (uuid_shard_sql.uuid_from_base32hex(lower(left(t->>'base32hex', 26))) = u
          AND public.uuid_from_base32hex(lower(left(t->>'base32hex', 26))) = u)) c(ok)
 GROUP BY u;
-- one per bad text: refused by both editions with SQLSTATE 22P02 and the same message
INSERT INTO checks
SELECT 'bad text ' || (b->>'text'), bool_and(o LIKE 'ERROR 22P02: invalid % text: %') AND count(DISTINCT o) = 1
  FROM v, jsonb_array_elements(j->'bad_text') b, unnest(ARRAY['uuid_shard_sql', 'public']) e,
       LATERAL (VALUES (pg_temp.outcome(format('SELECT %s.%s(%L)', e,
                        CASE b->>'form' WHEN 'ulid' THEN 'uuid_from_ulid' ELSE 'uuid_from_base32hex' END, b->>'text')))) o(o)
 GROUP BY b;
-- one per time: both bounds, the head uuid_v7_at gives, and the microsecond back from that key
INSERT INTO checks
SELECT 'time ' || ts, uuid_shard_sql.uuid_v7_boundary(ts)::text = t->>'boundary' AND public.uuid_v7_boundary(ts)::text = t->>'boundary'
       AND uuid_shard_sql.uuid_v7_boundary_last(ts)::text = t->>'boundary_last' AND public.uuid_v7_boundary_last(ts)::text = t->>'boundary_last'
       AND left(uuid_shard_sql.uuid_v7_at(ts)::text, 18) = t->>'head' AND left(public.uuid_v7_at(ts)::text, 18) = t->>'head'
       AND uuid_shard_sql.uuid_v7_time_us(public.uuid_v7_at(ts)) = ts AND public.uuid_v7_time_us(uuid_shard_sql.uuid_v7_at(ts)) = ts
  FROM (SELECT t, to_timestamp((t->>'unix_ms')::bigint / 1000) + ((t->>'unix_ms')::bigint % 1000) * interval '1 millisecond'
                  + (t->>'us')::int * interval '1 microsecond' AS ts
          FROM v, jsonb_array_elements(j->'times') t) s;
-- one per UUID: its time to the microsecond, or NULL
INSERT INTO checks
SELECT 'time_us ' || u, uuid_shard_sql.uuid_v7_time_us(u) IS NOT DISTINCT FROM want AND public.uuid_v7_time_us(u) IS NOT DISTINCT FROM want
  FROM (SELECT (t->>'uuid')::uuid AS u,
               to_timestamp((t->>'unix_ms')::bigint / 1000) + ((t->>'unix_ms')::bigint % 1000) * interval '1 millisecond'
               + (t->>'us')::int * interval '1 microsecond' AS want
          FROM v, jsonb_array_elements(j->'time_us') t) s;
-- one per key from a name
INSERT INTO checks
SELECT 'from_name ' || (t->>'name'), uuid_shard_sql.uuid_v7_from_name(ts, t->>'name')::text = t->>'uuid'
                                     AND public.uuid_v7_from_name(ts, t->>'name')::text = t->>'uuid'
  FROM (SELECT t, to_timestamp((t->>'unix_ms')::bigint / 1000) + ((t->>'unix_ms')::bigint % 1000) * interval '1 millisecond'
                  + (t->>'us')::int * interval '1 microsecond' AS ts
          FROM v, jsonb_array_elements(j->'from_name') t) s;
-- one per time out of range: the bounds and keys from names refuse it, 22008 on both
INSERT INTO checks
SELECT 'invalid time ' || ts, bool_and(o LIKE 'ERROR 22008: timestamp out of range for UUID version 7%')
  FROM (SELECT to_timestamp((t->>0)::bigint / 1000.0) + (t->>1)::int * interval '1 microsecond' AS ts
          FROM v, jsonb_array_elements(j->'invalid_times') t) s,
       unnest(ARRAY['uuid_shard_sql', 'public']) e,
       LATERAL (VALUES (pg_temp.outcome(format('SELECT %s.uuid_v7_boundary(%L)', e, ts))),
                       (pg_temp.outcome(format('SELECT %s.uuid_v7_boundary_last(%L)', e, ts))),
                       (pg_temp.outcome(format('SELECT %s.uuid_v7_from_name(%L, ''x'')', e, ts)))) o(o)
 GROUP BY ts;
SELECT 'FAIL vector: ' || what FROM checks WHERE ok IS NOT TRUE LIMIT 10;
SELECT format('vectors: %s checks (vectors.json says %s), %s failed', count(*), (SELECT j->>'checks' FROM v),
              count(*) FILTER (WHERE ok IS NOT TRUE)),
       count(*) = (SELECT (j->>'checks')::int FROM v) AND bool_and(ok IS TRUE)
  FROM checks;
SQL
)
res=$(db postgres -F' ' <<<"\\set vectors \`cat '$PROJECT_ROOT/tests/vectors/vectors.json'\`
$outcome_fn
$vec_sql")
check_results "published vectors" 1 "$res"
echo "  ($((SECONDS - t0))s)"

# ---- 2. random inputs, one comparison per function ---------------------------------------
t1=$SECONDS
res=$(db postgres -F' ' <<SQL
$outcome_fn
SET TimeZone = 'Asia/Kathmandu';   -- +05:45: nothing may depend on the session's zone
-- keys with a random tail: 62 random bits, version 3, 4, 5 or 7, variant 10
CREATE TEMP TABLE r AS
SELECT overlay(overlay(md5(g::text || random()::text) PLACING (ARRAY['3','4','5','7'])[1 + floor(random() * 4)::int] FROM 13 FOR 1)
               PLACING (ARRAY['8','9','a','b'])[1 + floor(random() * 4)::int] FROM 17 FOR 1)::uuid AS tail_id,
       md5(random()::text || g::text)::uuid AS any_id,           -- any version, any variant
       CASE WHEN g % 4 = 0 THEN least(2147483647, floor(exp(random() * ln(2147483647.0))))::int
            ELSE 1 + floor(random() * 100000)::int END AS n,   -- 1..100,000, a quarter up to 2^31 - 1
       1 + floor(random() * 15)::int AS len,
       to_timestamp(floor(random() * 281474976710)) + floor(random() * 1000000) * interval '1 microsecond' AS ts
  FROM generate_series(1, $rows) g;
-- every fourth any_id a real v7 (version 7, variant 10), so that uuid_v7_time has times to read
UPDATE r SET any_id = public.uuid_v7_at(ts) WHERE random() < 0.25;
-- the edges of the time range and of milliseconds
CREATE TEMP TABLE edges AS SELECT unnest(ARRAY[
  '1970-01-01 00:00:00+00', '1970-01-01 00:00:00.000001+00', '1970-01-01 00:00:00.000999+00', '1970-01-01 00:00:00.001+00',
  '1972-12-31 23:59:59.999999+00', '2000-02-29 12:00:00.000244+00', '2000-02-29 12:00:00.000245+00', '2038-01-19 03:14:07.999+00',
  '2025-03-30 01:59:59.999999+00', '2025-10-26 02:00:00.5+01', '9999-12-31 23:59:59.999999+00', '10000-01-01 00:00:00+00',
  '6429-10-17 02:45:55.327999+00', '6429-10-17 02:45:55.328+00',           -- 2^47 ms: the sign bit of ms << 16
  '10889-08-02 05:31:50.654999+00', '10889-08-02 05:31:50.655+00', '10889-08-02 05:31:50.655999+00']::timestamptz[]) AS ts;
SELECT format('%-18s %s inputs, %s differ', f, total, bad),
       bad = 0 AND total >= CASE f WHEN 'bad text outcome' THEN $rows / 5 WHEN 'min/max(uuid)' THEN 128 ELSE $rows END FROM (
  SELECT 'uuid_bucket' f, count(*) total, count(*) FILTER (WHERE uuid_shard_sql.uuid_bucket(tail_id, n) IS DISTINCT FROM public.uuid_bucket(tail_id, n)) bad FROM r
  UNION ALL
  SELECT 'uuid_shard_key', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_shard_key(tail_id, len) IS DISTINCT FROM public.uuid_shard_key(tail_id, len)) FROM r
  UNION ALL
  SELECT 'uuid_v7_time', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_v7_time(any_id) IS DISTINCT FROM public.uuid_v7_time(any_id))
    FROM (SELECT any_id FROM r  -- and the first and last v7 of each edge's millisecond
          UNION ALL SELECT public.uuid_v7_boundary(ts) FROM edges UNION ALL SELECT public.uuid_v7_boundary_last(ts) FROM edges) s
  UNION ALL
  SELECT 'uuid_version', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_version(any_id) IS DISTINCT FROM public.uuid_version(any_id)) FROM r
  UNION ALL
  SELECT 'uuid_v7_boundary', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_v7_boundary(ts) IS DISTINCT FROM public.uuid_v7_boundary(ts))
    FROM (SELECT ts FROM r UNION ALL SELECT ts FROM edges) s
  UNION ALL
  -- uuid_v7_at: random tails, so the time bits (bytes 0..7), version and variant are compared
  SELECT 'uuid_v7_at (head)', count(*), count(*) FILTER (WHERE left(a::text, 18) <> left(b::text, 18) OR substr(a::text, 20, 1) NOT IN ('8','9','a','b'))
    FROM (SELECT uuid_shard_sql.uuid_v7_at(ts) a, public.uuid_v7_at(ts) b FROM (SELECT ts FROM r UNION ALL SELECT ts FROM edges) s) s
  -- 0.3.0
  UNION ALL
  SELECT 'uuid_to_ulid', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_to_ulid(any_id) IS DISTINCT FROM public.uuid_to_ulid(any_id)) FROM r
  UNION ALL
  SELECT 'uuid_to_base32hex', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_to_base32hex(any_id) IS DISTINCT FROM public.uuid_to_base32hex(any_id)) FROM r
  UNION ALL
  -- decoders: the native text in mixed case, unpadded for base32hex, back to the key
  SELECT 'uuid_from_ulid', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_from_ulid(t) IS DISTINCT FROM any_id OR public.uuid_from_ulid(t) IS DISTINCT FROM any_id)
    FROM (SELECT any_id, CASE WHEN random() < 0.5 THEN lower(public.uuid_to_ulid(any_id)) ELSE public.uuid_to_ulid(any_id) END AS t FROM r) s
  UNION ALL
  SELECT 'uuid_from_base32hex', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_from_base32hex(t) IS DISTINCT FROM any_id OR public.uuid_from_base32hex(t) IS DISTINCT FROM any_id)
    FROM (SELECT any_id, CASE WHEN random() < 0.5 THEN lower(left(public.uuid_to_base32hex(any_id), 26)) ELSE public.uuid_to_base32hex(any_id) END AS t FROM r) s
  UNION ALL
  -- decoders on broken text: one character replaced by anything (a digit of the alphabet, another
  -- letter, a non-ASCII one), the same outcome on both, error or key
  SELECT 'bad text outcome', count(*), count(*) FILTER (WHERE pg_temp.outcome(format('SELECT uuid_shard_sql.%s(%L)', f, t))
                                                             IS DISTINCT FROM pg_temp.outcome(format('SELECT public.%s(%L)', f, t)))
    FROM (SELECT f, overlay(t PLACING (ARRAY['0','7','8','Z','U','I','l','o','=','é',' ','-','x'])[1 + floor(random() * 13)::int]
                            FROM 1 + floor(random() * length(t))::int FOR 1) AS t
            FROM ((SELECT 'uuid_from_ulid' AS f, public.uuid_to_ulid(any_id) AS t FROM r LIMIT $rows / 10)
                  UNION ALL
                  (SELECT 'uuid_from_base32hex', public.uuid_to_base32hex(any_id) FROM r LIMIT $rows / 10)) a) b
  UNION ALL
  SELECT 'uuid_v7_boundary_last', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_v7_boundary_last(ts) IS DISTINCT FROM public.uuid_v7_boundary_last(ts))
    FROM (SELECT ts FROM r UNION ALL SELECT ts FROM edges) s
  UNION ALL
  SELECT 'uuid_v7_time_us', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_v7_time_us(any_id) IS DISTINCT FROM public.uuid_v7_time_us(any_id)) FROM r
  UNION ALL
  SELECT 'uuid_v7_time_us (v7_at)', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_v7_time_us(public.uuid_v7_at(ts)) IS DISTINCT FROM ts
                                                                 OR public.uuid_v7_time_us(public.uuid_v7_at(ts)) IS DISTINCT FROM ts)
    FROM (SELECT ts FROM r UNION ALL SELECT ts FROM edges) s
  UNION ALL
  SELECT 'uuid_v7_from_name', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_v7_from_name(ts, nm) IS DISTINCT FROM public.uuid_v7_from_name(ts, nm))
    FROM (SELECT ts, CASE WHEN random() < 0.1 THEN 'Grüße ' || any_id || ' 世界' ELSE md5(any_id::text) END AS nm FROM r
          UNION ALL SELECT ts, '' FROM edges) s
  UNION ALL
  -- the aggregates over groups of about 100 keys
  SELECT 'min/max(uuid)', count(*), count(*) FILTER (WHERE a IS DISTINCT FROM b OR c IS DISTINCT FROM d) FROM (
    SELECT uuid_shard_sql.max(any_id) a, public.max(any_id) b, uuid_shard_sql.min(any_id) c, public.min(any_id) d
      FROM r GROUP BY get_byte(uuid_send(tail_id), 15) % 128) s
) t;
SQL
)
check_results "random inputs" 16 "$res"
echo "  ($((SECONDS - t1))s)"

# ---- 6. the mask: its vectors and random inputs, on both editions ---------------------------------
t1=$SECONDS
res=$(db postgres -F' ' <<<"\\set vectors \`cat '$PROJECT_ROOT/tests/vectors/vectors.json'\`
$outcome_fn
CREATE TEMP TABLE mv AS SELECT (:'vectors'::jsonb)->'mask' AS j;
CREATE TEMP TABLE mchecks (what text, ok boolean);
-- one check per vector: mask(key) = public and unmask(public) = key, both editions
INSERT INTO mchecks
SELECT 'mask vector ' || (x->>'key'),
       uuid_shard_sql.uuid_v7_mask((x->>'key')::uuid, s) = (x->>'public')::uuid AND public.uuid_v7_mask((x->>'key')::uuid, s) = (x->>'public')::uuid
       AND uuid_shard_sql.uuid_v7_unmask((x->>'public')::uuid, s) = (x->>'key')::uuid AND public.uuid_v7_unmask((x->>'public')::uuid, s) = (x->>'key')::uuid
  FROM mv, jsonb_array_elements(j->'vectors') x, LATERAL decode(x->>'secret', 'hex') s;
-- one per invalid secret (both functions, both editions: the same error), per non-v7, per non-v4
INSERT INTO mchecks
SELECT 'invalid secret ' || h, count(DISTINCT o) = 1 AND bool_and(o LIKE 'ERROR 22023: mask secret must be at least 16 bytes, got %')
  FROM mv, jsonb_array_elements_text(j->'invalid_secret') h, unnest(ARRAY['uuid_shard_sql', 'public']) e,
       LATERAL (VALUES (pg_temp.outcome(format('SELECT %s.uuid_v7_mask(%L, %L)', e, j->'vectors'->0->>'key', decode(h, 'hex')))),
                       (pg_temp.outcome(format('SELECT %s.uuid_v7_unmask(%L, %L)', e, j->'vectors'->0->>'public', decode(h, 'hex'))))) o(o)
 GROUP BY h;
INSERT INTO mchecks
SELECT f || ' refuses ' || u, count(DISTINCT o) = 1 AND bool_and(o LIKE 'ERROR 22023: expected %')
  FROM mv, LATERAL (SELECT 'uuid_v7_mask', x FROM jsonb_array_elements_text(j->'not_v7') x
                    UNION ALL SELECT 'uuid_v7_unmask', x FROM jsonb_array_elements_text(j->'not_v4') x) t(f, u),
       unnest(ARRAY['uuid_shard_sql', 'public']) e,
       LATERAL pg_temp.outcome(format('SELECT %s.%s(%L, %L)', e, f, u, decode(j->'vectors'->0->>'secret', 'hex'))) o
 GROUP BY f, u;
SELECT 'FAIL ' || what FROM mchecks WHERE ok IS NOT TRUE LIMIT 10;
SELECT format('mask vectors: %s checks (vectors.json says %s), %s failed', count(*), (SELECT j->>'checks' FROM mv),
              count(*) FILTER (WHERE ok IS NOT TRUE)),
       count(*) = (SELECT (j->>'checks')::int FROM mv) AND bool_and(ok IS TRUE)
  FROM mchecks;
-- random v7 keys (any time in the 48-bit range, random tails), random v4 UUIDs, random secrets
CREATE TEMP TABLE mr AS
SELECT public.uuid_v7_at(to_timestamp(floor(random() * 281474976710)) + floor(random() * 1000000) * interval '1 microsecond') AS k,
       gen_random_uuid() AS p,
       substr(decode(md5(g::text || random()::text) || md5(random()::text) || md5(random()::text) || md5(random()::text)
                     || md5(random()::text) || md5(random()::text) || md5(random()::text), 'hex'),
              1, 16 + floor(random() * 97)::int) AS s
  FROM generate_series(1, $rows) g;
SELECT format('%-18s %s inputs, %s differ', f, total, bad), bad = 0 AND total = $rows FROM (
  SELECT 'uuid_v7_mask' f, count(*) total, count(*) FILTER (WHERE uuid_shard_sql.uuid_v7_mask(k, s) IS DISTINCT FROM public.uuid_v7_mask(k, s)) bad FROM mr
  UNION ALL
  SELECT 'uuid_v7_unmask', count(*), count(*) FILTER (WHERE uuid_shard_sql.uuid_v7_unmask(p, s) IS DISTINCT FROM public.uuid_v7_unmask(p, s)) FROM mr
) t;")
check_results "mask" 3 "$res"
echo "  ($((SECONDS - t1))s)"

# ---- 7. the tail remainder: its vectors and random inputs, on both editions ----------------------
t1=$SECONDS
res=$(db postgres -F' ' <<<"\\set vectors \`cat '$PROJECT_ROOT/tests/vectors/vectors.json'\`
$outcome_fn
CREATE TEMP TABLE tv AS SELECT (:'vectors'::jsonb)->'tail_remainder' AS j;
CREATE TEMP TABLE tchecks (what text, ok boolean);
-- one check per vector: the support function's value (native), then one per modulus (both editions)
INSERT INTO tchecks
SELECT 'tail hash ' || (x->>'uuid'), public.uuid_tail_hash_extended((x->>'uuid')::uuid, 0) = (x->>'tail_hash_extended')::bigint
  FROM tv, jsonb_array_elements(j->'vectors') x;
INSERT INTO tchecks
SELECT format('tail remainder %s %s', x->>'uuid', m->>0),
       uuid_shard_sql.uuid_tail_remainder((x->>'uuid')::uuid, (m->>0)::int) = (m->>1)::int
       AND public.uuid_tail_remainder((x->>'uuid')::uuid, (m->>0)::int) = (m->>1)::int
  FROM tv, jsonb_array_elements(j->'vectors') x, jsonb_array_elements(x->'remainder') m;
-- one per invalid modulus (both editions, the same error; 2^31 does not fit the argument)
INSERT INTO tchecks
SELECT 'invalid modulus ' || n, bool_and(CASE WHEN n::bigint > 2147483647 THEN o LIKE 'ERROR 42883: %'
                                               ELSE o = 'ERROR 22023: modulus must be between 1 and 2147483647, got ' || n END)
  FROM tv, jsonb_array_elements_text(j->'invalid_modulus') n, unnest(ARRAY['uuid_shard_sql', 'public']) e,
       LATERAL pg_temp.outcome(format('SELECT %s.uuid_tail_remainder(%L, %s)', e, j->'vectors'->0->>'uuid', n)) o
 GROUP BY n;
SELECT 'FAIL ' || what FROM tchecks WHERE ok IS NOT TRUE LIMIT 10;
SELECT format('tail remainder vectors: %s checks (vectors.json says %s), %s failed', count(*), (SELECT j->>'checks' FROM tv),
              count(*) FILTER (WHERE ok IS NOT TRUE)),
       count(*) = (SELECT (j->>'checks')::int FROM tv) AND bool_and(ok IS TRUE)
  FROM tchecks;
-- random 16 bytes (any version and variant) and moduli from 1 to 2^31 - 1
CREATE TEMP TABLE tr AS
SELECT md5(g::text || random()::text)::uuid AS k, 1 + floor(random() * 2147483647)::int AS m,
       (1 << floor(random() * 31)::int) AS p
  FROM generate_series(1, $rows) g;
SELECT format('%-22s %s inputs, %s differ', f, total, bad), bad = 0 AND total = $rows FROM (
  SELECT 'uuid_tail_remainder' f, count(*) total,
         count(*) FILTER (WHERE uuid_shard_sql.uuid_tail_remainder(k, m) IS DISTINCT FROM public.uuid_tail_remainder(k, m)) bad FROM tr
  UNION ALL
  SELECT 'uuid_tail_remainder 2^k', count(*),
         count(*) FILTER (WHERE uuid_shard_sql.uuid_tail_remainder(k, p) IS DISTINCT FROM public.uuid_tail_remainder(k, p)) FROM tr
) t;")
check_results "tail remainder" 3 "$res"
echo "  ($((SECONDS - t1))s)"

# ---- 3. the bad-input matrix: the native outcomes, from the edition ----------------------------
# tests/pg_regress/sql/bad_input.sql as it is, run in a database where the edition is in public
# instead of the extension; its rows must equal the native ones of expected/bad_input.out.
t1=$SECONDS
make_db matrix
db matrix -v schema=public -v shared_schema_ok=on -f "$script" 2>/dev/null
sed '/^CREATE EXTENSION IF NOT EXISTS uuid_shard;$/d' "$PROJECT_ROOT/tests/pg_regress/sql/bad_input.sql" >"$dist/bad_input.sql"
edition_rows=$(db matrix -v ON_ERROR_STOP=0 -f "$dist/bad_input.sql" 2>&1 | grep '^| `' || true)
native_rows=$(grep '^| `' "$PROJECT_ROOT/tests/pg_regress/expected/bad_input.out")
what="bad-input matrix: the native outcome reproduced"
if [ -n "$native_rows" ] && [ "$edition_rows" = "$native_rows" ]; then
  pass "$what ($(echo "$native_rows" | wc -l) calls)"
else
  fail "$what" "edition (>) against native (<) below"
  diff <(echo "$native_rows") <(echo "$edition_rows") | grep '^[<>]' | head -20 || true
fi
echo "  ($((SECONDS - t1))s)"

# ---- 4. markings ------------------------------------------------------------------------------
# uuidv7() and uuidv7(interval) write the session's state with set_config, which PostgreSQL
# refuses during a parallel query: they are PARALLEL UNSAFE in the edition (docs/sql-edition.md).
# The edition's own helpers, which native lacks, are those sql_edition/to_native.sql drops; that
# its list is exactly the functions and domains only the edition has is checked first.
edition_helpers=$(edition_only public uuid_shard_sql db postgres)
check_to_native_drops "$edition_helpers"
res=$(db postgres -v helpers="$(helper_names "$(to_native_drops)")" <<'SQL'
WITH f AS (
  -- the internal types' names unqualified: native's schema is on the search path, the edition's not
  SELECT n.nspname = 'public' AS native,
         regexp_replace(p.proname::text || '(' || pg_get_function_identity_arguments(p.oid) || ')', '\muuid_shard_sql\.', '', 'g') AS fn,
         regexp_replace(concat_ws(' | ', pg_get_function_arguments(p.oid), pg_get_function_result(p.oid), p.provolatile,
                   CASE WHEN p.proisstrict THEN 'strict' END, p.proparallel, CASE WHEN p.prosecdef THEN 'definer' END,
                   CASE WHEN p.proretset THEN 'setof' END), '\muuid_shard_sql\.', '', 'g') AS marks
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
   WHERE n.nspname IN ('public', 'uuid_shard_sql'))
SELECT format('FAIL markings: %s native [%s] edition [%s]', coalesce(a.fn, b.fn), a.marks, b.marks)
  FROM (SELECT * FROM f WHERE native) a FULL JOIN (SELECT * FROM f WHERE NOT native) b ON a.fn = b.fn
 WHERE a.marks IS DISTINCT FROM b.marks
   AND NOT (a.fn IN ('uuidv7()', 'uuidv7(shift interval)') AND regexp_replace(b.marks, '[|] u$', '| s') = a.marks)
   -- the edition's own helpers (raising, alphabets), not in native: to_native.sql's list
   AND NOT (a.fn IS NULL AND split_part(b.fn, '(', 1) = ANY (string_to_array(:'helpers', ' ')))
   -- the support function of the operator class uuid_tail_ops, which the edition cannot create
   -- (src/sql/tail_hash.sql): native only
   AND NOT (b.fn IS NULL AND a.fn = 'uuid_tail_hash_extended(id uuid, seed bigint)')
UNION ALL
SELECT format('markings: %s functions with the same names, arguments, defaults, results, volatility, STRICT, PARALLEL (but uuidv7: UNSAFE); %s edition helpers', count(*) FILTER (WHERE native), count(*) FILTER (WHERE NOT native AND split_part(fn, '(', 1) = ANY (string_to_array(:'helpers', ' '))))
  FROM f;
SQL
)
echo "$res"
check "markings: the lines that differ (FAIL)" "$(grep FAIL <<<"$res" || true)" ""

# Why: forced into a parallel worker, a PARALLEL SAFE uuidv7() of the edition would fail.
force=$(db postgres -c "SELECT CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END")
res=$(db postgres -v ON_ERROR_STOP=0 -c "SET $force = on" -c "SELECT 'as marked: ' || (uuid_shard_sql.uuidv7() IS NOT NULL)" \
        -c "ALTER FUNCTION uuid_shard_sql.uuidv7() PARALLEL SAFE" -c "SELECT 'marked SAFE: ' || (uuid_shard_sql.uuidv7() IS NOT NULL)" \
        -c "ALTER FUNCTION uuid_shard_sql.uuidv7() PARALLEL UNSAFE" 2>&1 | tr '\n' ' ')
what="uuidv7() under $force: runs as marked (UNSAFE); marked SAFE it fails (set_config in a parallel worker)"
if [[ "$res" == "as marked: true ERROR:"*"during a parallel operation"* ]]; then pass "$what"; else fail "$what" "$res"; fi

# ---- 8. the migration file: the psql script's definitions, exactly ------------------------------
# Installed as shipped (schema uuid_shard, none named) into a database of its own; each function's
# full definition (pg_get_functiondef) and each aggregate's parts equal those of the psql script's
# install in uuid_shard_sql, that schema's name read as uuid_shard.
make_db edition_migration
db edition_migration -f "$migration_script"
definitions() { # DB SCHEMA
  db "$1" -v nsp="$2" <<'SQL'
SELECT p.oid::regprocedure::text || E'\n' || CASE WHEN p.prokind = 'a'
         THEN concat_ws(' ', a.aggtransfn::regprocedure, a.aggfinalfn::regprocedure, a.aggcombinefn::regprocedure, a.aggtranstype::regtype, a.agginitval, p.proparallel)
         ELSE pg_get_functiondef(p.oid) END
  FROM pg_proc p LEFT JOIN pg_aggregate a ON a.aggfnoid = p.oid
 WHERE p.pronamespace = :'nsp'::regnamespace
 ORDER BY p.oid::regprocedure::text COLLATE "C";
SQL
}
mig_defs=$(definitions edition_migration uuid_shard)
psql_defs=$(definitions postgres uuid_shard_sql | sed 's/\buuid_shard_sql\b/uuid_shard/g')
what="migration file: $(grep -c '^uuid_shard\.' <<<"$mig_defs") functions and aggregates defined exactly as by the psql script"
if [ -n "$mig_defs" ] && [ "$mig_defs" = "$psql_defs" ]; then pass "$what"
else fail "$what" "$(diff <(echo "$psql_defs") <(echo "$mig_defs") | head -5 | tr '\n' ' ')"; fi

# ---- 5. monotonicity ----------------------------------------------------------------------------
res=$(db postgres <<'SQL'
-- 100,000 in one statement, strictly increasing (the native pg_test)
SELECT 'one statement', count(*) FILTER (WHERE NOT ok) = 0 AND count(*) = 99999
  FROM (SELECT id < lead(id) OVER (ORDER BY n) AS ok
          FROM (SELECT n, uuid_shard_sql.uuidv7() AS id FROM generate_series(1, 100000) n) s) t WHERE ok IS NOT NULL;
-- layout and time (the native pg_test)
SELECT 'layout and time', count(*) = 1000
  FROM (SELECT uuid_shard_sql.uuidv7() id FROM generate_series(1, 1000)) s
 WHERE uuid_version(id) = 7 AND (get_byte(uuid_send(id), 8) & 192) = 128
   AND uuid_v7_time(id) BETWEEN date_trunc('milliseconds', clock_timestamp()) - interval '5 s' AND clock_timestamp() + interval '5 s';
-- uuidv7(shift) against the native one: the same calendar arithmetic in the session's zone
-- (months and days across DST changes), so the times differ only by the moments of the calls
SET TimeZone = 'America/Santiago';
SELECT 'uuidv7(shift) lands where the native one does (1,000 shifts)',
       bool_and(abs(extract(epoch FROM uuid_v7_time(uuid_shard_sql.uuidv7(s)) - uuid_v7_time(public.uuidv7(s)))) < 2)
  FROM (SELECT make_interval(years => (random() * 200 - 50)::int, months => (random() * 24 - 12)::int,
                             days => (random() * 60 - 30)::int, hours => (random() * 48 - 24)::int,
                             secs => random() * 100) AS s
          FROM generate_series(1, 1000)) t;
RESET TimeZone;
-- keys that tell the time: each key's millisecond is the clock's (read right after it) or earlier
SELECT 'keys tell the time (100,000 in one statement)', bool_and(uuid_v7_time(id) <= t)
       AND bool_and(uuid_v7_time_us(id) < date_trunc('milliseconds', t) + interval '1 millisecond')
  FROM (SELECT uuid_shard_sql.uuidv7() AS id, clock_timestamp() AS t FROM generate_series(1, 100000)) s;
-- the whole count of the clock's millisecond used (its last fraction, count 4095): the next key
-- waits for the next millisecond, and is then not ahead of the clock
CREATE FUNCTION pg_temp.after_a_full_millisecond() RETURNS boolean LANGUAGE plpgsql AS $f$
DECLARE ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint; k uuid;
BEGIN
  PERFORM set_config('uuid_shard.v7_last', ((ms << 12) | 4095) || '/4095', false);
  k := uuid_shard_sql.uuidv7();
  RETURN uuid_v7_time(k) > to_timestamp(ms / 1000.0) AND uuid_v7_time(k) <= clock_timestamp();
END $f$;
SELECT 'a full millisecond waits for the next', pg_temp.after_a_full_millisecond();
-- the clock steps back an hour: the session's last time (as an older version wrote it, without a
-- count, so taken as a full one) is an hour ahead of the clock. The keys carry on from it: the
-- fraction steps once, then the count orders the keys of a time from its random start, and the
-- fraction steps again only when a count is full, all in that millisecond.
SELECT 'session state set an hour ahead', set_config('uuid_shard.v7_last',
                  (((extract(epoch FROM clock_timestamp() + interval '1 hour')::numeric * 1000)::bigint << 12) | 4000)::text, false) IS NOT NULL;
CREATE TEMP TABLE set_to AS SELECT current_setting('uuid_shard.v7_last')::bigint AS t;
CREATE TEMP TABLE back AS SELECT n, uuid_shard_sql.uuidv7() AS id FROM generate_series(1, 5000) n;
SELECT 'clock one hour back: in call order, ahead of the clock', bool_and(id > prev) AND bool_and(uuid_v7_time(id) > clock_timestamp() + interval '59 minutes')
  FROM (SELECT id, lag(id) OVER (ORDER BY n) AS prev FROM back) s WHERE prev IS NOT NULL;
CREATE TEMP TABLE back_times AS
SELECT t, count(*) AS keys, min(c) AS first_count, max(c) AS last_count
  FROM (SELECT ('x' || substr(replace(id::text, '-', ''), 1, 12))::bit(48)::bigint * 4096
                 + ('x' || substr(id::text, 16, 3))::bit(12)::int AS t,
               ((get_byte(uuid_send(id), 8) & 63) << 6) | (get_byte(uuid_send(id), 9) >> 2) AS c
          FROM back) s GROUP BY t;
SELECT 'the fraction steps from the last (4000), in its millisecond, only when a count is full',
       min(t) = (SELECT t + 1 FROM set_to) AND bool_and(t >> 12 = (SELECT t >> 12 FROM set_to))
       AND bool_and(last_count - first_count + 1 = keys) AND bool_and(last_count = 4095 OR t = (SELECT max(t) FROM back_times))
       AND count(*) < 5000
  FROM back_times;
-- uuidv7(shift) uses (and advances) the same ascending clock, as core 18 does
SELECT 'uuidv7(shift) on the ascending clock',
       uuid_v7_time(uuid_shard_sql.uuidv7('-1 hour')) >= date_trunc('milliseconds', clock_timestamp() - interval '1 minute')
       AND uuid_shard_sql.uuidv7() > (SELECT id FROM back ORDER BY id DESC LIMIT 1);
-- at the end of the 48-bit range the next key is an error, not a wrapped one
SELECT 'session state set to the 48-bit limit', set_config('uuid_shard.v7_last', '1152921504606846975', false) IS NOT NULL;
SQL
)
check_results "monotonicity" 10 "$res" "|"
for state in 1152921504606846975 1152921504606846975/4095; do
  last=$(db postgres -c "SELECT set_config('uuid_shard.v7_last', '$state', false)" -c "$outcome_fn" \
           -c "SELECT pg_temp.outcome('SELECT uuid_shard_sql.uuidv7()')" | tail -1)
  check "past the 48-bit limit (last key $state)" "$last" \
    "ERROR 22008: timestamp out of range for UUID version 7 (UUID version 7 supports timestamps from 1970-01-01 to approximately year 10889.)"
done
finish
