#!/usr/bin/env bash
# pg_upgrade test: a PostgreSQL 15 cluster using uuid_shard, upgraded to PostgreSQL 18.
#   tests/sql/pg_upgrade.sh 18   (this version installed in PG18; holds the PG15 lock, or waits for
#                                 it, and builds and installs this checkout into PG15 under it.
#                                 With MAJOR 15 it only says it runs in the 18 round.)
#
# The PG15 cluster holds two databases with the user objects of tests/sql/lib/upgrade.sh and
# some thousands of rows: "app" created with the last release (built from its commit, as in
# tests/sql/upgrade.sh) and "app2" created with this version. PG18's pg_upgrade runs as the
# unprivileged user, --check first, then the upgrade (--copy) into a PG18 cluster initialised
# with --no-data-checksums (PG18's initdb enables checksums by default; a PG15 cluster made
# without them is refused otherwise). On PG18 afterwards:
#   app:  the application works on the carried old catalog with this version's library, the frozen
#         outputs equal those computed on PG15 under the old version; ALTER EXTENSION UPDATE; the extension
#         equals a fresh CREATE EXTENSION on PG18; the application and the fingerprint again;
#   app2: the extension equals the fresh one; the application and the fingerprint; its tail-hash
#         table accounts (PARTITION BY HASH (id public.uuid_tail_ops), partitions of moduli 4
#         and 8, a foreign key from orders) has the same rows in each partition, every row in the
#         partition uuid_tail_remainder and satisfies_hash_partition give, WHERE id = const
#         scanning one partition, new rows routed right, the foreign key validated and enforced;
#   both: keys minted by DEFAULT public.uuidv7() after the upgrade sort after those minted before.
set -eEuo pipefail
major=${1:?usage: tests/sql/pg_upgrade.sh 18}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
. "$here/lib/upgrade.sh"
if [ "$major" != 18 ]; then
  skip_suite "pg_upgrade: upgrades PostgreSQL 15 to 18; it runs in the PostgreSQL 18 round"
fi
suite_init "$major"

suite_tmpdir work
old_dir= new_dir= new_port=
t0=$SECONDS
# While the old version's files are installed in PG15: put this version's back at exit, whatever
# happens (before the clusters are stopped).
restore=0
suite_on_exit '[ "$restore" != 1 ] || installed_put 15 "$work/new15/uuid_shard.so" "$work/new15/extension" ${remove_after:-}'

# PostgreSQL 15 is shared by every checkout: install into it and run it only under its lock.
hold_system_lock 15
lock_wait=$((SECONDS - t0)) t0=$SECONDS
install_current 15
installed_save 15 "$work/new15"
installed_save 18 "$work/new18"
remove_after=
[ -f "$(ext_sharedir 15)/uuid_shard--$OLD_VERSION.sql" ] || remove_after="uuid_shard--$OLD_VERSION.sql"
old_build 15
t_build=$((SECONDS - t0))

# pg_upgrade recreates the old version's functions in PG18 as they are, naming their symbols.
symbols_check "$OLD_EXT/uuid_shard--$OLD_VERSION.sql" "$work/new18/uuid_shard.so"

suite_case "PG15"
cluster_start 15 "pgupgrade-15"
cluster_track
old_dir=$CLUSTER_DIR
P15=("${PSQL[@]}")
"${P15[@]}" -d postgres -c "CREATE DATABASE app" -c "CREATE DATABASE app2"
restore=1
installed_put 15 "$OLD_LIB" "$OLD_EXT"
"${P15[@]}" -d app -c "CREATE EXTENSION uuid_shard"
"${P15[@]}" -d app <<<"$POPULATE_SQL"
fp_app=$("${P15[@]}" -d app -At <<<"$FINGERPRINT_SQL")
installed_put 15 "$work/new15/uuid_shard.so" "$work/new15/extension" $remove_after
restore=0
"${P15[@]}" -d app2 -c "CREATE EXTENSION uuid_shard"
"${P15[@]}" -d app2 <<<"$POPULATE_SQL"
fp_app2=$("${P15[@]}" -d app2 -At <<<"$FINGERPRINT_SQL")
# app2's tail-hash table (this version has uuid_tail_ops): partitions (4,0) (4,1) (4,2) (8,3) (8,7).
"${P15[@]}" -d app2 <<'SQL'
CREATE TABLE public.accounts (id uuid PRIMARY KEY DEFAULT public.uuidv7(), name text NOT NULL)
  PARTITION BY HASH (id public.uuid_tail_ops);
