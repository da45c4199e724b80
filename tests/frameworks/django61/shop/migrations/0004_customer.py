# A tail-hash table: PARTITION BY HASH (id uuid_shard.uuid_tail_ops), four partitions from the
# helper. The SQL edition has no operator class (creating one needs a superuser): there the same
# table is hashed by core's uuid hash, HASH (id), with the partitions written out.
import shop.models
from django.conf import settings
from django.db import migrations, models

NATIVE = """
CREATE TABLE shop_customer (
    id   uuid        NOT NULL DEFAULT uuid_shard.uuidv7(),
    name varchar(40) NOT NULL,
    PRIMARY KEY (id)
) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_tail_partition_ddl('shop_customer'::regclass, 4) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
"""
EDITION = """
CREATE TABLE shop_customer (
    id   uuid        NOT NULL DEFAULT uuid_shard.uuidv7(),
    name varchar(40) NOT NULL,
    PRIMARY KEY (id)
) PARTITION BY HASH (id);
DO $$
BEGIN
    FOR r IN 0..3 LOOP
        EXECUTE format('CREATE TABLE shop_customer_h4_%s PARTITION OF shop_customer FOR VALUES WITH (MODULUS 4, REMAINDER %s)', r, r);
    END LOOP;
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("shop", "0003_eventlog")]
    operations = [
        migrations.RunSQL(
            sql=[EDITION if settings.UUID_SHARD_EDITION_SQL else NATIVE],
            reverse_sql=["DROP TABLE shop_customer"],
            state_operations=[
                migrations.CreateModel(
                    name="Customer",
                    fields=[
                        ("id", models.UUIDField(db_default=shop.models.UuidV7(), editable=False, primary_key=True, serialize=False)),
                        ("name", models.CharField(max_length=40)),
                    ],
                ),
            ],
        ),
    ]
