import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { lookUp, lookupKeyOf, prepareLookupTable } from './lookup-table.ts';
import { serveOperation } from './route.ts';

/**
 * The embedded floor: what one process must do for a lookup at the least, the route and one indexed point lookup
 * in an in-process PGlite, no bus. Embedded Kith is measured against it.
 *
 * Usage: node --import tsx bench/floor/embedded.ts <operation>   (prints {"msg":"floor listening","port":N})
 */
const db = await createPgliteClient(undefined);
await prepareLookupTable(db);
serveOperation('floor', process.argv[2] ?? '', (body) => lookUp(db, lookupKeyOf(body)), () => db.close());
