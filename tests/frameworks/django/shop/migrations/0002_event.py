# Written by makemigrations (Django 5.2), unchanged but for the split-out EventLog.
import shop.models
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("shop", "0001_uuid_shard"),
    ]

    operations = [
        migrations.CreateModel(
            name="Event",
            fields=[
                ("id", models.UUIDField(db_default=shop.models.UuidV7(), editable=False, primary_key=True, serialize=False)),
                ("ref", models.CharField(max_length=40, unique=True)),
                ("done", models.BooleanField(default=False)),
                ("bucket", models.GeneratedField(db_persist=True, expression=shop.models.UuidBucket(models.F("id"), models.Value(4)), output_field=models.IntegerField())),
            ],
            options={
                "indexes": [models.Index(fields=["bucket"], name="shop_event_bucket4")],
            },
        ),
    ]
