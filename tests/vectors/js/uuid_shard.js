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

// Bytes 8..16 as a big-endian unsigned 64-bit BigInt, the two variant bits cleared.
function bucketKey(b) {
  let key = 0n;
  for (let i = 8; i < 16; i++) key = (key << 8n) | BigInt(b[i]);
  return key & 0x3fffffffffffffffn;
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
  let key = bucketKey(b);
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

/** PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash. */
const HASH_COMBINE64_CONSTANT = 0x49a0f4dd15e5a8e3n;

/**
 * The hash PostgreSQL's hash partitioning gets from the operator class uuid_tail_ops for u
 * (support function 2, seed ignored), a BigInt: the bucket key minus HASH_COMBINE64_CONSTANT, so
 * the row hash is the bucket key itself. Defined for every UUID; always a negative signed
 * 64-bit value, as the bucket key is below 2^62.
 */
function tailHashExtended(u) {
  return bucketKey(uuidBytes(u)) - HASH_COMBINE64_CONSTANT;
}

/**
 * The remainder of the hash partition holding u in a table PARTITION BY HASH (id uuid_tail_ops)
 * with partitions of this modulus (1..2147483647): the bucket key mod modulus, a Number.
 * Defined for every UUID, of any version and variant, nil and max.
 */
function tailRemainder(u, modulus) {
  if (!Number.isInteger(modulus) || modulus < 1 || modulus > 2147483647) {
    throw new RangeError('modulus must be between 1 and 2147483647, got ' + modulus);
  }
  return Number(bucketKey(uuidBytes(u)) % BigInt(modulus));
}

/** The Unix millisecond timestamp of a version 7 UUID, null for any other UUID. */
function unixMs(u) {
  const b = uuidBytes(u);
  if (b[8] >> 6 !== 2 || b[6] >> 4 !== 7) return null;
  let ms = 0;
  for (let i = 0; i < 6; i++) ms = ms * 256 + b[i];
  return ms;
}

// ---- 0.3.0: text forms, bounds, the time to the microsecond, keys from names --------------
// Times are BigInt Unix microseconds (unixUs): from a Date, BigInt(date.getTime()) * 1000n
// (integer arithmetic: float milliseconds round wrongly at millisecond edges).
const BASE32HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MAX_UNIX_US = ((1n << 48n) - 1n) * 1000n + 999n;

function toBig(b) {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}
function fromBig(v) {
  let hex = v.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
function digits(v, alphabet) {
  let s = '';
  for (let i = 0; i < 26; i++) s += alphabet[Number((v >> BigInt(125 - 5 * i)) & 31n)];
  return s;
}
function readDigits(s, alphabet, form) {
  if (typeof s !== 'string' || s.length < 26) throw new RangeError(`invalid ${form} text`);
  let v = 0n;
  const d = [];
  for (let i = 0; i < 26; i++) {
    const x = alphabet.indexOf(s[i].toUpperCase());
    if (x < 0 || s.charCodeAt(i) > 127) throw new RangeError(`invalid ${form} text`);
    d.push(x);
    v = (v << 5n) | BigInt(x);
  }
  return [v, d];
}

/** The ULID text of u: 26 upper-case Crockford base32 digits (two zero bits, then 128). */
function toUlid(u) {
  return digits(toBig(uuidBytes(u)), CROCKFORD);
}
/** RFC 4648 base32hex of the 16 bytes, upper case, '=' padded. */
function toBase32hex(u) {
  return digits(toBig(uuidBytes(u)) << 2n, BASE32HEX) + '======';
}
/** The UUID text of a ULID text (either case). */
function fromUlid(s) {
  const [v, d] = readDigits(s, CROCKFORD, 'ULID');
  if (s.length !== 26 || d[0] > 7) throw new RangeError('invalid ULID text');
  return fromBig(v);
}
/** The UUID text of a base32hex text (either case, with its six '=' or without). */
function fromBase32hex(s) {
  const [v, d] = readDigits(s, BASE32HEX, 'base32hex');
  if ((s.length !== 26 && s.length !== 32) || (s.length === 32 && s.slice(26) !== '======') || (d[25] & 3) !== 0) {
    throw new RangeError('invalid base32hex text');
  }
  return fromBig(v >> 2n);
}
function head(unixUs, fraction) {
  if (typeof unixUs !== 'bigint' || unixUs < 0n || unixUs > MAX_UNIX_US) {
    throw new RangeError('timestamp out of range for UUID version 7');
  }
  const ms = unixUs / 1000n;
  const frac = fraction === null ? ((unixUs % 1000n) * 4096n) / 1000n : fraction;
  return (ms << 16n) | 0x7000n | frac;
}
/** The smallest v7 UUID of the millisecond holding unixUs (BigInt microseconds). */
function boundary(unixUs) {
  return fromBig((head(unixUs, 0n) << 64n) | 0x8000000000000000n);
}
/** The largest v7 UUID of the millisecond holding unixUs: the inclusive upper bound. */
function boundaryLast(unixUs) {
  return fromBig((head(unixUs, 0xfffn) << 64n) | 0xbfffffffffffffffn);
}
/** Bytes 0..7 of a v7 UUID for unixUs, as a BigInt: milliseconds, version, 12-bit fraction. */
function v7Head(unixUs) {
  return head(unixUs, null);
}
/** The time of a version 7 UUID in BigInt Unix microseconds, null for any other UUID. */
function unixUs(u) {
  const ms = unixMs(u);
  if (ms === null) return null;
  const b = uuidBytes(u);
  const frac = ((b[6] & 0x0f) << 8) | b[7];
  return BigInt(ms) * 1000n + BigInt(Math.min(999, Math.floor((frac * 1000 + 4095) / 4096)));
}
/** The v7 UUID of a time and the SHA-256 digest (16+ bytes) of 'uuid_shard v7 from name\0' + name. */
function fromNameDigest(unixUs, digest) {
  let tail = 0n;
  for (let i = 0; i < 8; i++) tail = (tail << 8n) | BigInt(digest[i]);
  tail = (tail & 0x3fffffffffffffffn) | 0x8000000000000000n;
  return fromBig((head(unixUs, null) << 64n) | tail);
}
/** fromNameDigest with Node's crypto (in a browser: crypto.subtle.digest, then fromNameDigest). */
function fromName(unixUs, name) {
  const h = require('crypto').createHash('sha256');
  h.update(Buffer.from('uuid_shard v7 from name\0', 'latin1'));
  h.update(Buffer.from(name, 'utf8'));
  return fromNameDigest(unixUs, h.digest());
}

if (typeof module !== 'undefined') {
  module.exports = {
    hasRandomTail, shardKey, bucket, unixMs, HASH_COMBINE64_CONSTANT, tailHashExtended, tailRemainder,
    toUlid, fromUlid, toBase32hex, fromBase32hex, boundary, boundaryLast, v7Head, unixUs, fromNameDigest, fromName,
  };
}
