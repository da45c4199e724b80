import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // tasks (bucket partitions) has no primary key on the parent: Prisma Migrate keeps off it.
  experimental: { externalTables: true },
  tables: { external: ["public.tasks"] },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
