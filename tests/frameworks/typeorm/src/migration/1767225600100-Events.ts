import { MigrationInterface, QueryRunner } from "typeorm";

// Made by `typeorm migration:generate` from entity/Event.ts; the bucket index added by hand
// (TypeORM has no expression indexes, and does not read them back: no drift).
export class Events1767225600100 implements MigrationInterface {
    name = 'Events1767225600100'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "events" ("id" uuid NOT NULL DEFAULT uuid_shard.uuidv7(), "ref" character varying(40) NOT NULL, "done" boolean NOT NULL DEFAULT false, CONSTRAINT "UQ_cae0b9297e5caae1f38bfbac180" UNIQUE ("ref"), CONSTRAINT "PK_40731c7151fe4be3116e45ddf73" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE INDEX "events_bucket4" ON "events" (uuid_shard.uuid_bucket(id, 4))`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP TABLE "events"`);
    }

}
