# Written by makemigrations (Django 5.2).

import shop_ext.models
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('shop_ext', '0001_uuid_shard'),
    ]

    operations = [
        migrations.CreateModel(
            name='Event',
            fields=[
                ('id', models.UUIDField(db_default=shop_ext.models.UuidV7(), editable=False, primary_key=True, serialize=False)),
                ('ref', models.CharField(max_length=40, unique=True)),
                ('done', models.BooleanField(default=False)),
                ('bucket', models.GeneratedField(db_persist=True, expression=shop_ext.models.UuidBucket(models.F('id'), models.Value(4)), output_field=models.IntegerField())),
            ],
            options={
                'indexes': [models.Index(fields=['bucket'], name='shop_ext_event_bucket4')],
            },
        ),
    ]
