#!/usr/bin/env bash
# Extension upgrade test: a released version to this version with ALTER EXTENSION UPDATE.
#   tests/sql/upgrade.sh MAJOR [FROM]   (this version must be installed in MAJOR: install_extension;
#                                        on a system PostgreSQL it holds that major's lock, or waits)
# Without FROM: from the last release (0.2.0) on every major, and from the first (0.1.0, through
# the whole chain of upgrade scripts) on the majors that run the heavy tests full-size.
#
# 1. The C symbols that the old version's install script names are exported by this library.
# 2. The old version (built once from its release commit, cached under .pg/old-builds/) is installed into
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
set -eEuo pipefail
major=${1:?usage: tests/sql/upgrade.sh MAJOR [FROM]}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../scripts/lib.sh"
. "$here/lib/upgrade.sh"
if [ -z "${2:-}" ]; then
  froms=$LAST_RELEASE
  is_full_major "$major" && froms="${RELEASES%%=*} $froms"
  rc=0
  for from in $froms; do
    echo "==== upgrade PG$major from $from to $NEW_VERSION"
    bash "$0" "$major" "$from" || rc=1
  done
  exit $rc
fi
use_release "$2"

work=$(mktemp -d /tmp/upgrade-test.XXXXXX)
failures=0 phase=
t0=$SECONDS
restore=0
cleanup() {
  local status=$?
  if [ "$restore" = 1 ]; then
    installed_put "$major" "$work/new/uuid_shard.so" "$work/new/extension" ${remove_after:-}
  fi
  if [ -n "${CLUSTER_DIR:-}" ]; then
    cluster_stop
    [ "$status" != 0 ] || [ "${KEEP_CLUSTERS:-0}" = 1 ] || rm -rf "$CLUSTER_DIR"
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'echo "FAIL [PG$major${phase:+ $phase}]: unexpected error at ${BASH_SOURCE[0]##*/} line $LINENO: $BASH_COMMAND" >&2' ERR

# A system PostgreSQL is shared by every checkout: its files are swapped below only under its lock.
hold_system_lock "$major"
installed_save "$major" "$work/new"
# A package of this version ships no old install script: remove it again if we add it.
remove_after=
[ -f "$(ext_sharedir "$major")/uuid_shard--$OLD_VERSION.sql" ] || remove_after="uuid_shard--$OLD_VERSION.sql"
old_build "$major"
t_build=$((SECONDS - t0))

phase="symbols"
symbols_check "$OLD_EXT/uuid_shard--$OLD_VERSION.sql" "$work/new/uuid_shard.so"

cluster_start "$major" "upgrade-$major"
P=("${PSQL[@]}")

phase="$OLD_VERSION"
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
[ -z "$lib" ] || [ "$lib" = "$OLD_VERSION|" ] || [ "$lib" = "uuid_shard|$OLD_VERSION" ] \
  || upgrade_fail "sessions load the library $lib, not $OLD_VERSION's"
v=$("${P[@]}" -d app -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
[ "$v" = "$OLD_VERSION" ] || upgrade_fail "CREATE EXTENSION with $OLD_VERSION's files gave version $v"
# The package upgrade: this version's files replace the old ones (the old install script goes away).
installed_put "$major" "$work/new/uuid_shard.so" "$work/new/extension" $remove_after
restore=0
echo "upgrade PG$major: database app on $OLD_VERSION with $("${P[@]}" -d app -At -c "SELECT count(*) FROM public.events") events, $("${P[@]}" -d app -At -c "SELECT count(*) FROM public.jobs") jobs, $("${P[@]}" -d app -At -c "SELECT count(*) FROM public.readings") readings${lib:+ (library loaded: $lib)}; $NEW_VERSION files installed"

phase="$NEW_VERSION library, $OLD_VERSION catalog"
echo "$phase:"
works P app
fp=$("${P[@]}" -d app -At <<<"$FINGERPRINT_SQL")
[ "$fp" = "$fp_old" ] || upgrade_fail "frozen outputs differ between the $OLD_VERSION and $NEW_VERSION libraries: $fp_old vs $fp"

phase="ALTER EXTENSION UPDATE"
echo "$phase:"
"${P[@]}" -d app -c "ALTER EXTENSION uuid_shard UPDATE TO '$NEW_VERSION'"
"${P[@]}" -d fresh -c "CREATE EXTENSION uuid_shard"
v=$("${P[@]}" -d app -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
[ "$v" = "$NEW_VERSION" ] || upgrade_fail "version after the update: $v"
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
  out=$("${P[@]}" -d squatted -c "ALTER EXTENSION uuid_shard UPDATE TO '$NEW_VERSION'" 2>&1) && upgrade_fail "the update adopted $squat, made first by another role"
  v=$("${P[@]}" -d squatted -At -c "SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'")
  owner=$("${P[@]}" -d squatted -At -c "SELECT proowner::regrole FROM pg_proc WHERE oid = to_regprocedure('public.$squat')")
  if grep -q 'already exists' <<<"$out" && [ "$v" = "$OLD_VERSION" ] && [ "$owner" = squatter ]; then
    echo "  $squat made first by another role in a writable public: the update stops ($(grep -m1 -o 'ERROR: .*' <<<"$out")), $OLD_VERSION stays"
  else
    upgrade_fail "with $squat made first by another role: version $v, its owner $owner, the update said: $out"
  fi
fi
"${OWNER[@]}" -d owned_fresh -c "CREATE SCHEMA keys" -c "CREATE EXTENSION uuid_shard SCHEMA keys"
mkdir "$work/owned"
compare_snapshots P owned owned_fresh "$work/owned"
works P app
fp=$("${P[@]}" -d app -At <<<"$FINGERPRINT_SQL")
[ "$fp" = "$fp_old" ] || upgrade_fail "frozen outputs differ after the update: $fp_old vs $fp"

phase="second UPDATE"
cp "$work/updated.txt" "$work/before-second.txt"
msg=$("${P[@]}" -d app -c "ALTER EXTENSION uuid_shard UPDATE" 2>&1)
"${P[@]}" -d app -At <<<"$SNAPSHOT_SQL" >"$work/after-second.txt"
grep -q "already installed" <<<"$msg" || upgrade_fail "a second ALTER EXTENSION UPDATE said: $msg"
diff -u "$work/before-second.txt" "$work/after-second.txt" >&2 || upgrade_fail "a second ALTER EXTENSION UPDATE changed the extension (diff above)"
echo "  a second ALTER EXTENSION UPDATE: ${msg#NOTICE:  }; nothing changed"

phase="DROP CASCADE, CREATE"
"${P[@]}" -d app -c "SET client_min_messages = warning" -c "DROP EXTENSION uuid_shard CASCADE"
"${P[@]}" -d app -c "CREATE EXTENSION uuid_shard"
"${P[@]}" -d app -At <<<"$SNAPSHOT_SQL" >"$work/recreated.txt"
diff -u "$work/recreated.txt" "$work/fresh.txt" >&2 || upgrade_fail "DROP EXTENSION CASCADE + CREATE EXTENSION differs from a fresh install (diff above)"
echo "  DROP EXTENSION uuid_shard CASCADE, CREATE EXTENSION uuid_shard: equal to the fresh install"

echo "upgrade PG$major: $((SECONDS - t0))s ($t_build s of them for the $OLD_VERSION build), $failures failure(s)"
[ "$failures" = 0 ] || exit 1
