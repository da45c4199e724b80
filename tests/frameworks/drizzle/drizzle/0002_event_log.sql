CREATE TABLE "event_log" (
	"id" uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7() NOT NULL,
	"kind" varchar(20) NOT NULL
) PARTITION BY RANGE ("id");
--> statement-breakpoint
-- Added by hand: this month's partition, the next two and a default one.
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_v7_partition_ddl('event_log'::regclass, date_trunc(text 'month', now(), text 'UTC'),
                                                      date_trunc(text 'month', now(), text 'UTC') + interval '3 months',
                                                      interval '1 month', with_default => true) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
