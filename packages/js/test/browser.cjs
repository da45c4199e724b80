'use strict';
// The package in a browser bundle: esbuild --platform=browser with node:crypto external, run with
// the Node.js globals a browser lacks hidden (require, module, process, Buffer), Web Crypto's
// getRandomValues and subtle, performance and Date as a browser has them.
//   node browser.cjs REPO BUNDLE.js
const fs = require('node:fs');
const path = require('node:path');
const { createHash, webcrypto } = require('node:crypto');

const [repo, bundle] = process.argv.slice(2);
const check = require(path.join(repo, 'tests/vectors/js/check.js'));
const tag = `browser bundle (esbuild, node ${process.versions.node})`;
let failures = 0;
const report = (cond, what, detail) => {
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${tag}: ${what}${cond || detail === undefined ? '' : ` (${detail})`}`);
  if (!cond) failures++;
};
const code = fs.readFileSync(bundle, 'utf8');
// fromName as a browser computes it: SHA-256 (node's here, as crypto.subtle.digest would give)
// and fromNameDigest
const digest = (name) => createHash('sha256').update('uuid_shard v7 from name\0' + name, 'utf8').digest();
const vectors = path.join(repo, 'tests/vectors/vectors.json');

const hidden = {};
for (const k of ['process', 'Buffer', 'require', 'module']) hidden[k] = globalThis[k];
// Web Crypto as a browser has it: Node.js 18 keeps it off globalThis (19 and later put it there)
const ownCrypto = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
const lendCrypto = typeof globalThis.crypto?.getRandomValues !== 'function';
let vectorsOk;
let keys;
let maskError;
try {
  for (const k of Object.keys(hidden)) globalThis[k] = undefined;
  if (lendCrypto) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true, writable: true });
  new Function(code)(); // in the global scope: no require, module or exports
  const mod = globalThis.uuidShard;
  vectorsOk = check({ ...mod, fromName: (t, name) => mod.fromNameDigest(t, digest(name)) }, vectors);
  keys = Array.from({ length: 1000 }, () => mod.uuid7());
  try {
    mod.mask(keys[0], new Uint8Array(16));
  } catch (e) {
    maskError = e.message;
  }
} finally {
  for (const [k, v] of Object.entries(hidden)) globalThis[k] = v;
  if (lendCrypto) {
    if (ownCrypto) Object.defineProperty(globalThis, 'crypto', ownCrypto);
    else delete globalThis.crypto;
  }
}
report(vectorsOk, 'every vector of vectors.json (fromName by fromNameDigest), without process, Buffer or require');
report(keys.every((k, i) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(k) && (i === 0 || k > keys[i - 1])),
  'uuid7() with Web Crypto: 1000 increasing v7 keys');
report(/need node:crypto/.test(maskError ?? ''), 'mask throws that it needs node:crypto', maskError);
process.exitCode = failures > 0 ? 1 : 0;
