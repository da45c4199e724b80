import { Column, Entity, PrimaryColumn } from 'typeorm';

// PARTITION BY LIST (uuid_shard.uuid_bucket(id, 4)): created by migration 1767225600200-Partitions.
// The parent cannot have a primary key (its partition key is an expression; each partition has
// one), but a TypeORM entity must declare one: synchronize: false keeps migration:generate,
// schema:log and synchronize away from this table, which would otherwise add that key and fail.
@Entity('jobs', { synchronize: false })
export class Job {
  @PrimaryColumn({ type: 'uuid', default: () => 'uuid_shard.uuidv7()' })
  id: string;

  @Column({ type: 'text' })
  payload: string;
}
