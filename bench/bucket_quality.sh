#!/usr/bin/env bash
# Measures bucket quality (uniformity, independence from time) of uuid_bucket and of the
# high-bits recipe on 1,000,000 v7 and 1,000,000 v4 keys. Prints the tables in docs/buckets.md.
#   bench/bucket_quality.sh [15|18]     (the extension must be installed: scripts/demo.sh does it)
set -euo pipefail
major=${1:-18}
. "$(dirname "$0")/../scripts/lib.sh"
cluster_start "$major" "bench-quality-$major"
trap cluster_stop EXIT
"${PSQL[@]}" -d postgres -f "$PROJECT_ROOT/bench/bucket_quality.sql"
