import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('events')
export class Event {
  // The key: a database default, schema-qualified (on PostgreSQL 18 and later an unqualified
  // uuidv7() is core's pg_catalog.uuidv7()). Not @PrimaryGeneratedColumn('uuid'): TypeORM takes
  // that for DEFAULT uuid_generate_v4(), and its next migration:generate or synchronize replaces
  // this default (first by no default at all, then by uuid_generate_v4()).
  @PrimaryColumn({ type: 'uuid', default: () => 'uuid_shard.uuidv7()' })
  id: string;

  @Column({ type: 'varchar', length: 40, unique: true }) // a natural key, to check what comes back
  ref: string;

  @Column({ type: 'boolean', default: false })
  done: boolean;
}
