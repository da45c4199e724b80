// Types of uuid-shard (hand-written; checked by packages/js/test.sh with tsc against the
// installed package, for import and for require). uuid_shard.d.mts re-exports them.

/** A UUID: text (8-4-4-4-12 hex digits, any case) or its 16 bytes (a Buffer is a Uint8Array). */
export type UuidInput = string | Uint8Array;
/** A time: BigInt Unix microseconds (0 .. (2^48 - 1) * 1000 + 999), or a Date. */
export type TimeInput = bigint | Date;

/** True if shardKey and bucket accept u: RFC 9562 variant, version 3, 4, 5 or 7. */
export function hasRandomTail(u: UuidInput): boolean;
/** uuid_shard_key: the first `length` (1..15) hex digits of u read backwards, lower case. */
export function shardKey(u: UuidInput, length: number): string;
/** uuid_bucket: the bucket of u among n (1..2147483647), jump consistent hash of bytes 8..15. */
export function bucket(u: UuidInput, n: number): number;
/** uuid_tail_remainder: the remainder of the uuid_tail_ops hash partition holding u, for any UUID. */
export function tailRemainder(u: UuidInput, modulus: number): number;
/** uuid_tail_hash_extended: the signed 64-bit hash uuid_tail_ops gives PostgreSQL (always negative). */
export function tailHashExtended(u: UuidInput): bigint;
/**
 * The name uuid_tail_partition_ddl gives the partition of `parent` (the table's own name: no
 * schema, no quotes) holding u for this modulus: `<parent>_h<modulus>_<remainder>`, cut to 63 bytes.
 */
export function tailPartitionName(parent: string, u: UuidInput, modulus: number): string;
/** The constant of PostgreSQL's hash_combine64: tailHashExtended(u) + it = the row hash. */
export const HASH_COMBINE64_CONSTANT: bigint;

/** uuid_v7_time: the Unix milliseconds of a version 7 UUID, null for any other UUID. */
export function unixMs(u: UuidInput): number | null;
/** uuid_v7_time_us: the BigInt Unix microseconds of a version 7 UUID, null for any other UUID. */
export function unixUs(u: UuidInput): bigint | null;
/** uuid_v7_boundary: the smallest v7 UUID of the millisecond holding t. */
export function boundary(t: TimeInput): string;
/** uuid_v7_boundary_last: the largest v7 UUID of the millisecond holding t. */
export function boundaryLast(t: TimeInput): string;
/** Bytes 0..7 of the v7 UUID uuid_v7_at makes for t: milliseconds, version, 12-bit fraction. */
export function v7Head(t: TimeInput): bigint;

/** uuid_to_ulid: 26 upper-case Crockford base32 digits. */
export function toUlid(u: UuidInput): string;
/** uuid_from_ulid: the UUID (lower-case text) of a ULID text, either case. */
export function fromUlid(text: string): string;
/** uuid_to_base32hex: RFC 4648 base32hex, upper case, '=' padded to 32 characters. */
export function toBase32hex(u: UuidInput): string;
/** uuid_from_base32hex: the UUID of a base32hex text, either case, padded or not. */
export function fromBase32hex(text: string): string;

/** uuid_v7_from_name: the v7 UUID of time t whose tail hashes name (synchronous, node:crypto). */
export function fromName(t: TimeInput, name: string): string;
/** fromName from a SHA-256 digest of 'uuid_shard v7 from name\0' + name (e.g. from crypto.subtle). */
export function fromNameDigest(t: TimeInput, digest: Uint8Array): string;

/** uuid_v7_mask: the public ID (version 4) of a v7 key; secret of 16+ bytes (node:crypto). */
export function mask(u: UuidInput, secret: Uint8Array): string;
/** uuid_v7_unmask: the v7 key of a public ID (version 4); a wrong secret gives a wrong key, no error. */
export function unmask(u: UuidInput, secret: Uint8Array): string;
/** 'uuid_shard mask v1', the label in front of the tail in the mask's HMAC message. */
export const MASK_LABEL: string;

/**
 * uuidv7(): a new version 7 UUID (lower-case text), the bits of uuid_shard.uuidv7(): Date.now()'s
 * millisecond (never a later one), its 12-bit fraction, a counter in the top 12 tail bits;
 * strictly increasing within one JavaScript realm.
 */
export function uuid7(): string;
