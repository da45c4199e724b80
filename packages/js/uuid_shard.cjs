'use strict';
// uuid-shard: what the PostgreSQL extension uuid_shard computes from a UUID, in plain JavaScript
// (Node 18+, and browsers through a bundler; no dependencies). Bit-for-bit the same results as
// the extension: specified in docs/algorithms.md, checked against tests/vectors/vectors.json by
// tests/vectors/js/check.js and check_mask.js, and against a live server by packages/js/test.sh.
//
// A UUID is given as text (8-4-4-4-12 hex digits, any case) or as a Uint8Array of 16 bytes (a
// Buffer is one); UUIDs come back as lower-case text. Times are BigInt Unix microseconds or a
// Date. This file is the CommonJS module; uuid_shard.mjs re-exports it for `import`, so a
// process that loads both still has one uuid7() generator.
//
// Frozen once released (docs/algorithms.md): shardKey, bucket, tailRemainder, tailHashExtended,
// unixMs, unixUs, boundary, boundaryLast, v7Head, the text forms, fromName, mask and unmask.

const UUID_TEXT_LENGTH = 36;
const MAX_INT32 = 2147483647;

// ---- bytes and text --------------------------------------------------------------------------

const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
}
const HEX_BYTE = [];
for (let i = 0; i < 256; i++) HEX_BYTE.push(i.toString(16).padStart(2, '0'));

function hexDigit(s, i) {
  const c = s.charCodeAt(i);
  return c < 128 ? HEX_VALUE[c] : -1;
}

/** The 16 bytes of a UUID given as text (8-4-4-4-12 hex digits, any case) or 16 bytes. */
function uuidBytes(u) {
  if (u instanceof Uint8Array) {
    if (u.length !== 16) throw new TypeError('a UUID has 16 bytes, got ' + u.length);
    return u;
  }
  if (typeof u !== 'string' || u.length !== UUID_TEXT_LENGTH) throw new TypeError('not a UUID: ' + String(u));
  const b = new Uint8Array(16);
  let p = 0;
  for (let i = 0; i < 16; i++) {
    if (p === 8 || p === 13 || p === 18 || p === 23) {
      if (u.charCodeAt(p) !== 45) throw new TypeError('not a UUID: ' + u);
      p++;
    }
    const hi = hexDigit(u, p);
    const lo = hexDigit(u, p + 1);
    if (hi < 0 || lo < 0) throw new TypeError('not a UUID: ' + u);
    b[i] = (hi << 4) | lo;
    p += 2;
  }
  return b;
}

/** The lower-case text of 16 bytes. */
function uuidText(b) {
  const h = HEX_BYTE;
  return h[b[0]] + h[b[1]] + h[b[2]] + h[b[3]] + '-' + h[b[4]] + h[b[5]] + '-' + h[b[6]] + h[b[7]] + '-'
    + h[b[8]] + h[b[9]] + '-' + h[b[10]] + h[b[11]] + h[b[12]] + h[b[13]] + h[b[14]] + h[b[15]];
}

// ---- the random-tail rule (section 2) --------------------------------------------------------

// RFC 9562 variant (byte 8 = 0b10xxxxxx) and version 3, 4, 5 or 7 (high nibble of byte 6).
function randomTail(b) {
  const version = b[6] >> 4;
  return b[8] >> 6 === 2 && (version === 3 || version === 4 || version === 5 || version === 7);
}

// What kind of UUID b is, as the extension's messages name it.
function found(b) {
  if (b[8] >> 6 === 2) return 'version ' + (b[6] >> 4);
  if (b.every((x) => x === 0)) return 'the nil UUID';
  if (b.every((x) => x === 0xff)) return 'the max UUID';
  if (b[8] >> 6 < 2) return 'a UUID of the NCS variant';
  return b[8] >> 5 === 6 ? 'a UUID of the Microsoft variant' : 'a UUID of the reserved variant';
}

function checkRandomTail(b) {
  if (!randomTail(b)) {
    throw new RangeError('expected a UUID of version 3, 4, 5 or 7 (RFC 9562 variant), got ' + found(b));
  }
}

function checkInt32(x, what) {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > MAX_INT32) {
    throw new RangeError(`${what} must be between 1 and 2147483647, got ${x}`);
  }
}

