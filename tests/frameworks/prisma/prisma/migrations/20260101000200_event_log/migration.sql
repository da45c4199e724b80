-- Written by hand (from `prisma migrate dev --create-only`): time partitions on the v7 key.
CREATE TABLE "event_log" (
    "id" UUID NOT NULL DEFAULT uuid_shard.uuidv7(),
    "kind" VARCHAR(20) NOT NULL,

    CONSTRAINT "event_log_pkey" PRIMARY KEY ("id")
) PARTITION BY RANGE ("id");

-- This month, the next two and a default partition; later ones from a nightly job.
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_v7_partition_ddl('public.event_log'::regclass, date_trunc(text 'month', now(), text 'UTC'),
                                                       date_trunc(text 'month', now(), text 'UTC') + interval '3 months',
                                                       interval '1 month', with_default => true) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
