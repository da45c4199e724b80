import { sql } from 'drizzle-orm';
import { pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';

// Partitioned tables. drizzle-kit cannot write PARTITION BY: `drizzle-kit generate` wrote each
// CREATE TABLE and the migration was then edited by hand (drizzle/0002_event_log.sql, ...).
// drizzle-kit push must not see this file: drizzle.push.config.ts leaves it out.

// Time partitions: RANGE (id), partitions from uuid_v7_partition_ddl.
export const eventLog = pgTable('event_log', {
  id: uuid('id').primaryKey().default(sql`uuid_shard.uuidv7()`),
  kind: varchar('kind', { length: 20 }).notNull(),
});

// Bucket partitions: LIST (uuid_bucket(id, 4)). The parent has no primary key (an expression
// partition key); each partition gets its own on id.
export const jobs = pgTable('jobs', {
  id: uuid('id').notNull().default(sql`uuid_shard.uuidv7()`),
  payload: text('payload'),
});

// Tail-hash partitions: HASH (id uuid_shard.uuid_tail_ops), native extension only.
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().default(sql`uuid_shard.uuidv7()`),
  name: text('name').notNull(),
});
