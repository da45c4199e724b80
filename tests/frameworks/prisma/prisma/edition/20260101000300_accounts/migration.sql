-- The SQL edition has no uuid_tail_ops: core's hash of the uuid, four partitions.
CREATE TABLE "accounts" (
    "id" UUID NOT NULL DEFAULT uuid_shard.uuidv7(),
    "name" TEXT NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
) PARTITION BY HASH ("id");

CREATE TABLE "accounts_h4_0" PARTITION OF "accounts" FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE "accounts_h4_1" PARTITION OF "accounts" FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE "accounts_h4_2" PARTITION OF "accounts" FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE "accounts_h4_3" PARTITION OF "accounts" FOR VALUES WITH (MODULUS 4, REMAINDER 3);