/** True if shardKey and bucket accept u: RFC 9562 variant, version 3, 4, 5 or 7. */
function hasRandomTail(u) {
  return randomTail(uuidBytes(u));
}

// ---- shard key (section 3) -------------------------------------------------------------------

/** The first `length` (1..15) hex digits of u read backwards, lower case (uuid_shard_key). */
function shardKey(u, length) {
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 1 || length > 15) {
    throw new RangeError('shard key length must be between 1 and 15, got ' + length);
  }
  const b = uuidBytes(u);
  checkRandomTail(b);
  let key = '';
  for (let i = 0; i < length; i++) {
    const byte = b[15 - (i >> 1)];
    key += HEX_BYTE[i % 2 === 0 ? byte & 0x0f : byte >> 4][1];
  }
  return key;
}

// ---- bucket (section 4) ----------------------------------------------------------------------

// The multiplier 2862933555777941757 = 0x27bb2ee6_87b0b0fd, in 32- and 16-bit halves.
const M_HI = 0x27bb2ee6;
const M_LO = 0x87b0b0fd;
const M_LO1 = M_LO >>> 16;
const M_LO0 = M_LO & 0xffff;
const TWO32 = 4294967296;

/** The bucket of u among n (1..2147483647): jump consistent hash of bytes 8..15 (uuid_bucket). */
function bucket(u, n) {
  checkInt32(n, 'bucket count');
  const b = uuidBytes(u);
  checkRandomTail(b);
  // The key, bytes 8..15 with the variant bits cleared, as two unsigned 32-bit halves.
  let hi = (((b[8] & 0x3f) << 24) | (b[9] << 16) | (b[10] << 8) | b[11]) >>> 0;
  let lo = ((b[12] << 24) | (b[13] << 16) | (b[14] << 8) | b[15]) >>> 0;
  let result = -1;
  let j = 0;
  while (j < n) {
    result = j;
    // key = key * 2862933555777941757 + 1 (mod 2^64), exactly: lo * M_LO in 16-bit limbs (every
    // partial product and sum below 2^53), the cross terms only mod 2^32.
    // (x & 0xffff and x >>> 0 keep the low bits of any integer below 2^53; the rest divides exactly.)
    const l1 = lo >>> 16;
    const l0 = lo & 0xffff;
    const mid = l0 * M_LO1 + l1 * M_LO0;
    const midLow = mid & 0xffff;
    const low = l0 * M_LO0 + midLow * 65536 + 1;
    const low32 = low >>> 0;
    const high = l1 * M_LO1 + (mid - midLow) / 65536 + (low - low32) / TWO32
      + (Math.imul(hi, M_LO) >>> 0) + (Math.imul(lo, M_HI) >>> 0);
    lo = low32;
    hi = high >>> 0;
    // d = (key >> 33) + 1; the step in plain Number (IEEE double) arithmetic, in exactly this
    // order, truncated.
    j = Math.trunc((result + 1) * (2147483648 / ((hi >>> 1) + 1)));
  }
  return result;
}

// ---- tail-hash partitions (section 11) -------------------------------------------------------

/** PostgreSQL's hash_combine64(0, h) adds this constant to a one-column partition key's hash. */
const HASH_COMBINE64_CONSTANT = 0x49a0f4dd15e5a8e3n;

// Bytes 8..15 as a big-endian unsigned 64-bit BigInt, the two variant bits cleared.
function bucketKey(b) {
  let key = 0n;
  for (let i = 8; i < 16; i++) key = (key << 8n) | BigInt(b[i]);
  return key & 0x3fffffffffffffffn;
}

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
 * Defined for every UUID, of any version and variant, nil and max (uuid_tail_remainder).
 */
function tailRemainder(u, modulus) {
  checkInt32(modulus, 'modulus');
  const b = uuidBytes(u);
  const hi = (((b[8] & 0x3f) << 24) | (b[9] << 16) | (b[10] << 8) | b[11]) >>> 0;
  const lo = ((b[12] << 24) | (b[13] << 16) | (b[14] << 8) | b[15]) >>> 0;
  // (hi * 2^32 + lo) mod m, in steps whose products stay below 2^53.
  let r = hi % modulus;
  r = (r * 65536) % modulus;
  r = (r * 65536) % modulus;
  return (r + lo) % modulus;
}

