// tsc --noEmit against the installed package's declarations, as a bundler resolves it.
import { bucket, uuid7, unixMs } from 'uuid-shard';

const key: string = uuid7();
const worker: number = bucket(key, 8);
const ms: number | null = unixMs(key);
// @ts-expect-error bucket takes a count
bucket(key);
export { worker, ms };
