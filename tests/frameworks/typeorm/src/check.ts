// Runs the TypeORM recipe of docs/frameworks.md, native extension and SQL edition, and checks what
// the page claims. Entry point: `node check.js` in this folder (it compiles src/ first), with PGHOST,
// PGPORT, PGUSER (a superuser), UUID_SHARD_MAJOR and UUID_SHARD_EDITION_SQL set.
// Databases typeorm_native, typeorm_edition (the recipe's, no row ever lost) and
// typeorm_native_scratch, typeorm_edition_scratch (throwaway: what the unsafe settings do).
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { AbstractLogger, DataSource, LogLevel, LogMessage, Raw } from 'typeorm';
import { options as app } from './data-source';
import { Account } from './entity/Account';
import { Event } from './entity/Event';
import { EventLog } from './entity/EventLog';
import { Job } from './entity/Job';
import { EventLogGeneratedUuid } from './trap/entities';
import { BucketPkDataSource } from './trap/bucket-pk.data-source';
import { GeneratedUuidDataSource } from './trap/generated-uuid.data-source';

const root = join(__dirname, '..');
const version = `TypeORM ${JSON.parse(readFileSync(join(root, 'node_modules/typeorm/package.json'), 'utf8')).version}`;
const major = process.env.UUID_SHARD_MAJOR ?? '?';
let variant = '';
let failures = 0;
const tag = () => `${version} [PG${major} ${variant}]`;
const check = (ok: boolean, what: string, detail = '') => {
  console.log(ok ? `ok   ${tag()}: ${what}` : `FAIL ${tag()}: ${what}${detail ? ` (${detail})` : ''}`);
  if (!ok) failures++;
  return ok;
};
const note = (what: string) => console.log(`note ${tag()}: ${what}`);
const isV7 = (u: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u);
const increasing = (ids: string[]) => ids.every((u, i) => i === 0 || ids[i - 1] < u); // lowercase hex: string order = uuid order
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function sql<T = any>(database: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ host: process.env.PGHOST, port: Number(process.env.PGPORT), user: process.env.PGUSER, database });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}
async function sqlError(database: string, text: string): Promise<string> {
  try {
    await sql(database, text);
    return 'no error';
  } catch (e: any) {
    return `${e.code}: ${e.message}`;
  }
}

