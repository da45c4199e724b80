// How fast bucket and shardKey are, against what JavaScript itself does with a UUID text: parse
// it to bytes (Buffer.from of the hex) and hash the bytes (FNV-1a, as hand-written code does;
// JavaScript has no built-in hash of bytes). Measured in one run; printed, never asserted.
//   node bench.mjs [keys]
import { bucket, shardKey, tailRemainder, uuid7 } from 'uuid-shard';

const N = Number(process.argv[2] ?? 1000000);
const keys = Array.from({ length: N }, () => uuid7());
function baseline(u) {
  const b = Buffer.from(u.replace(/-/g, ''), 'hex');
  let h = 0x811c9dc5;
  for (let i = 0; i < 16; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return h >>> 0;
}
let sink = 0;
const cases = {
  'parse + FNV-1a (baseline)': (u) => baseline(u),
  'bucket(u, 1000)': (u) => bucket(u, 1000),
  'bucket(u, 2147483647)': (u) => bucket(u, 2147483647),
  'shardKey(u, 8)': (u) => shardKey(u, 8).length,
  'tailRemainder(u, 16)': (u) => tailRemainder(u, 16),
};
const ns = {};
for (let round = 0; round < 3; round++) { // the last round counts; the first ones warm up
  for (const [name, f] of Object.entries(cases)) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) sink ^= f(keys[i]);
    ns[name] = Number(process.hrtime.bigint() - t0) / N;
  }
}
const base = ns['parse + FNV-1a (baseline)'];
for (const [name, t] of Object.entries(ns)) {
  console.log(`bench node ${process.versions.node}: ${name.padEnd(26)} ${t.toFixed(0).padStart(5)} ns/key  ratio ${(t / base).toFixed(2)}`);
}
if (sink === 0.5) console.log(sink);
