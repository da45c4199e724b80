# A time-partitioned table: Django cannot write PARTITION BY, so RunSQL creates it and the
# partition helper writes its partitions (this month, the next two, a default one);
# state_operations tell Django which model it is.
import shop.models
from django.db import migrations, models

CREATE = """
CREATE TABLE shop_eventlog (
    id   uuid        NOT NULL DEFAULT uuid_shard.uuidv7(),
    kind varchar(20) NOT NULL,
    PRIMARY KEY (id)
) PARTITION BY RANGE (id);
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_v7_partition_ddl('shop_eventlog'::regclass, date_trunc('month', now(), 'UTC'),
                                                       date_trunc('month', now(), 'UTC') + interval '3 months',
                                                       interval '1 month', with_default => true) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("shop", "0002_event")]
    operations = [
        migrations.RunSQL(
            sql=[CREATE],
            reverse_sql=["DROP TABLE shop_eventlog"],  # drops its partitions too
            state_operations=[
                migrations.CreateModel(
                    name="EventLog",
                    fields=[
                        ("id", models.UUIDField(db_default=shop.models.UuidV7(), editable=False, primary_key=True, serialize=False)),
                        ("kind", models.CharField(max_length=20)),
                    ],
                ),
            ],
        ),
    ]
