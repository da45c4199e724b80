#!/usr/bin/env bash
# Every released output of the installed extension against the frozen test vectors
# (tests/vectors/vectors.json, what the Rust core computes and the x86_64 builds give, checked by
# tests/vectors/run.sh and tests/sql/sql_edition_parity.sh): the bar for another architecture is
# bit-identical. scripts/test.sh runs it on the arm64 servers under emulation, after
# tests/package/arm64.sh installed the package there; it needs only the installed extension.
#   accepted UUIDs: version, time, shard key of every length, bucket of every count; rejected UUIDs
#   and invalid arguments: the same errors; text forms both ways and bad texts; times: both
#   bounds, the head of uuid_v7_at and the microsecond back; time_us; keys from names; times out
#   of range; the mask's vectors and refusals; the tail remainder and uuid_tail_ops' support function.
# Each section's checks must number what vectors.json says, and a section this suite does not
# know fails it: a new released output needs its check here.
#   UUID_SHARD_ARCH=arm64 tests/arm64/vectors.sh MAJOR
set -euo pipefail
major=${1:?usage: tests/arm64/vectors.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
vectors="$PROJECT_ROOT/tests/vectors/vectors.json"
known="about format checks invalid_len invalid_n accepted rejected text_forms bad_text times time_us from_name invalid_times mask tail_remainder"
unknown=$(python3 -c 'import json, sys; print(" ".join(k for k in json.load(open(sys.argv[1])) if k not in sys.argv[2].split()))' "$vectors" "$known")
check "sections of vectors.json this suite checks (unknown ones listed)" "$unknown" ""

suite_cluster "vectors-$major"
# As a user installs it: by the non-superuser owner of the database.
make_role vec_owner NOSUPERUSER
make_db vectors vec_owner
# public as PostgreSQL 15 and later ship it: the database owner's, closed to other roles.
db vectors -c "ALTER SCHEMA public OWNER TO vec_owner" -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC" >/dev/null
as_role vec_owner vectors -c "CREATE EXTENSION uuid_shard" >/dev/null
res=$(as_role vec_owner vectors -F' ' <<<"\\set vectors \`cat '$vectors'\`
CREATE FUNCTION pg_temp.outcome(sql text) RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE st text; msg text; det text; v text;
BEGIN
  EXECUTE sql INTO v;
  RETURN coalesce(v, 'NULL');
EXCEPTION WHEN OTHERS THEN
  GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
  RETURN 'ERROR ' || st || ': ' || msg || coalesce(' (' || nullif(det, '') || ')', '');
END \$\$;
CREATE TEMP TABLE v AS SELECT :'vectors'::jsonb AS j;
CREATE TEMP TABLE acc AS SELECT (a->>'uuid')::uuid AS u, a FROM v, jsonb_array_elements(j->'accepted') a;
-- ms (and us) since the Unix epoch as a timestamptz
CREATE FUNCTION pg_temp.ts(ms text, us text) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS
  \$\$ SELECT to_timestamp(ms::bigint / 1000) + (ms::bigint % 1000) * interval '1 millisecond' + coalesce(us::int, 0) * interval '1 microsecond' \$\$;
CREATE TEMP TABLE checks (section text, what text, ok boolean);
INSERT INTO checks
SELECT 'main', 'accepted ' || u, uuid_version(u) = (a->>'version')::int AND uuid_v7_time(u) IS NOT DISTINCT FROM pg_temp.ts(a->>'unix_ms', NULL)
  FROM acc;
INSERT INTO checks
SELECT 'main', format('shard_key(%s, %s)', u, p->>0), uuid_shard_key(u, (p->>0)::int) = p->>1
  FROM acc, jsonb_array_elements(a->'shard_key') p;
INSERT INTO checks
SELECT 'main', format('bucket(%s, %s)', u, p->>0), uuid_bucket(u, (p->>0)::int) = (p->>1)::int
  FROM acc, jsonb_array_elements(a->'bucket') p;
INSERT INTO checks
SELECT 'main', 'rejected ' || u,
       pg_temp.outcome(format('SELECT uuid_shard_key(%L, 1)', u)) = want AND pg_temp.outcome(format('SELECT uuid_bucket(%L, 1)', u)) = want
       AND uuid_v7_time(u) IS NULL
  FROM (SELECT (r->>'uuid')::uuid AS u,
               'ERROR 22023: expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got ' || (r->>'reason')
               || ' (Shard keys and buckets are read from the last 8 bytes, which are random only in RFC 9562 UUIDs of version 3, 4, 5 and 7.)' AS want
          FROM v, jsonb_array_elements(j->'rejected') r) s;
INSERT INTO checks
SELECT 'main', 'invalid len ' || x, pg_temp.outcome(format('SELECT uuid_shard_key(%L, %s)', (SELECT u FROM acc LIMIT 1), x))
                                   = 'ERROR 22023: shard key length must be between 1 and 15, got ' || x
  FROM v, jsonb_array_elements_text(j->'invalid_len') x;
INSERT INTO checks
SELECT 'main', 'invalid n ' || x, CASE WHEN x::bigint > 2147483647 THEN o LIKE 'ERROR 42883: %'
                                       ELSE o = 'ERROR 22023: bucket count must be between 1 and 2147483647, got ' || x END
  FROM v, jsonb_array_elements_text(j->'invalid_n') x,
       LATERAL pg_temp.outcome(format('SELECT uuid_bucket(%L, %s)', (SELECT u FROM acc LIMIT 1), x)) o;
INSERT INTO checks
SELECT 'main', 'text forms ' || u,
       uuid_to_ulid(u) = t->>'ulid' AND uuid_to_base32hex(u) = t->>'base32hex' AND uuid_from_ulid(lower(t->>'ulid')) = u
       AND uuid_from_base32hex(t->>'base32hex') = u AND uuid_from_base32hex(lower(left(t->>'base32hex', 26))) = u
  FROM (SELECT (t->>'uuid')::uuid AS u, t FROM v, jsonb_array_elements(j->'text_forms') t) s;
INSERT INTO checks
SELECT 'main', 'bad text ' || (b->>'text'),
       pg_temp.outcome(format('SELECT %s(%L)', CASE b->>'form' WHEN 'ulid' THEN 'uuid_from_ulid' ELSE 'uuid_from_base32hex' END, b->>'text'))
       LIKE 'ERROR 22P02: invalid % text: %'
  FROM v, jsonb_array_elements(j->'bad_text') b;
INSERT INTO checks
SELECT 'main', 'time ' || ts, uuid_v7_boundary(ts)::text = t->>'boundary' AND uuid_v7_boundary_last(ts)::text = t->>'boundary_last'
       AND left(uuid_v7_at(ts)::text, 18) = t->>'head' AND uuid_v7_time_us(uuid_v7_at(ts)) = ts
  FROM (SELECT t, pg_temp.ts(t->>'unix_ms', t->>'us') AS ts FROM v, jsonb_array_elements(j->'times') t) s;
INSERT INTO checks
SELECT 'main', 'time_us ' || (t->>'uuid'), uuid_v7_time_us((t->>'uuid')::uuid) IS NOT DISTINCT FROM pg_temp.ts(t->>'unix_ms', t->>'us')
  FROM v, jsonb_array_elements(j->'time_us') t;
INSERT INTO checks
SELECT 'main', 'from_name ' || (t->>'name'), uuid_v7_from_name(pg_temp.ts(t->>'unix_ms', t->>'us'), t->>'name')::text = t->>'uuid'
  FROM v, jsonb_array_elements(j->'from_name') t;
INSERT INTO checks
SELECT 'main', 'invalid time ' || ts, bool_and(o LIKE 'ERROR 22008: timestamp out of range for UUID version 7%')
  FROM (SELECT to_timestamp((t->>0)::bigint / 1000.0) + (t->>1)::int * interval '1 microsecond' AS ts
          FROM v, jsonb_array_elements(j->'invalid_times') t) s,
       LATERAL (VALUES (pg_temp.outcome(format('SELECT uuid_v7_boundary(%L)', ts))),
                       (pg_temp.outcome(format('SELECT uuid_v7_boundary_last(%L)', ts))),
                       (pg_temp.outcome(format('SELECT uuid_v7_from_name(%L, ''x'')', ts)))) o(o)
 GROUP BY ts;
-- the mask
INSERT INTO checks
SELECT 'mask', 'mask vector ' || (x->>'key'),
       uuid_v7_mask((x->>'key')::uuid, s) = (x->>'public')::uuid AND uuid_v7_unmask((x->>'public')::uuid, s) = (x->>'key')::uuid
  FROM v, jsonb_array_elements(j->'mask'->'vectors') x, LATERAL decode(x->>'secret', 'hex') s;
INSERT INTO checks
SELECT 'mask', 'invalid secret ' || h, bool_and(o LIKE 'ERROR 22023: mask secret must be at least 16 bytes, got %')
  FROM v, jsonb_array_elements_text(j->'mask'->'invalid_secret') h,
       LATERAL (VALUES (pg_temp.outcome(format('SELECT uuid_v7_mask(%L, %L)', j->'mask'->'vectors'->0->>'key', decode(h, 'hex')))),
                       (pg_temp.outcome(format('SELECT uuid_v7_unmask(%L, %L)', j->'mask'->'vectors'->0->>'public', decode(h, 'hex'))))) o(o)
 GROUP BY h;
INSERT INTO checks
SELECT 'mask', f || ' refuses ' || u, o LIKE 'ERROR 22023: expected %'
  FROM v, LATERAL (SELECT 'uuid_v7_mask', x FROM jsonb_array_elements_text(j->'mask'->'not_v7') x
                   UNION ALL SELECT 'uuid_v7_unmask', x FROM jsonb_array_elements_text(j->'mask'->'not_v4') x) t(f, u),
       LATERAL pg_temp.outcome(format('SELECT %s(%L, %L)', f, u, decode(j->'mask'->'vectors'->0->>'secret', 'hex'))) o;
-- the tail remainder and the support function of uuid_tail_ops
INSERT INTO checks
SELECT 'tail_remainder', 'tail hash ' || (x->>'uuid'), uuid_tail_hash_extended((x->>'uuid')::uuid, 0) = (x->>'tail_hash_extended')::bigint
  FROM v, jsonb_array_elements(j->'tail_remainder'->'vectors') x;
INSERT INTO checks
SELECT 'tail_remainder', format('tail remainder %s %s', x->>'uuid', m->>0), uuid_tail_remainder((x->>'uuid')::uuid, (m->>0)::int) = (m->>1)::int
  FROM v, jsonb_array_elements(j->'tail_remainder'->'vectors') x, jsonb_array_elements(x->'remainder') m;
INSERT INTO checks
SELECT 'tail_remainder', 'invalid modulus ' || n, CASE WHEN n::bigint > 2147483647 THEN o LIKE 'ERROR 42883: %'
                                                       ELSE o = 'ERROR 22023: modulus must be between 1 and 2147483647, got ' || n END
  FROM v, jsonb_array_elements_text(j->'tail_remainder'->'invalid_modulus') n,
       LATERAL pg_temp.outcome(format('SELECT uuid_tail_remainder(%L, %s)', j->'tail_remainder'->'vectors'->0->>'uuid', n)) o;
SELECT 'FAIL vector: ' || section || ': ' || what FROM checks WHERE ok IS NOT TRUE LIMIT 10;
SELECT format('%s: %s checks (vectors.json says %s), %s failed', s, count(c.ok), want, count(c.ok) FILTER (WHERE c.ok IS NOT TRUE)),
       count(c.ok) = want AND coalesce(bool_and(c.ok IS TRUE), false)
  FROM (VALUES ('main', (SELECT (j->>'checks')::int FROM v)), ('mask', (SELECT (j->'mask'->>'checks')::int FROM v)),
               ('tail_remainder', (SELECT (j->'tail_remainder'->>'checks')::int FROM v))) w(s, want)
       LEFT JOIN checks c ON c.section = w.s
 GROUP BY s, want ORDER BY s;")
check_results "published vectors" 3 "$res"
finish
