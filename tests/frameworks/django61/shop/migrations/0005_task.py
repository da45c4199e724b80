# The bucket layout: PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4)), one partition per worker.
# The parent cannot have a primary key (its partition key is an expression): each partition gets
# its own, and since the bucket is a function of the id, an id unique in its partition is unique
# in the table. Django's model still names id as its primary key.
import shop.models
from django.db import migrations, models

CREATE = """
CREATE TABLE shop_task (
    id    uuid        NOT NULL DEFAULT uuid_shard.uuidv7(),
    title varchar(40) NOT NULL
) PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4));
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_bucket_partition_ddl('shop_task'::regclass) LOOP
        EXECUTE ddl;
    END LOOP;
    FOR ddl IN SELECT format('ALTER TABLE %s ADD PRIMARY KEY (id)', partition)
                 FROM uuid_shard.uuid_bucket_partitions('shop_task'::regclass) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("shop", "0004_customer")]
    operations = [
        migrations.RunSQL(
            sql=[CREATE],
            reverse_sql=["DROP TABLE shop_task"],
            state_operations=[
                migrations.CreateModel(
                    name="Task",
                    fields=[
                        ("id", models.UUIDField(db_default=shop.models.UuidV7(), editable=False, primary_key=True, serialize=False)),
                        ("title", models.CharField(max_length=40)),
                    ],
                ),
            ],
        ),
    ]
