# makemigrations never writes this one: the extension comes first, by hand.
from django.contrib.postgres.operations import CreateExtension
from django.db import migrations


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [CreateExtension("uuid_shard")]
