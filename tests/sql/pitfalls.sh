#!/usr/bin/env bash
# The pitfalls of docs/pitfalls.md that a test can show, each with its right way:
#   1. keys are ordered per backend only: a row whose transaction commits after a later key's is
#      missed by a consumer paging `WHERE id > last_seen`; a consumer that pages by the writing
#      transaction (pg_current_xact_id() stored in the row) and reads only transactions that had
#      ended when its snapshot was taken (xid < pg_snapshot_xmin) sees it;
#   4. the newest row: ORDER BY id DESC LIMIT 1 (and max(id)) read one index entry,
#      max(uuid_v7_time(id)) reads every row.
#   tests/sql/pitfalls.sh MAJOR     (the extension must be installed)
set -euo pipefail
major=${1:?usage: tests/sql/pitfalls.sh MAJOR}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
suite_init "$major"
suite_cluster "pitfalls-$major"

db postgres -c "CREATE EXTENSION uuid_shard" -c "CREATE TABLE outbox (id uuid PRIMARY KEY DEFAULT public.uuidv7(),
         xid xid8 NOT NULL DEFAULT pg_current_xact_id(), body text)"

# ---- 1. commit order is not key order --------------------------------------------------------
suite_case "1. commit order is not key order"
# Writer A takes its key first and commits last; writer B takes a later key and commits at once.
db postgres -c "BEGIN" -c "INSERT INTO outbox (body) VALUES ('a: first key, late commit')" -c "SELECT pg_sleep(3)" -c "COMMIT" >/dev/null &
writer_a=$!
sleep 1
db postgres -c "INSERT INTO outbox (body) VALUES ('b: later key, early commit')"
# The key-paging consumer reads now and remembers the last key it saw.
last_seen=$(db postgres -c "SELECT id FROM outbox ORDER BY id DESC LIMIT 1")
first_batch=$(db postgres -c "SELECT string_agg(body, ',' ORDER BY id) FROM outbox WHERE id > '00000000-0000-0000-0000-000000000000'")
# The xid-horizon consumer pages by (xid, id) and reads only rows of transactions that had ended
# when its snapshot was taken (xid < the snapshot's xmin): a transaction that commits later has
# an xid at or above that xmin, so it can never land below the consumer's position.
safe_sql="SELECT coalesce(string_agg(body, ',' ORDER BY xid, id), '') FROM outbox
           WHERE (xid, id) > ('0'::xid8, '00000000-0000-0000-0000-000000000000'::uuid) AND xid < pg_snapshot_xmin(pg_current_snapshot())"
safe_batch=$(db postgres -c "$safe_sql")
wait "$writer_a"
second_batch=$(db postgres -c "SELECT coalesce(string_agg(body, ',' ORDER BY id), '') FROM outbox WHERE id > '$last_seen'")
check "paging WHERE id > last_seen: first read sees only b" "$first_batch" "b: later key, early commit"
check "paging WHERE id > last_seen: after a's commit nothing is above last_seen, a is missed" "$second_batch" ""
check "a's key is below b's although it committed later" "$(db postgres -c "SELECT (SELECT id FROM outbox WHERE body LIKE 'a:%') < '$last_seen'")" "t"
check "xid horizon: the first read waits for a (b's xid is above a's, which is still running)" "$safe_batch" ""
safe_after=$(db postgres -c "$safe_sql")
check "xid horizon: after a's commit both rows, in key order" "$safe_after" "a: first key, late commit,b: later key, early commit"

# ---- 4. the newest row --------------------------------------------------------------------
suite_case "4. the newest row"
db postgres -c "INSERT INTO outbox (body) SELECT 'bulk' FROM generate_series(1, 20000)" -c "ANALYZE outbox" >/dev/null
plan() { db postgres -c "EXPLAIN (COSTS OFF) $1" | tr '\n' ' '; }
p1=$(plan "SELECT * FROM outbox ORDER BY id DESC LIMIT 1")
p2=$(plan "SELECT max(id) FROM outbox")
p3=$(plan "SELECT max(uuid_v7_time(id)) FROM outbox")
check "ORDER BY id DESC LIMIT 1 is a backward index scan" "$([[ "$p1" == *"Index Scan Backward using outbox_pkey"* ]] && echo yes)" "yes"
check "max(id) is a backward index scan of one row" "$([[ "$p2" == *"Index Only Scan Backward using outbox_pkey"* && "$p2" == *"Limit"* ]] && echo yes)" "yes"
check "max(uuid_v7_time(id)) scans the whole table" "$([[ "$p3" == *"Seq Scan on outbox"* ]] && echo yes)" "yes"
check "the same newest time either way" "$(db postgres -c "SELECT (SELECT uuid_v7_time(id) FROM outbox ORDER BY id DESC LIMIT 1) = (SELECT max(uuid_v7_time(id)) FROM outbox)")" "t"

finish
