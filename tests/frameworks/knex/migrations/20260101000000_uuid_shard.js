// The extension first, in a migration of its own.
exports.up = (knex) => knex.raw('CREATE EXTENSION IF NOT EXISTS uuid_shard');
exports.down = (knex) => knex.raw('DROP EXTENSION IF EXISTS uuid_shard');
