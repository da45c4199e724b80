import { Column, Entity, PrimaryColumn } from 'typeorm';

// PARTITION BY RANGE (id), time partitions: created by migration 1767225600200-Partitions.
@Entity('event_log')
export class EventLog {
  @PrimaryColumn({ type: 'uuid', default: () => 'uuid_shard.uuidv7()' })
  id: string;

  @Column({ type: 'varchar', length: 20 })
  kind: string;
}
