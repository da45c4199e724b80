-- The operator class uuid_tail_ops (docs/layouts.md, docs/algorithms.md): hash partitions that
-- route each key by its random tail, so an application computes a key's partition with
-- uuid_tail_remainder(id, modulus) and the table keeps its PRIMARY KEY, foreign keys, ON
-- CONFLICT (id) and pruning on id = value:
--   CREATE TABLE t (id uuid PRIMARY KEY, ...) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
-- Support function 2 only: partitioning calls nothing else. A function 1 would let hash joins
-- and hash aggregates on any uuid pick this family (PostgreSQL takes any hash family holding
-- the = operator), and bucketing whole UUIDs by the tail alone is not what they expect; without
-- it, no hash index can use the class either, which nothing needs. Creating an operator class
-- takes a superuser: the SQL edition, for servers that cannot load the library, has none.
-- Frozen: rows sit where uuid_tail_hash_extended routed them, so its values never change; a new
-- formula would be a new operator class.
CREATE OPERATOR CLASS @extschema@.uuid_tail_ops FOR TYPE uuid USING hash AS
    OPERATOR 1 pg_catalog.= (uuid, uuid),
    FUNCTION 2 @extschema@.uuid_tail_hash_extended(uuid, bigint);

COMMENT ON OPERATOR CLASS @extschema@.uuid_tail_ops USING hash IS
'hash partitions routed by the random tail: key k sits in the partition (m, uuid_tail_remainder(k, m))';
