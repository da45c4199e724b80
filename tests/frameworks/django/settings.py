# Minimal Django settings for the recipe in docs/frameworks.md; tests/sql/frameworks.sh sets the
# connection through PG* variables and picks the app (extension in public, or in its own schema).
import os

SECRET_KEY = "recipe-test-only"
USE_TZ = True
INSTALLED_APPS = [os.environ.get("RECIPE_APP", "shop")]
DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.postgresql",
        "HOST": os.environ["PGHOST"],
        "PORT": os.environ["PGPORT"],
        "USER": os.environ["PGUSER"],
        "NAME": os.environ["PGDATABASE"],
    }
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
