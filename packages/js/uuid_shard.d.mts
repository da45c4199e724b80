// Types of the ES module uuid_shard.mjs: those of the CommonJS module it re-exports.
export * from './uuid_shard.cjs';
