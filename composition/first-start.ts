import { systemClock } from '../adapters/clock.ts';
import { migrate } from '../adapters/db/migrate.ts';
import { createStores } from '../adapters/db/open.ts';
import type { SqlClient } from '../adapters/db/sql-client.ts';
import { newWebhookSecret } from '../workers/delivery/sign.ts';
import { createDemo } from './demo.ts';

export type FirstStartOptions = { demo: boolean; train: boolean };

/**
 * The first start of an embedded data directory, in the child process that made its database (ensurePgliteCluster,
 * given this module's URL by main.ts, which never imports it): the migrations, and the demo unless switched off,
 * whose message goes to standard output. Whatever it loads and whatever the import grows (PGlite's memory never
 * shrinks) goes with the child.
 */
export async function seedNewCluster(db: SqlClient, options: FirstStartOptions): Promise<void> {
  await migrate(db);
  if (options.demo) await createDemo(createStores(db, newWebhookSecret), systemClock, (text) => process.stdout.write(`${text}\n`), options.train);
}
