'use strict';
// Checks the npm package uuid-shard (packages/js) against the test vectors:
//   node check.js [path/to/vectors.json]
// checks packages/js/uuid_shard.cjs; packages/js/test.sh calls check(module, file) with the
// package as a user installs it, loaded by import and by require.
const fs = require('fs');
const path = require('path');

function check(mod, file) {
  const {
    hasRandomTail, shardKey, bucket, unixMs, HASH_COMBINE64_CONSTANT, tailHashExtended, tailRemainder,
    toUlid, fromUlid, toBase32hex, fromBase32hex, boundary, boundaryLast, v7Head, unixUs, fromName,
  } = mod;
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));

  let checks = 0;
  const failures = [];
  function expect(ok, what) {
    checks++;
    if (!ok) failures.push(what);
  }
  function raises(f, ...args) {
    try {
      f(...args);
    } catch (e) {
      return e instanceof Error;
    }
    return false;
  }

  for (const v of data.accepted) {
    const u = v.uuid;
    expect(hasRandomTail(u) && unixMs(u) === v.unix_ms, `${u}: accepted, unix_ms ${v.unix_ms}`);
    for (const [len, key] of v.shard_key) {
      const got = shardKey(u, len);
      expect(got === key, `${u}: shardKey(${len}) = ${got}, expected ${key}`);
    }
    for (const [n, b] of v.bucket) {
      const got = bucket(u, n);
      expect(got === b, `${u}: bucket(${n}) = ${got}, expected ${b}`);
    }
  }
  for (const v of data.rejected) {
    const u = v.uuid;
    expect(
      !hasRandomTail(u) && unixMs(u) === null && raises(shardKey, u, 1) && raises(bucket, u, 1),
      `${u}: must be rejected (${v.reason})`,
    );
  }
  const first = data.accepted[0].uuid;
  for (const len of data.invalid_len) expect(raises(shardKey, first, len), `shard key length ${len} must be rejected`);
  for (const n of data.invalid_n) expect(raises(bucket, first, n), `bucket count ${n} must be rejected`);

  // 0.3.0: text forms, bounds, the time to the microsecond, keys from names
  for (const v of data.text_forms) {
    expect(
      toUlid(v.uuid) === v.ulid && toBase32hex(v.uuid) === v.base32hex && fromUlid(v.ulid.toLowerCase()) === v.uuid
        && fromBase32hex(v.base32hex) === v.uuid && fromBase32hex(v.base32hex.slice(0, 26).toLowerCase()) === v.uuid,
      `${v.uuid}: ulid ${v.ulid}, base32hex ${v.base32hex}`,
    );
  }
  for (const v of data.bad_text) {
    expect(raises(v.form === 'ulid' ? fromUlid : fromBase32hex, v.text), `${v.form} ${v.text} must be refused`);
  }
  for (const v of data.times) {
    const t = BigInt(v.unix_ms) * 1000n + BigInt(v.us);
    const key = (v7Head(t) << 64n) | 0x8000000000000000n;
    const keyText = key.toString(16).padStart(32, '0').replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
    expect(
      boundary(t) === v.boundary && boundaryLast(t) === v.boundary_last && keyText.slice(0, 18) === v.head && unixUs(keyText) === t,
      `time ${t}: boundary, boundaryLast, head`,
    );
  }
  for (const v of data.time_us) {
    const want = v.unix_ms === null ? null : BigInt(v.unix_ms) * 1000n + BigInt(v.us);
    expect(unixUs(v.uuid) === want, `${v.uuid}: unixUs ${want}`);
  }
  for (const v of data.from_name) {
    const got = fromName(BigInt(v.unix_ms) * 1000n + BigInt(v.us), v.name);
    expect(got === v.uuid, `fromName(${v.name}) = ${got}, expected ${v.uuid}`);
  }
  for (const [ms, us] of data.invalid_times) {
    const t = BigInt(ms) * 1000n + BigInt(us);
    expect(raises(boundary, t) && raises(boundaryLast, t) && raises(fromName, t, 'x'), `time ${t} must be refused`);
  }

  if (checks !== data.checks) failures.push(`ran ${checks} checks, the file has ${data.checks}`);
  const mainChecks = checks;
  checks = 0;

  // Tail-hash partitions, a section with its own count. PostgreSQL routes a row of a one-column
  // key by hash_combine64(0, h) = h + HASH_COMBINE64_CONSTANT (mod 2^64): the bucket key.
  const tail = data.tail_remainder;
  for (const v of tail.vectors) {
    const h = tailHashExtended(v.uuid);
    const rowHash = BigInt.asUintN(64, h + HASH_COMBINE64_CONSTANT);
    const rowHashHex = '0x' + rowHash.toString(16).padStart(16, '0');
    expect(
      String(h) === v.tail_hash_extended && rowHashHex === v.bucket_key,
      `${v.uuid}: tailHashExtended ${h}, row hash ${rowHashHex}, expected ${v.tail_hash_extended}, ${v.bucket_key}`,
    );
    for (const [m, r] of v.remainder) {
      const got = tailRemainder(v.uuid, m);
      expect(got === r, `${v.uuid}: tailRemainder(${m}) = ${got}, expected ${r}`);
    }
  }
  const firstTail = tail.vectors[0].uuid;
  for (const m of tail.invalid_modulus) expect(raises(tailRemainder, firstTail, m), `modulus ${m} must be rejected`);
  if (checks !== tail.checks) failures.push(`tail remainder: ran ${checks} checks, the file has ${tail.checks}`);

  if (failures.length > 0) {
    for (const f of failures.slice(0, 20)) console.error('js: FAIL ' + f);
    console.error(`js: ${failures.length} of ${mainChecks + checks} vectors FAILED`);
    return false;
  }
  console.log(`js: ${mainChecks} vectors ok`);
  console.log(`js tail remainder: ${checks} vectors ok`);
  return true;
}

module.exports = check;
if (require.main === module) {
  const mod = require(path.join(__dirname, '..', '..', '..', 'packages', 'js', 'uuid_shard.cjs'));
  process.exit(check(mod, process.argv[2] || path.join(__dirname, '..', 'vectors.json')) ? 0 : 1);
}
