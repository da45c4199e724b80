import 'reflect-metadata';
import { DataSource, DataSourceOptions } from 'typeorm';
import { Account } from './entity/Account';
import { Event } from './entity/Event';
import { EventLog } from './entity/EventLog';
import { Job } from './entity/Job';

// UUID_SHARD_INSTALL picks the first migration: native (CREATE EXTENSION) or edition (the SQL
// edition's migration file). A project has one of the two; this recipe tests both.
const install = process.env.UUID_SHARD_INSTALL === 'edition' ? 'edition' : 'native';

export const options = {
  type: 'postgres',
  host: process.env.PGHOST,
  port: Number(process.env.PGPORT),
  username: process.env.PGUSER,
  database: process.env.PGDATABASE,
  entities: [Event, EventLog, Account, Job],
  migrations: [`${__dirname}/migration/${install}/*.js`, `${__dirname}/migration/*.js`],
  synchronize: false, // the schema comes from the migrations
} satisfies DataSourceOptions;

export const AppDataSource = new DataSource(options);
