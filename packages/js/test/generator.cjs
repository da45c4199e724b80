'use strict';
// uuid7()'s rules (docs/algorithms.md section 1, core/src/generator.rs) on a scripted clock:
// Date.now and performance are replaced before the package is loaded, so this runs in a
// process of its own. node generator.cjs
let clockUs = 0; // the scripted clock, in microseconds since the epoch (small values: exact enough in doubles)
let dateCalls = 0;
let maxReturned = -Infinity; // the latest millisecond Date.now() has shown
let onDateNow = null; // called on every Date.now(), to move the clock while the generator waits
let readsThisKey = 0; // Date.now() calls within one uuid7() call
Date.now = () => {
  dateCalls++;
  readsThisKey++;
  if (onDateNow) onDateNow();
  const ms = Math.floor(clockUs / 1000);
  maxReturned = Math.max(maxReturned, ms);
  return ms;
};
Object.defineProperty(globalThis, 'performance', {
  value: { timeOrigin: 0, now: () => clockUs / 1000 },
  configurable: true,
  writable: true,
});
const { uuid7, unixMs } = require('uuid-shard');

let failures = 0;
const tag = `node ${process.versions.node} uuid7() on a scripted clock`;
const check = (cond, what, detail) => {
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${tag}: ${what}${cond || detail === undefined ? '' : ` (${detail})`}`);
  if (!cond) failures++;
};
// (ms, fraction, counter) of a key
const parts = (k) => {
  const h = k.replace(/-/g, '');
  return { ms: parseInt(h.slice(0, 12), 16), frac: parseInt(h.slice(13, 16), 16) };
};
const counterOf = (k) => {
  const h = k.replace(/-/g, '');
  return ((parseInt(h.slice(16, 18), 16) & 0x3f) << 6) | (parseInt(h.slice(18, 20), 16) >> 2);
};
const at = (ms, frac) => { clockUs = ms * 1000 + (frac + 0.5) * 1000 / 4096; }; // the middle of that fraction
const mint = (n) => {
  const keys = [];
  for (let i = 0; i < n; i++) {
    readsThisKey = 0;
    const k = uuid7();
    if (unixMs(k) > maxReturned) keys.past = keys.past ?? k;
    keys.push(k);
  }
  return keys;
};
const increasing = (keys, prev) => keys.every((k, i) => k > (i === 0 ? prev ?? '' : keys[i - 1]));

// 1. The clock stands still: the counter counts by one from a random start, then the fraction
//    steps one unit (a fresh tail), never leaving the clock's millisecond.
at(1000, 100);
let keys = mint(20000);
let steps = 0;
let counts = 0;
let wrong = null;
for (let i = 1; i < keys.length; i++) {
  const a = parts(keys[i - 1]);
  const b = parts(keys[i]);
  const ca = counterOf(keys[i - 1]);
  const cb = counterOf(keys[i]);
  if (a.ms === b.ms && a.frac === b.frac) {
    counts++;
    if (cb !== ca + 1) wrong = wrong ?? `${keys[i - 1]} -> ${keys[i]}: counter ${ca} -> ${cb}`;
  } else {
    steps++;
    if (!(ca === 4095 && b.ms === a.ms && b.frac === a.frac + 1)) wrong = wrong ?? `${keys[i - 1]} -> ${keys[i]}`;
  }
}
const first = parts(keys[0]);
check(first.ms === 1000 && first.frac === 100, 'the first key has the clock\'s millisecond and fraction', keys[0]);
check(increasing(keys) && wrong === null && steps >= 3 && counts > 10000,
  `clock standing still: +1 in the counter, at 4095 one fraction later (${steps} steps in ${keys.length} keys)`, wrong);
check(keys.past === undefined && keys.every((k) => parts(k).ms === 1000), 'clock standing still: every key in the clock\'s millisecond', keys.past);

// 2. The clock moves on: its time and a fresh tail.
at(1000, 3000);
const moved = mint(1)[0];
check(parts(moved).ms === 1000 && parts(moved).frac === 3000 && moved > keys[keys.length - 1], 'the clock moves on: the key takes its time', moved);
at(1003, 7);
const later = mint(1)[0];
check(parts(later).ms === 1003 && parts(later).frac === 7 && later > moved, 'the next millisecond: the key takes the clock\'s time', later);

// 3. The last fraction of a millisecond used up: wait for the clock (never a key in the next
//    millisecond before Date.now() shows it).
at(1010, 4095);
let last = mint(1)[0];
let waits = 0;
onDateNow = () => {
  // a uuid7() call that reads Date.now() more than 50 times is waiting: only then does the clock
  // reach the next millisecond, so a key issued there without waiting is seen
  waits = Math.max(waits, readsThisKey);
  if (clockUs < 1011000 && readsThisKey > 50) clockUs = 1011000;
};
keys = mint(4200);
onDateNow = null;
const nextMs = keys.find((k) => parts(k).ms === 1011);
check(keys.past === undefined && nextMs !== undefined && waits > 50 && increasing(keys, last),
  `count full at fraction 4095: waits for the clock's next millisecond (${waits} clock reads)`, keys.past ?? `waits ${waits}`);

// 4. The clock set back: keys carry on from the last one (counting, then stepping into the
//    next milliseconds) without waiting, until the clock passes them.
at(1020, 4095);
last = mint(1)[0];
at(1015, 0);
const before = dateCalls;
keys = mint(9000);
check(increasing(keys, last) && keys.some((k) => parts(k).ms === 1021) && dateCalls - before === keys.length,
  'clock set back 5 ms: keys carry on from the last one into the next millisecond, no wait',
  `${keys[keys.length - 1]}, ${dateCalls - before} clock reads`);
at(1030, 1);
const passed = mint(1)[0];
check(parts(passed).ms === 1030 && parts(passed).frac === 1 && passed > keys[keys.length - 1], 'the clock passes them again: its time', passed);

// 5. The top of the range: past 2^48 - 1 ms is an error, as SQLSTATE 22008 is.
clockUs = (2 ** 48) * 1000; // Date.now() shows 2^48 ms
let err = null;
try { uuid7(); } catch (e) { err = e; }
check(err instanceof RangeError && err.message === 'timestamp out of range for UUID version 7', 'a clock past 2^48 - 1 ms: RangeError', String(err));
process.exitCode = failures > 0 ? 1 : 0;
