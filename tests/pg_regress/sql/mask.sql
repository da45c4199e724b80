--
-- Public IDs: uuid_v7_mask / uuid_v7_unmask (docs/public-ids.md, docs/algorithms.md section 7)
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS uuid_shard;
RESET client_min_messages;
-- the first vector of tests/vectors/vectors.json's mask section, both ways
SELECT uuid_v7_mask('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f') AS public_id,
       uuid_v7_unmask('6ee50d3d-3c66-4e58-98c4-dc0c0c07398f', '\x000102030405060708090a0b0c0d0e0f') AS key;
-- markings are API: IMMUTABLE, PARALLEL SAFE, not STRICT (a NULL secret is an error)
SELECT proname, provolatile, proparallel, proisstrict
  FROM pg_proc WHERE proname IN ('uuid_v7_mask', 'uuid_v7_unmask') ORDER BY proname;
-- 20,000 keys of one second: distinct v4 public IDs that unmask to their keys, with the same
-- bucket and shard key, and no time to read
CREATE TABLE mask_keys AS
SELECT uuid_v7_at('2026-03-01 12:00:00+00'::timestamptz + g * interval '50 microseconds') AS id
  FROM generate_series(0, 19999) g;
SELECT count(*) AS keys,
       count(DISTINCT pub) AS distinct_public_ids,
       count(*) FILTER (WHERE uuid_version(pub) = 4 AND (get_byte(uuid_send(pub), 8) & 192) = 128) AS v4_rfc,
       count(*) FILTER (WHERE uuid_v7_unmask(pub, 'sixteen byte key') = id) AS round_trips,
       count(*) FILTER (WHERE uuid_bucket(pub, 16) = uuid_bucket(id, 16)
                          AND uuid_shard_key(pub, 15) = uuid_shard_key(id, 15)) AS same_bucket_and_key,
       count(*) FILTER (WHERE uuid_v7_time(pub) IS NULL) AS no_time
  FROM (SELECT id, uuid_v7_mask(id, 'sixteen byte key') AS pub FROM mask_keys) s;
-- a wrong secret: a v7 key, no error, not the stored one
SELECT uuid_version(k) AS version, k <> '017f22e2-79b0-7cc3-98c4-dc0c0c07398f' AS another_key
  FROM (SELECT uuid_v7_unmask('6ee50d3d-3c66-4e58-98c4-dc0c0c07398f', 'not the secret!!') AS k) s;
-- a lookup by public ID is a primary-key index scan
CREATE TABLE mask_items (id uuid PRIMARY KEY, n int);
INSERT INTO mask_items SELECT id, row_number() OVER () FROM mask_keys;
ANALYZE mask_items;
PREPARE by_public(uuid) AS SELECT n FROM mask_items WHERE id = uuid_v7_unmask($1, 'sixteen byte key');
EXPLAIN (COSTS OFF) EXECUTE by_public('6ee50d3d-3c66-4e58-98c4-dc0c0c07398f');
SELECT count(*) AS found
  FROM mask_keys k, LATERAL (SELECT n FROM mask_items WHERE id = uuid_v7_unmask(uuid_v7_mask(k.id, 'sixteen byte key'), 'sixteen byte key')) i;
DROP TABLE mask_items, mask_keys;
