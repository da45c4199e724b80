#!/usr/bin/env bash
# Extension upgrade test: a released version to this version with ALTER EXTENSION UPDATE.
#   tests/sql/upgrade.sh MAJOR [FROM]   (this version must be installed in MAJOR: install_extension;
#                                        it holds that major's lock, or waits)
# Without FROM: from the last release (sql/RELEASES) on every major it was made for, and from the
# first (0.1.0, through the whole chain of upgrade scripts) on the majors that run the heavy tests
# full-size and on the newest major of the last release. A major no release was made for is
# skipped: its databases arrive by pg_upgrade (tests/sql/pg_upgrade.sh).
#
# 1. The C symbols that the old version's install script names are exported by this library.
# 2. The old version (built once from its release commit, cached under .pg/old-builds/; below
#    the newest major it was made for, its install script with this library) is installed into
#    MAJOR, a database "app" gets CREATE EXTENSION uuid_shard (the old version) and user objects that
#    depend on it (tests/sql/lib/upgrade.sh: default, expression index, generated column, LIST
#    partitions by bucket, monthly RANGE partitions by uuid_v7_partition_ddl, a view); the frozen
#    outputs over its keys are fingerprinted under the old library.
# 3. This version's files are put back, as a package upgrade would, and before any ALTER the
#    application still works on the old catalog (inserts, index used and agreeing with the
#    recomputed buckets, generated column, partition routing and bounds, helpers, every C
#    function's symbol resolved; on PG18 the session runs the new library) and the fingerprint
#    is unchanged.
# 4. ALTER EXTENSION uuid_shard UPDATE TO the new version; the extension's members, each
#    function's definition and markings equal those of a fresh CREATE EXTENSION in database
#    "fresh" (a diff is printed otherwise); the same for a database whose non-superuser owner
#    created the extension in schema "keys" and updates it (it is trusted); the application and
#    the fingerprint again; a second UPDATE is a no-op; DROP EXTENSION ... CASCADE then
#    CREATE EXTENSION gives the fresh install.
# The installed files are restored on exit, whatever happens.
# Each FROM runs in a process of its own (a suite with its checks and summary line); without FROM
# this process runs one per release and exits 0 when every one passed, 1 otherwise.
set -eEuo pipefail
major=${1:?usage: tests/sql/upgrade.sh MAJOR [FROM]}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/../lib/suite.sh"
. "$here/lib/upgrade.sh"
if [ -z "${2:-}" ]; then
  froms=$LAST_RELEASE
  { is_full_size "$major" || [ "$major" = "$(release_newest_major "$LAST_RELEASE")" ]; } && froms="$FIRST_RELEASE $froms"
  for from in $froms; do release_majors "$from" | grep -qw -- "$major" || froms=${froms/$from/}; done
  [ -n "${froms// /}" ] || skip_suite "no release to upgrade from was made for PostgreSQL $major: its databases arrive by pg_upgrade (tests/sql/pg_upgrade.sh)"
  rc=0 results=()
  for from in $froms; do
    echo "==== upgrade PG$major from $from to $NEW_VERSION"
    if bash "$0" "$major" "$from"; then results+=("from $from passed"); else rc=1 results+=("from $from FAILED"); fi
  done
  summary=$(printf '%s, ' "${results[@]}")
  echo "upgrade PG$major to $NEW_VERSION: ${summary%, }"
  exit $rc
fi
suite_init "$major"
use_release "$2"

suite_tmpdir work
t0=$SECONDS
# Until the package upgrade below, the old version's files are installed: put this version's back
# at exit, whatever happens (before the cluster is stopped).
restore=0
suite_on_exit '[ "$restore" != 1 ] || installed_put "$major" "$work/new/uuid_shard.so" "$work/new/extension" ${remove_after:-}'

# Its files are swapped below only under the major's lock (a system PostgreSQL is shared by every checkout).
hold_major_lock "$major"
installed_save "$major" "$work/new"
# A package of this version ships no old install script: remove it again if we add it.
remove_after=
[ -f "$(ext_sharedir "$major")/uuid_shard--$OLD_VERSION.sql" ] || remove_after="uuid_shard--$OLD_VERSION.sql"
# The release's own library on the newest major it was made for (one build of its pgrx for the
# whole run); on the others its install script with this version's library (the SQL is the same
# on every major).
if [ "$major" = "$(release_newest_major "$OLD_VERSION")" ]; then
  old_build "$major"; old_lib="$OLD_VERSION's library"
