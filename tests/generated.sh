#!/usr/bin/env bash
# Files written by a generator match what their generator writes now (no PostgreSQL needed):
#   src/sql/edition/text.sql   tools/gen_text_forms.py
#   docs/reliability.md        its table of where each heavy suite runs: tools/gen_test_matrix.py
#   sql/uuid_shard--A--B.sql   the upgrade script in development: tools/gen_upgrade_script.py
# A file edited by hand, or a generator changed and not run, fails with the diff.
#   tests/generated.sh
set -uo pipefail
cd "$(dirname "$0")/.."
fail=0
for gen in tools/gen_text_forms.py tools/gen_test_matrix.py tools/gen_upgrade_script.py; do
  python3 "$gen" --check || fail=1
done
echo "generated files: $([ $fail = 0 ] && echo ok || echo FAILED)"
exit $fail
