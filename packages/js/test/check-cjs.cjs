'use strict';
// The installed package by require (CommonJS): node check-cjs.cjs REPO
const path = require('node:path');
const mod = require('uuid-shard');
const pkgDir = path.dirname(require.resolve('uuid-shard/package.json'));
const failures = require('./suite.cjs')(mod, 'require', { repo: process.argv[2], pkgDir });
console.log(`${require.resolve('uuid-shard')}`.endsWith('uuid_shard.cjs') ? `ok   node ${process.versions.node} require: resolves to uuid_shard.cjs` : `FAIL node ${process.versions.node} require: resolves to ${require.resolve('uuid-shard')}`);
process.exitCode = failures > 0 || !require.resolve('uuid-shard').endsWith('uuid_shard.cjs') ? 1 : 0;