else
  old_script "$major" "$work/new/uuid_shard.so"; old_lib="the $NEW_VERSION library, $OLD_VERSION's catalog"
fi
t_build=$((SECONDS - t0))

symbols_check "$OLD_EXT/uuid_shard--$OLD_VERSION.sql" "$work/new/uuid_shard.so"

suite_cluster "upgrade-$major"
P=("${PSQL[@]}")

suite_case "$OLD_VERSION"
restore=1
installed_put "$major" "$OLD_LIB" "$OLD_EXT"
"${P[@]}" -d postgres -c "CREATE DATABASE app" -c "CREATE DATABASE fresh"
"${P[@]}" -d app -c "CREATE EXTENSION uuid_shard"
# The extension is trusted: a database owner without superuser creates and updates it, here in a
# schema of its own (upgrade sections must say @extschema@, never public).
"${P[@]}" -d postgres -c "CREATE ROLE app_owner LOGIN NOSUPERUSER" \
  -c "CREATE DATABASE owned OWNER app_owner" -c "CREATE DATABASE owned_fresh OWNER app_owner"
OWNER=("${P[@]:0:${#P[@]}-2}" -U app_owner)
"${OWNER[@]}" -d owned -c "CREATE SCHEMA keys" -c "CREATE EXTENSION uuid_shard SCHEMA keys"
# A database whose extension lives in a public every role may create in (13's default).
"${P[@]}" -d postgres -c "CREATE ROLE squatter LOGIN" -c "CREATE DATABASE squatted"
"${P[@]}" -d squatted -c "GRANT CREATE ON SCHEMA public TO PUBLIC" -c "CREATE EXTENSION uuid_shard"
"${P[@]}" -d app <<<"$POPULATE_SQL"
fp_old=$("${P[@]}" -d app -At <<<"$FINGERPRINT_SQL")
lib=$(loaded_library P app)
# 0.1.0's library names itself "0.1.0" with no version (src/lib.rs); later ones "uuid_shard|VERSION".
# On PG18+ only (before, no view shows the loaded library).
if server_18_plus P app; then
  if [ "$lib" = "$OLD_VERSION|" ] || [ "$lib" = "uuid_shard|$OLD_VERSION" ]; then
    pass "app: sessions load $OLD_VERSION's library"
  else
    fail "app: sessions load $OLD_VERSION's library" "they load '$lib'"
  fi
