-- The SQL edition's drizzle/0004_accounts.sql: it has no operator class uuid_tail_ops, so core's
-- HASH (id) instead (docs/layouts.md, "The SQL edition"). The Drizzle schema is the same.
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7() NOT NULL,
	"name" text NOT NULL
) PARTITION BY HASH ("id");
--> statement-breakpoint
DO $$
BEGIN
    FOR r IN 0..3 LOOP
        EXECUTE format('CREATE TABLE accounts_h4_%s PARTITION OF accounts FOR VALUES WITH (MODULUS 4, REMAINDER %s)', r, r);
    END LOOP;
END $$;
