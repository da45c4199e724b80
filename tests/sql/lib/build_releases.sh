#!/usr/bin/env bash
# Builds the releases the upgrade tests start from (the first and the last, tests/sql/upgrade.sh),
# each for the newest major it was made for, into the cache old_build (tests/sql/lib/upgrade.sh)
# keeps, so the tests find them built. scripts/test.sh runs it among its background builds;
# without it, each test builds what it needs itself.
#   bash tests/sql/lib/build_releases.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/lib.sh"
. "$here/upgrade.sh"
for v in $(printf '%s\n' "$FIRST_RELEASE" "$LAST_RELEASE" | sort -u); do
  use_release "$v"
  old_build "$(release_newest_major "$v")"
done
