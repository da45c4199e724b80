#!/usr/bin/env bash
# docs/errors.md must list exactly the rows the bad-input matrix test pins
# (tests/pg_regress/expected/bad_input.out): a documented outcome nobody tests, or a tested
# one nobody documents, fails. The page calls the extension in schema uuid_shard, as the docs
# install it, and the test in public: the extension's names (uuid...) compare without their schema.
set -euo pipefail
cd "$(dirname "$0")/.."
unqualified() { sed -E 's/(^|[^[:alnum:]_."])(uuid_shard|public)\.(uuid)/\1\3/g'; }
tested=$(grep '^| `' tests/pg_regress/expected/bad_input.out | unqualified | sort)
documented=$(grep '^| `' docs/errors.md | unqualified | sort)
if [ "$tested" != "$documented" ]; then
  echo "docs/errors.md and tests/pg_regress/expected/bad_input.out disagree:"
  diff <(echo "$documented") <(echo "$tested") | sed 's/^</docs only:/; s/^>/test only:/' | grep -v '^[0-9]' || true
  exit 1
fi
echo "docs/errors.md matches the tested matrix: $(echo "$tested" | wc -l) rows"
