// Entry point, run from this folder: node check.js (compiles src/ into dist/, then runs dist/check.js).
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');
try {
  execFileSync(process.execPath, [join(__dirname, 'node_modules/typescript/bin/tsc'), '-p', __dirname], { stdio: 'inherit' });
} catch (e) {
  console.log(`FAIL TypeORM [PG${process.env.UUID_SHARD_MAJOR}]: tsc -p . (exit status ${e.status})`);
  process.exit(1);
}
require('./dist/check.js');
