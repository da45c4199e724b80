-- CREATE EXTENSION warns when roles other than the schema's owner may create objects in the
-- extension's schema (public on 13 and 14 as shipped); a schema only its owner creates in gives
-- no warning. Last in the schedule: it drops the extension.
SET client_min_messages = warning;
DROP EXTENSION uuid_shard CASCADE;
CREATE SCHEMA open_keys;
GRANT CREATE ON SCHEMA open_keys TO PUBLIC;
CREATE EXTENSION uuid_shard SCHEMA open_keys;
DROP EXTENSION uuid_shard;
REVOKE CREATE ON SCHEMA open_keys FROM PUBLIC;
CREATE EXTENSION uuid_shard SCHEMA open_keys;
SELECT open_keys.uuid_version(open_keys.uuidv7());
DROP EXTENSION uuid_shard;
DROP SCHEMA open_keys;
