-- Custom SQL migration file, put your code below! --
CREATE SCHEMA IF NOT EXISTS uuid_shard;
CREATE EXTENSION IF NOT EXISTS uuid_shard SCHEMA uuid_shard;
