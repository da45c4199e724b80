import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { options } from '../data-source';
import { Account } from '../entity/Account';
import { Job } from '../entity/Job';
import { EventGeneratedUuid, EventLogGeneratedUuid } from './entities';

// The application's data source with @PrimaryGeneratedColumn('uuid') keys on events and event_log.
export const GeneratedUuidDataSource = new DataSource({
  ...options,
  entities: [EventGeneratedUuid, EventLogGeneratedUuid, Account, Job],
});
