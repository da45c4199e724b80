// Prisma 6.19.3's migrate, db pull and migrate diff with the schema engine as WebAssembly
// (engine: "js"), talking to PostgreSQL through @prisma/adapter-pg: the stand-in for Prisma 7's
// schema engine, a binary the Prisma 7 CLI downloads from binaries.prisma.sh before any command.
// The connection comes from PGHOST, PGPORT, PGUSER and PGDATABASE (read by pg).
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;

// Four bugs of @prisma/adapter-pg 6.19.3 and its wasm schema engine, worked around here:
//  1. catalog columns of type `name` and `"char"` fail: "Column type 'name' could not be
//     deserialized", UnsupportedNativeDataType "char";
//  2. a migration is split on every `;` (executeScript, on the database), which breaks
//     `DO $$ ... $$` bodies, or sent as one prepared statement (executeRaw, on the shadow
//     database), which PostgreSQL refuses for more than one command;
//  3. the shadow database is dropped while its pool still holds a connection
//     ("database ... is being accessed by other users").
function fixed(adapter: Adapter): Adapter {
  const a = adapter as any;
  const catalogTypesAsText = (q: any) => {
    const performIO = q.performIO.bind(q);
    q.performIO = async (query: { sql: string }) => {
      // 4. PostgreSQL 18+ keeps NOT NULL constraints in pg_constraint (contype 'n'): the engine's
      //    constraint query returns them and the engine panics ("RuntimeError: unreachable").
      const sql = query.sql.replace("AND contype NOT IN ('p', 'u', 'f')", "AND contype NOT IN ('p', 'u', 'f', 'n')");
      const result = await performIO({ ...query, sql });
      for (const field of result.fields) {
        if (field.dataTypeID === 19 || field.dataTypeID === 18) field.dataTypeID = 25; // name, "char": as text
      }
      return result;
    };
    return q;
  };
  catalogTypesAsText(a);
  const startTransaction = a.startTransaction.bind(a);
  a.startTransaction = async (...args: unknown[]) => catalogTypesAsText(await startTransaction(...args));
  // A script as one simple-protocol query: PostgreSQL splits it itself, $$ bodies intact.
  const simple = async (sql: string) => {
    try {
      const results = await a.client.query(sql);
      return [results].flat().reduce((n: number, r: any) => n + (r.rowCount ?? 0), 0);
    } catch (error) {
      a.onError(error);
    }
  };
  a.executeScript = async (script: string) => void (await simple(script));
  const executeRaw = a.executeRaw.bind(a);
  a.executeRaw = (query: { sql: string; args: unknown[] }) => (query.args.length ? executeRaw(query) : simple(query.sql));
  return adapter;
}

class PrismaPgForMigrate extends PrismaPg {
  async connect() {
    return fixed(await super.connect());
  }

  async connectToShadowDb() {
    const main = await this.connect();
    const database = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
    await main.executeScript(`CREATE DATABASE "${database}"`);
    const shadow = fixed(await new PrismaPg({ ...(this as any).config, database }).connect());
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose(); // closes the shadow pool first ...
      await main.executeScript(`DROP DATABASE "${database}"`); // ... then drops the database
      await main.dispose();
    };
    return shadow;
  }
}

export default defineConfig({
  experimental: { adapter: true, externalTables: true },
  engine: "js",
  tables: { external: ["public.tasks"] },
  // ../prisma/schema.prisma plus the two lines Prisma 6 needs (written by ../check.ts).
  schema: "schema.prisma",
  migrations: { path: process.env.PRISMA_MIGRATIONS ?? "../prisma/migrations" },
  // allowExitOnIdle: the CLI leaves its pool open; without it every command waits 10 s for
  // pg's idle timeout before it exits.
  adapter: async () => new PrismaPgForMigrate({ allowExitOnIdle: true }),
});
