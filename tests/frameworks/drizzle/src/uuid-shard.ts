import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// The extension's functions for queries, schema-qualified. n is written into the SQL, not bound:
// the expression then matches a partition key or an index on uuid_bucket(id, n).
export const uuidBucket = (id: AnyPgColumn, n: number) =>
  sql<number>`uuid_shard.uuid_bucket(${id}, ${sql.raw(String(Math.trunc(n)))})`;
export const uuidV7Boundary = (t: Date) => sql`uuid_shard.uuid_v7_boundary(${t})`;
