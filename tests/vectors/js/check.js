'use strict';
// Checks uuid_shard.js against the test vectors: node check.js [path/to/vectors.json]
const fs = require('fs');
const path = require('path');
const { hasRandomTail, shardKey, bucket, unixMs } = require('./uuid_shard.js');

const file = process.argv[2] || path.join(__dirname, '..', 'vectors.json');
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

if (checks !== data.checks) failures.push(`ran ${checks} checks, the file has ${data.checks}`);
if (failures.length > 0) {
  for (const f of failures.slice(0, 20)) console.error('js: FAIL ' + f);
  console.error(`js: ${failures.length} of ${checks} vectors FAILED`);
  process.exit(1);
}
console.log(`js: ${checks} vectors ok`);
