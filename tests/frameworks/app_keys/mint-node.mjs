// Mints keys with the npm package uuid's v7() as an application does, for check.mjs.
// Same protocol as mint-rust: node mint-node.mjs COUNT AFTER_MS prints `uuid t0_ns t1_ns` per
// key. v7() reads Date.now(), whole milliseconds: t0_ns is the start of the millisecond read
// before minting, t1_ns the end of the millisecond read after it.
import { v7 } from 'uuid';

const [count, afterMs] = process.argv.slice(2).map(Number);
while (Date.now() <= afterMs);
const lines = [];
let sameMsPairs = 0;
let prevT0 = 0;
for (let i = 0; i < count || (i < 20 * count && sameMsPairs < 1000); i++) {
  const t0 = Date.now();
  const id = v7();
  const t1 = Date.now();
  if (i > 0 && prevT0 === t1) sameMsPairs++;
  prevT0 = t0;
  lines.push(`${id} ${BigInt(t0) * 1000000n} ${BigInt(t1) * 1000000n + 999999n}\n`);
}
process.stdout.write(lines.join(''));
