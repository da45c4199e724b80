#!/usr/bin/env bash
# Entry point of the Django 6.1 recipe (docs/frameworks.md): run from this folder with PGHOST,
# PGPORT, PGUSER (superuser), UUID_SHARD_MAJOR and UUID_SHARD_EDITION_SQL set. Django 6.1 needs
# Python 3.12 or later: the venv of INSTALL (.pg/django61-venv, Python 3.14 in .pg/python314), or
# the Python named by DJANGO61_PYTHON.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd -P)
python=${DJANGO61_PYTHON:-$(cd "$here/../../.." && pwd -P)/.pg/django61-venv/bin/python}
if [ ! -x "$python" ]; then
  echo "FAIL django 6.1 [PG${UUID_SHARD_MAJOR:-?} native]: Python for Django 6.1 ($python missing: run the steps of tests/frameworks/django61/INSTALL)"
  exit 1
fi
cd "$here"
export PYTHONDONTWRITEBYTECODE=1 DJANGO_SETTINGS_MODULE=settings
exec "$python" check.py
