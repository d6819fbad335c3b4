import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStores } from '../../adapters/db/open.ts';
import type { SubscribedChange, SubscriptionStore } from '../../adapters/db/port.ts';
import { generatePersons } from '../../synthetic/persons/generate.ts';
import { importPersons, sqlPersonWriter, type PersonWriter } from '../../adapters/persons/import.ts';
import { pgCopyPersonWriter } from '../../adapters/persons/pg-copy-writer.ts';
import { newWebhookSecret } from '../../workers/delivery/sign.ts';
import { dataImplementations, type DataSubject } from '../support/data-databases.ts';

const STANDARD_PLAN = '00000000-0000-4000-8000-000000000001';
const ndjson = (records: unknown[]) => Readable.from([`${records.map((record) => JSON.stringify(record)).join('\n')}\n`]);

describe.each(dataImplementations({ copy: pgCopyPersonWriter, sql: sqlPersonWriter }))(
  'changes of subscribed persons recorded by the import ($name)',
  (implementation) => {
    let subject: DataSubject<PersonWriter>;
    let store: SubscriptionStore;
    const [watched, unwatched] = [...generatePersons({ count: 2, seed: 31 })];
    const personIdOf = async (externalId: string) =>
      ((await subject.db.query<{ id: string }>('SELECT id::text AS id FROM persons WHERE external_id = $1', [externalId])) as [{ id: string }])[0].id;
    const claimAll = async () => {
      const claimed: SubscribedChange[] = [];
      await store.claimChanges(100, async (changes) => void claimed.push(...changes));
      return claimed;
    };

    beforeAll(async () => {
      subject = await implementation.open();
      const stores = createStores(subject.db, newWebhookSecret);
      store = stores.subscriptions;
      const account = await stores.accounts.create({ name: 'watcher', planId: STANDARD_PLAN, identitySharing: false, billingAnchor: '2026-11-01' });
      await importPersons(subject.writer, ndjson([watched, unwatched]));
      const created = await store.create(
        { id: randomUUID(), accountId: account.id, personId: await personIdOf(watched!.id), webhookUrl: 'http://127.0.0.1:9/hook' },
        10,
      );
      expect(created).toBe(true);
    });
    afterAll(() => subject?.done());

    it('records one change per import that changes a subscribed person, none for the same record or unwatched ones', async () => {
      await importPersons(subject.writer, ndjson([watched, unwatched]));
      expect(await claimAll()).toEqual([]);
      await importPersons(subject.writer, ndjson([{ ...watched, title: 'Changed' }, { ...unwatched, title: 'Changed' }]));
      const [change, ...more] = await claimAll();
      expect(more).toEqual([]);
      expect(change).toMatchObject({ personId: await personIdOf(watched!.id), subscriptions: [{ webhookUrl: 'http://127.0.0.1:9/hook' }] });
      expect(await claimAll()).toEqual([]); // claimed and notified: gone
    });

    it('gives a change whose notification failed back at once, for the next claim to send', async () => {
      await importPersons(subject.writer, ndjson([{ ...watched, title: 'Again' }]));
      await expect(store.claimChanges(100, async () => Promise.reject(new Error('bus down')))).rejects.toThrow('bus down');
      expect(await claimAll()).toHaveLength(1);
      expect(await claimAll()).toEqual([]);
    });

    it('leaves a change claimed by another, until that claim lapses', async () => {
      await importPersons(subject.writer, ndjson([{ ...watched, title: 'Once more' }]));
      await subject.db.query("UPDATE person_changes SET claimed_until = now() + interval '1 minute'");
      expect(await claimAll()).toEqual([]);
      await subject.db.query("UPDATE person_changes SET claimed_until = now() - interval '1 second'");
      expect(await claimAll()).toHaveLength(1);
    });
  },
);
