// drizzle-kit generate / migrate / pull. The connection comes from the PG* variables.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/schema.ts', './src/partitioned.ts'],
  out: './drizzle',
  dbCredentials: {
    host: process.env.PGHOST!,
    port: Number(process.env.PGPORT),
    user: process.env.PGUSER,
    database: process.env.PGDATABASE!,
    ssl: false, // drizzle-kit asks for SSL unless told not to (over a unix socket that fails)
  },
  // pull and push read partitions as plain tables and cannot see a partitioned parent: leave
  // the partitions out (the names uuid_v7_partition_ddl, uuid_bucket_partition_ddl and
  // uuid_tail_partition_ddl give them).
  tablesFilter: ['!event_log_p[0-9]*', '!event_log_default', '!jobs_b[0-9]*', '!accounts_h[0-9]*_[0-9]*'],
});
