#!/usr/bin/env bash
# Command 1: set up, build and install uuid_shard into a throwaway PostgreSQL cluster of the
# project's own (.pg/clusters/demo-NN, unix socket only), create the extension, run the demo.
#   scripts/demo.sh [--pg 13..18] [--keep]
#   --pg N    PostgreSQL major to use (default 18)
#   --keep    leave the cluster running and print the psql line to connect to it
set -euo pipefail
cd "$(dirname "$0")/.."
major=18 keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --pg) major=${2:?--pg needs a major, 13 to 18}; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "demo: unknown option $1 (try --help)" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh --demo "$major"
. scripts/lib.sh
echo; echo "==> building and installing uuid_shard into PostgreSQL $major"
install_extension "$major"
echo "==> starting a throwaway PostgreSQL $major cluster in .pg/clusters/demo-$major"
cluster_start "$major" "demo-$major"
[ "$keep" = 1 ] || trap cluster_stop EXIT
"${PSQL[@]}" -d postgres -c "CREATE DATABASE demo" >/dev/null
echo "==> CREATE SCHEMA uuid_shard; CREATE EXTENSION uuid_shard SCHEMA uuid_shard; running scripts/demo.sql"
echo
"${PSQL[@]}" -d demo -f scripts/demo.sql
if [ "$keep" = 1 ]; then
  echo
  echo "The cluster is still running. Connect with:"
  echo "  ${PSQL[*]} -d demo"
  echo "Stop it with:"
  echo "  runuser -u $PG_OS_USER -- $CLUSTER_BIN/pg_ctl -D $CLUSTER_DIR/data stop"
fi
