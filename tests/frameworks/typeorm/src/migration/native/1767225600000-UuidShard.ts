import { MigrationInterface, QueryRunner } from 'typeorm';

export class UuidShard1767225600000 implements MigrationInterface {
  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SCHEMA IF NOT EXISTS uuid_shard; CREATE EXTENSION IF NOT EXISTS uuid_shard SCHEMA uuid_shard;');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // RESTRICT: refused while a default, index or partition key uses its functions.
    await queryRunner.query('DROP EXTENSION IF EXISTS uuid_shard; DROP SCHEMA IF EXISTS uuid_shard;');
  }
}
