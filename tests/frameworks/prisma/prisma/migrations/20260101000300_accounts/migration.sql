-- Written by hand: tail-hash partitions (native extension only: uuid_tail_ops is an operator class).
CREATE TABLE "accounts" (
    "id" UUID NOT NULL DEFAULT uuid_shard.uuidv7(),
    "name" TEXT NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
) PARTITION BY HASH ("id" uuid_shard.uuid_tail_ops);

DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_tail_partition_ddl('public.accounts'::regclass, 4) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;
