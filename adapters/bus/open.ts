import type { SqlClient } from '../db/sql-client.ts';
import type { Logger } from '../logger.ts';
import { createEmbeddedBus } from './embedded.ts';
import type { Bus } from './port.ts';

export type BusOptions = {
  kafkaBrokers: string[] | undefined;
  clientId: string;
  db: SqlClient;
  /** Whether the database is a PostgreSQL that other processes may share (false: this process's PGlite). */
  sharedDatabase: boolean;
  log: Logger;
};

/** Kafka when brokers are configured (kafkajs is loaded only then), otherwise the embedded bus in the database. */
export async function openBus(options: BusOptions): Promise<Bus> {
  if (options.kafkaBrokers) {
    const { createKafkaBus } = await import('./kafka.ts');
    return createKafkaBus({ brokers: options.kafkaBrokers, clientId: options.clientId, log: options.log });
  }
  return createEmbeddedBus({ db: options.db, log: options.log, sharedDatabase: options.sharedDatabase });
}
