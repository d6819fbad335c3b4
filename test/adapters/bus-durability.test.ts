import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedBus } from '../../adapters/bus/embedded.ts';
import { createKafkaBus } from '../../adapters/bus/kafka.ts';
import type { Bus } from '../../adapters/bus/port.ts';
import { migrate } from '../../adapters/db/migrate.ts';
import { createPgliteClient } from '../../adapters/db/pglite.ts';
import { createLogger } from '../../adapters/logger.ts';
import { runScriptToEnd } from '../support/processes.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';
import { scratchDir } from '../support/scratch-dir.ts';


const log = createLogger('error');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

const implementations = [
  {
    name: 'embedded (PGlite on disk)',
    async prepare() {
      const dataDir = await scratchDir('kith-durability-', cleanups);
      return {
        args: ['embedded', dataDir],
        async reopen(): Promise<Bus> {
          const db = await createPgliteClient(dataDir);
          await migrate(db);
          const bus = createEmbeddedBus({ db, log, pollMs: 50 });
          cleanups.unshift(async () => {
            await bus.close();
            await db.close();
          });
          return bus;
        },
      };
    },
  },
  {
    name: 'kafka',
    async prepare() {
      return {
        args: ['kafka', kafkaBrokers().join(',')],
        async reopen(): Promise<Bus> {
          const bus = createKafkaBus({ brokers: kafkaBrokers(), clientId: 'durability-test', log });
          cleanups.unshift(() => bus.close());
          return bus;
        },
      };
    },
  },
];

describe.each(implementations)('work accepted before a SIGKILL ($name)', (implementation) => {
  it('is all there to be handled after the restart', async () => {
    const { args, reopen } = await implementation.prepare();
    const topic = `durability-${randomUUID()}`;
    const count = 25;
    const child = await runScriptToEnd('publish-then-die.ts', [...args, topic, String(count)]);
    expect(child.output).toContain('published');
    expect(child.signal).toBe('SIGKILL');

    const bus = await reopen();
    const received = new Set<string>();
    await bus.consume({
      groupId: `after-restart-${randomUUID()}`,
      topics: [topic],
      fromBeginning: true,
      async handle(message) {
        received.add(message.value);
      },
    });
    await waitFor(`${count} accepted messages`, () => received.size === count, { progress: () => received.size });
    expect([...received].sort()).toEqual(Array.from({ length: count }, (_, index) => `accepted-${index}`).sort());
  }, 60_000);
});
