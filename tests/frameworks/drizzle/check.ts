// Runs the Drizzle recipe of docs/frameworks.md on one PostgreSQL server, once with the native
// extension and once with the SQL edition, and checks what the page claims. From this folder:
//   PGHOST=... PGPORT=... PGUSER=postgres UUID_SHARD_MAJOR=13 UUID_SHARD_EDITION_SQL=... node check.ts
// It creates (dropping first) the databases drizzle_native, drizzle_edition and their
// throwaway copies drizzle_*_scratch, and writes only into .run/pg<major>/. Exit status 1 on any FAIL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { accounts, eventLog, jobs } from './src/partitioned.ts';
import { events } from './src/schema.ts';
import { uuidBucket, uuidV7Boundary } from './src/uuid-shard.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
// The npm package uuid-shard (packages/js), from its source: the bucket and tail formulas.
const ref = require('../../../packages/js/uuid_shard.cjs');
const version = (p: string) => JSON.parse(fs.readFileSync(path.join(here, 'node_modules', p, 'package.json'), 'utf8')).version;
const ORM = `drizzle-orm ${version('drizzle-orm')}`;
const major = Number(process.env.UUID_SHARD_MAJOR);
const editionSql = process.env.UUID_SHARD_EDITION_SQL ?? '';
const kitBin = path.join(here, 'node_modules/drizzle-kit/bin.cjs');
// Scratch files of this major's run (the majors may run side by side in this folder).
const runRel = `.run/pg${major}`;
const run = path.join(here, runRel);

const isV7 = (u: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u);
const increasing = (ids: string[]) => ids.every((u, i) => i === 0 || ids[i - 1] < u); // lower-case hex: text order = uuid order
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function admin(statements: string[]) {
  const c = new pg.Client({ database: 'postgres' });
  await c.connect();
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
}
const recreate = (db: string, template?: string) =>
  admin([`DROP DATABASE IF EXISTS ${db}`, `CREATE DATABASE ${db}${template ? ` TEMPLATE ${template}` : ''}`]);

async function withPool<T>(db: string, f: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ database: db, max: 2 });
  try {
    return await f(pool);
  } finally {
    await pool.end();
  }
}

// drizzle-kit as a CI job runs it: no terminal (stdin is an empty pipe). Output without colours
// and spinner lines.
function kit(db: string, ...args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [kitBin, ...args], { cwd: here, env: { ...process.env, PGDATABASE: db }, stdio: ['pipe', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.stdin.end();
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      const out = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split('\n')
        .filter((l) => l.trim() && !/^\[.\] .*(fetching|Pulling schema)/.test(l) && !/^\s+at (?!tablesResolver)/.test(l)).join('\n');
      resolve({ status, out });
    });
  });
}
const statementsOf = (out: string) => out.split('\n').filter((l) => /^(CREATE|DROP|ALTER) /.test(l));
const summary = (stmts: string[]) => {
  const n = new Map<string, number>();
  for (const s of stmts) {
    const k = s.replace(/"[^"]*_(p\d{8}|default|b\d+|h\d+_\d+)"/g, '"<partition>"').replace(/\s*\($/, '');
    n.set(k, (n.get(k) ?? 0) + 1);
  }
  return [...n].map(([k, c]) => (c > 1 ? `${c} x ${k}` : k)).join('; ') || 'nothing';
};

// Parents, partition keys (with the operator class), partitions and rows of the partitioned tables.
async function partitionState(db: string) {
  return withPool(db, async (pool) => {
    const rels = (await pool.query(`
      SELECT c.relname, c.relkind::text AS kind, pg_get_partkeydef(c.oid) AS key,
             (SELECT count(*)::int FROM pg_inherits i WHERE i.inhparent = c.oid) AS parts
        FROM pg_class c
       WHERE c.relnamespace = 'public'::regnamespace AND c.relname IN ('event_log', 'jobs', 'accounts')
       ORDER BY c.relname`)).rows;
    const out: Record<string, { kind: string; key: string; parts: number; rows: number }> = {};
    for (const r of rels) {
      const rows = Number((await pool.query(`SELECT count(*) FROM ${r.relname}`)).rows[0].count);
      out[r.relname] = { kind: r.kind, key: r.key, parts: r.parts, rows };
    }
    return out;
  });
}
type State = Awaited<ReturnType<typeof partitionState>>;
const describe = (s: State) =>
  Object.entries(s).map(([t, v]) => `${t}: ${v.kind === 'p' ? `partitioned ${v.key}` : `relkind ${v.kind}`}, ${v.parts} partitions, ${v.rows} rows`).join('; ');