// The TypeORM CLI, as a user runs it (npx typeorm ... -d dist/data-source.js).
function cli(database: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [require.resolve('typeorm/cli.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PGDATABASE: database, UUID_SHARD_INSTALL: variant },
  });
  // Plain text even where the caller forces colour (FORCE_COLOR): the checks match statements.
  const out = (r.stdout ?? '') + (r.stderr ?? '');
  return { status: r.status, out: out.replace(/\x1b\[[0-9;]*m/g, '') };
}
const dataSourceFile = (name = 'data-source') => join('dist', `${name}.js`);
// The SQL statements of a dry-run migration:generate (the up() half) or of schema:log.
const statements = (out: string) =>
  [...out.matchAll(/await queryRunner\.query\(`(.*?)`/g)].map((m) => m[1]);
const upStatements = (out: string) => statements(out.split('public async down')[0]);

// Counts the INSERT statements TypeORM sends.
class CountingLogger extends AbstractLogger {
  inserts = 0;
  protected writeLog(_level: LogLevel, _message: LogMessage | LogMessage[]) {}
  logQuery(query: string) {
    if (/^\s*INSERT/i.test(query)) this.inserts++;
  }
}

// What the tools may touch: the three partitioned parents, their partitions (with their
// constraints), the opclass in the partition key, the key default, and every row.
async function snapshot(database: string) {
  const tables = await sql(
    database,
    `SELECT c.relname AS table, c.relkind::text AS kind, pg_get_partkeydef(c.oid) AS partition_key,
            (SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef WHERE adrelid = c.oid AND adnum = 1) AS key_default,
            (SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), '; ' ORDER BY conname) FROM pg_constraint WHERE conrelid = c.oid) AS constraints,
            (SELECT 'PRIMARY KEY (' || string_agg(a.attname, ', ') || ')' FROM pg_index i JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
              WHERE i.indrelid = c.oid AND i.indisprimary) AS pk,
            (SELECT json_agg(json_build_object('partition', p.relname, 'bound', pg_get_expr(p.relpartbound, p.oid),
                    'constraints', (SELECT string_agg(pg_get_constraintdef(k.oid), '; ') FROM pg_constraint k WHERE k.conrelid = p.oid))
                    ORDER BY p.relname)
               FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhrelid WHERE i.inhparent = c.oid) AS partitions
       FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relname IN ('event_log', 'accounts', 'jobs') ORDER BY 1`,
  );
  const rows: Record<string, unknown> = {};
  for (const t of ['event_log', 'accounts', 'jobs']) {
    rows[t] = await sql(database, `SELECT tableoid::regclass::text AS partition, count(*)::int AS n, md5(string_agg(id::text, ',' ORDER BY id)) AS ids FROM ${t} GROUP BY 1 ORDER BY 1`).catch(() => []);
  }
  return { tables, rows };
}
type Snap = Awaited<ReturnType<typeof snapshot>>;
const rowCount = (s: Snap) => Object.values(s.rows).flat().reduce((a: number, r: any) => a + r.n, 0);
const partCount = (s: Snap) => s.tables.reduce((a: number, t: any) => a + (t.partitions?.length ?? 0), 0);
// One check per table; a FAIL names what changed.
function compare(before: Snap, after: Snap, by: string) {
  const t = (s: Snap, name: string) => s.tables.find((x: any) => x.table === name) ?? {};
  for (const name of ['event_log', 'accounts', 'jobs']) {
    const b = t(before, name), a = t(after, name);
    const changed = [
      a.kind === 'p' && a.partition_key === b.partition_key ? '' : `partitioning ${a.kind} ${a.partition_key}`,
      same(a.partitions, b.partitions) ? '' : `partitions ${JSON.stringify(a.partitions)}`,
      a.constraints === b.constraints ? '' : `constraints ${a.constraints}`,
      a.key_default === b.key_default ? '' : `DEFAULT ${a.key_default}`,
      same(after.rows[name], before.rows[name]) ? '' : `rows ${JSON.stringify(after.rows[name])}`,
    ].filter(Boolean);
    const rows = (before.rows[name] as any[]).reduce((n, r) => n + r.n, 0);
    check(changed.length === 0,
      `${by}: ${name} still ${b.partition_key}, its ${b.partitions?.length} partitions, ${b.pk ?? 'no primary key'}, DEFAULT ${b.key_default} and ${rows} rows (same partitions) kept`,
      changed.join('; '));
  }
}

async function recreate(database: string) {
  await sql('postgres', `DROP DATABASE IF EXISTS ${database}`);
  await sql('postgres', `CREATE DATABASE ${database}`);
}

async function fillPartitioned(ds: DataSource) {
  await ds.getRepository(EventLog).save(Array.from({ length: 100 }, (_, i) => ({ kind: `k${i % 5}` })));
  await ds.getRepository(Account).save(Array.from({ length: 100 }, (_, i) => ({ name: `account ${i}` })));
  await ds.getRepository(Job).save(Array.from({ length: 100 }, (_, i) => ({ payload: `job ${i}` })));
}

async function variantRun(install: 'native' | 'edition') {
  variant = install;
  const main = `typeorm_${install}`;
  const scratch = `typeorm_${install}_scratch`;
  if (install === 'edition') {
    const file = process.env.UUID_SHARD_EDITION_SQL;
    if (!file) return check(false, 'the SQL edition migration file', 'UUID_SHARD_EDITION_SQL is not set');
    // The project keeps the file as sql/uuid_shard.migration.sql; copied in at run time here.
    mkdirSync(join(root, 'sql'), { recursive: true });
    copyFileSync(file, join(root, 'sql', `.copy.${process.pid}`));
    renameSync(join(root, 'sql', `.copy.${process.pid}`), join(root, 'sql', 'uuid_shard.migration.sql'));
  }
  await recreate(main);
  await recreate(scratch);

  // 1. The extension (or the edition) installed by a migration, then the tables.
  let r = cli(main, 'migration:run', '-d', dataSourceFile());
  if (!check(r.status === 0, 'typeorm migration:run: the extension, events and the three partitioned tables', r.out.slice(-2000))) return;
  const [ext] = await sql(main, `SELECT extversion, extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'uuid_shard'`);
  const [fn] = await sql(main, `SELECT to_regprocedure('uuid_shard.uuidv7()') IS NOT NULL AS v7, to_regprocedure('uuid_shard.uuid_bucket(uuid, integer)') IS NOT NULL AS bucket`);
  if (install === 'native') {
    check(ext?.schema === 'uuid_shard' && fn.v7, `migration 1767225600000-UuidShard: CREATE EXTENSION uuid_shard ${ext?.extversion} in schema uuid_shard`, JSON.stringify(ext));
  } else {
    check(!ext && fn.v7 && fn.bucket, 'migration 1767225600000-UuidShardEdition: the edition file run as a migration installs schema uuid_shard (no extension)', JSON.stringify({ ext, fn }));
    const again = await sqlError(main, readFileSync(join(root, 'sql', 'uuid_shard.migration.sql'), 'utf8'));
    check(again === 'no error', 'the edition file runs again on the same database without error', again);
  }
  const applied = await sql(main, 'SELECT name FROM migrations ORDER BY id');
  check(applied.length === 3, `${applied.length} migrations recorded: ${applied.map((m) => m.name).join(', ')}`);
  r = cli(main, 'migration:run', '-d', dataSourceFile());
  check(r.status === 0 && r.out.includes('No migrations are pending'), 'migration:run again: No migrations are pending', r.out.slice(-500));

  // 2. The default as written, and no drift.
  const [def] = await sql(main, `SELECT pg_get_expr(d.adbin, d.adrelid) AS expr, p.pronamespace::regnamespace::text AS schema
      FROM pg_attrdef d JOIN pg_proc p ON p.oid = (regexp_match(d.adbin, ':funcid (\\d+)'))[1]::oid
     WHERE d.adrelid = 'events'::regclass AND d.adnum = 1`);
  check(def?.expr === 'uuid_shard.uuidv7()' && def.schema === 'uuid_shard', `events.id DEFAULT ${def?.expr}, the function in schema ${def?.schema}`);
  r = cli(main, 'migration:generate', 'src/migration/Drift', '--dryrun', '--check', '-d', dataSourceFile());
  check(r.status === 0 && r.out.includes('No changes in database schema were found'),
    "migration:generate --check: no changes (@PrimaryColumn({ type: 'uuid', default: () => 'uuid_shard.uuidv7()' }))", r.out.slice(-1500));

  // 3. Keys read back.
  const logger = new CountingLogger();
  const ds = new DataSource({ ...app, database: main, migrations: [], logger, logging: ['query'] });
  await ds.initialize();
  try {
    const events = ds.getRepository(Event);
    const one = await events.save(events.create({ ref: 'one' }));
    const [back] = await sql(main, `SELECT id FROM events WHERE ref = 'one'`);
    check(isV7(one.id) && one.id === back.id, `save(entity): id read back, v7 (${one.id.slice(14, 15)}xxx), the row's key`);

    const N = 500;
    logger.inserts = 0;
    const saved = await events.save(Array.from({ length: N }, (_, i) => events.create({ ref: `s${i}` })));
    const savedInserts = logger.inserts;
    const keys = new Map((await sql(main, `SELECT ref, id FROM events WHERE ref LIKE 's%'`)).map((x) => [x.ref, x.id]));
    check(saved.every((e) => e.id === keys.get(e.ref)), `save(array of ${N}): ${savedInserts} INSERT statement${savedInserts === 1 ? '' : 's'}, every entity got its own row's key`);
    check(saved.every((e) => isV7(e.id)) && increasing(saved.map((e) => e.id)), 'save(array): keys are v7 and increase in array order');

    logger.inserts = 0;
    const rows = Array.from({ length: N }, (_, i) => ({ ref: `i${i}` }));
    const ins = await events.insert(rows);
    const insKeys = new Map((await sql(main, `SELECT ref, id FROM events WHERE ref LIKE 'i%'`)).map((x) => [x.ref, x.id]));
    const ids = ins.identifiers.map((x) => x.id as string);
    check(logger.inserts === 1 && ids.length === N && rows.every((x, i) => insKeys.get(x.ref) === ids[i]),
      `insert(array of ${N}): ${logger.inserts} INSERT statement, identifiers[i] is row i's key`);
    check(ids.every(isV7) && increasing(ids), 'insert(array): keys are v7 and increase in insert order');

    const qb = await ds.createQueryBuilder().insert().into(Event)
      .values(Array.from({ length: N }, (_, i) => ({ ref: `q${i}` }))).returning(['id', 'ref']).execute();
    const raw = qb.raw as { id: string; ref: string }[];
    check(raw.length === N && raw.every((x, i) => x.ref === `q${i}`) && raw.every((x) => isV7(x.id)) && increasing(raw.map((x) => x.id)),
      `createQueryBuilder().insert().values(...).returning(['id', 'ref']): ${raw.length} rows back in insert order, v7, increasing`);

    // 4. Bucket and time-range queries.
    const total = await events.count();
    const per: number[] = [];
    for (let b = 0; b < 4; b++) {
      const got = await events.find({ where: { id: Raw((id) => `uuid_shard.uuid_bucket(${id}, 4) = :b`, { b }) } });
      const want = await sql(main, 'SELECT id FROM events WHERE uuid_shard.uuid_bucket(id, 4) = $1 ORDER BY id', [b]);
      if (!same(got.map((e) => e.id).sort(), want.map((x) => x.id))) per.push(-1);
      else per.push(got.length);
    }
    check(per.every((n) => n > 0) && per.reduce((a, b) => a + b) === total,
      `find({ where: { id: Raw(id => \`uuid_shard.uuid_bucket(\${id}, 4) = :b\`) } }): buckets 0-3 split the ${total} rows, each bucket exactly its rows`, per.join(' + '));
    const bucketQb = events.createQueryBuilder('e').select('e.id').where('uuid_shard.uuid_bucket(e.id, 4) = :b', { b: 2 });
    const [q, params] = bucketQb.getQueryAndParameters();
    const plan = await ds.transaction(async (m) => {
      await m.query('SET LOCAL enable_seqscan = off');
      return (await m.query('EXPLAIN ' + q, params)).map((x: any) => x['QUERY PLAN']).join('\n');
    });
    check((await bucketQb.getCount()) === per[2] && plan.includes('events_bucket4'),
      `createQueryBuilder().where('uuid_shard.uuid_bucket(e.id, 4) = :b'): the rows of bucket 2; the plan can use index events_bucket4`, plan);

    await sleep(5);
    const [{ t: t1 }] = await ds.query('SELECT clock_timestamp() AS t');
    await sleep(5);
    const inside = (await events.save(Array.from({ length: 10 }, (_, i) => events.create({ ref: `in${i}` })))).map((e) => e.id);
    await sleep(5);
    const [{ t: t2 }] = await ds.query('SELECT clock_timestamp() AS t');
    await sleep(5);
    await events.save(events.create({ ref: 'late' }));
    // pg sends a Date as timestamptz with milliseconds: exactly the key's precision.
    const inRange = await events.find({
      select: { id: true },
      where: { id: Raw((id) => `${id} >= uuid_shard.uuid_v7_boundary(:t1) AND ${id} < uuid_shard.uuid_v7_boundary(:t2)`, { t1, t2 }) },
      order: { id: 'ASC' },
    });
    check(same(inRange.map((e) => e.id), [...inside].sort()), `find with Raw(id >= uuid_v7_boundary(:t1) AND id < uuid_v7_boundary(:t2)): exactly the ${inside.length} rows of [t1, t2)`,
      `${inRange.length} rows`);

    // 5. Rows in the partitioned tables, through the entities.
    await fillPartitioned(ds);
  } finally {
    await ds.destroy();
  }
  const [placed] = await sql(main, `SELECT
      (SELECT count(*) FROM event_log WHERE tableoid = 'event_log_default'::regclass)::int AS log_default,
      (SELECT count(*) FROM event_log l JOIN uuid_shard.uuid_v7_partitions('event_log'::regclass) p ON p.partition = l.tableoid
        WHERE uuid_shard.uuid_v7_time(l.id) >= p.from_time AND uuid_shard.uuid_v7_time(l.id) < p.to_time)::int AS log_in_range,
      (SELECT count(DISTINCT tableoid) FROM accounts)::int AS account_parts,
      (SELECT count(*) FROM jobs WHERE tableoid::regclass::text <> 'jobs_b' || uuid_shard.uuid_bucket(id, 4))::int AS jobs_misplaced`);
  check(placed.log_default === 0 && placed.log_in_range === 100, `save() into event_log: 100 rows, each in the time partition of its key (${placed.log_default} in event_log_default)`);
  if (install === 'native') {
    const [tail] = await sql(main, `SELECT count(*)::int AS n FROM accounts WHERE tableoid::regclass::text <> 'accounts_h4_' || uuid_shard.uuid_tail_remainder(id, 4)`);
    check(placed.account_parts === 4 && tail.n === 0, 'save() into accounts (HASH (id uuid_shard.uuid_tail_ops)): 100 rows over 4 partitions, each in accounts_h4_<uuid_tail_remainder(id, 4)>');
  } else {
    check(placed.account_parts === 4, 'save() into accounts (core HASH (id), the edition has no uuid_tail_ops): 100 rows over 4 partitions');
    const opclass = await sqlError(main, 'CREATE TABLE tail_probe (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops)');
    check(opclass.startsWith('42704'), `edition: PARTITION BY HASH (id uuid_shard.uuid_tail_ops) fails: ${opclass}`);
    const ddl = await sqlError(main, "SELECT uuid_shard.uuid_tail_partition_ddl('accounts'::regclass, 8)");
    check(ddl.startsWith('42704'), `edition: uuid_tail_partition_ddl fails: ${ddl}`);
  }
  check(placed.jobs_misplaced === 0, 'save() into jobs (LIST (uuid_shard.uuid_bucket(id, 4))): 100 rows, each in jobs_b<uuid_bucket(id, 4)>');

  // 6. The tools against the recipe's database, with the recipe's settings.
  note('TypeORM has no introspection command (no db pull / schema dump): its tools are migration:generate, schema:log, schema:sync / synchronize: true, and schema:drop (drops every table)');
  const before = await snapshot(main);
  check(rowCount(before) === 300 && partCount(before) === 12, `before the tools: ${partCount(before)} partitions, ${rowCount(before)} rows in the three partitioned tables`);
  r = cli(main, 'migration:generate', 'src/migration/Drift', '--dryrun', '--check', '-d', dataSourceFile());
  check(r.status === 0 && r.out.includes('No changes in database schema were found'), 'migration:generate --check with the partitioned tables and their rows: no changes', r.out.slice(-1500));
  r = cli(main, 'schema:log', '-d', dataSourceFile());
  check(r.status === 0 && r.out.includes('Your schema is up to date'), 'schema:log: "Your schema is up to date"', r.out.slice(-1500));
  r = cli(main, 'schema:sync', '-d', dataSourceFile());
  check(r.status === 0 && r.out.includes('Schema synchronization finished successfully'), 'schema:sync ran', r.out.slice(-1500));
  const syncDs = new DataSource({ ...app, database: main, migrations: [], synchronize: true });
  await syncDs.initialize();
  await syncDs.destroy();
  compare(before, await snapshot(main), 'migration:generate, schema:log, schema:sync and synchronize: true');

  // 7. The throwaway database: what other spellings do.
  r = cli(scratch, 'migration:run', '-d', dataSourceFile());
  check(r.status === 0, 'throwaway database: the same migrations', r.out.slice(-1500));
  const sds = new DataSource({ ...app, database: scratch, migrations: [] });
  await sds.initialize();
  await fillPartitioned(sds);
  await sds.destroy();
  let s0 = await snapshot(scratch);

  // 7a. The bucket-partitioned parent as a plain entity (no synchronize: false).
  r = cli(scratch, 'migration:generate', 'src/migration/Trap', '--dryrun', '--check', '-d', dataSourceFile('trap/bucket-pk.data-source'));
  const pk = upStatements(r.out);
  check(r.status === 1 && pk.length === 1 && /^ALTER TABLE "jobs" ADD CONSTRAINT "PK_\w+" PRIMARY KEY \("id"\)$/.test(pk[0]),
    'jobs entity without synchronize: false: migration:generate wants ALTER TABLE "jobs" ADD CONSTRAINT "PK_..." PRIMARY KEY ("id")', r.out.slice(-1500));
  r = cli(scratch, 'schema:log', '-d', dataSourceFile('trap/bucket-pk.data-source'));
  check(r.status === 0 && /^ALTER TABLE "jobs" ADD CONSTRAINT "PK_\w+" PRIMARY KEY \("id"\);$/m.test(r.out) && r.out.includes('following sql queries (1)'),
    '... schema:log lists the same one statement', r.out.slice(-1500));
  r = cli(scratch, 'schema:sync', '-d', dataSourceFile('trap/bucket-pk.data-source'));
  const pkErr = (r.out.match(/QueryFailedError: (.*)/) ?? [])[1];
  check(r.status !== 0 && /PRIMARY KEY/.test(pkErr ?? ''), `... and schema:sync fails: ${pkErr}`, r.out.slice(-1500));
  const startup = new DataSource({ ...app, database: scratch, migrations: [], entities: BucketPkDataSource.options.entities, synchronize: true });
  const startErr = await startup.initialize().then(() => 'started', (e: any) => e.message as string);
  if (startup.isInitialized) await startup.destroy();
  check(startErr === pkErr, `... and so does DataSource.initialize() with synchronize: true: ${startErr}`);
  compare(s0, await snapshot(scratch), 'after the failed schema:sync and synchronize: true');

  // 7b. @PrimaryGeneratedColumn('uuid') on a table whose default is uuid_shard.uuidv7().
  r = cli(scratch, 'migration:generate', 'src/migration/Trap', '--dryrun', '--check', '-d', dataSourceFile('trap/generated-uuid.data-source'));
  const gen = upStatements(r.out);
  note(`@PrimaryGeneratedColumn('uuid'): migration:generate wants ${gen.join('; ')}`);
  check(r.status === 1 && gen.includes('ALTER TABLE "event_log" ALTER COLUMN "id" SET DEFAULT uuid_generate_v4()'),
    "@PrimaryGeneratedColumn('uuid'): migration:generate reports drift on every key whose default is uuid_shard.uuidv7()", r.out.slice(-1500));
  r = cli(scratch, 'schema:sync', '-d', dataSourceFile('trap/generated-uuid.data-source'));
  const [d1] = await sql(scratch, `SELECT pg_get_expr(adbin, adrelid) AS d FROM pg_attrdef WHERE adrelid = 'event_log'::regclass AND adnum = 1`);
  const [ossp] = await sql(scratch, `SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'uuid-ossp'`);
  check(r.status === 0 && !d1, `... schema:sync once: event_log.id left with no default at all (SET DEFAULT, then DROP DEFAULT)`, `default ${d1?.d}`);
  check(ossp.n === 1, `... and TypeORM created extension "uuid-ossp" at start-up (installExtensions)`);
  r = cli(scratch, 'schema:sync', '-d', dataSourceFile('trap/generated-uuid.data-source'));
  const [d2] = await sql(scratch, `SELECT pg_get_expr(adbin, adrelid) AS d FROM pg_attrdef WHERE adrelid = 'event_log'::regclass AND adnum = 1`);
  check(r.status === 0 && d2?.d === 'uuid_generate_v4()', `... schema:sync again: DEFAULT ${d2?.d}`);
  const gds = new DataSource({ ...app, entities: GeneratedUuidDataSource.options.entities, database: scratch, migrations: [] });
  await gds.initialize();
  const v4 = await gds.getRepository(EventLogGeneratedUuid).save(Array.from({ length: 20 }, (_, i) => ({ kind: `v4 ${i}` })));
  await gds.destroy();
  const [where] = await sql(scratch, `SELECT count(*) FILTER (WHERE tableoid = 'event_log_default'::regclass)::int AS dflt,
      count(*) FILTER (WHERE substr(id::text, 15, 1) = '4')::int AS v4 FROM event_log WHERE kind LIKE 'v4 %'`);
  // A v4 key's first 48 bits are random, read as a time anywhere in 1970-10889: it falls into one
  // of the three monthly partitions with odds of about 1 in 35,000, so nearly all go to the default.
  check(where.v4 === 20 && where.dflt >= 18, '... new keys are v4: their random first bits are read as times, and they land in event_log_default, not in the time partitions',
    `${v4.length} saved, ${where.v4} v4, ${where.dflt} in event_log_default`);
  const s1 = await snapshot(scratch);
  const oldRows = (s: Snap) => (s.rows.event_log as any[]).filter((x) => x.partition !== 'event_log_default');
  check(same(oldRows(s1), oldRows(s0)) && same(s1.rows.accounts, s0.rows.accounts) && same(s1.rows.jobs, s0.rows.jobs) && partCount(s1) === partCount(s0),
    '... the earlier rows and every partition are still there');

  // 7c. schema:drop drops every table of the schema, partitions too (by design).
  s0 = s1;
  r = cli(scratch, 'schema:drop', '-d', dataSourceFile());
  const [left] = await sql(scratch, `SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')`);
  check(r.status === 0 && left.n === 0, `schema:drop drops every table of schema public, the ${partCount(s0)} partitions and ${rowCount(s0)} rows with them`);

  // 7d. synchronize instead of migrations, on an empty database: plain tables.
  r = cli(scratch, 'schema:sync', '-d', dataSourceFile());
  const kinds = await sql(scratch, `SELECT relname, relkind::text AS kind FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') ORDER BY 1`);
  const kind = (t: string) => kinds.find((k) => k.relname === t)?.kind ?? 'none';
  check(r.status === 0 && kind('event_log') === 'r' && kind('accounts') === 'r' && kind('jobs') === 'none',
    'schema:sync on an empty database creates event_log and accounts as plain tables, not partitioned (jobs, synchronize: false, not at all)', JSON.stringify(kinds));
  r = cli(scratch, 'migration:run', '-d', dataSourceFile());
  check(r.status !== 0 && /already exists/.test(r.out), `... and the migrations then fail: ${(r.out.match(/QueryFailedError: (.*)/) ?? [])[1]}`, r.out.slice(-800));
}

(async () => {
  for (const install of ['native', 'edition'] as const) {
    try {
      await variantRun(install);
    } catch (e: any) {
      check(false, 'error', e.stack ?? String(e));
    }
  }
  variant = 'native+edition';
  console.log(`${failures === 0 ? 'ok  ' : 'FAIL'} ${tag()}: ${failures === 0 ? 'all checks passed' : `${failures} checks failed`}`);
  process.exit(failures ? 1 : 0);
})();