// PostgreSQL's identifier limit, NAMEDATALEN - 1 bytes (max_identifier_length).
const MAX_IDENTIFIER_LENGTH = 63;

function utf8Length(s) {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * The name uuid_tail_partition_ddl (and uuid_tail_split_ddl) gives the partition of the table
 * `parent` that holds u for this modulus: `<parent>_h<modulus>_<remainder>`, the parent's name cut
 * by whole characters to fit 63 bytes with the suffix. `parent` is the table's own name as the
 * catalog has it (relname: no schema, no quotes).
 */
function tailPartitionName(parent, u, modulus) {
  if (typeof parent !== 'string' || parent.length === 0) throw new TypeError('parent is a table name, got ' + String(parent));
  const suffix = `_h${modulus}_${tailRemainder(u, modulus)}`;
  const room = MAX_IDENTIFIER_LENGTH - suffix.length;
  const chars = Array.from(parent);
  let bytes = utf8Length(parent);
  while (bytes > room) bytes -= utf8Length(chars.pop());
  return chars.join('') + suffix;
}

// ---- times (sections 1 and 9) ----------------------------------------------------------------

const MAX_UNIX_MS = 2 ** 48 - 1;
const MAX_UNIX_US = (2n ** 48n - 1n) * 1000n + 999n;
const TIME_RANGE = 'timestamp out of range for UUID version 7';

/** The Unix millisecond timestamp of a version 7 UUID (a Number), null for any other UUID. */
function unixMs(u) {
  const b = uuidBytes(u);
  if (b[8] >> 6 !== 2 || b[6] >> 4 !== 7) return null;
  let ms = 0;
  for (let i = 0; i < 6; i++) ms = ms * 256 + b[i];
  return ms;
}

/** The time of a version 7 UUID in BigInt Unix microseconds (uuid_v7_time_us), null for any other UUID. */
function unixUs(u) {
  const ms = unixMs(u);
  if (ms === null) return null;
  const b = uuidBytes(u);
  const frac = ((b[6] & 0x0f) << 8) | b[7];
  return BigInt(ms) * 1000n + BigInt(Math.min(999, Math.floor((frac * 1000 + 4095) / 4096)));
}

// BigInt Unix microseconds from a BigInt or a Date (integer arithmetic: float milliseconds would
// round wrongly at millisecond edges), range-checked.
function micros(t) {
  let us;
  if (typeof t === 'bigint') us = t;
  else if (t instanceof Date) {
    const ms = t.getTime();
    if (Number.isNaN(ms)) throw new RangeError(TIME_RANGE);
    us = BigInt(ms) * 1000n;
  } else throw new TypeError('a time is a BigInt of Unix microseconds or a Date, got ' + typeof t);
  if (us < 0n || us > MAX_UNIX_US) throw new RangeError(TIME_RANGE);
  return us;
}

function head(unixUs, fraction) {
  const us = micros(unixUs);
  const ms = us / 1000n;
  const frac = fraction === null ? ((us % 1000n) * 4096n) / 1000n : fraction;
  return (ms << 16n) | 0x7000n | frac;
}

function fromBig(v) {
  return uuidText(bigBytes(v));
}
function bigBytes(v) {
  const b = new Uint8Array(16);
  for (let i = 15; i >= 0; i--) {
    b[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return b;
}

/** The smallest v7 UUID of the millisecond holding t (uuid_v7_boundary): for id >= boundary(t). */
function boundary(t) {
  return fromBig((head(t, 0n) << 64n) | 0x8000000000000000n);
}
/** The largest v7 UUID of the millisecond holding t (uuid_v7_boundary_last): the inclusive upper bound. */
function boundaryLast(t) {
  return fromBig((head(t, 0xfffn) << 64n) | 0xbfffffffffffffffn);
}
/** Bytes 0..7 of a v7 UUID for t, as a BigInt: milliseconds, version, 12-bit fraction. */
function v7Head(t) {
  return head(t, null);
}

// ---- text forms (section 8) ------------------------------------------------------------------

const BASE32HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function toBig(b) {
  let v = 0n;
  for (let i = 0; i < 16; i++) v = (v << 8n) | BigInt(b[i]);
  return v;
}
function digits(v, alphabet) {
  let s = '';
  for (let i = 0; i < 26; i++) s += alphabet[Number((v >> BigInt(125 - 5 * i)) & 31n)];
  return s;
}
// A character as the extension's messages show it: quoted printable ASCII, else U+XXXX.
function shown(ch) {
  const c = ch.codePointAt(0);
  return c > 32 && c < 127 ? `"${ch}"` : 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
}
// The first 26 characters as digits (the first bad one is the error), then the length.
function readDigits(s, alphabet, form, alphabetName, lengths) {
  if (typeof s !== 'string') throw new TypeError(`a ${form} text is a string, got ${typeof s}`);
  const chars = Array.from(s);
  let v = 0n;
  const d = [];
  for (let i = 0; i < 26 && i < chars.length; i++) {
    const c = chars[i].codePointAt(0);
    const x = c < 128 ? alphabet.indexOf(chars[i].toUpperCase()) : -1;
    if (x < 0) throw new RangeError(`invalid ${form} text: ${shown(chars[i])} at position ${i + 1} is not a ${alphabetName} digit`);
    d.push(x);
    v = (v << 5n) | BigInt(x);
  }
  if (chars.length !== 26 && chars.length !== lengths) {
    const expected = form === 'ULID' ? 'expected 26' : 'expected 26, or 32 with "=" padding';
    throw new RangeError(`invalid ${form} text: ${chars.length} characters, ${expected}`);
  }
  return [v, d, chars];
}

/** The ULID text of u: 26 upper-case Crockford base32 digits (two zero bits, then the 128). */
function toUlid(u) {
  return digits(toBig(uuidBytes(u)), CROCKFORD);
}
/** RFC 4648 base32hex of the 16 bytes, upper case, '=' padded (32 characters). */
function toBase32hex(u) {
  return digits(toBig(uuidBytes(u)) << 2n, BASE32HEX) + '======';
}
/** The UUID of a ULID text (either case; no aliases, no hyphens). */
function fromUlid(s) {
  const [v, d, chars] = readDigits(s, CROCKFORD, 'ULID', 'Crockford base32', 26);
  if (d[0] > 7) throw new RangeError(`invalid ULID text: ${shown(chars[0])} at position 1 is above "7" (a ULID holds 128 bits)`);
  return fromBig(v);
}
/** The UUID of a base32hex text (either case, with its six '=' or without). */
function fromBase32hex(s) {
  const [v, d, chars] = readDigits(s, BASE32HEX, 'base32hex', 'base32hex', 32);
  for (let i = 26; i < chars.length; i++) {
    if (chars[i] !== '=') throw new RangeError(`invalid base32hex text: ${shown(chars[i])} at position ${i + 1} is not "=" padding`);
  }
  if ((d[25] & 3) !== 0) {
    throw new RangeError(`invalid base32hex text: ${shown(chars[25])} at position 26 sets bits past the 16 bytes of a UUID`);
  }
  return fromBig(v >> 2n);
}

// ---- node:crypto, loaded on first use (mask, unmask, fromName; uuid7 where there is no Web Crypto)

let nodeCryptoModule = null;
function nodeCrypto() {
  if (nodeCryptoModule === null) {
    try {
      nodeCryptoModule = require('node:crypto');
    } catch (e) {
      throw new Error('uuid-shard: mask, unmask and fromName need node:crypto (Node.js); in a browser, fromNameDigest takes a SHA-256 digest from crypto.subtle', { cause: e });
    }
  }
  return nodeCryptoModule;
}

// ---- keys from names (section 10) ------------------------------------------------------------

const NAME_DOMAIN = 'uuid_shard v7 from name\0';

/** The v7 UUID of a time and the SHA-256 digest (8+ bytes) of 'uuid_shard v7 from name\0' + name. */
function fromNameDigest(t, digest) {
  if (!(digest instanceof Uint8Array) || digest.length < 8) throw new TypeError('the digest is a Uint8Array of at least 8 bytes');
  let tail = 0n;
  for (let i = 0; i < 8; i++) tail = (tail << 8n) | BigInt(digest[i]);
  tail = (tail & 0x3fffffffffffffffn) | 0x8000000000000000n;
  return fromBig((head(t, null) << 64n) | tail);
}
/**
 * The v7 UUID of time t whose tail is a hash of name (uuid_v7_from_name): the same time and name
 * always give the same key. Synchronous, with node:crypto; in a browser hash with
 * crypto.subtle.digest and call fromNameDigest.
 */
function fromName(t, name) {
  micros(t);
  if (typeof name !== 'string') throw new TypeError('name is a string, got ' + typeof name);
  const h = nodeCrypto().createHash('sha256');
  h.update(NAME_DOMAIN, 'latin1');
  h.update(name, 'utf8');
  return fromNameDigest(t, h.digest());
}

// ---- public IDs: the mask (section 7) --------------------------------------------------------

/** The label in front of the tail in the mask's HMAC message. */
const MASK_LABEL = 'uuid_shard mask v1';

// Checked before the UUID, as the extension does: a missing secret is always an error.
function checkSecret(secret) {
  if (secret === null || secret === undefined) throw new RangeError('mask secret must not be NULL');
  if (!(secret instanceof Uint8Array)) throw new TypeError('the mask secret is a Uint8Array (or Buffer) of at least 16 bytes');
  if (secret.length < 16) throw new RangeError('mask secret must be at least 16 bytes, got ' + secret.length);
}

// T = HMAC-SHA-256(secret, label || bytes 8..15); bytes 0..7 ^= T[0..8]; set the version.
function applyMask(b, secret, version) {
  const t = nodeCrypto().createHmac('sha256', secret).update(MASK_LABEL, 'latin1').update(b.subarray(8)).digest();
  const out = Uint8Array.from(b);
  for (let i = 0; i < 8; i++) out[i] ^= t[i];
  out[6] = (version << 4) | (out[6] & 0x0f);
  return uuidText(out);
}

/**
 * The public ID (a version 4 UUID) of a version 7 key (uuid_v7_mask). The secret, a Uint8Array
 * of at least 16 bytes, belongs on a server. Synchronous, with node:crypto.
 */
function mask(u, secret) {
  checkSecret(secret);
  const b = uuidBytes(u);
  if (b[8] >> 6 !== 2 || b[6] >> 4 !== 7) throw new RangeError('expected a UUID of version 7 (RFC 9562 variant) to mask, got ' + found(b));
  return applyMask(b, secret, 4);
}

/**
 * The version 7 key of a public ID (uuid_v7_unmask). A wrong secret, or a v4 UUID that was never
 * masked, gives a v7 key with a meaningless time: no error can tell them apart.
 */
function unmask(u, secret) {
  checkSecret(secret);
  const b = uuidBytes(u);
  if (b[8] >> 6 !== 2 || b[6] >> 4 !== 4) {
    throw new RangeError('expected a public ID (a UUID of version 4, RFC 9562 variant) to unmask, got ' + found(b));
  }
  return applyMask(b, secret, 7);
}

// ---- uuid7(): the generator (section 1, core/src/generator.rs) -------------------------------

// Random bytes from Web Crypto (browsers, Node 19+) or node:crypto, drawn 4096 at a time.
const POOL_SIZE = 4096;
const pool = new Uint8Array(POOL_SIZE);
let poolAt = POOL_SIZE;
function fillRandom(buf) {
  const web = globalThis.crypto;
  if (web && typeof web.getRandomValues === 'function') {
    for (let i = 0; i < buf.length; i += 65536) web.getRandomValues(buf.subarray(i, i + 65536));
  } else {
    nodeCrypto().randomFillSync(buf);
  }
}
function random8(out) {
  if (poolAt + 8 > POOL_SIZE) {
    fillRandom(pool);
    poolAt = 0;
  }
  for (let i = 0; i < 8; i++) out[8 + i] = pool[poolAt + i];
  poolAt += 8;
}

// The clock: Date.now()'s millisecond, and the fraction within it from performance.now(), a
// monotonic clock kept in step with Date.now(): where they disagree on the millisecond (at
// start, or after the wall clock was stepped or slewed), performance.now()'s reading moves by the
// least that puts it in Date.now()'s millisecond (to its start when it was behind, to its last
// fraction when ahead), and stays moved. A key is never in a later millisecond than Date.now().
const perf = typeof globalThis.performance === 'object' && globalThis.performance !== null
  && typeof globalThis.performance.now === 'function' && typeof globalThis.performance.timeOrigin === 'number'
  ? globalThis.performance : null;
const originMs = perf ? Math.floor(perf.timeOrigin) : 0;
let originFrac = perf ? perf.timeOrigin - originMs : 0; // performance.now() + this = ms since originMs
let clockMs = 0;
let clockFrac = 0;
function readClock() {
  const wall = Date.now();
  if (wall < 0 || wall > MAX_UNIX_MS) throw new RangeError(TIME_RANGE);
  clockMs = wall;
  clockFrac = 0;
  if (perf !== null) {
    const base = wall - originMs; // Date.now()'s millisecond, counted from originMs (small: exact)
    let t = originFrac + perf.now();
    if (t < base) {
      originFrac += base - t;
      t = base;
    } else if (t >= base + 1) {
      const last = base + 1 - 1 / 8192; // half a fraction unit before the next millisecond
      originFrac -= t - last;
      t = last;
    }
    clockFrac = Math.min(4095, Math.floor((t - base) * 4096));
  }
}

// The last key: its millisecond, fraction and counter (the top 12 bits of rand_b).
let lastMs = -1;
let lastFrac = 0;
let lastCounter = 0;
const COUNTER_MAX = 4095;

/**
 * A new version 7 UUID (lower-case text) with the bits uuid_shard.uuidv7() gives: the Unix
 * millisecond of Date.now() (never a later one), the 12-bit fraction of the millisecond, and a
 * counter in the top 12 random bits that orders keys made while the clock stands still (or
 * stepped back). Strictly increasing within one JavaScript realm (a worker thread is another).
 */
function uuid7() {
  const b = new Uint8Array(16);
  random8(b);
  for (;;) {
    readClock();
    if (lastMs < 0 || clockMs > lastMs || (clockMs === lastMs && clockFrac > lastFrac)) {
      // The clock has moved past the last key: its time, a fresh tail (its top 12 bits the count).
      lastMs = clockMs;
      lastFrac = clockFrac;
      lastCounter = ((b[8] & 0x3f) << 6) | (b[9] >> 2);
      break;
    }
    if (lastCounter < COUNTER_MAX) {
      // The clock stands still (or stepped back): count within the last time, fresh bits below.
      lastCounter++;
      b[8] = lastCounter >> 6;
      b[9] = ((lastCounter & 0x3f) << 2) | (b[9] & 3);
      break;
    }
    // The count is full: one fraction unit later, inside the same millisecond; into the next one
    // only behind a clock that was set back. Else wait (less than 1 ms) for the clock.
    let ms = lastMs;
    let frac = lastFrac + 1;
    if (frac > 4095) {
      frac = 0;
      ms++;
    }
    if (ms > MAX_UNIX_MS) throw new RangeError(TIME_RANGE);
    if (ms === lastMs || clockMs < lastMs) {
      lastMs = ms;
      lastFrac = frac;
      lastCounter = ((b[8] & 0x3f) << 6) | (b[9] >> 2);
      break;
    }
    while (Date.now() < ms) {
      // spin: the rest of one millisecond at most
    }
  }
  const ms = lastMs;
  b[0] = Math.floor(ms / 1099511627776) & 0xff;
  b[1] = Math.floor(ms / 4294967296) & 0xff;
  b[2] = (ms >>> 24) & 0xff;
  b[3] = (ms >>> 16) & 0xff;
  b[4] = (ms >>> 8) & 0xff;
  b[5] = ms & 0xff;
  b[6] = 0x70 | (lastFrac >> 8);
  b[7] = lastFrac & 0xff;
  b[8] = 0x80 | (b[8] & 0x3f);
  return uuidText(b);
}

module.exports = {
  hasRandomTail, shardKey, bucket, tailRemainder, tailHashExtended, tailPartitionName, HASH_COMBINE64_CONSTANT,
  unixMs, unixUs, boundary, boundaryLast, v7Head,
  toUlid, fromUlid, toBase32hex, fromBase32hex,
  fromName, fromNameDigest,
  mask, unmask, MASK_LABEL,
  uuid7,
};
