/**
 * Run as a child process by test/adapters/delivery-crash.test.ts: a delivery worker that the test kills
 * with SIGKILL in the middle of an attempt. Arguments: those of openDeliverySide.
 */
import { openDeliverySide } from './delivery-side.ts';

const side = await openDeliverySide(process.argv.slice(2));
await side.startWorker();
process.stdout.write('delivery worker started\n');
