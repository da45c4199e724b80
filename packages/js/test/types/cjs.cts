// tsc --noEmit against the installed package's declarations, as CommonJS (require).
import shard = require('uuid-shard');

const key: string = shard.uuid7();
const worker: number = shard.bucket(key, 8);
const part: string = shard.tailPartitionName('accounts', key, 16);
const us: bigint | null = shard.unixUs(key);
// @ts-expect-error shardKey returns a string
const notNumber: number = shard.shardKey(key, 4);
// @ts-expect-error not a function of the package
shard.uuid4();
export = { worker, part, us, notNumber };
