import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MigrationInterface, QueryRunner } from 'typeorm';

// The SQL edition, for servers that cannot load the native library: the plain-SQL migration file
// (tools/sql_edition.py), kept in the project as sql/uuid_shard.migration.sql. One DO statement;
// it creates schema uuid_shard and is safe to run again (a newer file replaces the functions).
export class UuidShardEdition1767225600000 implements MigrationInterface {
  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(readFileSync(join(__dirname, '../../../sql/uuid_shard.migration.sql'), 'utf8'));
  }

  public async down(): Promise<void> {
    // Nothing: drop schema uuid_shard by hand once no table uses its functions.
  }
}
