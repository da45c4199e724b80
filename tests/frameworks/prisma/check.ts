// The Prisma recipe of docs/frameworks.md, checked against a scratch cluster: Prisma Client 7
// (with @prisma/adapter-pg) for the keys, queries and partitioned tables; Prisma 6.19.3's migrate
// with its WebAssembly schema engine (v6/) for the migrations, db pull, migrate diff and db push,
// since Prisma 7's CLI downloads its schema engine from binaries.prisma.sh (unreachable here).
// Usage: PG* (PGHOST, PGPORT, PGUSER), UUID_SHARD_MAJOR, UUID_SHARD_EDITION_SQL set; node check.ts
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";

const here = path.dirname(new URL(import.meta.url).pathname);
const v6 = path.join(here, "v6");
const run = path.join(here, ".run"); // scratch files of one run (not shipped)
const version = (dir: string, name: string) => JSON.parse(fs.readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8")).version;
const P7 = `Prisma ${version(here, "prisma")}`; // client 7.10.0, CLI/generator 7.10.1
const P6 = `Prisma ${version(v6, "prisma")}`;
const major = process.env.UUID_SHARD_MAJOR ?? "?";
let failures = 0;
let variant = "native";
const check = (orm: string, ok: boolean, what: string, detail = "") => {
  console.log(ok ? `ok   ${orm} [PG${major} ${variant}]: ${what}` : `FAIL ${orm} [PG${major} ${variant}]: ${what} (${detail})`);
  if (!ok) failures++;
};
const note = (what: string) => console.log(`note [PG${major} ${variant}]: ${what}`);
const isV7 = (u: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u);
const increasing = (ids: string[]) => ids.every((u, i) => i === 0 || ids[i - 1] < u); // lowercase hex: string order = uuid order
const same = (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b);
const nextMs = () => { const t = Date.now(); while (Date.now() <= t + 1); }; // a later millisecond, whatever the load
const DEPLOYED = /successfully applied|No pending migrations|^Error/m;
const strip = (s: string) => s.split("\n").filter((l) => l.trim() && !/WARNING: Your schema specifies|The values from your schema|We recommend you to remove|^- url$|Loaded Prisma config|Prisma config detected|Prisma schema loaded|Datasource "db"/.test(l)).join("\n");

// Prisma 6.19.3's CLI (v6/), against database `db`. `untilLine`: the line that ends the command's
// work; after it `migrate deploy` waits on a 10-second and `db push` on a 60-second timer of the
// wasm engine before the process exits, so the check ends the process there.
function prisma6(db: string, args: string[], env: Record<string, string> = {}, untilLine?: RegExp): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(v6, "node_modules/prisma/build/index.js"), ...args], {
      cwd: v6,
      env: { ...process.env, PGDATABASE: db, DATABASE_URL: `postgresql://localhost/${db}`, CHECKPOINT_DISABLE: "1", ...env },
    });
    let out = "";
    let done = false;
    const finish = (code: number | null) => { if (!done) { done = true; resolve({ code, out: strip(out) }); } };
    const take = (b: Buffer) => {
      out += b;
      if (untilLine && untilLine.test(out)) { child.kill(); finish(/^Error/m.test(out) ? 1 : 0); }
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("close", (code) => finish(code));
    const t0 = Date.now();
    child.on("close", () => process.env.PRISMA_CHECK_TIMES && console.error(`time ${args.slice(0, 2).join(" ")}: ${Date.now() - t0} ms`));
  });
}

async function sql(db: string, text: string, params: unknown[] = []) {
  const c = new pg.Client({ database: db });
  await c.connect();
  try { return (await c.query(text, params)).rows; } finally { await c.end(); }
}

// Catalog facts of the partitioned tables: what no tool may change.
async function layout(db: string) {
  return sql(db, `SELECT c.relname, c.relkind, pt.partstrat,
                         (SELECT string_agg(o.opcname, ',') FROM unnest(pt.partclass) k JOIN pg_opclass o ON o.oid = k) AS opclass,
                         (SELECT count(*) FROM pg_inherits i WHERE i.inhparent = c.oid)::int AS partitions,
                         (SELECT string_agg(ch.relname, ',' ORDER BY ch.relname) FROM pg_inherits i JOIN pg_class ch ON ch.oid = i.inhrelid WHERE i.inhparent = c.oid) AS names
                    FROM pg_class c LEFT JOIN pg_partitioned_table pt ON pt.partrelid = c.oid
                   WHERE c.relname IN ('event_log', 'accounts', 'tasks') AND c.relnamespace = 'public'::regnamespace ORDER BY 1`);
}
async function rowCounts(db: string) {
  const r = await sql(db, `SELECT (SELECT count(*) FROM event_log)::int AS event_log, (SELECT count(*) FROM accounts)::int AS accounts,
                                  (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM events)::int AS events`);
  return r[0];
}

