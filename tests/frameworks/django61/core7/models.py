# The same key written with Django 6.1's own UUID7(): for comparison with shop.models.UuidV7.
from django.db import models
from django.db.models.functions import UUID7


class Ticket(models.Model):
    id = models.UUIDField(primary_key=True, db_default=UUID7(), editable=False)
    title = models.CharField(max_length=40)
