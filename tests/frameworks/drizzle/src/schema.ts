import { sql } from 'drizzle-orm';
import { boolean, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';

export const events = pgTable('events', {
  // Written exactly as PostgreSQL prints the default back (extension in schema uuid_shard, off
  // the search_path): drizzle-kit push and pull then see no difference.
  id: uuid('id').primaryKey().default(sql`uuid_shard.uuidv7()`),
  ref: varchar('ref', { length: 40 }).notNull().unique(),
  done: boolean('done').notNull().default(false),
});