// The migrations of one variant, copied into .run/: the edition's file is the first migration,
// and `accounts` is core HASH (id) there (the edition has no uuid_tail_ops).
function migrationsFor(v: string) {
  const dir = path.join(run, v, "migrations");
  fs.rmSync(path.join(run, v), { recursive: true, force: true });
  fs.cpSync(path.join(here, "prisma/migrations"), dir, { recursive: true });
  if (v === "edition") {
    fs.copyFileSync(process.env.UUID_SHARD_EDITION_SQL!, path.join(dir, "20260101000000_uuid_shard/migration.sql"));
    fs.cpSync(path.join(here, "prisma/edition"), dir, { recursive: true });
  }
  return dir;
}

async function recreate(db: string) {
  await sql("postgres", `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await sql("postgres", `CREATE DATABASE ${db}`);
}

async function main() {
  fs.mkdirSync(run, { recursive: true });
  // Prisma 6 needs `url` in the datasource block and engineType "client" (else it downloads a
  // query engine); Prisma 7 rejects `url` there. v6/schema.prisma = ../prisma/schema.prisma + both.
  fs.writeFileSync(path.join(v6, "schema.prisma"), fs.readFileSync(path.join(here, "prisma/schema.prisma"), "utf8")
    .replace("datasource db {\n", 'datasource db {\n  url      = env("DATABASE_URL")\n')
    .replace("generator client {\n", 'generator client {\n  engineType          = "client"\n'));

  // Prisma 7's CLI: every command first fetches the schema engine from binaries.prisma.sh.
  const cli7 = spawnSync(process.execPath, [path.join(here, "node_modules/prisma/build/index.js"), "migrate", "status"],
    { cwd: here, encoding: "utf8", timeout: 60000, env: { ...process.env, CHECKPOINT_DISABLE: "1", DATABASE_URL: "postgresql://localhost/postgres" } });
  const cliErr = (cli7.stdout + cli7.stderr).split("\n").find((l) => l.startsWith("Error")) ?? `exit ${cli7.status}`;
  note(`${P7} CLI, \`prisma migrate status\`: ${cliErr}`);
  // `prisma generate` too, although it does not run the engine: an existing file in its place will do.
  const gen = spawnSync(process.execPath, [path.join(here, "node_modules/prisma/build/index.js"), "generate"],
    { cwd: here, encoding: "utf8", timeout: 60000, env: { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false" } });
  check(P7, gen.status === 0 && /Generated Prisma Client/.test(gen.stdout), "prisma generate (PRISMA_SCHEMA_ENGINE_BINARY=/bin/false) writes the client", gen.stdout + gen.stderr);
  const { PrismaClient, Prisma } = await import("./generated/prisma/client.ts");

  for (variant of ["native", "edition"]) {
    if (variant === "edition" && !fs.existsSync(process.env.UUID_SHARD_EDITION_SQL ?? "")) {
      check(P6, false, "the SQL edition migration file", `UUID_SHARD_EDITION_SQL=${process.env.UUID_SHARD_EDITION_SQL}`);
      continue;
    }
    const db = `prisma_${variant}`;
    await recreate(db);
    const migrations = migrationsFor(variant);
    const env = { PRISMA_MIGRATIONS: migrations };

    // 1. The extension (or the edition) by a migration, then the tables, with migrate deploy.
    let r = await prisma6(db, ["migrate", "deploy"], env, DEPLOYED);
    const applied = await sql(db, "SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL").catch(() => [{ n: 0 }]);
    check(P6, r.code === 0 && applied[0].n === fs.readdirSync(migrations).filter((d) => /^\d/.test(d)).length,
      `migrate deploy applies the ${applied[0].n} migrations (the ${variant === "native" ? "extension" : "SQL edition"} first)`, r.out);
    const ext = await sql(db, `SELECT (SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard') AS ext,
                                      to_regprocedure('uuid_shard.uuidv7()') IS NOT NULL AS fn`);
    check(P6, variant === "native" ? ext[0].ext !== null && ext[0].fn : ext[0].ext === null && ext[0].fn,
      variant === "native" ? `CREATE EXTENSION uuid_shard SCHEMA uuid_shard by a migration (${ext[0].ext})` : "the edition's DO statement by a migration: uuid_shard.uuidv7() exists, no extension", JSON.stringify(ext));
    if (variant === "edition") {
      const again = await sql(db, fs.readFileSync(process.env.UUID_SHARD_EDITION_SQL!, "utf8")).then(() => "ok", (e) => e.message);
      check(P6, again === "ok", "the edition's migration runs a second time without error", again);
      const tail = await sql(db, "CREATE TABLE tail_try (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops)").then(() => "created", (e) => `${e.code} ${e.message}`);
      check(P6, /^42704 operator class "uuid_shard.uuid_tail_ops" does not exist/.test(tail), "no tail-hash layout with the edition: accounts is core HASH (id) here", tail);
      note(`PARTITION BY HASH (id uuid_shard.uuid_tail_ops) with the edition: ${tail}`);
    }

    // 2. No drift: the migrations replayed into a shadow database = the schema.
    r = await prisma6(db, ["migrate", "diff", "--from-migrations", migrations, "--to-schema-datamodel", "schema.prisma", "--exit-code"], env);
    check(P6, r.code === 0, "migrate diff --from-migrations --to-schema-datamodel --exit-code: no difference (dbgenerated(\"uuid_shard.uuidv7()\") is stable)", r.out);
    // The trap (Prisma issues #7592, #14420): Prisma compares the default's text with what
    // PostgreSQL prints back, so an equivalent spelling is a change on every diff.
    const trap = path.join(run, variant, "trap.prisma");
    fs.writeFileSync(trap, fs.readFileSync(path.join(v6, "schema.prisma"), "utf8").replace('dbgenerated("uuid_shard.uuidv7()")', 'dbgenerated("(uuid_shard.uuidv7())")'));
    r = await prisma6(db, ["migrate", "diff", "--from-migrations", migrations, "--to-schema-datamodel", trap, "--script"], env);
    check(P6, /ALTER TABLE "events" ALTER COLUMN "id" SET DEFAULT \(uuid_shard\.uuidv7\(\)\);/.test(r.out) && r.code === 0,
      'the trap: dbgenerated("(uuid_shard.uuidv7())"), the same default in parentheses, is an ALTER ... SET DEFAULT on every diff', r.out);
    r = await prisma6(db, ["migrate", "dev", "--create-only", "--name", "next", "--skip-generate"], env);
    const next = fs.readdirSync(migrations).find((d) => d.endsWith("_next"));
    const nextSql = next ? fs.readFileSync(path.join(migrations, next, "migration.sql"), "utf8").trim() : "(none)";
    check(P6, nextSql === "-- This is an empty migration.", "migrate dev --create-only writes an empty migration (no drift)", nextSql);
    note(`${P6} migrate dev --create-only exits ${r.code}: ${r.out.split("\n").filter((l) => /^Error/.test(l)).join("; ") || "no error"}`);
    if (next) fs.rmSync(path.join(migrations, next), { recursive: true });

    // 3. Keys from Prisma Client 7, single and bulk, in insert order.
    const prisma = new PrismaClient({ adapter: new PrismaPg({ database: db }) });
    try {
      const one = await prisma.event.create({ data: { ref: "one" } });
      check(P7, isV7(one.id), `event.create() returns the database's key: ${isV7(one.id) ? "v7" : one.id}`);
      const refs = Array.from({ length: 200 }, (_, i) => `r${i}`);
      const back = await prisma.event.createManyAndReturn({ data: refs.map((ref) => ({ ref })), select: { id: true, ref: true } });
      check(P7, same(back.map((e) => e.ref), refs), `createManyAndReturn() of ${refs.length} rows: rows come back in insert order (checked by ref)`);
      check(P7, back.every((e) => isV7(e.id)) && increasing([one.id, ...back.map((e) => e.id)]), "keys are v7 and increase in insert order");
      const many = await prisma.event.createMany({ data: [{ ref: "c1" }, { ref: "c2" }] });
      check(P7, JSON.stringify(many) === '{"count":2}', `createMany() returns only a count: ${JSON.stringify(many)}`);

      // 4. Bucket and time range.
      const all = await prisma.$queryRaw<{ id: string; b: number }[]>`SELECT id::text, uuid_shard.uuid_bucket(id, 4) AS b FROM events`;
      const want2 = all.filter((x) => x.b === 2).map((x) => x.id).sort();
      const got2 = (await prisma.$queryRaw<{ id: string }[]>`SELECT id::text FROM events WHERE uuid_shard.uuid_bucket(id, 4) = ${2} ORDER BY id`).map((x) => x.id);
      check(P7, want2.length > 0 && same(got2, want2), `$queryRaw WHERE uuid_shard.uuid_bucket(id, 4) = 2: exactly the rows of bucket 2 (of ${all.length})`);
      const ids2 = await prisma.event.findMany({ where: { id: { in: got2 } }, orderBy: { id: "asc" }, select: { id: true } });
      check(P7, same(ids2.map((e) => e.id), got2), "the bucket's keys then feed the query API (findMany where id in)");
      nextMs();
      const [{ t: t1 }] = await prisma.$queryRaw<{ t: Date }[]>`SELECT clock_timestamp() AS t`;
      nextMs();
      const inside = await prisma.event.createManyAndReturn({ data: Array.from({ length: 10 }, (_, i) => ({ ref: `in${i}` })), select: { id: true } });
      nextMs();
      const [{ t: t2 }] = await prisma.$queryRaw<{ t: Date }[]>`SELECT clock_timestamp() AS t`;
      nextMs();
      await prisma.event.create({ data: { ref: "late" } });
      const [{ lo, hi }] = await prisma.$queryRaw<{ lo: string; hi: string }[]>`SELECT uuid_shard.uuid_v7_boundary(${t1}::timestamptz)::text AS lo, uuid_shard.uuid_v7_boundary(${t2}::timestamptz)::text AS hi`;
      const range = await prisma.event.findMany({ where: { id: { gte: lo, lt: hi } }, orderBy: { id: "asc" }, select: { id: true } });
      check(P7, same(range.map((e) => e.id), inside.map((e) => e.id).sort()), `findMany({ where: { id: { gte: uuid_v7_boundary(t1), lt: uuid_v7_boundary(t2) } } }): exactly the ${inside.length} rows of [t1, t2)`);
      const rawRange = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`SELECT id::text FROM events WHERE id >= uuid_shard.uuid_v7_boundary(${t1}::timestamptz) AND id < uuid_shard.uuid_v7_boundary(${t2}::timestamptz) ORDER BY id`);
      check(P7, same(rawRange.map((e) => e.id), range.map((e) => e.id)), "the same range in one $queryRaw");

      // Prisma's own uuid(7), made in JavaScript, beside the database's keys in one table.
      const before = Date.now();
      const n1 = await prisma.note.create({ data: { body: "client" } });
      const after = Date.now();
      const [{ ms }] = await prisma.$queryRaw<{ ms: number }[]>`SELECT (extract(epoch FROM uuid_shard.uuid_v7_time(${n1.id}::uuid)) * 1000)::float8 AS ms`;
      check(P7, isV7(n1.id) && ms >= before && ms <= after, "@default(uuid(7)): a v7 key made by Prisma Client, its time is the create() call's millisecond");
      const notes = await prisma.note.createManyAndReturn({ data: Array.from({ length: 100 }, (_, i) => ({ body: `m${i}` })), select: { id: true, body: true } });
      check(P7, notes.every((x, i) => x.body === `m${i}` && isV7(x.id)) && increasing(notes.map((x) => x.id)), "uuid(7) keys of one createManyAndReturn() increase in list order (a counter within a millisecond)");
      const order: string[] = [];
      for (let i = 0; i < 10; i++) {
        nextMs();
        order.push((await prisma.note.create({ data: { body: `c${i}` } })).id);
        nextMs();
        order.push((await prisma.$queryRaw<{ id: string }[]>`INSERT INTO notes (id, body) VALUES (uuid_shard.uuidv7(), ${`d${i}`}) RETURNING id::text`)[0].id);
      }
      check(P7, increasing(order), "Prisma's and the database's keys, made a millisecond apart, sort in insert order in one table");
      note("within one millisecond the order of a uuid(7) key and a database key is not the insert order: Prisma's 12 bits after the millisecond start at a random counter, the database's are the fraction of the millisecond");

      // 5. Partitioned tables through the client.
      const logs = await prisma.eventLog.createManyAndReturn({ data: Array.from({ length: 30 }, (_, i) => ({ kind: `k${i}` })), select: { id: true } });
      const where = await sql(db, "SELECT DISTINCT tableoid::regclass::text AS p FROM event_log");
      const month = await sql(db, "SELECT 'event_log_p' || to_char(date_trunc('month', now(), 'UTC') AT TIME ZONE 'UTC', 'YYYYMMDD') AS p");
      check(P7, logs.length === 30 && increasing(logs.map((x) => x.id)) && same(where.map((x) => x.p), [month[0].p]), `eventLog.createManyAndReturn(): 30 v7 keys, all in this month's partition ${month[0].p}`);
      const accs = await prisma.account.createManyAndReturn({ data: Array.from({ length: 40 }, (_, i) => ({ name: `a${i}` })), select: { id: true } });
      const spread = await sql(db, variant === "native"
        ? "SELECT count(DISTINCT tableoid)::int AS parts, count(*) FILTER (WHERE tableoid::regclass::text <> 'accounts_h4_' || uuid_shard.uuid_tail_remainder(id, 4))::int AS wrong FROM accounts"
        : "SELECT count(DISTINCT tableoid)::int AS parts, 0 AS wrong FROM accounts");
      const found = await prisma.account.findUnique({ where: { id: accs[7].id } });
      check(P7, accs.length === 40 && spread[0].wrong === 0 && spread[0].parts > 1 && found?.id === accs[7].id,
        `account.createManyAndReturn(): 40 rows over ${spread[0].parts} ${variant === "native" ? "tail-hash partitions, each where uuid_tail_remainder(id, 4) says" : "core hash partitions"}; findUnique by key`);
      const tasks = await prisma.task.createManyAndReturn({ data: Array.from({ length: 40 }, (_, i) => ({ payload: `t${i}` })), select: { id: true } });
      const tb = await sql(db, "SELECT count(DISTINCT tableoid)::int AS parts, count(*) FILTER (WHERE tableoid::regclass::text <> 'tasks_b' || uuid_shard.uuid_bucket(id, 4))::int AS wrong FROM tasks");
      const t2nd = await prisma.task.findUnique({ where: { id: tasks[3].id } });
      check(P7, tasks.length === 40 && tb[0].wrong === 0 && tb[0].parts > 1 && t2nd?.id === tasks[3].id,
        `task.createManyAndReturn(): 40 rows, each in partition tasks_b<uuid_bucket(id, 4)>; findUnique by key (the model's @id, external table)`);
    } finally {
      await prisma.$disconnect();
    }

    // 5b. The tools on the partitioned tables: db pull, migrate diff, db push.
    const lay0 = await layout(db);
    const rows0 = await rowCounts(db);
    note(`layout: ${lay0.map((t) => `${t.relname} ${t.relkind}/${t.partstrat}/${t.opclass}/${t.partitions}`).join(", ")}`);
    r = await prisma6(db, ["db", "pull", "--print"], env);
    const models = [...r.out.matchAll(/^model (\w+) \{/gm)].map((m) => m[1]);
    const partNames = lay0.flatMap((t) => (t.names ?? "").split(","));
    check(P6, r.code === 0 && ["EventLog", "Account"].every((m) => models.includes(m)) && !partNames.some((p) => r.out.includes(p)) && !/partition|opclass|uuid_tail_ops/i.test(r.out.split("// These")[0].replace(/\/\/\/ This table is a partition table[^\n]*/g, "").replace(/\/\/\/[^\n]*/g, "")),
      `db pull: a model for each parent, none for the ${partNames.length} partitions, nothing of the partitioning or the operator class`, r.out);
    const taskModel = /model Task \{[^}]*\}/.exec(r.out)?.[0] ?? "";
    check(P6, /@@ignore/.test(taskModel) && !/@id/.test(taskModel), "db pull writes tasks (no primary key on the parent) without @id and with @@ignore: Prisma Client would lose it", taskModel);
    note(`db pull lists as partition tables: ${(/These tables are partition tables[^\n]*\n((?:\/\/ +- [^\n]*\n)*)/.exec(r.out + "\n")?.[1] ?? "").replace(/\/\/ +- /g, "").trim().split("\n").join(", ")}`);

    // The nightly job adds a partition: no tool may see drift in that.
    await sql(db, `DO $$ DECLARE ddl text; BEGIN FOR ddl IN SELECT uuid_shard.uuid_v7_partition_ddl('public.event_log'::regclass, now(), now() + interval '5 months') LOOP EXECUTE ddl; END LOOP; END $$`);
    const lay1 = await layout(db);
    r = await prisma6(db, ["migrate", "diff", "--from-migrations", migrations, "--to-schema-datamodel", "schema.prisma", "--exit-code"], env);
    check(P6, r.code === 0, `after the nightly job (event_log: ${lay1.find((t) => t.relname === "event_log").partitions} partitions), migrate diff still reports no difference`, r.out);
    r = await prisma6(db, ["db", "push", "--skip-generate"], env, /already in sync|now in sync|Error|data loss/);
    const lay2 = await layout(db);
    const rows2 = await rowCounts(db);
    check(P6, /already in sync/.test(r.out) && same(lay2, lay1) && same(rows2, rows0),
      "db push with the recipe's settings: already in sync; parents, partitions, opclass and every row kept", `${r.out} ${JSON.stringify(lay2)} ${JSON.stringify(rows2)}`);
    note(`${P6} migrate deploy and db push print their result, then wait on a 10- and a 60-second timer of the wasm engine before they exit: the check ends them after the result line`);

    // Without the settings, in a throwaway database: the same migrations and rows, then the schema
    // of a user who kept no model for tasks, and the config without tables.external.
    const tdb = `prisma_${variant}_throwaway`;
    await recreate(tdb);
    await prisma6(tdb, ["migrate", "deploy"], env, DEPLOYED);
    await sql(tdb, "INSERT INTO tasks (payload) SELECT 'x' || g FROM generate_series(1, 40) g; INSERT INTO event_log (kind) SELECT 'x' FROM generate_series(1, 40)");
    const unsafeSchema = path.join(run, variant, "no-tasks.prisma");
    fs.writeFileSync(unsafeSchema, fs.readFileSync(path.join(v6, "schema.prisma"), "utf8").replace(/\n\/\/ Bucket partitions[\s\S]*$/, "\n"));
    const unsafeConfig = path.join(v6, ".unsafe.config.ts");
    fs.writeFileSync(unsafeConfig, 'import config from "./prisma.config.ts";\nexport default { ...config, tables: { external: [] } };\n');
    try {
      r = await prisma6(tdb, ["migrate", "diff", "--from-migrations", migrations, "--to-schema-datamodel", unsafeSchema, "--script"], { ...env }, undefined);
      // with tables.external (the recipe's config) even a schema without Task keeps tasks:
      check(P6, /empty migration/.test(r.out), "tables.external keeps tasks even from a schema without its model: migrate diff is empty", r.out);
      r = await prisma6(tdb, ["migrate", "diff", "--config", unsafeConfig, "--from-migrations", migrations, "--to-schema-datamodel", unsafeSchema, "--script"], env);
      check(P6, /DROP TABLE "tasks"/.test(r.out) && !/event_log|accounts/.test(r.out), "without tables.external and without a Task model, migrate diff writes DROP TABLE \"tasks\" (and nothing for the other partitioned tables)", r.out);
      r = await prisma6(tdb, ["migrate", "diff", "--config", unsafeConfig, "--from-migrations", migrations, "--to-schema-datamodel", "schema.prisma", "--script"], env);
      check(P6, /ADD CONSTRAINT "tasks_pkey" PRIMARY KEY/.test(r.out), "without tables.external, the Task model's @id makes migrate diff add a primary key PostgreSQL refuses on this parent", r.out);
      r = await prisma6(tdb, ["db", "push", "--config", unsafeConfig, "--schema", unsafeSchema, "--skip-generate"], env, /already in sync|now in sync|Error|data loss/);
      const kept = await rowCounts(tdb);
      check(P6, /data loss/i.test(r.out) && kept.tasks === 40, "db push without the settings stops at its data-loss warning (tasks kept)", r.out);
      r = await prisma6(tdb, ["db", "push", "--config", unsafeConfig, "--schema", unsafeSchema, "--skip-generate", "--accept-data-loss"], env, /now in sync|Error/);
      const gone = await sql(tdb, "SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'tasks%' AND relkind IN ('r', 'p')");
      const lay3 = await layout(tdb);
      check(P6, gone[0].n === 0 && lay3.find((t) => t.relname === "event_log")?.relkind === "p",
        `db push --accept-data-loss without the settings drops tasks, its 4 partitions and its 40 rows (throwaway database); event_log stays partitioned`, `${r.out} ${gone[0].n}`);
    } finally {
      fs.rmSync(unsafeConfig, { force: true });
      await sql("postgres", `DROP DATABASE IF EXISTS ${tdb}`);
    }
  }
}

main().catch((e) => check("Prisma", false, "error", e.stack ?? String(e))).finally(() => {
  console.log(`prisma: ${failures === 0 ? "all checks passed" : `${failures} checks FAILED`}`);
  process.exit(failures ? 1 : 0);
});
