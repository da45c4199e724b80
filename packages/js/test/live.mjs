// The installed package against a live server: keys from uuid7() and from the database's
// uuid_shard.uuidv7() side by side in one tail-hash partitioned table, every value computed by
// both routes. Creates (drops first) the database pkg_js.
//   PGHOST=... PGPORT=... PGUSER=postgres UUID_SHARD_MAJOR=15 node live.mjs
import * as shard from 'uuid-shard';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkgVersion = require('uuid-shard/package.json').version;
const DB = 'pkg_js';
const tag = `live PostgreSQL ${process.env.UUID_SHARD_MAJOR ?? '?'}`;
let failures = 0;
const check = (cond, what, detail) => {
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${tag}: ${what}${cond || detail === undefined ? '' : ` (${detail})`}`);
  if (!cond) failures++;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const admin = new pg.Client({ database: 'postgres' });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB}`);
await admin.query(`CREATE DATABASE ${DB} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
await admin.end();
const db = new pg.Client({ database: DB });
await db.connect();
const one = async (sql, params) => (await db.query(sql, params)).rows;
try {
  await db.query('CREATE SCHEMA uuid_shard; CREATE EXTENSION uuid_shard SCHEMA uuid_shard');
  const [{ extversion, server }] = await one("SELECT extversion, current_setting('server_version') AS server FROM pg_extension WHERE extname = 'uuid_shard'");
  check(extversion === pkgVersion, `extension ${extversion} on ${server} is the package's version ${pkgVersion}`);

  // one table, tail-hash partitioned, 16 partitions named by uuid_tail_partition_ddl; and one
  // whose long multibyte name the partition names must cut
  const long = 'événements_très_longs_' + 'ü'.repeat(18); // 61 bytes: cut to 57 + '_h8_r', a byte cut would split a ü
  await db.query(`CREATE TABLE keys (id uuid PRIMARY KEY, src text NOT NULL, n integer NOT NULL) PARTITION BY HASH (id uuid_shard.uuid_tail_ops)`);
  await db.query(`CREATE TABLE "${long}" (id uuid PRIMARY KEY) PARTITION BY HASH (id uuid_shard.uuid_tail_ops)`);
  for (const [t, m] of [['keys', 16], [`"${long}"`, 8]]) {
    for (const { ddl } of await one(`SELECT ddl FROM uuid_shard.uuid_tail_partition_ddl($1::regclass, $2) AS ddl`, [t, m])) await db.query(ddl);
  }

  // keys from both sources, in rounds; and single keys 2 ms apart, alternating sources
  const ROUNDS = 20;
  const PER = 100;
  let n = 0;
  for (let r = 0; r < ROUNDS; r++) {
    await db.query(`INSERT INTO keys SELECT uuid_shard.uuidv7(), 'db', $1 + i FROM generate_series(0, $2 - 1) i`, [n, PER]);
    n += PER;
    const ids = Array.from({ length: PER }, () => shard.uuid7());
    await db.query(`INSERT INTO keys SELECT id, 'js', $1 + ord - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS u(id, ord)`, [n, ids]);
    n += PER;
  }
  const alternating = [];
  for (let i = 0; i < 20; i++) {
    if (i % 2 === 0) alternating.push((await one('SELECT uuid_shard.uuidv7()::text AS id'))[0].id);
    else alternating.push(shard.uuid7());
    await sleep(2);
  }
  check(alternating.every((k, i) => i === 0 || k > alternating[i - 1]),
    'keys minted 2 ms apart, alternately by the database and by uuid7(), sort in the order they were made', alternating.join(' '));
  await db.query(`INSERT INTO keys SELECT id, 'alt', 100000 + ord FROM unnest($1::uuid[]) WITH ORDINALITY AS u(id, ord)`, [alternating]);
  await db.query(`INSERT INTO "${long}" SELECT id FROM keys`);

  const secret = randomBytes(32);
  const NS = [1, 2, 7, 1000, 65536, 2147483647];
  const LENS = [1, 8, 15];
  const MODS = [16, 1000, 2147483647];
  const us = (e) => `(extract(epoch FROM date_trunc('second', ${e}))::bigint * 1000000 + extract(microseconds FROM ${e})::bigint % 1000000)::text`;
  const rows = await one(`
    SELECT k.id::text AS id, k.src,
           (SELECT c.relname FROM pg_class c WHERE c.oid = k.tableoid) AS part,
           (SELECT c.relname FROM pg_class c WHERE c.oid = l.tableoid) AS long_part,
           ARRAY[${NS.map((x) => `uuid_shard.uuid_bucket(k.id, ${x})`).join(', ')}] AS buckets,
           ARRAY[${LENS.map((x) => `uuid_shard.uuid_shard_key(k.id, ${x})`).join(', ')}] AS shard_keys,
           ARRAY[${MODS.map((x) => `uuid_shard.uuid_tail_remainder(k.id, ${x})`).join(', ')}] AS remainders,
           uuid_shard.uuid_tail_hash_extended(k.id, 0)::text AS tail_hash,
           ${us('uuid_shard.uuid_v7_time(k.id)')} AS time_ms_us,
           ${us('uuid_shard.uuid_v7_time_us(k.id)')} AS time_us,
           uuid_shard.uuid_v7_boundary(uuid_shard.uuid_v7_time_us(k.id))::text AS boundary,
           uuid_shard.uuid_v7_boundary_last(uuid_shard.uuid_v7_time_us(k.id))::text AS boundary_last,
           uuid_shard.uuid_to_ulid(k.id) AS ulid,
           uuid_shard.uuid_v7_mask(k.id, $1)::text AS masked,
           uuid_shard.uuid_v7_unmask(uuid_shard.uuid_v7_mask(k.id, $1), $1)::text AS unmasked
      FROM keys k JOIN "${long}" l USING (id) ORDER BY k.id`, [secret]);
  const counts = rows.reduce((a, r) => ({ ...a, [r.src]: (a[r.src] ?? 0) + 1 }), {});
  check(rows.length === 2 * ROUNDS * PER + 20 && counts.js === ROUNDS * PER && counts.db === ROUNDS * PER,
    `${rows.length} keys in one table: ${counts.js} from uuid7(), ${counts.db} from uuid_shard.uuidv7(), ${counts.alt} alternating`);
  const agree = (what, f) => {
    const bad = rows.filter((r) => !f(r));
    check(bad.length === 0, `${what}: the package and the database agree on all ${rows.length} keys`, bad.slice(0, 3).map((r) => r.id).join(' '));
  };
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  agree(`bucket(id, n), n = ${NS.join(', ')}`, (r) => same(NS.map((x) => shard.bucket(r.id, x)), r.buckets));
  agree(`shardKey(id, length), length = ${LENS.join(', ')}`, (r) => same(LENS.map((x) => shard.shardKey(r.id, x)), r.shard_keys));
  agree(`tailRemainder(id, m), m = ${MODS.join(', ')}; tailHashExtended`,
    (r) => same(MODS.map((x) => shard.tailRemainder(r.id, x)), r.remainders) && String(shard.tailHashExtended(r.id)) === r.tail_hash);
  agree('tailPartitionName(\'keys\', id, 16) names the partition the row is in (uuid_tail_partition_ddl)', (r) => shard.tailPartitionName('keys', r.id, 16) === r.part);
  agree(`tailPartitionName of a 61-byte multibyte table name, modulus 8 (cut by whole characters: ${rows[0].long_part})`,
    (r) => shard.tailPartitionName(long, r.id, 8) === r.long_part);
  agree('unixMs(id) is uuid_v7_time(id)', (r) => BigInt(shard.unixMs(r.id)) * 1000n === BigInt(r.time_ms_us));
  agree('unixUs(id) is uuid_v7_time_us(id)', (r) => shard.unixUs(r.id) === BigInt(r.time_us));
  agree('boundary and boundaryLast of the key\'s time, and the key between them', (r) => {
    const t = shard.unixUs(r.id);
    return shard.boundary(t) === r.boundary && shard.boundaryLast(t) === r.boundary_last && r.boundary <= r.id && r.id <= r.boundary_last;
  });
  agree('toUlid(id) is uuid_to_ulid(id)', (r) => shard.toUlid(r.id) === r.ulid);
  agree('mask(id, secret) is uuid_v7_mask, unmask of either is the key', (r) =>
    shard.mask(r.id, secret) === r.masked && shard.unmask(r.masked, secret) === r.id && r.unmasked === r.id);

  // the database's routes from the package's values: boundary from a time the package gives,
  // unmask of the package's public IDs, keys from names
  const sample = rows.filter((_, i) => i % 37 === 0);
  const back = await one(`
    SELECT s.id::text AS id,
           uuid_shard.uuid_v7_boundary('epoch'::timestamptz + s.us * interval '1 microsecond')::text AS boundary,
           uuid_shard.uuid_v7_boundary_last('epoch'::timestamptz + s.us * interval '1 microsecond')::text AS boundary_last,
           uuid_shard.uuid_v7_unmask(s.pub, $4)::text AS unmasked,
           uuid_shard.uuid_v7_from_name('epoch'::timestamptz + s.us * interval '1 microsecond', s.name)::text AS named
      FROM unnest($1::uuid[], $2::bigint[], $3::uuid[], $5::text[]) AS s(id, us, pub, name)`,
  [sample.map((r) => r.id), sample.map((r) => String(shard.unixUs(r.id))), sample.map((r) => shard.mask(r.id, secret)), secret,
    sample.map((r, i) => ['orders:' + i, 'ünïcødé ✓ 🦀 ' + i, ''][i % 3])]);
  const badBack = back.filter((b, i) => {
    const t = shard.unixUs(b.id);
    return !(b.boundary === shard.boundary(t) && b.boundary_last === shard.boundaryLast(t) && b.unmasked === b.id
      && b.named === shard.fromName(t, ['orders:' + i, 'ünïcødé ✓ 🦀 ' + i, ''][i % 3]));
  });
  check(back.length === sample.length && badBack.length === 0,
    `the database from the package's values (${back.length} keys): uuid_v7_boundary/_last of unixUs, uuid_v7_unmask of mask(), uuid_v7_from_name = fromName`,
    badBack.slice(0, 3).map((b) => b.id).join(' '));

  // bad input: the same refusal, with the same message
  const nil = '00000000-0000-0000-0000-000000000000';
  const v4 = '919108f7-52d1-4320-9bac-f847db4148a8';
  const key = rows[0].id;
  const cases = [
    ['uuid_shard.uuid_bucket($1::uuid, 0)', [key], () => shard.bucket(key, 0)],
    ['uuid_shard.uuid_bucket($1::uuid, -2147483648)', [key], () => shard.bucket(key, -2147483648)],
    ['uuid_shard.uuid_bucket($1::uuid, 5)', [nil], () => shard.bucket(nil, 5)],
    ['uuid_shard.uuid_bucket($1::uuid, 5)', ['ffffffff-ffff-ffff-ffff-ffffffffffff'], () => shard.bucket('ffffffff-ffff-ffff-ffff-ffffffffffff', 5)],
    ['uuid_shard.uuid_shard_key($1::uuid, 16)', [key], () => shard.shardKey(key, 16)],
    ['uuid_shard.uuid_shard_key($1::uuid, 4)', ['c232ab00-9414-11ec-b3c8-9f6bdeced846'], () => shard.shardKey('c232ab00-9414-11ec-b3c8-9f6bdeced846', 4)],
    ['uuid_shard.uuid_shard_key($1::uuid, 4)', ['017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'], () => shard.shardKey('017f22e2-79b0-7cc3-c8c4-dc0c0c07398f', 4)],
    ['uuid_shard.uuid_tail_remainder($1::uuid, 0)', [key], () => shard.tailRemainder(key, 0)],
    ['uuid_shard.uuid_v7_mask($1::uuid, NULL)', [key], () => shard.mask(key, null)],
    ['uuid_shard.uuid_v7_mask($1::uuid, $2)', [key, secret.subarray(0, 15)], () => shard.mask(key, secret.subarray(0, 15))],
    ['uuid_shard.uuid_v7_mask($1::uuid, $2)', [v4, secret], () => shard.mask(v4, secret)],
    ['uuid_shard.uuid_v7_mask($1::uuid, $2)', ['017f22e2-79b0-7cc3-e8c4-dc0c0c07398f', secret], () => shard.mask('017f22e2-79b0-7cc3-e8c4-dc0c0c07398f', secret)],
    ['uuid_shard.uuid_v7_unmask($1::uuid, $2)', [key, secret], () => shard.unmask(key, secret)],
    ['uuid_shard.uuid_from_ulid($1)', ['01ARZ3NDEKTSV4RRFFQ69G5FAU'], () => shard.fromUlid('01ARZ3NDEKTSV4RRFFQ69G5FAU')],
    ['uuid_shard.uuid_from_ulid($1)', ['81ARZ3NDEKTSV4RRFFQ69G5FAV'], () => shard.fromUlid('81ARZ3NDEKTSV4RRFFQ69G5FAV')],
    ['uuid_shard.uuid_from_ulid($1)', ['01ARZ3NDEK'], () => shard.fromUlid('01ARZ3NDEK')],
    ['uuid_shard.uuid_from_ulid($1)', ['01ARZ3NDEKTSV4RRFFQ69G5F Ü'], () => shard.fromUlid('01ARZ3NDEKTSV4RRFFQ69G5F Ü')],
    ['uuid_shard.uuid_from_base32hex($1)', ['05B3SELLQFB7CJ31TUSP60LTBC=====x'], () => shard.fromBase32hex('05B3SELLQFB7CJ31TUSP60LTBC=====x')],
    ['uuid_shard.uuid_from_base32hex($1)', ['05B3SELLQFB7CJ31TUSP60LTBD'], () => shard.fromBase32hex('05B3SELLQFB7CJ31TUSP60LTBD')],
    ['uuid_shard.uuid_from_base32hex($1)', ['05B3SELLQFB7CJ31TUSP60LTBC='], () => shard.fromBase32hex('05B3SELLQFB7CJ31TUSP60LTBC=')],
  ];
  const differ = [];
  for (const [expr, params, f] of cases) {
    let server = null;
    try {
      await db.query(`SELECT ${expr}`, params);
    } catch (e) {
      server = e.message;
    }
    let mine = null;
    try {
      f();
    } catch (e) {
      mine = (e instanceof RangeError || e instanceof TypeError) ? e.message : `${e.name}: ${e.message}`;
    }
    if (server === null || mine !== server) differ.push(`${expr}: server ${JSON.stringify(server)}, package ${JSON.stringify(mine)}`);
  }
  check(differ.length === 0, `${cases.length} bad inputs: both refuse, with the same message`, differ.join('; '));
} finally {
  await db.end();
}
process.exitCode = failures > 0 ? 1 : 0;
