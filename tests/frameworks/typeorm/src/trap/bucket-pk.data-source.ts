import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { options } from '../data-source';
import { Account } from '../entity/Account';
import { Event } from '../entity/Event';
import { EventLog } from '../entity/EventLog';
import { JobSynced } from './entities';

// The application's data source with the jobs entity synchronized.
export const BucketPkDataSource = new DataSource({ ...options, entities: [Event, EventLog, Account, JobSynced] });
