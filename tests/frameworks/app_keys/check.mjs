// Keys minted in the application beside uuid_shard.uuidv7(): how they sort and partition in
// one table. Mints v7 keys from the npm package uuid (v7), Rust's uuid crate (Uuid::now_v7),
// Go's github.com/google/uuid (NewV7), Python 3.14 (uuid.uuid7, when a python3.14 is given) and
// the database (uuid_shard.uuidv7() in a SELECT and as a column DEFAULT), in slots that each
// start in a later millisecond than the one before, and checks with assertions that do not
// depend on speed what docs/frameworks.md says about them. Once with the native extension, once
// with the SQL edition.
//   PGHOST=... PGPORT=... PGUSER=postgres UUID_SHARD_MAJOR=19 UUID_SHARD_EDITION_SQL=... node check.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const major = process.env.UUID_SHARD_MAJOR;
const editionSql = process.env.UUID_SHARD_EDITION_SQL;
const PER_SLOT = 2000; // keys per slot (a minter goes on until its burst checks have material)
const ROUNDS = 3;      // every source mints in every round
// Spread: 16 cells over at least 1000 keys (the minters go on until a slot has 1000 keys minted in
// the same millisecond as the one before). For uniform cells P(chi2 > 80) = 7.0e-11 at 15 degrees
// of freedom and P(an empty cell) < 16 * (15/16)^1000 = 1.6e-27: about 6e-9 for the 88 spread
// checks of a run on two majors.
const CHI2_MAX = 80;

let failures = 0;
let prefix = '';
const ok = (what) => console.log(`ok   ${prefix}: ${what}`);
const fail = (what, detail) => { failures++; console.log(`FAIL ${prefix}: ${what} (${detail})`); };
const check = (cond, what, detail) => (cond ? ok(what) : fail(what, detail));
const note = (what) => console.log(`note ${prefix}: ${what}`);

// ---- the sources ------------------------------------------------------------------------
const nodeUuid = JSON.parse(readFileSync(join(here, 'node_modules/uuid/package.json'), 'utf8')).version;
const rustUuid = readFileSync(join(here, 'mint-rust/Cargo.lock'), 'utf8')
  .match(/name = "uuid"\nversion = "([^"]+)"/)[1];
const rustBin = process.env.APP_KEYS_RUST_BIN || join(root, '.pg/app_keys-target/release/mint-rust');
const goBin = process.env.APP_KEYS_GO_BIN || join(root, '.pg/app_keys-go/mint-go');
const python = process.env.APP_KEYS_PYTHON || join(root, '.pg/python314/usr/bin/python3.14');
let pythonVersion = null;
if (python) {
  try {
    pythonVersion = execFileSync(python, ['-c', 'import sys, uuid; uuid.uuid7; print(sys.version.split()[0])'],
      { encoding: 'utf8' }).trim();
  } catch { pythonVersion = null; }
}

const sources = [
  { src: 'node', what: `npm uuid ${nodeUuid} v7()`, cmd: [process.execPath, join(here, 'mint-node.mjs')] },
  { src: 'rust', what: `rust uuid ${rustUuid} Uuid::now_v7()`, cmd: [rustBin] },
  { src: 'go', what: 'go github.com/google/uuid 1.6.0 NewV7()', cmd: [goBin] },
];
if (pythonVersion) sources.push({ src: 'python', what: `python ${pythonVersion} uuid.uuid7()`, cmd: [python, join(here, 'mint_py.py')] });
const dbSources = [
  { src: 'db', what: 'database uuid_shard.uuidv7() in a SELECT' },
  { src: 'db-default', what: 'database DEFAULT uuid_shard.uuidv7()' },
];
const describe = Object.fromEntries([...sources, ...dbSources].map((s) => [s.src, s.what]));

function mintOutside(s, afterMs) {
  const out = execFileSync(s.cmd[0], [...s.cmd.slice(1), String(PER_SLOT), String(afterMs)],
    { encoding: 'utf8', maxBuffer: 1 << 28, cwd: here });
  return out.trim().split('\n').map((l) => l.split(' '));
}

// ---- one database -----------------------------------------------------------------------
async function connect(database) {
  const c = new pg.Client({ database });
  await c.connect();
  return c;
}

const MS = (col) => `(${col} / 1000000)`; // Unix ms of a ns column
const CLOCK_US = `(extract(epoch FROM clock_timestamp()) * 1000000)::bigint`;

