// tsc --noEmit against the installed package's declarations, with the old node10 resolution
// (package.json "types"; TypeScript 5 only, 7 has no node10).
import { bucket, uuid7 } from 'uuid-shard';

const worker: number = bucket(uuid7(), 8);
// @ts-expect-error bucket returns a number
const notText: string = bucket(uuid7(), 8);
export { worker, notText };
