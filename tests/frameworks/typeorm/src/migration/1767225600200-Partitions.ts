import { MigrationInterface, QueryRunner } from 'typeorm';

// Three partitioned tables, by raw SQL: TypeORM cannot write PARTITION BY. The helpers write the
// partitions; a nightly job adds later time partitions (docs/partitions.md).
const EVENT_LOG = `
CREATE TABLE event_log (
    id   uuid        NOT NULL DEFAULT uuid_shard.uuidv7(),
    kind varchar(20) NOT NULL,
    CONSTRAINT event_log_pkey PRIMARY KEY (id)
) PARTITION BY RANGE (id);
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_v7_partition_ddl('event_log'::regclass, date_trunc('month', now(), 'UTC'),
                                                       date_trunc('month', now(), 'UTC') + interval '3 months',
                                                       interval '1 month', with_default => true) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;`;

// Tail-hash partitions need the operator class uuid_tail_ops: native extension only.
const ACCOUNTS_TAIL_HASH = `
CREATE TABLE accounts (
    id   uuid NOT NULL DEFAULT uuid_shard.uuidv7(),
    name text NOT NULL,
    CONSTRAINT accounts_pkey PRIMARY KEY (id)
) PARTITION BY HASH (id uuid_shard.uuid_tail_ops);
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_tail_partition_ddl('accounts'::regclass, 4) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;`;

// The SQL edition has no operator class: core HASH (id) instead.
const ACCOUNTS_CORE_HASH = `
CREATE TABLE accounts (
    id   uuid NOT NULL DEFAULT uuid_shard.uuidv7(),
    name text NOT NULL,
    CONSTRAINT accounts_pkey PRIMARY KEY (id)
) PARTITION BY HASH (id);
DO $$
DECLARE r int;
BEGIN
    FOR r IN 0..3 LOOP
        EXECUTE format('CREATE TABLE accounts_h4_%s PARTITION OF accounts FOR VALUES WITH (MODULUS 4, REMAINDER %s)', r, r);
    END LOOP;
END $$;`;

// Bucket partitions: no primary key on the parent (the partition key is an expression), one
// per partition; the bucket is a function of the id, so an id unique in its partition is unique.
const JOBS = `
CREATE TABLE jobs (
    id      uuid NOT NULL DEFAULT uuid_shard.uuidv7(),
    payload text NOT NULL
) PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4));
DO $$
DECLARE ddl text;
BEGIN
    FOR ddl IN SELECT uuid_shard.uuid_bucket_partition_ddl('jobs'::regclass) LOOP
        EXECUTE ddl;
    END LOOP;
    FOR ddl IN SELECT format('ALTER TABLE %s ADD PRIMARY KEY (id)', partition)
                 FROM uuid_shard.uuid_bucket_partitions('jobs'::regclass) LOOP
        EXECUTE ddl;
    END LOOP;
END $$;`;

export class Partitions1767225600200 implements MigrationInterface {
  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(EVENT_LOG);
    const [{ tail }] = await queryRunner.query(
      `SELECT EXISTS (SELECT FROM pg_opclass WHERE opcname = 'uuid_tail_ops' AND opcnamespace = 'uuid_shard'::regnamespace) AS tail`,
    );
    await queryRunner.query(tail ? ACCOUNTS_TAIL_HASH : ACCOUNTS_CORE_HASH);
    await queryRunner.query(JOBS);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE jobs; DROP TABLE accounts; DROP TABLE event_log;'); // with their partitions
  }
}
