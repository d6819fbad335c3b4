import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localBlobStore } from '../../adapters/blobs/local.ts';
import { systemClock } from '../../adapters/clock.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createStores } from '../../adapters/db/open.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { createLogger } from '../../adapters/logger.ts';
import { startAudienceSweep } from '../../workers/audience/sweep.ts';
import { audienceBlobKey } from '../../domain/audiences/blob-key.ts';
import { waitFor } from '../support/wait-for.ts';

describe('the audience sweep', () => {
  let db: SqlClient;
  let dir: string;
  beforeAll(async () => {
    db = await createPgliteClient(undefined);
    await migrate(db);
    dir = await mkdtemp(join(tmpdir(), 'kith-blobs-'));
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('expires audiences past their time and deletes their files, leaving the others', async () => {
    const { audiences, accounts, plans } = createStores(db, () => 'unused');
    const blobs = localBlobStore(dir);
    const standard = (await plans.findByName('Standard'))!;
    const accountId = (await accounts.create({ name: 'sweep', planId: standard.id, identitySharing: false, billingAnchor: '2026-01-01' })).id;
    const [old, fresh] = [randomUUID(), randomUUID()];
    for (const [id, expiresAt] of [[old, new Date(Date.now() - 1000)], [fresh, new Date(Date.now() + 86_400_000)]] as const) {
      expect(await audiences.create(accountId, id, [{ key: 'k', value: 'v' }])).toEqual({ created: true });
      const bytes = await blobs.put(audienceBlobKey(accountId, id), Readable.from(['gzip bytes']));
      await audiences.ready(id, 1, bytes, expiresAt);
    }
    const sweep = startAudienceSweep({ store: audiences, blobs, clock: systemClock, log: createLogger('error'), everyMs: 60_000 });
    try {
      // Marked expired first (downloads answer 410 from then on), then its file is deleted.
      await waitFor('the old audience expired and its file gone', async () =>
        (await audiences.get(accountId, old))?.status === 'expired' && (await blobs.get(audienceBlobKey(accountId, old))) === undefined,
      );
      expect((await audiences.get(accountId, fresh))?.status).toBe('ready');
      expect(await blobs.get(audienceBlobKey(accountId, fresh))).toBeDefined();
    } finally {
      await sweep.stop();
    }
  });
});
