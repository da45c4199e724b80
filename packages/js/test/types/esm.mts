// tsc --noEmit against the installed package's declarations, as an ES module (import).
import { bucket, shardKey, tailRemainder, tailPartitionName, unixMs, unixUs, boundary, boundaryLast, uuid7, mask, unmask,
  toUlid, fromUlid, fromName, tailHashExtended, HASH_COMBINE64_CONSTANT, type UuidInput } from 'uuid-shard';

const key: string = uuid7();
const raw: UuidInput = new Uint8Array(16);
const worker: number = bucket(key, 8);
const shard: string = shardKey(raw, 4);
const part: string = tailPartitionName('accounts', key, 16);
const remainder: number = tailRemainder(key, 16);
const ms: number | null = unixMs(key);
const us: bigint | null = unixUs(key);
const from: string = boundary(new Date());
const to: string = boundaryLast(1739998625792999n);
const pub: string = mask(key, new Uint8Array(32));
const back: string = unmask(pub, new Uint8Array(32));
const ulid: string = fromUlid(toUlid(key));
const named: string = fromName(new Date(), 'orders:42');
const rowHash: bigint = tailHashExtended(key) + HASH_COMBINE64_CONSTANT;
// @ts-expect-error bucket returns a number
const notText: string = bucket(key, 8);
// @ts-expect-error unixMs may be null
const notNull: number = unixMs(key);
// @ts-expect-error times are BigInt microseconds or a Date, not Number milliseconds
boundary(Date.now());
// @ts-expect-error the secret is bytes
mask(key, 'secret');
// @ts-expect-error no default export
import shardDefault from 'uuid-shard';
export { worker, shard, part, remainder, ms, us, from, to, back, ulid, named, rowHash, notText, notNull, shardDefault };
