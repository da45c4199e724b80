#!/usr/bin/env bash
# A concurrency smoke test of uuidv7(): several backends, started together behind an advisory
# lock, each mint keys in several statements into one table at the same time. Every backend's
# keys are strictly increasing in the order it made them, no key repeats across backends (each
# forked backend has a random stream of its own), every key is version 7, and each backend's span
# of time overlaps another's (they did run at once). scripts/test.sh runs it on the arm64 servers
# under emulation, after tests/package/arm64.sh installed the package there.
#   UUID_SHARD_ARCH=arm64 tests/arm64/uuidv7_concurrency.sh MAJOR
set -euo pipefail
major=${1:?usage: tests/arm64/uuidv7_concurrency.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
backends=4 statements=10 rows=2000

suite_cluster "uuidv7-concurrency-$major"
make_role conc_owner NOSUPERUSER
make_db conc conc_owner
# public as PostgreSQL 15 and later ship it: the database owner's, closed to other roles.
db conc -c "ALTER SCHEMA public OWNER TO conc_owner" -c "REVOKE CREATE ON SCHEMA public FROM PUBLIC" >/dev/null
as_role conc_owner conc -c "CREATE EXTENSION uuid_shard" \
  -c "CREATE TABLE ids (backend int, n int, id uuid)" >/dev/null

# The gate: held by one session until every backend waits on it.
coproc GATE { as_role conc_owner conc; }
echo "SELECT pg_advisory_lock(42);" >&"${GATE[1]}"
read -r -t 60 _ <&"${GATE[0]}"
script=$(for s in $(seq 1 "$statements"); do
  echo "INSERT INTO ids SELECT pg_backend_pid(), $s * 1000000 + g, public.uuidv7() FROM generate_series(1, $rows) g;"
done)
pids=()
for b in $(seq 1 "$backends"); do
  as_role conc_owner conc -c "SELECT pg_advisory_lock_shared(42)" -c "$script" >/dev/null &
  pids+=($!)
done
waiting=0
for _ in $(seq 1 600); do
  waiting=$(db conc -c "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = 42 AND NOT granted")
  [ "$waiting" = "$backends" ] && break
  sleep 0.1
done
check "backends waiting at the gate" "$waiting" "$backends"
echo "SELECT pg_advisory_unlock(42);" >&"${GATE[1]}"
exec {GATE[1]}>&-
failed=0
for p in "${pids[@]}"; do wait "$p" || failed=$((failed + 1)); done
check "backends whose statements failed" "$failed" 0

res=$(db conc -F' ' <<SQL
CREATE TEMP TABLE spans AS SELECT backend, min(uuid_v7_time(id)) AS first, max(uuid_v7_time(id)) AS last FROM ids GROUP BY backend;
SELECT format('%s keys from %s backends', count(*), count(DISTINCT backend)),
       count(*) = $backends * $statements * $rows AND count(DISTINCT backend) = $backends FROM ids;
SELECT format('distinct keys: %s', count(DISTINCT id)), count(DISTINCT id) = count(*) FROM ids;
SELECT 'every key version 7, RFC 9562 variant', bool_and(uuid_version(id) = 7 AND (get_byte(uuid_send(id), 8) & 192) = 128) FROM ids;
SELECT format('strictly increasing per backend: %s steps back or equal', count(*) FILTER (WHERE NOT ok)), count(*) FILTER (WHERE NOT ok) = 0
  FROM (SELECT id < lead(id) OVER (PARTITION BY backend ORDER BY n) AS ok FROM ids) s WHERE ok IS NOT NULL;
SELECT 'the backends ran at once: each one minted keys while another did', bool_and(shared)
  FROM (SELECT EXISTS (SELECT FROM spans o WHERE o.backend <> s.backend AND o.first < s.last AND s.first < o.last) AS shared
          FROM spans s) t;
SQL
)
check_results "keys" 5 "$res"
finish
