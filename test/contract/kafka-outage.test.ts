import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { repoRoot } from '../support/processes.ts';
import { waitFor } from '../support/wait-for.ts';

const run = promisify(execFile);

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A Kafka broker of this test's own (the shared one must keep serving the other tests), stopped and started at will. */
async function privateBroker(servicesDir: string) {
  const [port, controllerPort] = [await freePort(), await freePort()];
  const env = { ...process.env, KITH_SERVICES_DIR: servicesDir, KITH_KAFKA_PORT: String(port), KITH_KAFKA_CONTROLLER_PORT: String(controllerPort) };
  const script = `${repoRoot}deploy/services/kafka.sh`;
  return {
    brokers: `127.0.0.1:${port}`,
    start: () => run('bash', [script, 'start'], { env, timeout: 120_000 }),
    stop: () => run('bash', [script, 'stop'], { env, timeout: 60_000 }),
  };
}

describe('when Kafka goes away', () => {
  let servicesDir: string;
  let broker: Awaited<ReturnType<typeof privateBroker>>;
  let kith: TestKith;
  let account: TestAccount;

  beforeAll(async () => {
    servicesDir = await mkdtemp(join(tmpdir(), 'kith-outage-'));
    broker = await privateBroker(servicesDir);
    await broker.start();
    kith = await startTestKith('postgres', { KAFKA_BROKERS: broker.brokers, KITH_TOPIC_PREFIX: `outage${randomBytes(4).toString('hex')}` });
    account = await createAccount(kith);
  }, 180_000);
  afterAll(async () => {
    await kith?.stop();
    await broker?.stop();
    await rm(servicesDir, { recursive: true, force: true });
  }, 120_000);

  const statsGet = () => kith.client.v3('stats.get', {}, { key: account.key });

  it('answers 503 quickly while the broker is down, and recovers by itself when it is back', async () => {
    expect((await statsGet()).status).toBe(200);

    await broker.stop();
    const startedAt = Date.now();
    const during = await statsGet();
    const elapsed = Date.now() - startedAt;
    expect(during.status, during.text).toBe(503);
    expect(during.body).toMatchObject({ status: 503, message: expect.any(String) });
    expect(during.headers.get('retry-after')).toBe('1');
    expect(elapsed).toBeLessThan(3000);

    await broker.start();
    await waitFor('stats.get to answer 200 again', async () => (await statsGet()).status === 200, { timeoutMs: 60_000 });
  }, 180_000);
});
