-- The extension, in a schema of its own. (With the SQL edition, this migration is the edition's file.)
CREATE SCHEMA IF NOT EXISTS uuid_shard;
CREATE EXTENSION IF NOT EXISTS uuid_shard SCHEMA uuid_shard;
