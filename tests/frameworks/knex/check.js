// Runs the Knex recipe of docs/frameworks.md against a scratch database and checks what the page
// claims. Usage (from tests/sql/frameworks.sh): PG* set, node check.js
const knex = require('knex')(require('./knexfile'));
const versions = `knex ${require('knex/package.json').version} pg ${require('pg/package.json').version}`;
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${versions}: ${what}`);
  if (!ok) failures++;
};
const isV7 = (u) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(u);
const increasing = (ids) => ids.every((u, i) => i === 0 || ids[i - 1] < u); // lowercase hex: string order = uuid order
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

(async () => {
  try {
    await knex.migrate.latest();
    const ext = await knex('pg_extension').where({ extname: 'uuid_shard' }).first('extversion');
    check(!!ext, `migrate:latest created the extension (${ext && ext.extversion}) and table events`);

    // Single insert: the key comes back through RETURNING.
    const [one] = await knex('events').insert({ ref: 'one' }).returning(['id', 'bucket']);
    check(isV7(one.id), `insert(...).returning('id'): ${one.id}, bucket ${one.bucket}`);

    // Many rows in one INSERT ... RETURNING: one row back per row, in insert order.
    let statements = 0;
    knex.on('query', () => statements++);
    const rows = Array.from({ length: 500 }, (_, i) => ({ ref: `r${i}` }));
    const back = await knex('events').insert(rows).returning(['id', 'ref']);
    knex.removeAllListeners('query');
    check(statements === 1 && back.length === rows.length, `insert of ${rows.length} rows: ${statements} statement, ${back.length} keys returned`);
    check(back.every((r, i) => r.ref === `r${i}`), 'returned rows come in insert order (checked by ref)');
    check(back.every((r) => isV7(r.id)) && increasing(back.map((r) => r.id)), 'keys are v7 and increase in insert order');

    // Worker query by bucket; stored bucket = uuid_bucket recomputed; the index can serve it.
    const [{ count: total }] = await knex('events').count();
    const per = [];
    for (let k = 0; k < 4; k++) per.push(Number((await knex('events').where({ bucket: k, done: false }).count())[0].count));
    check(per.reduce((a, b) => a + b) === Number(total) && Math.min(...per) > 0, `worker buckets 0-3 split ${total} rows as ${per}`);
    const [{ count: wrong }] = await knex('events').whereRaw('bucket <> public.uuid_bucket(id, 4)').count();
    check(Number(wrong) === 0, `stored bucket = uuid_bucket(id, 4) recomputed for all rows (${wrong} differ)`);
    const plan = await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const q = trx('events').select('id').where({ bucket: 2, done: false }).toSQL();
      return (await trx.raw('EXPLAIN ' + q.sql, q.bindings)).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    check(plan.includes('events_bucket4'), `the worker query can use index events_bucket4: ${plan.split('\n')[0]}`);

    // Time range with uuid_v7_boundary.
    await sleep(5);
    const t1 = (await knex.raw('SELECT clock_timestamp() AS t')).rows[0].t;
    await sleep(5);
    const inside = (await knex('events').insert(Array.from({ length: 10 }, (_, i) => ({ ref: `in${i}` }))).returning('id')).map((r) => r.id);
    await sleep(5);
    const t2 = (await knex.raw('SELECT clock_timestamp() AS t')).rows[0].t;
    await sleep(5);
    await knex('events').insert({ ref: 'late' });
    // pg sends a Date as timestamptz with milliseconds: exactly the key's precision.
    const got = (await knex('events').select('id')
      .whereRaw('id >= public.uuid_v7_boundary(?) AND id < public.uuid_v7_boundary(?)', [t1, t2]).orderBy('id')).map((r) => r.id);
    check(JSON.stringify(got) === JSON.stringify(inside.sort()), `id >= uuid_v7_boundary(t1) AND id < uuid_v7_boundary(t2): exactly the ${inside.length} rows of [t1, t2)`);

    // Rollback removes table and extension.
    await knex.migrate.rollback(undefined, true);
    const left = (await knex.raw(`SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'uuid_shard')
                                       + (SELECT count(*) FROM pg_class WHERE relname LIKE 'events%') AS n`)).rows[0].n;
    check(Number(left) === 0, `migrate:rollback --all removes the table and the extension (${left} left)`);
  } catch (e) {
    check(false, 'error: ' + (e.stack || e));
  } finally {
    await knex.destroy();
  }
  console.log(`knex: ${failures === 0 ? 'all checks passed' : failures + ' checks FAILED'}`);
  process.exit(failures ? 1 : 0);
})();
