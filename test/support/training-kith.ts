import { freshPostgresDatabase } from './fresh-database.ts';
import { startTestKith, type TestKith } from './kith.ts';
import type { Mode } from './modes.ts';

/**
 * A Kith that trains its match model after each import, on a database of its own: training changes the weights
 * every worker on the database uses, so no other suite may share it. `stop` stops it and drops the database.
 */
export async function startTrainingKith(mode: Mode): Promise<{ kith: TestKith; stop(): Promise<void> }> {
  const database = mode === 'embedded' ? undefined : await freshPostgresDatabase();
  const kith = await startTestKith(mode, { KITH_MATCH_TRAINING: 'after-import', ...(database ? { DATABASE_URL: database.url } : {}) });
  return {
    kith,
    async stop() {
      await kith.stop();
      await database?.drop();
    },
  };
}

/** Trains the match model now, as `POST /admin/matching/train` does. */
export const trainNow = (kith: TestKith) => kith.client.request('POST', '/admin/matching/train', { headers: { Authorization: `Bearer ${kith.adminToken}` } });