SELECT s FROM public.uuid_tail_partition_ddl('public.accounts'::regclass, 4) s WHERE s NOT LIKE '%REMAINDER 3)' \gexec
SELECT public.uuid_tail_partition_ddl('public.accounts'::regclass, 8) \gexec
INSERT INTO public.accounts (name) SELECT 'before ' || g FROM generate_series(1, 5000) g;
INSERT INTO public.accounts (id, name) VALUES ('c232ab00-9414-11ec-b3c8-9f6bdeced846', 'v1'),
  ('00000000-0000-0000-0000-000000000000', 'nil'), ('ffffffff-ffff-ffff-ffff-ffffffffffff', 'max');
CREATE TABLE public.orders (id bigserial PRIMARY KEY, account uuid NOT NULL REFERENCES public.accounts (id));
INSERT INTO public.orders (account) SELECT id FROM public.accounts WHERE name LIKE '%7' OR name IN ('v1', 'nil', 'max');
SQL
# Each partition with its bound, rows and a hash of its ids and names; the orders.
TAIL_CONTENT_SQL="SELECT string_agg(x, ' ' ORDER BY x) || ', ' || (SELECT count(*) || ' orders ' || md5(string_agg(account::text, ',' ORDER BY id)) FROM public.orders)
  FROM (SELECT c.relname || ' (' || pg_get_expr(c.relpartbound, c.oid) || '): '
               || (SELECT count(*) || ' ' || md5(string_agg(a.id::text || ':' || a.name, ',' ORDER BY a.id)) FROM public.accounts a WHERE a.tableoid = c.oid) AS x
          FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'public.accounts'::regclass) s"
# Rows not in the partition (m, r) with r = uuid_tail_remainder(id, m), or refused there by
# PostgreSQL's own partition check.
TAIL_MISPLACED_SQL="SELECT count(*) FROM public.accounts a LEFT JOIN public.uuid_tail_partitions('public.accounts') p ON p.partition = a.tableoid
 WHERE NOT coalesce(public.uuid_tail_remainder(a.id, p.modulus) = p.remainder
                    AND satisfies_hash_partition('public.accounts'::regclass, p.modulus, p.remainder, a.id), false)"
tail_app2=$("${P15[@]}" -d app2 -At -c "$TAIL_CONTENT_SQL")
check "app2 on PG15: tail-hash rows not in their partition" "$("${P15[@]}" -d app2 -At -c "$TAIL_MISPLACED_SQL")" 0
declare -A max_before
for db in app app2; do
  max_before[$db]=$("${P15[@]}" -d "$db" -At -c "SELECT id FROM public.events ORDER BY id DESC LIMIT 1")  # max(uuid) is 16+
  echo "pg_upgrade PG15: $db on uuid_shard $("${P15[@]}" -d "$db" -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'"), $("${P15[@]}" -d "$db" -At -c "SELECT (SELECT count(*) FROM public.events) + (SELECT count(*) FROM public.jobs) + (SELECT count(*) FROM public.readings)") rows"
done
# Debian's PostgreSQL 15.20 keeps a column option pg_attver on every column (ALTER ... RESET does
# not remove it); its own pg_dump leaves it out, but PG18's pg_dump, which pg_upgrade runs,
# writes ALTER COLUMN ... SET (pg_attver=N) and PG18 rejects it ("unrecognized parameter"), for
# every table, with or without uuid_shard. The procedure that works: strip the option from the
# user columns in every database of the old cluster right before pg_upgrade (README
# "Upgrading"). Printed as a NOTE: it is not the extension's doing.
attver_sql="UPDATE pg_catalog.pg_attribute
   SET attoptions = (SELECT pg_catalog.array_agg(o) FROM pg_catalog.unnest(attoptions) o WHERE o NOT LIKE 'pg\_attver=%')
 WHERE attrelid >= 16384 AND EXISTS (SELECT FROM pg_catalog.unnest(attoptions) o WHERE o LIKE 'pg\_attver=%')"
for db in $("${P15[@]}" -d postgres -At -c "SELECT datname FROM pg_database WHERE datallowconn ORDER BY 1"); do
  n=$("${P15[@]}" -d "$db" -At -c "WITH u AS ($attver_sql RETURNING 1) SELECT count(*) FROM u")
  [ "$n" = 0 ] || echo "pg_upgrade PG15: NOTE: removed PostgreSQL $("$PG15_BIN/postgres" --version | awk '{print $3}')'s column option pg_attver from $n columns in database $db (PG18 rejects it)"
