'use strict';
// Shard keys and buckets of uuid_shard in plain JavaScript (ES2020 for BigInt; Node 14+ or
// any current browser; no packages). Bit-for-bit the same results as the PostgreSQL
// extension; specified in docs/algorithms.md and checked against tests/vectors/vectors.json by
// check.js. Paste freely into application code. A UUID is given as text (8-4-4-4-12 hex
// digits, any case) or as a Uint8Array of 16 bytes.

const NO_RANDOM_TAIL = 'expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant)';
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidBytes(u) {
  if (u instanceof Uint8Array) {
    if (u.length !== 16) throw new TypeError('a UUID has 16 bytes');
    return u;
  }
  if (typeof u !== 'string' || !UUID_TEXT.test(u)) throw new TypeError('not a UUID: ' + u);
  const hex = u.replace(/-/g, '');
  const b = new Uint8Array(16);
  for (let i = 0; i < 16; i++) b[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return b;
}

// RFC 9562 variant (byte 8 = 0b10xxxxxx) and version 3, 4, 5 or 7 (high nibble of byte 6).
function randomTail(b) {
  const version = b[6] >> 4;
  return b[8] >> 6 === 2 && (version === 3 || version === 4 || version === 5 || version === 7);
}

/** True if shardKey and bucket accept u. */
function hasRandomTail(u) {
  return randomTail(uuidBytes(u));
}

/** The first `length` (1..15) hex digits of u read backwards, lower case. */
function shardKey(u, length) {
  if (!Number.isInteger(length) || length < 1 || length > 15) {
    throw new RangeError('shard key length must be between 1 and 15, got ' + length);
  }
  const b = uuidBytes(u);
  if (!randomTail(b)) throw new RangeError(NO_RANDOM_TAIL);
  let key = '';
  for (let i = 0; i < length; i++) {
    const byte = b[15 - (i >> 1)];
    key += (i % 2 === 0 ? byte & 0x0f : byte >> 4).toString(16);
  }
  return key;
}

/** The bucket of u among n (1..2147483647): jump consistent hash of bytes 8..16. */
function bucket(u, n) {
  if (!Number.isInteger(n) || n < 1 || n > 2147483647) {
    throw new RangeError('bucket count must be between 1 and 2147483647, got ' + n);
  }
  const b = uuidBytes(u);
  if (!randomTail(b)) throw new RangeError(NO_RANDOM_TAIL);
  let key = 0n;
  for (let i = 8; i < 16; i++) key = (key << 8n) | BigInt(b[i]);
  key &= 0x3fffffffffffffffn;
  let result = -1;
  let j = 0;
  while (j < n) {
    result = j;
    key = BigInt.asUintN(64, key * 2862933555777941757n + 1n);
    // Plain Number (IEEE double) arithmetic, in exactly this order, truncated.
    j = Math.trunc((result + 1) * (2147483648 / (Number(key >> 33n) + 1)));
  }
  return result;
}

/** The Unix millisecond timestamp of a version 7 UUID, null for any other UUID. */
function unixMs(u) {
  const b = uuidBytes(u);
  if (b[8] >> 6 !== 2 || b[6] >> 4 !== 7) return null;
  let ms = 0;
  for (let i = 0; i < 6; i++) ms = ms * 256 + b[i];
  return ms;
}

if (typeof module !== 'undefined') module.exports = { hasRandomTail, shardKey, bucket, unixMs };
