-- Written by hand: bucket partitions, one per worker (docs/buckets.md). PostgreSQL allows no
-- primary key on a table partitioned by an expression: each partition gets its own, and
-- uuid_bucket(id, 4) is a function of id, so id is unique across the table too.
CREATE TABLE "tasks" (
    "id" UUID NOT NULL DEFAULT uuid_shard.uuidv7(),
    "payload" TEXT NOT NULL
) PARTITION BY LIST (uuid_shard.uuid_bucket("id", 4));

DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_bucket_partition_ddl('public.tasks'::regclass) LOOP
        EXECUTE ddl;
    END LOOP;
    FOR ddl IN SELECT format('ALTER TABLE %s ADD PRIMARY KEY ("id")', p.partition)
                 FROM uuid_shard.uuid_bucket_partitions('public.tasks'::regclass) p LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
