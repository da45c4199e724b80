from django.db import models
from django.db.models import Func


class UuidV7(Func):
    # Schema-qualified: the extension lives in schema uuid_shard, off the search path, and on
    # PostgreSQL 18 and later an unqualified uuidv7() is core's pg_catalog.uuidv7().
    function = "uuid_shard.uuidv7"
    arity = 0
    output_field = models.UUIDField()


class UuidBucket(Func):
    function = "uuid_shard.uuid_bucket"
    arity = 2
    output_field = models.IntegerField()


class UuidV7Boundary(Func):
    function = "uuid_shard.uuid_v7_boundary"
    arity = 1
    output_field = models.UUIDField()


class Event(models.Model):
    id = models.UUIDField(primary_key=True, db_default=UuidV7(), editable=False)
    ref = models.CharField(max_length=40, unique=True)
    done = models.BooleanField(default=False)

    class Meta:
        # The worker query repeats this expression: the index serves it.
        indexes = [models.Index(UuidBucket("id", 4), name="shop_event_bucket4")]


# The three partitioned tables are created by RunSQL (migrations 0003-0005); these models are
# their state_operations, so makemigrations sees nothing to do.
class EventLog(models.Model):  # PARTITION BY RANGE (id), monthly partitions
    id = models.UUIDField(primary_key=True, db_default=UuidV7(), editable=False)
    kind = models.CharField(max_length=20)


class Customer(models.Model):  # PARTITION BY HASH (id uuid_shard.uuid_tail_ops), native only
    id = models.UUIDField(primary_key=True, db_default=UuidV7(), editable=False)
    name = models.CharField(max_length=40)


class Task(models.Model):  # PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4)): a key per partition
    id = models.UUIDField(primary_key=True, db_default=UuidV7(), editable=False)
    title = models.CharField(max_length=40)
