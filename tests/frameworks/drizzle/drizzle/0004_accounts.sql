CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7() NOT NULL,
	"name" text NOT NULL
) PARTITION BY HASH ("id" uuid_shard.uuid_tail_ops);
--> statement-breakpoint
-- Added by hand: four tail-hash partitions.
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_tail_partition_ddl('accounts'::regclass, 4) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
