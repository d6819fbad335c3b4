/**
 * Run as a child process by test/adapters/usage-exactly-once.test.ts: the real usage writer over a real bus
 * and store, except that the process dies by SIGKILL right after the store wrote its first batch, before
 * the bus could commit: the worst moment for exact counts.
 * Arguments: embedded <dataDir> <topicPrefix> | distributed <brokers> <clickhouseUrl> <database> <topicPrefix>
 */
import type { UsageStore } from '../../adapters/usage/port.ts';
import { openUsageSide } from './usage-side.ts';

const side = await openUsageSide(process.argv.slice(2));
const dieAfterWrite: UsageStore = {
  ...side.store,
  async record(events) {
    await side.store.record(events);
    process.stdout.write(`wrote ${events.length}\n`);
    process.kill(process.pid, 'SIGKILL');
  },
};
await side.startWriter(dieAfterWrite);
process.stdout.write('writer started\n');