done
cluster_stop_dir "$old_dir" "$PG15_BIN"

suite_case "pg_upgrade"
# The new cluster: as cluster_start makes them, but not started and without data checksums
# (tracked as cluster_track does: stopped at exit, removed after a pass).
new_dir="$PROJECT_ROOT/.pg/clusters/pgupgrade-18"
new_port=$(( 20000 + $(printf '%s' pgupgrade-18 | cksum | cut -d' ' -f1) % 20000 ))
TRACKED_CLUSTERS+=("$new_dir $PG18_BIN")
cluster_stop_dir "$new_dir" "$PG18_BIN"
rm -rf "$new_dir"; mkdir -p "$new_dir/sock"
[ "$(id -u)" = 0 ] && chown -R "$PG_OS_USER" "$new_dir"
as_pg_user "$PG18_BIN/initdb" -D "$new_dir/data" -U postgres --auth=trust -E UTF8 --no-locale --no-data-checksums \
  >"$new_dir/initdb.log" 2>&1 || { cat "$new_dir/initdb.log" >&2; exit 1; }
printf '%s\n' "listen_addresses = ''" "unix_socket_directories = '$new_dir/sock'" "port = $new_port" \
  "fsync = off" "max_connections = 40" >>"$new_dir/data/postgresql.conf"
upgrade_args=(--old-bindir "$PG15_BIN" --new-bindir "$PG18_BIN" --old-datadir "$old_dir/data"
  --new-datadir "$new_dir/data" --username postgres --socketdir "$new_dir/sock"
  --old-port $((new_port + 1)) --new-port $((new_port + 2)))
run_pg_upgrade() { # as the unprivileged user, from a folder it owns (pg_upgrade writes there); a
  # failure ends the suite (nothing after it can run)
  local rc=0
  (cd "$new_dir" && as_pg_user "$PG18_BIN/pg_upgrade" "${upgrade_args[@]}" "$@") >"$work/pg_upgrade.out" 2>&1 || rc=$?
  if [ "$rc" != 0 ]; then
    cat "$work/pg_upgrade.out"
    find "$new_dir/data/pg_upgrade_output.d" -name '*.log' -exec tail -n 20 {} + 2>/dev/null || true
  fi
  check "pg_upgrade $*: exit status" "$rc" 0
  [ "$rc" = 0 ] || exit 1
}
t_up=$SECONDS
run_pg_upgrade --check
if grep -q "Clusters are compatible" "$work/pg_upgrade.out"; then
  pass "pg_upgrade --check: clusters compatible ($(grep -c '^Checking' "$work/pg_upgrade.out") checks)"
else
  fail "pg_upgrade --check: clusters compatible" "its output did not say so"
fi
run_pg_upgrade --copy
if grep -q "Upgrade Complete" "$work/pg_upgrade.out"; then
  pass "pg_upgrade --copy: upgrade complete"
else
  fail "pg_upgrade --copy: upgrade complete" "its output did not say so"
fi
echo "pg_upgrade: done in $((SECONDS - t_up))s (with --check); it advises:"
grep -i 'vacuumdb' "$work/pg_upgrade.out" | sed 's/^ */    /' || true
# The old cluster is not needed any more; PG15 is free for the other checkouts (when the lock is ours).
[ -z "${SYSTEM_LOCK_FD:-}" ] || exec {SYSTEM_LOCK_FD}>&-

as_pg_user "$PG18_BIN/pg_ctl" -D "$new_dir/data" -l "$new_dir/server.log" -w -t 60 start >/dev/null \
  || { cat "$new_dir/server.log" >&2; exit 1; }
P18=("$PG18_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$new_dir/sock" -p "$new_port" -U postgres)
# As pg_upgrade advises (PG18 carries most statistics; this adds the missing ones).
as_pg_user "$PG18_BIN/vacuumdb" -h "$new_dir/sock" -p "$new_port" -U postgres --all --analyze-in-stages --missing-stats-only >/dev/null
"${P18[@]}" -d postgres -c "CREATE DATABASE fresh"
"${P18[@]}" -d fresh -c "CREATE EXTENSION uuid_shard"

