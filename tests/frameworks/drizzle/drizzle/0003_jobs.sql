CREATE TABLE "jobs" (
	"id" uuid DEFAULT uuid_shard.uuidv7() NOT NULL,
	"payload" text
) PARTITION BY LIST (uuid_shard.uuid_bucket("id", 4));
--> statement-breakpoint
-- Added by hand: one partition per bucket, each with its primary key.
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_bucket_partition_ddl('jobs'::regclass) LOOP
        EXECUTE ddl;
    END LOOP;
    FOR ddl IN SELECT format('ALTER TABLE %s ADD PRIMARY KEY (id)', partition)
                 FROM uuid_shard.uuid_bucket_partitions('jobs'::regclass) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
