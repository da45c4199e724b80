#!/usr/bin/env bash
# docs/errors.md must list exactly the rows the bad-input matrix test pins
# (tests/pg_regress/expected/bad_input.out): a documented outcome nobody tests, or a tested
# one nobody documents, fails.
set -euo pipefail
cd "$(dirname "$0")/.."
tested=$(grep '^| `' tests/pg_regress/expected/bad_input.out | sort)
documented=$(grep '^| `' docs/errors.md | sort)
if [ "$tested" != "$documented" ]; then
  echo "docs/errors.md and tests/pg_regress/expected/bad_input.out disagree:"
  diff <(echo "$documented") <(echo "$tested") | sed 's/^</docs only:/; s/^>/test only:/' | grep -v '^[0-9]' || true
  exit 1
fi
echo "docs/errors.md matches the tested matrix: $(echo "$tested" | wc -l) rows"
