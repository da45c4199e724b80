import { Column, Entity, PrimaryColumn } from 'typeorm';

// PARTITION BY HASH (id uuid_shard.uuid_tail_ops), tail-hash partitions (core HASH (id) with the
// SQL edition): created by migration 1767225600200-Partitions.
@Entity('accounts')
export class Account {
  @PrimaryColumn({ type: 'uuid', default: () => 'uuid_shard.uuidv7()' })
  id: string;

  @Column({ type: 'text' })
  name: string;
}
