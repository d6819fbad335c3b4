import { createPgliteClient } from './pglite.ts';

/** Creates the PGlite database cluster in the directory given and exits (see ensurePgliteCluster). */
const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-cluster-main <data directory>');
await (await createPgliteClient(dir)).close();
