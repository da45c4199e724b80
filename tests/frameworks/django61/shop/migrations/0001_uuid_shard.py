# The extension, by hand: makemigrations writes no CREATE EXTENSION. Native: the extension in a
# schema of its own. SQL edition (settings.UUID_SHARD_EDITION_SQL set): the contents of that file,
# one DO statement that creates schema uuid_shard and its functions (safe to run twice).
from django.conf import settings
from django.db import migrations

if settings.UUID_SHARD_EDITION_SQL:
    with open(settings.UUID_SHARD_EDITION_SQL) as f:
        INSTALL = [f.read()]  # a list: RunSQL runs each item whole, as one statement
    # Kept on the way back: the edition is no extension, and DROP SCHEMA ... CASCADE would also drop
    # every default, index and generated column of other apps that calls its functions. Migrating
    # forward again runs the file over them, which replaces them in place.
    REMOVE = migrations.RunSQL.noop
else:
    INSTALL = ["CREATE SCHEMA IF NOT EXISTS uuid_shard", "CREATE EXTENSION IF NOT EXISTS uuid_shard SCHEMA uuid_shard"]
    REMOVE = ["DROP EXTENSION IF EXISTS uuid_shard", "DROP SCHEMA IF EXISTS uuid_shard"]  # RESTRICT: kept if not empty


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [migrations.RunSQL(sql=INSTALL, reverse_sql=REMOVE)]
