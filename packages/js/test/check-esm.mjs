// The installed package by import (ES module): node check-esm.mjs REPO
import * as mod from 'uuid-shard';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('uuid-shard/package.json'));
const suite = require('./suite.cjs');
let failures = suite(mod, 'import', { repo: process.argv[2], pkgDir });
const tag = `node ${process.versions.node} import`;
const resolved = fileURLToPath(import.meta.resolve ? await import.meta.resolve('uuid-shard') : 'file:///?');
const viaRequire = require('uuid-shard');
const one = mod.uuid7 === viaRequire.uuid7 && mod.bucket === viaRequire.bucket;
for (const [cond, what] of [
  [resolved.endsWith('uuid_shard.mjs'), `resolves to uuid_shard.mjs (${resolved.split('/').pop()})`],
  [one, 'import and require give the same functions: one uuid7() generator per process'],
  [!('default' in mod), 'no default export (named imports only, as uuid_shard.d.mts declares)'],
]) {
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${tag}: ${what}`);
  if (!cond) failures++;
}
// browsers: fromNameDigest over Web Crypto's SHA-256 is fromName
const subtle = globalThis.crypto?.subtle ?? (await import('node:crypto')).webcrypto.subtle;
const t = 1739998625792123n;
const names = ['orders:42', 'ünïcødé ✓ 🦀', ''];
let same = true;
for (const name of names) {
  const digest = new Uint8Array(await subtle.digest('SHA-256', new TextEncoder().encode('uuid_shard v7 from name\0' + name)));
  same &&= mod.fromNameDigest(t, digest) === mod.fromName(t, name);
}
console.log(`${same ? 'ok  ' : 'FAIL'} ${tag}: fromNameDigest(t, crypto.subtle SHA-256) = fromName(t, name), ${names.length} names`);
if (!same) failures++;
process.exitCode = failures > 0 ? 1 : 0;