async function runVariant(variant) {
  const dbname = `app_keys_${variant}`;
  const admin = await connect('postgres');
  await admin.query(`DROP DATABASE IF EXISTS ${dbname}`);
  await admin.query(`CREATE DATABASE ${dbname}`);
  await admin.end();
  const db = await connect(dbname);
  const q = async (sql, params) => (await db.query(sql, params)).rows;
  try {
    if (variant === 'native') {
      await q('CREATE SCHEMA IF NOT EXISTS uuid_shard; CREATE EXTENSION IF NOT EXISTS uuid_shard SCHEMA uuid_shard;');
    } else {
      await q(readFileSync(editionSql, 'utf8'));
    }
    const version = variant === 'native'
      ? (await q(`SELECT extversion FROM pg_extension WHERE extname = 'uuid_shard'`))[0].extversion
      : readFileSync(editionSql, 'utf8').match(/^-- uuid_shard (\S+),/)[1];
    prefix = `app_keys ${version} [PG${major} ${variant}]`;
    note(`sources: ${[...sources, ...dbSources].map((s) => s.what).join('; ')}`);

    // One table for every source's keys; DEFAULT for the rows that come without one.
    await q(`CREATE TABLE app_keys (
      id    uuid PRIMARY KEY DEFAULT uuid_shard.uuidv7(),
      src   text   NOT NULL,
      slot  int    NOT NULL,
      n     int    NOT NULL,
      t0_ns bigint NOT NULL,
      t1_ns bigint NOT NULL)`);
    await q(`CREATE VIEW app_keys_bits AS
      SELECT k.*, h.head >> 16 AS ms, (h.head >> 12) & 15 AS ver, h.head & 4095 AS rand_a,
             get_byte(uuid_send(k.id), 8) >> 6 AS variant, h.tail & 4611686018427387903 AS t
        FROM app_keys k,
             LATERAL (SELECT ('x' || substr(replace(k.id::text, '-', ''), 1, 16))::bit(64)::bigint AS head,
                             ('x' || substr(replace(k.id::text, '-', ''), 17, 16))::bit(64)::bigint AS tail) h`);

    // ---- mint, slot by slot: each slot waits for a millisecond after the last one's end
    let slot = 0;
    let lastMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of [...sources, ...dbSources]) {
        slot++;
        if (s.src === 'db') {
          await q(`DO $$ BEGIN WHILE ${CLOCK_US} / 1000 <= ${lastMs} LOOP END LOOP; END $$`);
          await q(`INSERT INTO app_keys (id, src, slot, n, t0_ns, t1_ns)
                   SELECT id, 'db', $1, n, t0 * 1000, t1 * 1000 + 999
                     FROM (SELECT g AS n, ${CLOCK_US} AS t0, uuid_shard.uuidv7() AS id, ${CLOCK_US} AS t1
                             FROM generate_series(1, $2) g) k`, [slot, PER_SLOT]);
        } else if (s.src === 'db-default') {
          // the DEFAULT is evaluated inside the INSERT: the clock is read before and after it
          await q(`DO $$ BEGIN WHILE ${CLOCK_US} / 1000 <= ${lastMs} LOOP END LOOP; END $$`);
          const [{ t0 }] = await q(`SELECT ${CLOCK_US} * 1000 AS t0`);
          await q(`INSERT INTO app_keys (src, slot, n, t0_ns, t1_ns)
                   SELECT 'db-default', $1, g, $2, 0 FROM generate_series(1, $3) g`, [slot, t0, PER_SLOT]);
          await q(`UPDATE app_keys SET t1_ns = ${CLOCK_US} * 1000 + 999 WHERE slot = $1`, [slot]);
        } else {
          const rows = mintOutside(s, lastMs);
          await q(`INSERT INTO app_keys (id, src, slot, n, t0_ns, t1_ns)
                   SELECT id, $1, $2, n, t0, t1
                     FROM unnest($3::uuid[], $4::bigint[], $5::bigint[]) WITH ORDINALITY AS k(id, t0, t1, n)`,
          [s.src, slot, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])]);
        }
        const [{ m }] = await q(`SELECT max(${MS('t1_ns')}) AS m FROM app_keys WHERE slot = $1`, [slot]);
        lastMs = Number(m);
      }
    }
    const all = [...sources, ...dbSources];

    // ---- every key: v7, RFC variant, the time it was minted, in minting order per process
    const per = Object.fromEntries((await q(`
      SELECT src,
             count(*) AS keys,
             count(*) FILTER (WHERE ver <> 7 OR variant <> 2 OR uuid_shard.uuid_version(id) IS DISTINCT FROM 7) AS not_v7,
             count(*) FILTER (WHERE (extract(epoch FROM uuid_shard.uuid_v7_time(id)) * 1000)::bigint
                                    NOT BETWEEN ${MS('t0_ns')} AND ${MS('t1_ns')}
                                 OR (extract(epoch FROM uuid_shard.uuid_v7_time(id)) * 1000)::bigint <> ms) AS off_time
        FROM app_keys_bits GROUP BY src`)).map((r) => [r.src, r]));
    for (const s of all) {
      const r = per[s.src];
      check(r && Number(r.not_v7) === 0, `${s.what}: every key is version 7 of the RFC 9562 variant`,
        r ? `${r.not_v7} of ${r.keys} are not` : 'no keys');
      check(r && Number(r.off_time) === 0,
        `${s.what}: uuid_v7_time(id) of every key is the millisecond it was minted in (clock read before and after)`,
        r ? `${r.off_time} of ${r.keys} are not` : 'no keys');
    }
    const ordered = Object.fromEntries((await q(`
      SELECT src, count(*) FILTER (WHERE id <= prev) AS bad, count(prev) AS pairs
        FROM (SELECT src, id, lag(id) OVER (PARTITION BY slot ORDER BY n) AS prev FROM app_keys) k
       GROUP BY src`)).map((r) => [r.src, r]));
    for (const s of all) {
      const r = ordered[s.src];
      check(r && Number(r.bad) === 0 && Number(r.pairs) > 0,
        `${s.what}: keys strictly increase in the order one process minted them`, r ? `${r.bad} of ${r.pairs} pairs do not` : 'no keys');
    }

    // ---- across sources: a later millisecond sorts after every earlier one
    const slots = await q(`SELECT slot, min(src) AS src, min(id::text) AS lo, max(id::text) AS hi,
                                  min(${MS('t0_ns')}) AS t0, max(${MS('t1_ns')}) AS t1
                             FROM app_keys GROUP BY slot ORDER BY slot`);
    let apart = 0; let sorted = 0;
    for (let i = 1; i < slots.length; i++) {
      if (Number(slots[i].t0) > Number(slots[i - 1].t1)) apart++;
      if (slots[i].lo > slots[i - 1].hi) sorted++;
    }
    check(slots.length === ROUNDS * all.length && apart === slots.length - 1,
      `${slots.length} minting slots (${ROUNDS} rounds of ${all.map((s) => s.src).join(', ')}), each begun in a later millisecond than the last ended`,
      `${apart} of ${slots.length - 1}`);
    check(sorted === slots.length - 1, 'every slot\'s keys sort after all keys of the slots before it, whatever the sources',
      `${sorted} of ${slots.length - 1} slot pairs`);
    const [inv] = await q(`
      SELECT count(*) FILTER (WHERE later_before > ${MS('t1_ns')}) AS bad, count(*) AS keys
        FROM (SELECT t1_ns, max(${MS('t0_ns')}) OVER (ORDER BY id) AS later_before FROM app_keys) k`);
    check(Number(inv.bad) === 0,
      'ORDER BY id: no key sorts after a key minted in a later millisecond (all sources in one index)',
      `${inv.bad} of ${inv.keys}`);

    // ---- the layouts: counters and fractions, checked bit by bit on consecutive keys
    const lay = Object.fromEntries((await q(`
      WITH k AS (
        SELECT src, id, ms, rand_a, t, t0_ns, t1_ns,
               lag(ms) OVER w AS pms, lag(rand_a) OVER w AS pra, lag(t) OVER w AS pt
          FROM app_keys_bits WINDOW w AS (PARTITION BY slot ORDER BY n))
      SELECT src,
             count(*) FILTER (WHERE ms = pms) AS same_ms,
             -- node: a 32-bit counter, rand_a and the top 20 bits of the tail, +1 per key
             count(*) FILTER (WHERE ms = pms AND ((rand_a << 20) | (t >> 42)) <> ((pra << 20) | (pt >> 42)) + 1) AS node_bad,
             -- rust, python: a 42-bit counter, rand_a and the top 30 bits of the tail, +1 per key
             count(*) FILTER (WHERE ms = pms AND ((rand_a << 30) | (t >> 32)) <> ((pra << 30) | (pt >> 32)) + 1) AS c42_bad,
             -- uuidv7(): same time, the 12-bit counter at the tail's top +1; else a later time
             count(*) FILTER (WHERE ms = pms AND ((rand_a = pra AND (t >> 50) <> (pt >> 50) + 1) OR rand_a < pra)) AS db_bad,
             -- go: no counter, the time (ms, rand_a) itself strictly increases
             count(*) FILTER (WHERE ms = pms AND rand_a <= pra) AS go_bad,
             -- rand_a as the clock's fraction: from the clock before minting, ahead of the one after
             -- only by the +1 steps of the monotonic rule (keys wholly inside one millisecond)
             count(*) FILTER (WHERE ${MS('t0_ns')} = ms AND ${MS('t1_ns')} = ms) AS inside,
             count(*) FILTER (WHERE ${MS('t0_ns')} = ms AND ${MS('t1_ns')} = ms
                                AND (rand_a < (t0_ns % 1000000) / 256
                                     OR rand_a > greatest((t1_ns % 1000000) / 256, CASE WHEN ms = pms THEN pra + 1 ELSE 0 END))) AS go_frac_bad,
             count(*) FILTER (WHERE ${MS('t0_ns')} = ms AND ${MS('t1_ns')} = ms
                                AND (rand_a < (t0_ns % 1000000) * 4096 / 1000000
                                     OR rand_a > greatest((t1_ns % 1000000) * 4096 / 1000000, CASE WHEN ms = pms THEN pra + 1 ELSE 0 END))) AS db_frac_bad,
             max(rand_a) AS max_rand_a
        FROM k GROUP BY src`)).map((r) => [r.src, r]));
    const L = (src) => lay[src] || {};
    const n = (x) => Number(x);
    check(n(L('node').same_ms) >= 100 && n(L('node').node_bad) === 0,
      `${describe.node}: within a millisecond a 32-bit counter (rand_a + the tail's top 20 bits) counts up by 1 per key`,
      `${L('node').node_bad} of ${L('node').same_ms} same-millisecond pairs do not`);
    for (const src of ['rust', 'python']) {
      if (!describe[src]) continue;
      check(n(L(src).same_ms) >= 100 && n(L(src).c42_bad) === 0,
        `${describe[src]}: within a millisecond a 42-bit counter (rand_a + the tail's top 30 bits) counts up by 1 per key`,
        `${L(src).c42_bad} of ${L(src).same_ms} same-millisecond pairs do not`);
    }
    for (const src of ['node', 'rust', 'python']) {
      if (!describe[src]) continue;
      check(n(L(src).max_rand_a) <= 2048,
        `${describe[src]}: rand_a is the counter's top 12 bits, started below 2048 every millisecond (not a fraction of it)`,
        `max rand_a ${L(src).max_rand_a}`);
    }
    check(n(L('go').same_ms) >= 100 && n(L('go').go_bad) === 0,
      `${describe.go}: within a millisecond rand_a strictly increases, no counter (62 random tail bits)`,
      `${L('go').go_bad} of ${L('go').same_ms} same-millisecond pairs do not`);
    check(n(L('go').inside) > 0 && n(L('go').go_frac_bad) === 0,
      `${describe.go}: rand_a is the clock's sub-millisecond nanoseconds / 256 (0..3906), not / 244.14 as uuidv7()`,
      `${L('go').go_frac_bad} of ${L('go').inside}`);
    check(n(L('db').same_ms) >= 100 && n(L('db').db_bad) === 0,
      `${describe.db}: within a millisecond (ms, rand_a) increases; keys of one time count up in the tail's top 12 bits`,
      `${L('db').db_bad} of ${L('db').same_ms}`);
    check(n(L('db').inside) > 0 && n(L('db').db_frac_bad) === 0,
      `${describe.db}: rand_a is the clock's sub-millisecond fraction in 1/4096 ms`, `${L('db').db_frac_bad} of ${L('db').inside}`);

    // ---- order within one millisecond: an app key minted after a database key can sort before it
    const late = Object.fromEntries((await q(`
      SELECT src, count(*) AS keys,
             count(*) FILTER (WHERE id >= uuid_shard.uuid_v7_at(timestamptz 'epoch' + (t0_ns / 1000) * interval '1 microsecond')) AS bad
        FROM app_keys_bits
       WHERE ${MS('t0_ns')} = ms AND ${MS('t1_ns')} = ms AND t0_ns % 1000000 >= 750000
         AND (src IN ('rust', 'python') OR (src = 'go' AND t1_ns - t0_ns < 30000 AND rand_a * 256 <= t1_ns % 1000000))
       GROUP BY src`)).map((r) => [r.src, r]));
    for (const src of ['rust', 'python', 'go']) {
      if (!describe[src]) continue;
      const r = late[src];
      check(r && n(r.keys) > 0 && n(r.bad) === 0,
        `${describe[src]}: minted in the last quarter of a millisecond, it sorts before uuid_v7_at(the clock read before minting), the database's key of an earlier instant`,
        r ? `${r.bad} of ${r.keys} do not` : 'no key minted late in a millisecond');
    }

    // ---- spread: uuid_bucket and uuid_tail_remainder over every source's keys, in bursts too
    const chi2 = async (where, expr, cells) => {
      const rows = await q(`SELECT c, count(k.src) AS n FROM generate_series(0, ${cells - 1}) c
                              LEFT JOIN (SELECT src, ${expr} AS cell FROM (
                                  SELECT b.*, lag(ms) OVER w AS pms, lag(t) OVER w AS pt, lag(id) OVER w AS pid
                                    FROM app_keys_bits b WINDOW w AS (PARTITION BY slot ORDER BY n)) x
                                 WHERE ${where}) k ON k.cell = c
                             GROUP BY c ORDER BY c`);
      const counts = rows.map((r) => Number(r.n));
      const total = counts.reduce((a, b) => a + b, 0);
      const e = total / cells;
      return { total, empty: counts.filter((x) => x === 0).length, x: counts.reduce((a, o) => a + (o - e) ** 2 / e, 0) };
    };
    for (const s of all) {
      const src = `src = '${s.src}'`;
      const tests = [
        ['uuid_bucket(id, 16)', `${src}`, 'uuid_shard.uuid_bucket(id, 16)', 1000],
        ['uuid_tail_remainder(id, 16)', `${src}`, 'uuid_shard.uuid_tail_remainder(id, 16)', 1000],
        ['uuid_bucket(id, 16) of keys minted in a millisecond with the one before', `${src} AND ms = pms`, 'uuid_shard.uuid_bucket(id, 16)', 1000],
        ['uuid_bucket(id, 4) of each key paired with the one minted before it in that millisecond',
          `${src} AND ms = pms`, 'uuid_shard.uuid_bucket(id, 4) * 4 + uuid_shard.uuid_bucket(pid, 4)', 1000],
      ];
      for (const [what, where, expr, min] of tests) {
        if (s.src === 'db-default' && where.includes('pms')) continue;
        const r = await chi2(where, expr, 16);
        check(r.total >= min && r.empty === 0 && r.x < CHI2_MAX,
          `${s.what}: ${what}: every one of 16 cells used, chi-square below ${CHI2_MAX}`,
          `${r.total} keys, ${r.empty} empty cells, chi-square ${r.x.toFixed(1)}`);
      }
    }

    // ---- the partitioned layouts, filled from the one table
    const [{ total }] = await q('SELECT count(*) AS total FROM app_keys');
    await q(`CREATE TABLE app_keys_time (LIKE app_keys) PARTITION BY RANGE (id)`);
    for (const r of await q(`SELECT uuid_shard.uuid_v7_partition_ddl('app_keys_time'::regclass,
        now() - interval '10 minutes', now() + interval '10 minutes', interval '1 minute') AS ddl`)) await q(r.ddl);
    await q('INSERT INTO app_keys_time SELECT * FROM app_keys');
    const [tp] = await q(`
      SELECT count(*) AS keys, count(DISTINCT k.tableoid) AS parts,
             count(*) FILTER (WHERE NOT (p.from_time <= uuid_shard.uuid_v7_time(k.id) AND uuid_shard.uuid_v7_time(k.id) < p.to_time
                                         AND p.from_time <= timestamptz 'epoch' + (k.t1_ns / 1000) * interval '1 microsecond'
                                         AND timestamptz 'epoch' + (k.t0_ns / 1000) * interval '1 microsecond' < p.to_time)) AS bad
        FROM app_keys_time k JOIN uuid_shard.uuid_v7_partitions('app_keys_time'::regclass) p ON p.partition = k.tableoid`);
    check(tp.keys === total && n(tp.bad) === 0,
      'time partitions (RANGE (id), 1 minute): every key of every source is in the partition of the time it was minted',
      `${tp.keys} of ${total} rows placed, ${tp.bad} in another partition`);

    await q(`CREATE TABLE app_keys_bucket (LIKE app_keys) PARTITION BY LIST (uuid_shard.uuid_bucket(id, 8))`);
    for (const r of await q(`SELECT uuid_shard.uuid_bucket_partition_ddl('app_keys_bucket'::regclass) AS ddl`)) await q(r.ddl);
    await q('INSERT INTO app_keys_bucket SELECT * FROM app_keys');
    const [bp] = await q(`
      SELECT count(*) AS keys, count(*) FILTER (WHERE p.bucket <> uuid_shard.uuid_bucket(k.id, 8)) AS bad,
             (SELECT count(*) FROM (SELECT src FROM app_keys_bucket GROUP BY src, tableoid) x) AS src_parts
        FROM app_keys_bucket k JOIN uuid_shard.uuid_bucket_partitions('app_keys_bucket'::regclass) p ON p.partition = k.tableoid`);
    check(bp.keys === total && n(bp.bad) === 0 && n(bp.src_parts) === 8 * all.length,
      'bucket partitions (LIST (uuid_bucket(id, 8))): every key in its bucket\'s partition, every partition holds keys of every source',
      `${bp.keys} of ${total} rows, ${bp.bad} misplaced, ${bp.src_parts} of ${8 * all.length} (source, partition) pairs`);

    const tailDdl = `CREATE TABLE app_keys_tail (LIKE app_keys) PARTITION BY HASH (id uuid_shard.uuid_tail_ops)`;
    if (variant === 'native') {
      await q(tailDdl);
      for (const r of await q(`SELECT uuid_shard.uuid_tail_partition_ddl('app_keys_tail'::regclass, 8) AS ddl`)) await q(r.ddl);
      await q('INSERT INTO app_keys_tail SELECT * FROM app_keys');
      const [hp] = await q(`
        SELECT count(*) AS keys, count(*) FILTER (WHERE p.remainder <> uuid_shard.uuid_tail_remainder(k.id, 8)) AS bad,
               (SELECT count(*) FROM (SELECT src FROM app_keys_tail GROUP BY src, tableoid) x) AS src_parts
          FROM app_keys_tail k JOIN uuid_shard.uuid_tail_partitions('app_keys_tail'::regclass) p ON p.partition = k.tableoid`);
      check(hp.keys === total && n(hp.bad) === 0 && n(hp.src_parts) === 8 * all.length,
        'tail-hash partitions (HASH (id uuid_tail_ops), modulus 8): every key in (8, uuid_tail_remainder(id, 8)), every partition holds keys of every source',
        `${hp.keys} of ${total} rows, ${hp.bad} misplaced, ${hp.src_parts} of ${8 * all.length} (source, partition) pairs`);
    } else {
      let code = 'none';
      try { await q(tailDdl); } catch (e) { code = e.code; }
      check(code === '42704', 'tail-hash partitions: the SQL edition has no uuid_tail_ops, CREATE TABLE fails with 42704 (layout skipped here)',
        `SQLSTATE ${code}`);
    }
  } catch (e) {
    fail('the check ran to its end', e.message);
  } finally {
    await db.end();
  }
}

for (const [name, bin] of [['mint-rust', rustBin], ['mint-go', goBin]]) {
  if (!existsSync(bin)) {
    prefix = `app_keys [PG${major}]`;
    fail(`${name} is built`, `${bin} is missing: run scripts/setup.sh`);
  }
}
if (!pythonVersion) {
  prefix = `app_keys [PG${major}]`;
  fail('Python 3.14 with uuid.uuid7() is there', `${python} does not run it: run scripts/setup.sh`);
}
if (failures === 0) {
  await runVariant('native');
  if (editionSql && existsSync(editionSql)) await runVariant('edition');
  else { prefix = `app_keys [PG${major} edition]`; fail('the SQL edition is given', 'UUID_SHARD_EDITION_SQL is not a file'); }
}
process.exit(failures ? 1 : 0);
