from django.db import models
from django.db.models import F, Func, Value


# The extension lives in schema "extensions", off the search path: every call names the schema.
class UuidV7(Func):
    function = "extensions.uuidv7"
    output_field = models.UUIDField()


class UuidBucket(Func):
    function = "extensions.uuid_bucket"
    output_field = models.IntegerField()


class Event(models.Model):
    id = models.UUIDField(primary_key=True, db_default=UuidV7(), editable=False)
    ref = models.CharField(max_length=40, unique=True)
    done = models.BooleanField(default=False)
    bucket = models.GeneratedField(
        expression=UuidBucket(F("id"), Value(4)),
        output_field=models.IntegerField(),
        db_persist=True,
    )

    class Meta:
        indexes = [models.Index(fields=["bucket"], name="shop_ext_event_bucket4")]