const totals = (s: State) => Object.values(s).reduce((a, v) => ({ parts: a.parts + v.parts, rows: a.rows + v.rows }), { parts: 0, rows: 0 });

// Which function a column default calls, read from the catalog (not from its text).
async function defaultOf(db: string, table: string) {
  return withPool(db, async (pool) => (await pool.query(`
    SELECT pg_get_expr(d.adbin, d.adrelid) AS text, p.pronamespace::regnamespace::text || '.' || p.proname AS fn
      FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
      LEFT JOIN pg_proc p ON p.oid = (regexp_match(d.adbin, ':funcid (\\d+)'))[1]::oid
     WHERE d.adrelid = $1::regclass AND a.attname = 'id'`, [table])).rows[0]);
}

async function variant(kind: 'native' | 'edition', lines: string[]) {
  const label = `PG${major} ${kind}`;
  const check = (ok: boolean, what: string, detail = '') =>
    lines.push(ok ? `ok   ${ORM} [${label}]: ${what}` : `FAIL ${ORM} [${label}]: ${what} (${detail || 'not as expected'})`);
  const note = (what: string) => lines.push(`note ${ORM} [${label}]: ${what}`);
  // A config under .run/pg<major>/ for one test, derived from one of the project's configs.
  const config = (name: string, from: string, body: string) => {
    fs.writeFileSync(path.join(run, `${name}-${kind}.config.ts`), `import base from '../../${from}';\nconst c: any = { ...base };\n${body}\nexport default c;\n`);
    return `--config=${runRel}/${name}-${kind}.config.ts`;
  };
  const db = `drizzle_${kind}`;
  const scratch = `drizzle_${kind}_scratch`;
  const native = kind === 'native';

  // 1. The extension by a migration. The native project's migrations are ./drizzle; the edition's
  // are the same with 0000 holding the edition's migration file (copied in here, never committed)
  // and 0004 with core HASH (id) for the tail-hash table (edition/0004_accounts.sql).
  let cfg = '--config=drizzle.config.ts';
  let out = path.join(here, 'drizzle');
  if (!native) {
    out = path.join(run, 'edition/drizzle');
    fs.cpSync(path.join(here, 'drizzle'), out, { recursive: true });
    fs.copyFileSync(editionSql, path.join(out, '0000_uuid_shard.sql'));
    // First as written for the native extension: the tail-hash migration cannot run there.
    await recreate(scratch);
    const r = await kit(scratch, 'migrate', config('edition-tail', 'drizzle.config.ts', `c.out = './${runRel}/edition/drizzle';`));
    check(r.status === 1 && !/uuid_tail_ops|error/i.test(r.out),
      'drizzle-kit migrate with the native 0004 (HASH (id uuid_shard.uuid_tail_ops)) on the edition: exit status 1 and NO error message', `status ${r.status}: ${r.out.slice(-300)}`);
    // drizzle-orm's migrate(), the same migrator run from code, says why.
    const error = await withPool(scratch, (p) => migrate(drizzle(p), { migrationsFolder: out }).then(() => null, (e) => e.cause ?? e));
    const left = await withPool(scratch, async (p) => (await p.query(
      `SELECT count(*)::int AS n FROM pg_class WHERE relnamespace IN ('public'::regnamespace, coalesce(to_regnamespace('uuid_shard'), 0))`)).rows[0].n);
    check(error?.code === '42704' && /uuid_tail_ops/.test(error.message) && left === 0,
      `migrate() from drizzle-orm/node-postgres/migrator throws ${error?.code} "${error?.message}"; all 5 migrations rolled back (one transaction)`,
      `${error?.code} ${error?.message}, ${left} relations left`);
    fs.copyFileSync(path.join(here, 'edition/0004_accounts.sql'), path.join(out, '0004_accounts.sql'));
    cfg = config('edition', 'drizzle.config.ts', `c.out = './${runRel}/edition/drizzle';`);
  }
  await recreate(db);
  let r = await kit(db, 'migrate', cfg);
  const installed = await withPool(db, async (p) => (await p.query(`
    SELECT (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'uuid_shard') AS ext,
           to_regprocedure('uuid_shard.uuidv7()') IS NOT NULL AS fn,
           (SELECT string_agg(relname || ':' || relkind::text, ' ' ORDER BY relname) FROM pg_class
             WHERE relnamespace = 'public'::regnamespace AND relname IN ('events', 'event_log', 'jobs', 'accounts')) AS tables,
           (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS applied`)).rows[0]);
  check(r.status === 0 && (native ? installed.ext === 'uuid_shard' : installed.ext === null && installed.fn)
          && installed.tables === 'accounts:p event_log:p events:r jobs:p' && installed.applied === 5,
    `drizzle-kit migrate: ${native ? 'CREATE EXTENSION uuid_shard SCHEMA uuid_shard' : 'the edition (no extension, functions in schema uuid_shard)'}, events and 3 partitioned parents, 5 migrations`,
    `status ${r.status}, ${JSON.stringify(installed)} ${r.out.slice(-300)}`);
  r = await kit(db, 'migrate', cfg);
  const applied = await withPool(db, async (p) => (await p.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n);
  check(r.status === 0 && applied === 5, `drizzle-kit migrate again: nothing to apply (${applied} migrations recorded)`);
  if (!native) {
    const again = await withPool(db, async (p) => p.query(fs.readFileSync(editionSql, 'utf8')).then(() => 'ok', (e) => e.message));
    check(again === 'ok', 'the edition migration file run a second time succeeds', again);
  }

  // 2. The default, and no drift.
  const def = await defaultOf(db, 'events');
  check(def.text === 'uuid_shard.uuidv7()' && def.fn === 'uuid_shard.uuidv7',
    `events.id DEFAULT prints back as ${def.text} and calls ${def.fn}`, JSON.stringify(def));
  const files = () => fs.readdirSync(out).length + fs.readdirSync(path.join(out, 'meta')).length;
  const before = files();
  r = await kit(db, 'generate', cfg);
  check(r.status === 0 && /No schema changes/.test(r.out) && files() === before, 'drizzle-kit generate: "No schema changes", no file written', r.out.slice(-300));
  const state0 = await partitionState(db);
  rmrf(path.join(run, `pull-${kind}`));
  r = await kit(db, 'pull', config('pull', 'drizzle.config.ts', `c.out = './${runRel}/pull-${kind}';`));
  const pulled = readIf(path.join(run, `pull-${kind}/schema.ts`));
  check(r.status === 0 && pulled.includes('id: uuid().default(sql`uuid_shard.uuidv7()`).primaryKey().notNull()') && tablesIn(pulled).join() === 'events',
    'drizzle-kit pull (with tablesFilter) writes events only, id: uuid().default(sql`uuid_shard.uuidv7()`)', `tables ${tablesIn(pulled)}; ${r.out.slice(-300)}`);
  r = await kit(db, 'generate', config('pulled', 'drizzle.config.ts', `c.schema = './${runRel}/pull-${kind}/schema.ts'; c.out = './${runRel}/pull-${kind}';`));
  check(r.status === 0 && /No schema changes/.test(r.out), 'drizzle-kit generate on the pulled schema against the pull\'s snapshot: "No schema changes"', r.out.slice(-300));

  // 3. Keys back from inserts, in order.
  let statements = 0;
  const pool = new pg.Pool({ database: db, max: 2 });
  const orm = drizzle(pool, { logger: { logQuery: () => void statements++ } });
  try {
    const [one] = await orm.insert(events).values({ ref: 'one' }).returning({ id: events.id });
    check(isV7(one.id), `insert(events).values({...}).returning(): a v7 key`, one.id);
    const rows = Array.from({ length: 500 }, (_, i) => ({ ref: `r${i}` }));
    statements = 0;
    const back = await orm.insert(events).values(rows).returning({ id: events.id, ref: events.ref });
    check(statements === 1 && back.length === rows.length, `insert of ${rows.length} rows: ${statements} statement, ${back.length} keys returned`);
    check(back.every((b, i) => b.ref === `r${i}`), 'bulk .returning() rows come in insert order (checked by ref)');
    check(back.every((b) => isV7(b.id)) && increasing([one.id, ...back.map((b) => b.id)]), 'keys are v7 and increase in insert order');

    // 4. A worker's bucket and a time range through the query builder.
    const all = (await orm.select({ id: events.id }).from(events)).map((e) => e.id);
    const mine = (await orm.select({ id: events.id }).from(events).where(eq(uuidBucket(events.id, 4), 2)).orderBy(asc(events.id))).map((e) => e.id);
    const want = all.filter((u) => ref.bucket(u, 4) === 2).sort();
    check(mine.length > 0 && mine.length < all.length && same(mine, want),
      "where(eq(uuidBucket(events.id, 4), 2)): exactly the keys whose bucket (reference implementation) is 2, some but not all");
    await sleep(5);
    const t1 = (await pool.query('SELECT clock_timestamp() AS t')).rows[0].t as Date;
    await sleep(5);
    const inside = (await orm.insert(events).values(Array.from({ length: 10 }, (_, i) => ({ ref: `in${i}` }))).returning({ id: events.id })).map((e) => e.id);
    await sleep(5);
    const t2 = (await pool.query('SELECT clock_timestamp() AS t')).rows[0].t as Date;
    await sleep(5);
    await orm.insert(events).values({ ref: 'late' });
    const got = (await orm.select({ id: events.id }).from(events)
      .where(and(gte(events.id, uuidV7Boundary(t1)), lt(events.id, uuidV7Boundary(t2)))).orderBy(asc(events.id))).map((e) => e.id);
    check(same(got, [...inside].sort()), `where(and(gte(events.id, uuidV7Boundary(t1)), lt(events.id, uuidV7Boundary(t2)))): exactly the ${inside.length} rows of [t1, t2)`, `${got.length} rows`);

    // 5. Rows in the partitioned tables, through Drizzle.
    const logs = await orm.insert(eventLog).values(Array.from({ length: 100 }, (_, i) => ({ kind: `k${i % 3}` }))).returning({ id: eventLog.id });
    const jobRows = await orm.insert(jobs).values(Array.from({ length: 200 }, (_, i) => ({ payload: `p${i}` }))).returning({ id: jobs.id });
    const accts = await orm.insert(accounts).values(Array.from({ length: 100 }, (_, i) => ({ name: `a${i}` }))).returning({ id: accounts.id });
    check([...logs, ...jobRows, ...accts].every((x) => isV7(x.id)) && increasing(logs.map((x) => x.id)),
      'inserts into event_log, jobs and accounts return v7 keys, increasing in insert order');
    const where = async (table: string) => new Map((await pool.query(`SELECT id::text, tableoid::regclass::text AS part FROM ${table}`)).rows.map((x) => [x.id, x.part]));
    const logParts = await where('event_log');
    check(logs.every((x) => logParts.get(x.id) !== undefined && logParts.get(x.id) !== 'event_log_default'),
      'event_log: every row in a monthly partition, none in event_log_default');
    const jobParts = await where('jobs');
    check(jobRows.every((x) => jobParts.get(x.id) === `jobs_b${ref.bucket(x.id, 4)}`), 'jobs: every row in jobs_b<k>, k its bucket (reference implementation)');
    const acctParts = await where('accounts');
    check(accts.every((x) => acctParts.get(x.id) !== undefined) && new Set(acctParts.values()).size === 4, 'accounts: the rows spread over its 4 partitions');
    if (native) {
      check(accts.every((x) => acctParts.get(x.id) === `accounts_h4_${ref.tailRemainder(x.id, 4)}`),
        'accounts (uuid_tail_ops): every row in accounts_h4_<r>, r = its tail remainder (reference implementation)');
    } else {
      note('accounts is core HASH (id) on the edition: no uuid_tail_ops, its rows are routed by core\'s seeded hash');
    }
    const q = orm.select().from(jobs).where(eq(uuidBucket(jobs.id, 4), 2)).toSQL();
    const plan = (await pool.query(`EXPLAIN (COSTS OFF) ${q.sql}`, q.params)).rows.map((x) => x['QUERY PLAN']).join('\n');
    const scanned = [...new Set(plan.match(/jobs_b\d/g) ?? [])];
    check(same(scanned, ['jobs_b2']), `the query builder's bucket query on jobs reads one partition (${scanned.join(', ')})`, plan);
    const q2 = orm.select().from(eventLog).where(and(gte(eventLog.id, uuidV7Boundary(t1)), lt(eventLog.id, uuidV7Boundary(t2)))).toSQL();
    const plan2 = (await pool.query(`EXPLAIN (COSTS OFF) ${q2.sql}`, q2.params)).rows.map((x) => x['QUERY PLAN']).join('\n');
    check(/event_log_p\d/.test(plan2) && !/event_log_default/.test(plan2), 'the time-range query on event_log reads no default partition (pruned by uuid_v7_boundary)', plan2);
  } finally {
    await pool.end();
  }

  // 6. What pull, generate and push do to the partitioned tables.
  const state1 = await partitionState(db);
  const expectKey = native ? 'HASH (id uuid_shard.uuid_tail_ops)' : 'HASH (id)';
  check(state1.accounts?.key === expectKey && state1.event_log?.key === 'RANGE (id)' && state1.jobs?.key === 'LIST (uuid_shard.uuid_bucket(id, 4))'
          && totals(state1).parts === 12 && totals(state1).rows === 400 && totals(state0).rows === 0,
    `after the inserts: ${describe(state1)}`);
  const unchanged = async (what: string, target = db, base = state1) => {
    const s = await partitionState(target);
    check(same(s, base), `${what}: parents, keys, operator class, partitions and rows unchanged`, describe(s));
    return s;
  };
  // pull: a partition is an ordinary table to it (relkind 'r'); a parent (relkind 'p') is invisible.
  rmrf(path.join(run, `naive-pull-${kind}`));
  r = await kit(db, 'pull', config('naive-pull', 'drizzle.config.ts', `delete c.tablesFilter; c.out = './${runRel}/naive-pull-${kind}';`));
  const naive = readIf(path.join(run, `naive-pull-${kind}/schema.ts`));
  const t = tablesIn(naive);
  check(r.status === 0 && t.length === 13 && !t.some((x) => ['event_log', 'jobs', 'accounts'].includes(x)) && !/partition|uuid_tail_ops/i.test(naive),
    'drizzle-kit pull without tablesFilter: the 12 partitions as plain pgTable()s, no parent, no PARTITION BY, no operator class', `tables: ${t.join(', ')}`);
  await unchanged('drizzle-kit pull (read only)');

  // push, as CI runs it (no terminal), in a throwaway copy first.
  await recreate(scratch, db);
  r = await kit(scratch, 'push', config('naive-push-full', 'drizzle.config.ts', 'delete c.tablesFilter;'), '--strict=false', '--verbose', '--force');
  check(r.status === 0 && /Interactive prompts require a TTY/.test(r.out) && /at tablesResolver/.test(r.out),
    'drizzle-kit push --force with the partitioned tables declared, no tablesFilter: it asks whether each parent is new or a partition renamed, stops without a terminal, exit status 0', r.out.slice(-300));
  await unchanged('  after that push (throwaway copy)', scratch);
  const plain = config('naive-push-plain', 'drizzle.push.config.ts', 'delete c.tablesFilter;');
  r = await kit(scratch, 'push', plain, '--strict=false', '--verbose');
  const wanted = statementsOf(r.out);
  check(r.status === 0 && /Found data-loss statements/.test(r.out) && /Interactive prompts require a TTY/.test(r.out) && wanted.length === 12 && wanted.every((s) => s.startsWith('DROP TABLE')),
    'drizzle-kit push without tablesFilter (partitioned tables not declared), no --force: wants to DROP all 12 partitions, stops at the data-loss prompt (no terminal), exit status 0', summary(wanted));
  note(`that push would run: ${summary(wanted)}`);
  await unchanged('  after that push (throwaway copy)', scratch);
  r = await kit(scratch, 'push', plain, '--strict=false', '--verbose', '--force');
  const lost = await partitionState(scratch);
  check(totals(lost).parts === 0 && totals(lost).rows === 0 && Object.values(lost).every((v) => v.kind === 'p'),
    `THROWAWAY database: the same push with --force drops all 12 partitions and their ${totals(state1).rows} rows (exit status ${r.status}); the parents stay, empty`, describe(lost));

  if (native) {
    r = await kit(scratch, 'migrate', config('without-tls-setting', 'drizzle.config.ts', 'c.dbCredentials = { ...c.dbCredentials }; delete c.dbCredentials.ssl;'));
    check(r.status === 1 && !/ssl|error/i.test(r.out), 'drizzle.config.ts without ssl: false: drizzle-kit migrate over the unix socket exits 1 and prints no error', r.out.slice(-300));
    r = await kit(scratch, 'push', config('extensions-filter', 'drizzle.push.config.ts', `c.extensionsFilters = ['uuid_shard'];`), '--strict=false');
    check(/Please provide required params/.test(r.out) && !/No changes detected|DROP/.test(r.out),
      'extensionsFilters: [\'uuid_shard\'] is refused ("Please provide required params"): drizzle-kit knows only \'postgis\' there', r.out.slice(-300));
  }

  // The safe settings: drizzle.push.config.ts and the tablesFilter of drizzle.config.ts.
  await recreate(scratch, db);
  r = await kit(scratch, 'push', '--config=drizzle.push.config.ts', '--strict=false', '--verbose', '--force');
  check(r.status === 0 && /No changes detected/.test(r.out), 'drizzle-kit push --force --config=drizzle.push.config.ts (throwaway copy): "No changes detected"', r.out.slice(-300));
  await unchanged('  after that push (throwaway copy)', scratch);
  r = await kit(db, 'push', '--config=drizzle.push.config.ts', '--strict=false', '--verbose');
  check(r.status === 0 && /No changes detected/.test(r.out), 'drizzle-kit push --config=drizzle.push.config.ts on the database itself: "No changes detected"', r.out.slice(-300));
  await unchanged(`  after that push (${db})`);

  // A column added to a partitioned table: generate writes ALTER TABLE on the parent; migrate
  // adds it to every partition (throwaway copy).
  const evolve = path.join(run, `evolve-${kind}`);
  rmrf(evolve);
  fs.cpSync(out, path.join(evolve, 'drizzle'), { recursive: true });
  fs.mkdirSync(path.join(evolve, 'src'));
  fs.copyFileSync(path.join(here, 'src/schema.ts'), path.join(evolve, 'src/schema.ts'));
  fs.writeFileSync(path.join(evolve, 'src/partitioned.ts'), fs.readFileSync(path.join(here, 'src/partitioned.ts'), 'utf8')
    .replace("kind: varchar('kind', { length: 20 }).notNull(),", "kind: varchar('kind', { length: 20 }).notNull(),\n  source: text('source'),"));
  const ev = config('evolve', 'drizzle.config.ts', `c.schema = ['./${runRel}/evolve-${kind}/src/schema.ts', './${runRel}/evolve-${kind}/src/partitioned.ts']; c.out = './${runRel}/evolve-${kind}/drizzle';`);
  r = await kit(scratch, 'generate', ev, '--name=event_log_source');
  const alter = readIf(path.join(evolve, 'drizzle/0005_event_log_source.sql')).trim();
  r = await kit(scratch, 'migrate', ev);
  const cols = await withPool(scratch, async (p) => (await p.query(`SELECT count(*)::int AS n FROM pg_attribute WHERE attname = 'source' AND NOT attisdropped
      AND attrelid IN (SELECT 'event_log'::regclass UNION ALL SELECT inhrelid FROM pg_inherits WHERE inhparent = 'event_log'::regclass)`)).rows[0].n);
  const s2 = await partitionState(scratch);
  check(alter === 'ALTER TABLE "event_log" ADD COLUMN "source" text;' && r.status === 0 && cols === 5 && same(s2, state1),
    'a column added to event_log: generate writes ALTER TABLE "event_log" ADD COLUMN, migrate adds it to the parent and its 4 partitions, nothing else changes',
    `${alter} / status ${r.status} / ${cols} / ${describe(s2)}`);

  // 7. Drift and the default's spelling (throwaway copy: push applies what it finds).
  await recreate(scratch, db);
  const spelled = (name: string, text: string) => {
    fs.writeFileSync(path.join(run, `${name}-${kind}.ts`), fs.readFileSync(path.join(here, 'src/schema.ts'), 'utf8').replace('sql`uuid_shard.uuidv7()`', `sql\`${text}\``));
    return config(name, 'drizzle.push.config.ts', `c.schema = './${runRel}/${name}-${kind}.ts';`);
  };
  const quoted = spelled('spelled-quoted', '"uuid_shard"."uuidv7"()');
  const q1 = statementsOf((await kit(scratch, 'push', quoted, '--strict=false', '--verbose')).out);
  const q2 = statementsOf((await kit(scratch, 'push', quoted, '--strict=false', '--verbose')).out);
  const setQuoted = 'ALTER TABLE "events" ALTER COLUMN "id" SET DEFAULT "uuid_shard"."uuidv7"();';
  check(same(q1, [setQuoted]) && same(q2, [setQuoted]), 'default written sql`"uuid_shard"."uuidv7"()` (quoted): push runs ALTER ... SET DEFAULT on every run (PostgreSQL prints it unquoted)', `${q1} / ${q2}`);
  const bare = spelled('spelled-bare', 'uuidv7()');
  r = await kit(scratch, 'push', bare, '--strict=false', '--verbose');
  const bareDef = await defaultOf(scratch, 'events');
  if (major >= 18) {
    check(statementsOf(r.out).length === 1 && bareDef.fn === 'pg_catalog.uuidv7',
      'default written sql`uuidv7()`: push sets it, and on 18+ the default is then core\'s pg_catalog.uuidv7(), silently', JSON.stringify(bareDef));
  } else {
    check(/42883|function uuidv7\(\) does not exist/.test(r.out) && r.status === 0 && bareDef.fn === 'uuid_shard.uuidv7',
      'default written sql`uuidv7()`: push fails with 42883 (uuidv7() does not exist off the search_path) and still exits 0; default unchanged', `${r.status} ${JSON.stringify(bareDef)}`);
  }
  await recreate(scratch, db);
  await admin([`ALTER DATABASE ${scratch} SET search_path = public, uuid_shard`]);
  const p1 = statementsOf((await kit(scratch, 'push', '--config=drizzle.push.config.ts', '--strict=false', '--verbose')).out);
  const pathDef = await defaultOf(scratch, 'events');
  if (major >= 18) {
    check(p1.length === 0 && pathDef.text === 'uuid_shard.uuidv7()',
      'search_path = public, uuid_shard: PostgreSQL still prints uuid_shard.uuidv7() (unqualified would be core\'s), push sees no difference');
  } else {
    check(same(p1, ['ALTER TABLE "events" ALTER COLUMN "id" SET DEFAULT uuid_shard.uuidv7();']) && pathDef.text === 'uuidv7()',
      'search_path = public, uuid_shard: PostgreSQL prints uuidv7(), so push runs ALTER ... SET DEFAULT uuid_shard.uuidv7(), which prints back as uuidv7() again: on every run', `${p1} / ${pathDef.text}`);
  }
  await unchanged(`the main database ${db} after all of the above`);
}

function rmrf(p: string) {
  fs.rmSync(p, { recursive: true, force: true });
}
function readIf(p: string) {
  return fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : '';
}
function tablesIn(schemaTs: string) {
  return [...schemaTs.matchAll(/pgTable\("([^"]+)"/g)].map((m) => m[1]);
}

(async () => {
  rmrf(run);
  fs.mkdirSync(run, { recursive: true });
  console.log(`note ${ORM} [PG${major}]: drizzle-kit ${version('drizzle-kit')}, pg ${version('pg')}, Node.js ${process.versions.node.split('.')[0]}`);
  // The two variants use databases and files of their own: they run side by side, their lines
  // are printed in a fixed order.
  const results = await Promise.all((['native', 'edition'] as const).map(async (kind) => {
    const lines: string[] = [];
    try {
      if (kind === 'edition' && !fs.existsSync(editionSql)) throw new Error(`UUID_SHARD_EDITION_SQL not a file: '${editionSql}'`);
      await variant(kind, lines);
    } catch (e) {
      lines.push(`FAIL ${ORM} [PG${major} ${kind}]: error (${(e as Error).stack ?? String(e)})`);
    }
    return { lines, failed: lines.filter((l) => l.startsWith('FAIL')).length };
  }));
  for (const r of results) console.log(r.lines.join('\n'));
  const failures = results.reduce((a, r) => a + r.failed, 0);
  console.log(`note ${ORM} [PG${major}]: ${failures === 0 ? 'all checks passed' : `${failures} checks FAILED`}`);
  process.exit(failures ? 1 : 0);
})();
