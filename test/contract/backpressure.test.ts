import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_NAMES } from '../../schemas/events/topics.ts';
import { KithClient, type Answer } from '../support/client.ts';
import { createAccount } from '../support/factories.ts';
import type { TestKith } from '../support/kith.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { startKithProcess, type KithProcess } from '../support/processes.ts';
import { kafkaBrokers } from '../support/services.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const MAX_BACKLOG = 3;

/**
 * The ingress refuses new work for a queue that is behind (docs/decisions.md, "Backpressure"): an ingress on
 * Kafka with no worker yet, so that its requests queue up, and the workers started later.
 */
describe('backpressure (distributed): a queue behind its limit refuses new work until the workers catch up', () => {
  const adminToken = `kith_admin_test_${randomBytes(16).toString('hex')}`;
  // A database of its own: the delivery worker started below would otherwise claim other suites' due retries.
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let shared: Record<string, string>;
  const settings = {
    KAFKA_BROKERS: kafkaBrokers().join(','),
    KITH_ADMIN_TOKEN: adminToken,
    KITH_TOPIC_PREFIX: `t${randomBytes(6).toString('hex')}`,
    KITH_TOPIC_PARTITIONS: '2',
    KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    KITH_MAX_BACKLOG: String(MAX_BACKLOG),
  };
  const processes: KithProcess[] = [];
  let receiver: WebhookReceiver;
  let client: KithClient;
  let key: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    shared = { ...settings, DATABASE_URL: database.url };
    receiver = await startWebhookReceiver();
    const ingress = await startKithProcess({ ...shared, KITH_ROLES: 'ingress' });
    processes.push(ingress);
    client = new KithClient([ingress.url], adminToken);
    ({ key } = await createAccount({ client } as TestKith));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop('SIGTERM')));
    await receiver?.close();
    await database?.drop();
  });

  const enrich = (n: number): Promise<Answer> =>
    client.v3('person.enrich', { email: `queued-${n}@example.com`, webhookUrl: `${receiver.url}?n=${n}` }, { key });

  it('answers 202 while the queue holds at most the limit, then 503 naming the cause, then 202 again; all accepted delivered', async () => {
    const accepted: number[] = [];
    let refused: Answer | undefined;
    let n = 0;
    await waitFor(
      'a 503 once the enrichment queue is past the limit',
      async () => {
        const answer = await enrich(++n);
        if (answer.status === 202) accepted.push(n);
        else refused = answer;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return refused !== undefined;
      },
      { timeoutMs: 20_000, progress: () => ({ accepted: accepted.length }) },
    );
    expect(accepted.length).toBeGreaterThan(MAX_BACKLOG);
    expect(refused!.status, refused!.text).toBe(503);
    expect(refused!.body.message).toMatch(/more requests queued than it can work/);
    expect(refused!.headers.get('retry-after')).toBe('1');
    // A synchronous lookup is refused as well, and not left "in flight": once the queue caught up, the same
    // request is worked at once rather than waiting for a reply that was never asked for.
    const lookup = () => client.v3('person.enrich', { email: 'nobody-here@example.com' }, { key });
    expect((await lookup()).status).toBe(503);

    processes.push(await startKithProcess({ ...shared, KITH_ROLES: WORKER_NAMES.map((worker) => `worker:${worker}`).join(',') }));
    await waitFor(
      'a 202 again once the workers caught up',
      async () => {
        const answer = await enrich(++n);
        if (answer.status === 202) accepted.push(n);
        else expect(answer.status, answer.text).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return answer.status === 202;
      },
      { timeoutMs: 60_000 },
    );

    const answered = await lookup();
    expect(answered.status, answered.text).toBe(404);

    const delivered = await receiver.waitFor(accepted.length, 60_000);
    const deliveredNumbers = delivered.map((webhook) => Number(new URL(webhook.url, 'http://x').searchParams.get('n')));
    expect(deliveredNumbers.sort((a, b) => a - b)).toEqual(accepted);
  }, 180_000);
});
