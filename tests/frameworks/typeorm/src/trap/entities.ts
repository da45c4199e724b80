import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

// What the recipe does NOT write, for the checks that show what it does (throwaway database).

// The bucket-partitioned parent without `synchronize: false`.
@Entity('jobs')
export class JobSynced {
  @PrimaryColumn({ type: 'uuid', default: () => 'uuid_shard.uuidv7()' })
  id: string;

  @Column({ type: 'text' })
  payload: string;
}

// TypeORM's own uuid key: DEFAULT uuid_generate_v4() (gen_random_uuid() with uuidExtension: 'pgcrypto').
@Entity('events')
export class EventGeneratedUuid {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 40, unique: true })
  ref: string;

  @Column({ type: 'boolean', default: false })
  done: boolean;
}

@Entity('event_log')
export class EventLogGeneratedUuid {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 20 })
  kind: string;
}
