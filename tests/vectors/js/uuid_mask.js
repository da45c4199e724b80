'use strict';
// Public IDs of uuid_shard (uuid_v7_mask / uuid_v7_unmask) in plain JavaScript for Node 14+
// (its built-in crypto module; no packages). Bit-for-bit the same results as the PostgreSQL
// extension; specified in docs/algorithms.md (section 7) and checked against
// tests/vectors/vectors.json by check_mask.js. Paste freely into server code: the secret
// belongs on a server, never in a browser. A UUID is given as text (8-4-4-4-12 hex digits, any
// case) or as a Uint8Array of 16 bytes; the secret as a Buffer or Uint8Array of at least 16
// bytes. Results are lower-case text.
const crypto = require('crypto');

const LABEL = Buffer.from('uuid_shard mask v1', 'ascii');
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidBytes(u) {
  if (u instanceof Uint8Array) {
    if (u.length !== 16) throw new TypeError('a UUID has 16 bytes');
    return Buffer.from(u);
  }
  if (typeof u !== 'string' || !UUID_TEXT.test(u)) throw new TypeError('not a UUID: ' + u);
  return Buffer.from(u.replace(/-/g, ''), 'hex');
}

// Checked before the UUID, as the extension does: a missing secret is always an error.
function checkSecret(secret) {
  if (secret === null || secret === undefined) throw new RangeError('mask secret must not be NULL');
  if (!(secret instanceof Uint8Array)) throw new TypeError('the secret is a Buffer or Uint8Array');
  if (secret.length < 16) throw new RangeError('mask secret must be at least 16 bytes, got ' + secret.length);
}

// T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
function apply(b, secret, version) {
  const t = crypto.createHmac('sha256', secret).update(LABEL).update(b.subarray(8)).digest();
  const out = Buffer.from(b);
  for (let i = 0; i < 8; i++) out[i] ^= t[i];
  out[6] = (version << 4) | (out[6] & 0x0f);
  const h = out.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The public ID (version 4) of a version 7 key. */
function mask(u, secret) {
  checkSecret(secret);
  const b = uuidBytes(u);
  if (b[8] >> 6 !== 2 || b[6] >> 4 !== 7) throw new RangeError('expected a UUID of version 7 (RFC 9562 variant) to mask');
  return apply(b, secret, 4);
}

/** The version 7 key of a public ID (version 4). A wrong secret, or a v4 UUID that was never
 *  masked, gives a v7 key with a meaningless time: no error can tell them apart. */
function unmask(u, secret) {
  checkSecret(secret);
  const b = uuidBytes(u);
  if (b[8] >> 6 !== 2 || b[6] >> 4 !== 4) {
    throw new RangeError('expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask');
  }
  return apply(b, secret, 7);
}

module.exports = { mask, unmask, LABEL };
