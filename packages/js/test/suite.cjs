'use strict';
// The checks both entry points run on the installed package (check-cjs.cjs with require,
// check-esm.mjs with import): every vector of tests/vectors/vectors.json through the project's
// checkers, the exports against the declarations, the errors, and uuid7() on the real clock.
//   suite(mod, how, { repo }) -> number of failures; prints one ok/FAIL line per check
const fs = require('node:fs');
const path = require('node:path');

module.exports = function suite(mod, how, { repo, pkgDir }) {
  let failures = 0;
  const tag = `node ${process.versions.node} ${how}`;
  const check = (cond, what, detail) => {
    if (cond) console.log(`ok   ${tag}: ${what}`);
    else {
      failures++;
      console.log(`FAIL ${tag}: ${what}${detail === undefined ? '' : ` (${detail})`}`);
    }
  };
  const vectors = path.join(repo, 'tests/vectors/vectors.json');

  // every vector, by the checkers run.sh uses on the source
  check(require(path.join(repo, 'tests/vectors/js/check.js'))(mod, vectors), 'every vector of vectors.json (tests/vectors/js/check.js)');
  check(require(path.join(repo, 'tests/vectors/js/check_mask.js'))(mod, vectors), 'every mask vector of vectors.json (tests/vectors/js/check_mask.js)');

  // the exports are the declared ones, no more, no fewer
  const dts = fs.readFileSync(path.join(pkgDir, 'uuid_shard.d.cts'), 'utf8');
  const declared = [...dts.matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1]).sort();
  const exported = Object.keys(mod).filter((k) => k !== 'default' && k !== 'module.exports').sort();
  check(declared.length > 15 && JSON.stringify(declared) === JSON.stringify(exported),
    `exports are the ${declared.length} names uuid_shard.d.cts declares`, `exported ${exported}, declared ${declared}`);

  // errors: the kind and the extension's message
  const u = '0195e3a1-7c2e-7b3d-8a4f-0123456789ab';
  const secret = new Uint8Array(16).map((_, i) => i);
  const raises = (f, kind, message) => {
    try {
      f();
    } catch (e) {
      return e instanceof kind && (message === undefined || e.message === message) ? true : `${e.name}: ${e.message}`;
    }
    return 'no error';
  };
  const errors = [
    [() => mod.bucket(u, 0), RangeError, 'bucket count must be between 1 and 2147483647, got 0'],
    [() => mod.bucket(u, 2147483648), RangeError, 'bucket count must be between 1 and 2147483647, got 2147483648'],
    [() => mod.bucket(u, 1.5), RangeError],
    [() => mod.bucket(u, '8'), RangeError],
    [() => mod.shardKey(u, 16), RangeError, 'shard key length must be between 1 and 15, got 16'],
    [() => mod.tailRemainder(u, -1), RangeError, 'modulus must be between 1 and 2147483647, got -1'],
    [() => mod.tailPartitionName('t', u, 2147483648), RangeError, 'modulus must be between 1 and 2147483647, got 2147483648'],
    [() => mod.bucket('00000000-0000-0000-0000-000000000000', 2), RangeError,
      'expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got the nil UUID'],
    [() => mod.shardKey('c232ab00-9414-11ec-b3c8-9f6bdeced846', 2), RangeError,
      'expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got version 1'],
    [() => mod.bucket('not a uuid', 2), TypeError],
    [() => mod.bucket(new Uint8Array(15), 2), TypeError],
    [() => mod.boundary(-1n), RangeError, 'timestamp out of range for UUID version 7'],
    [() => mod.boundary(1700000000000), TypeError],
    [() => mod.boundary(new Date(NaN)), RangeError],
    [() => mod.fromUlid('01ARZ3NDEKTSV4RRFFQ69G5FAU'), RangeError, 'invalid ULID text: "U" at position 26 is not a Crockford base32 digit'],
    [() => mod.fromUlid('81ARZ3NDEKTSV4RRFFQ69G5FAV'), RangeError, 'invalid ULID text: "8" at position 1 is above "7" (a ULID holds 128 bits)'],
    [() => mod.fromBase32hex('05B3SELLQFB7CJ31TUSP60LTBC=====x'), RangeError, 'invalid base32hex text: "x" at position 32 is not "=" padding'],
    [() => mod.mask(u, null), RangeError, 'mask secret must not be NULL'],
    [() => mod.mask(u, secret.subarray(1)), RangeError, 'mask secret must be at least 16 bytes, got 15'],
    [() => mod.mask('919108f7-52d1-4320-9bac-f847db4148a8', secret), RangeError,
      'expected a UUID of version 7 (RFC 9562 variant) to mask, got version 4'],
    [() => mod.unmask(u, secret), RangeError, 'expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got version 7'],
  ];
  const bad = errors.map(([f, kind, message], i) => [i, raises(f, kind, message)]).filter(([, r]) => r !== true);
  check(bad.length === 0, `${errors.length} bad inputs raise RangeError or TypeError with the extension's message`, JSON.stringify(bad));

  // a Date is a time, as BigInt microseconds are
  const d = new Date(Date.UTC(2025, 1, 19, 20, 57, 5, 792));
  check(mod.boundary(d) === '01952000-0000-7000-8000-000000000000' && mod.boundary(d) === mod.boundary(BigInt(d.getTime()) * 1000n),
    'boundary(Date) is boundary(BigInt microseconds)');

  // uuid7() on the real clock: strictly increasing, v7, never past the clock's millisecond
  const n = 200000;
  const keys = new Array(n);
  const t0 = Date.now();
  for (let i = 0; i < n; i++) keys[i] = mod.uuid7();
  const t1 = Date.now();
  let order = -1;
  let form = -1;
  let time = -1;
  for (let i = 0; i < n; i++) {
    if (i > 0 && order < 0 && !(keys[i] > keys[i - 1])) order = i;
    if (form < 0 && !(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(keys[i]) && mod.hasRandomTail(keys[i]))) form = i;
    const ms = mod.unixMs(keys[i]);
    if (time < 0 && !(ms >= t0 && ms <= t1)) time = i;
  }
  check(order < 0, `uuid7(): ${n} keys strictly increasing`, order >= 0 ? `${keys[order - 1]} then ${keys[order]}` : undefined);
  check(form < 0, 'uuid7(): lower-case text, version 7, RFC 9562 variant', form >= 0 ? keys[form] : undefined);
  check(time < 0, `uuid7(): unixMs within Date.now() before and after (${t0}..${t1})`, time >= 0 ? keys[time] : undefined);
  // the fraction tells the time inside the millisecond: keys of one millisecond use many fractions
  const fractions = new Set(keys.map((k) => k.slice(15, 18)));
  check(fractions.size > 1000, `uuid7(): the 12-bit fraction moves within the millisecond (${fractions.size} distinct)`);
  return failures;
};