fi
v=$("${P[@]}" -d app -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
check "app: CREATE EXTENSION with $OLD_VERSION's files gives that version" "$v" "$OLD_VERSION"
# The package upgrade: this version's files replace the old ones (the old install script goes away).
installed_put "$major" "$work/new/uuid_shard.so" "$work/new/extension" $remove_after
restore=0
echo "upgrade PG$major: database app on $OLD_VERSION with $("${P[@]}" -d app -At -c "SELECT count(*) FROM public.events") events, $("${P[@]}" -d app -At -c "SELECT count(*) FROM public.jobs") jobs, $("${P[@]}" -d app -At -c "SELECT count(*) FROM public.readings") readings${lib:+ (library loaded: $lib)}; $NEW_VERSION files installed"

suite_case "$NEW_VERSION library, $OLD_VERSION catalog"
works P app
# (With the release's install script alone, the library did not change: nothing to compare yet.)
if [ "$OLD_LIB" != "$work/new/uuid_shard.so" ]; then
  fp=$("${P[@]}" -d app -At <<<"$FINGERPRINT_SQL")
  check "app: frozen outputs under the $NEW_VERSION library = under $old_lib" "$fp" "$fp_old"
fi

suite_case "ALTER EXTENSION UPDATE"
"${P[@]}" -d app -c "ALTER EXTENSION uuid_shard UPDATE TO '$NEW_VERSION'"
"${P[@]}" -d fresh -c "CREATE EXTENSION uuid_shard"
v=$("${P[@]}" -d app -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
check "app: the version after the update" "$v" "$NEW_VERSION"
compare_snapshots P app fresh "$work"
"${OWNER[@]}" -d owned -c "ALTER EXTENSION uuid_shard UPDATE TO '$NEW_VERSION'"
# Another role creates, before the update, one of the functions the update adds, same signature:
# the update must fail and leave the old version, not adopt a function that stays that role's.
funcs="SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e'
  JOIN pg_extension e ON e.oid = d.refobjid AND e.extname = 'uuid_shard' ORDER BY 1"
squat=$(comm -13 <("${P[@]}" -d squatted -At -c "$funcs" | sort) <("${P[@]}" -d fresh -At -c "$funcs" | sort) | head -1)
if [ -z "$squat" ]; then
  echo "  (the update adds no function: no squatted name to try)"
else
  "${P[@]}" -d fresh -At -c "SELECT format('CREATE FUNCTION %s RETURNS %s LANGUAGE plpgsql AS %L', '$squat'::regprocedure,
      pg_get_function_result('$squat'::regprocedure), CASE WHEN p.proretset THEN 'BEGIN RETURN; END' ELSE 'BEGIN RETURN NULL; END' END)
    FROM pg_proc p WHERE p.oid = '$squat'::regprocedure" >"$work/squat.sql"
  "${P[@]:0:${#P[@]}-2}" -U squatter -d squatted -f "$work/squat.sql" >/dev/null
  label="squatted: $squat made first by another role in a writable public"
  if out=$("${P[@]}" -d squatted -c "ALTER EXTENSION uuid_shard UPDATE TO '$NEW_VERSION'" 2>&1); then
    fail "$label: the update fails" "it succeeded and adopted $squat: $out"
  else
    pass "$label: the update fails"
  fi
  if grep -q 'already exists' <<<"$out"; then
    pass "$label: the update says it already exists"
  else
    fail "$label: the update says it already exists" "it said: $out"
  fi
  v=$("${P[@]}" -d squatted -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
  owner=$("${P[@]}" -d squatted -At -c "SELECT proowner::regrole FROM pg_proc WHERE oid = to_regprocedure('public.$squat')")
  check "$label: the version stays" "$v" "$OLD_VERSION"
  check "$label: its owner stays" "$owner" squatter
fi
"${OWNER[@]}" -d owned_fresh -c "CREATE SCHEMA keys" -c "CREATE EXTENSION uuid_shard SCHEMA keys"
mkdir "$work/owned"
compare_snapshots P owned owned_fresh "$work/owned"
works P app
fp=$("${P[@]}" -d app -At <<<"$FINGERPRINT_SQL")
check "app: frozen outputs after the update = under $old_lib" "$fp" "$fp_old"

suite_case "second UPDATE"
cp "$work/updated.txt" "$work/before-second.txt"
msg=$("${P[@]}" -d app -c "ALTER EXTENSION uuid_shard UPDATE" 2>&1)
"${P[@]}" -d app -At <<<"$SNAPSHOT_SQL" >"$work/after-second.txt"
if grep -q "already installed" <<<"$msg"; then
  pass "app: a second ALTER EXTENSION UPDATE says the version is already installed"
else
  fail "app: a second ALTER EXTENSION UPDATE says the version is already installed" "it said: $msg"
fi
if diff -u "$work/before-second.txt" "$work/after-second.txt"; then
  pass "app: a second ALTER EXTENSION UPDATE changes nothing"
else
  fail "app: a second ALTER EXTENSION UPDATE changes nothing" "diff above"
fi

suite_case "DROP CASCADE, CREATE"
"${P[@]}" -d app -c "SET client_min_messages = warning" -c "DROP EXTENSION uuid_shard CASCADE"
"${P[@]}" -d app -c "CREATE EXTENSION uuid_shard"
"${P[@]}" -d app -At <<<"$SNAPSHOT_SQL" >"$work/recreated.txt"
if diff -u "$work/recreated.txt" "$work/fresh.txt"; then
  pass "app: DROP EXTENSION uuid_shard CASCADE + CREATE EXTENSION equals the fresh install"
else
  fail "app: DROP EXTENSION uuid_shard CASCADE + CREATE EXTENSION equals the fresh install" "diff above"
fi

suite_case
echo "upgrade PG$major from $OLD_VERSION: ${t_build}s for the $OLD_VERSION build (cached after the first run)"
finish
