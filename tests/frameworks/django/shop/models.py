from django.db import models
from django.db.models import F, Func, Value


class UuidV7(Func):
    # Schema-qualified: on PostgreSQL 18 and later an unqualified uuidv7() is core's pg_catalog.uuidv7().
    function = "public.uuidv7"
    output_field = models.UUIDField()


class UuidBucket(Func):
    function = "public.uuid_bucket"
    output_field = models.IntegerField()


class UuidV7Boundary(Func):
    function = "public.uuid_v7_boundary"
    output_field = models.UUIDField()


class Event(models.Model):
    id = models.UUIDField(primary_key=True, db_default=UuidV7(), editable=False)
    ref = models.CharField(max_length=40, unique=True)  # a natural key, to re-read after bulk_create
    done = models.BooleanField(default=False)
    # Worker bucket (0..3), stored and indexed: workers filter on it.
    bucket = models.GeneratedField(
        expression=UuidBucket(F("id"), Value(4)),
        output_field=models.IntegerField(),
        db_persist=True,
    )

    class Meta:
        indexes = [models.Index(fields=["bucket"], name="shop_event_bucket4")]


class EventLog(models.Model):
    # Partitioned by time on its v7 key: the table is created by migration 0003 (RunSQL).
    id = models.UUIDField(primary_key=True, db_default=UuidV7(), editable=False)
    kind = models.CharField(max_length=20)
