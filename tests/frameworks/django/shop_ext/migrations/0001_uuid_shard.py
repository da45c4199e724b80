# CreateExtension has no schema option: an extension in its own schema needs RunSQL.
from django.db import migrations


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [
        migrations.RunSQL(
            sql="CREATE SCHEMA IF NOT EXISTS extensions; CREATE EXTENSION uuid_shard SCHEMA extensions;",
            reverse_sql="DROP EXTENSION uuid_shard; DROP SCHEMA IF EXISTS extensions;",  # RESTRICT: kept if not empty
        ),
    ]
