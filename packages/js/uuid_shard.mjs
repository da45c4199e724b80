// The ES module of uuid-shard: the CommonJS module uuid_shard.cjs, re-exported (one definition,
// one uuid7() generator however a process loads the package).
import cjs from './uuid_shard.cjs';

export const {
  hasRandomTail, shardKey, bucket, tailRemainder, tailHashExtended, tailPartitionName, HASH_COMBINE64_CONSTANT,
  unixMs, unixUs, boundary, boundaryLast, v7Head,
  toUlid, fromUlid, toBase32hex, fromBase32hex,
  fromName, fromNameDigest,
  mask, unmask, MASK_LABEL,
  uuid7,
} = cjs;