suite_case "PG18, app ($OLD_VERSION catalog)"
v=$("${P18[@]}" -d app -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
check "app: the version carried" "$v" "$OLD_VERSION"
works P18 app
fp=$("${P18[@]}" -d app -At <<<"$FINGERPRINT_SQL")
check "app: frozen outputs = on PG15 under $OLD_VERSION" "$fp" "$fp_app"
suite_case "PG18, app updated"
"${P18[@]}" -d app -c "ALTER EXTENSION uuid_shard UPDATE TO '$NEW_VERSION'"
compare_snapshots P18 app fresh "$work"
works P18 app
fp=$("${P18[@]}" -d app -At <<<"$FINGERPRINT_SQL")
check "app: frozen outputs after the update = on PG15 under $OLD_VERSION" "$fp" "$fp_app"

suite_case "PG18, app2 ($NEW_VERSION)"
compare_snapshots P18 app2 fresh "$work"
works P18 app2
fp=$("${P18[@]}" -d app2 -At <<<"$FINGERPRINT_SQL")
check "app2: frozen outputs = on PG15" "$fp" "$fp_app2"

suite_case "PG18, app2 tail-hash table"
check "accounts: partitions, bounds, rows and ids per partition, orders = on PG15" "$("${P18[@]}" -d app2 -At -c "$TAIL_CONTENT_SQL")" "$tail_app2"
check "accounts: rows not in their partition" "$("${P18[@]}" -d app2 -At -c "$TAIL_MISPLACED_SQL")" 0
for key in 00000000-0000-0000-0000-000000000000 c232ab00-9414-11ec-b3c8-9f6bdeced846 \
           "$("${P18[@]}" -d app2 -At -c "SELECT id FROM public.accounts WHERE name = 'before 1'")"; do
  plan=$("${P18[@]}" -d app2 -At -c "EXPLAIN (COSTS OFF) SELECT * FROM public.accounts WHERE id = '$key'")
  check "accounts: WHERE id = '$key' scans one partition, the row's" \
    "$(grep 'Scan' <<<"$plan" | grep -v 'Bitmap Index Scan' | grep -o ' on accounts_h[0-9_]*' | sed 's/^ on //' | tr '\n' ' ' | sed 's/ $//')" \
    "$("${P18[@]}" -d app2 -At -c "SELECT tableoid::regclass FROM public.accounts WHERE id = '$key'")"
done
"${P18[@]}" -d app2 -c "INSERT INTO public.accounts (name) SELECT 'later ' || g FROM generate_series(1, 1000) g" \
  -c "INSERT INTO public.orders (account) SELECT id FROM public.accounts WHERE name LIKE 'later %7'"
check "accounts: rows not in their partition, with 1000 inserted on PG18" "$("${P18[@]}" -d app2 -At -c "$TAIL_MISPLACED_SQL")" 0
check "accounts: rows inserted on PG18 in each of the 5 partitions" \
  "$("${P18[@]}" -d app2 -At -c "SELECT count(DISTINCT tableoid) FROM public.accounts WHERE name LIKE 'later %'")" 5
check "accounts: the foreign key from orders, validated" \
  "$("${P18[@]}" -d app2 -At -c "SELECT string_agg(conname || ' ' || convalidated, ', ') FROM pg_constraint WHERE conrelid = 'public.orders'::regclass AND contype = 'f' AND conparentid = 0")" \
  "orders_account_fkey true"
check "accounts: an order for an absent account refused (SQLSTATE)" \
  "$("${P18[@]}" -d app2 -At -v VERBOSITY=sqlstate -c "INSERT INTO public.orders (account) VALUES ('919108f7-52d1-4320-9bac-f847db4148a8')" 2>&1 | grep -o -m1 'ERROR:  [0-9A-Z]*' | sed 's/^ERROR:  //' || true)" 23503

suite_case "PG18, key order"
for db in app app2; do
  n=$("${P18[@]}" -d "$db" -At -c "SELECT count(*) FILTER (WHERE id <= '${max_before[$db]}'), count(*) FROM public.events WHERE payload LIKE 'later %'")
  if [ "${n#*|}" -gt 0 ]; then
    pass "$db: keys minted on PG18"
  else
    fail "$db: keys minted on PG18" "none found"
  fi
  check "$db: keys minted on PG18 that do not sort after the largest minted on PG15" "${n%|*}" 0
done

suite_case
echo "pg_upgrade PG15->PG18: ${t_build}s for the install into PG15 and the $OLD_VERSION build, after ${lock_wait}s waiting for the PG15 lock"
finish
