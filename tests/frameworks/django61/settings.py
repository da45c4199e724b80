# Django 6.1 settings of the uuid_shard recipe (docs/frameworks.md). The connection comes from the
# PG* variables and DJANGO61_DB; UUID_SHARD_EDITION_SQL, when set, makes migration
# shop/0001 install the SQL edition instead of the native extension.
import os

SECRET_KEY = "recipe-test-only"
USE_TZ = True
INSTALLED_APPS = os.environ.get("DJANGO61_APPS", "shop").split(",")
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "HOST": os.environ["PGHOST"],
        "PORT": os.environ["PGPORT"],
        "USER": os.environ["PGUSER"],
        "NAME": os.environ.get("DJANGO61_DB", "django61"),
        "TEST": {"NAME": os.environ.get("DJANGO61_DB", "django61") + "_test"},
    }
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The SQL edition as one plain-SQL statement (tools/sql_edition.py's migration file), for a server
# that cannot load the extension's library; unset: the native extension.
UUID_SHARD_EDITION_SQL = os.environ.get("UUID_SHARD_EDITION_SQL") or None
