import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgClient } from '../../adapters/db/pg.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { exportPersons } from '../../adapters/persons/export.ts';
import { bridgedPersons, importBySource } from '../support/bridged-persons.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { startKithProcess, type KithProcess } from '../support/processes.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';

const PERSONS = 100;

const queued = async (db: SqlClient) =>
  ((await db.query<{ queued: number }>('SELECT count(*)::int AS queued FROM records_to_resolve')) as [{ queued: number }])[0].queued;

/**
 * The identity workers of a distributed deployment, as separate processes on PostgreSQL and Kafka, resolving the
 * records a `kith import --no-resolve` left queued (docs/identity-graph.md): several at once, one of them killed on
 * the way (SIGKILL: a batch it held rolls back and is taken again).
 */
describe('identity workers resolving at once, one killed while they work (distributed)', () => {
  let database: { url: string; drop(): Promise<void> };
  let db: SqlClient;
  const workers: KithProcess[] = [];
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    db = createPgClient(database.url, 2);
    await migrate(db);
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await db?.close();
    await database?.drop();
  });

  it('leaves every person whole: no merge lost, nothing resolved twice, nothing left queued', async () => {
    const records = bridgedPersons(PERSONS);
    await importBySource(db, records);
    expect(await queued(db)).toBe(records.length);

    const env = {
      DATABASE_URL: database.url,
      KAFKA_BROKERS: kafkaBrokers().join(','),
      KITH_TOPIC_PREFIX: `kith-resolver-${randomBytes(4).toString('hex')}`,
      KITH_ROLES: 'worker:identity',
      KITH_MATCH_TRAINING: 'manual',
    };
    const [first, second] = await Promise.all([startKithProcess(env), startKithProcess(env)]);
    workers.push(first!, second!);
    // Killed once it has begun: a batch it held rolls back and is resolved again by the other.
    await waitFor('the resolution to begin', async () => (await queued(db)) < records.length, { timeoutMs: 60_000 });
    await first!.stop('SIGKILL');
    await waitFor('every record resolved', async () => (await queued(db)) === 0, {
      timeoutMs: 120_000,
      progress: () => second!.output().slice(-2000),
    });

    const persons: string[][] = [];
    for await (const person of exportPersons(db)) persons.push(person.records.map((record) => `${record.source}:${record.id}`).sort());
    expect(persons).toHaveLength(PERSONS);
    for (const person of persons) expect(person.map((record) => record.slice(0, 1))).toEqual(['a', 'b', 'c']);
    expect(new Set(persons.map((person) => person[0]!.slice(2)))).toEqual(new Set(records.map((item) => item.record.id)));
  });
});
