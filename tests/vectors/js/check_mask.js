'use strict';
// Checks mask and unmask of the npm package uuid-shard (packages/js) against the mask section of
// the test vectors: node check_mask.js [path/to/vectors.json]
// checks packages/js/uuid_shard.cjs; packages/js/test.sh calls check(module, file) with the
// package as a user installs it, loaded by import and by require.
const fs = require('fs');
const path = require('path');

function check(mod, file) {
  const { mask, unmask, MASK_LABEL } = mod;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')).mask;

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

  if (MASK_LABEL !== data.label) failures.push(`label ${MASK_LABEL}, the file has ${data.label}`);
  for (const v of data.vectors) {
    const s = Buffer.from(v.secret, 'hex');
    const pub = mask(v.key, s);
    const key = unmask(v.public, s);
    expect(pub === v.public.toLowerCase() && key === v.key, `${v.key}: mask ${pub} (expected ${v.public}), unmask ${key}`);
  }
  const first = data.vectors[0];
  for (const h of data.invalid_secret) {
    const s = Buffer.from(h, 'hex');
    expect(raises(mask, first.key, s) && raises(unmask, first.public, s), `secret "${h}" must be rejected`);
  }
  const s0 = Buffer.from(first.secret, 'hex');
  for (const u of data.not_v7) expect(raises(mask, u, s0), `mask(${u}) must be rejected`);
  for (const u of data.not_v4) expect(raises(unmask, u, s0), `unmask(${u}) must be rejected`);

  if (checks !== data.checks) failures.push(`ran ${checks} checks, the file has ${data.checks}`);
  if (failures.length > 0) {
    for (const f of failures.slice(0, 20)) console.error('js mask: FAIL ' + f);
    console.error(`js mask: ${failures.length} of ${checks} vectors FAILED`);
    return false;
  }
  console.log(`js mask: ${checks} vectors ok`);
  return true;
}

module.exports = check;
if (require.main === module) {
  const mod = require(path.join(__dirname, '..', '..', '..', 'packages', 'js', 'uuid_shard.cjs'));
  process.exit(check(mod, process.argv[2] || path.join(__dirname, '..', 'vectors.json')) ? 0 : 1);
}
