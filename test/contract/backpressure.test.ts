import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_NAMES } from '../../schemas/events/topics.ts';
import type { Answer } from '../support/client.ts';
import { deploymentStartedByTest } from '../support/deployment.ts';
import { createAccount } from '../support/factories.ts';
import type { TestKith } from '../support/kith.ts';
import { waitFor } from '../support/wait-for.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

const MAX_BACKLOG = 3;

/** The deployment of these suites: the queue limit set low, and a webhook receiver with numbered requests. */
function deployment(settings: Record<string, string>) {
  const kith = deploymentStartedByTest({ KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32', KITH_MAX_BACKLOG: String(MAX_BACKLOG), ...settings });
  let sent = 0;
  const suite = Object.assign(kith, {
    receiver: undefined as unknown as WebhookReceiver,
    /** A webhook request, numbered in its webhook's URL; its number and answer. */
    async enrich(): Promise<{ n: number; answer: Answer }> {
      const n = ++sent;
      const answer = await kith.client.v3('person.enrich', { email: `queued-${n}@example.com`, webhookUrl: `${suite.receiver.url}?n=${n}` }, { key: kith.account.key });
      return { n, answer };
    },
    lookup: () => kith.client.v3('person.enrich', { email: 'nobody-here@example.com' }, { key: kith.account.key }),
  });
  beforeAll(async () => {
    suite.receiver = await startWebhookReceiver();
  });
  afterAll(() => suite.receiver?.close());
  return suite;
}

type Deployment = ReturnType<typeof deployment>;

/** Sends webhook requests until one is refused, adding the numbers of those accepted to `accepted`. */
async function enrichUntilRefused(kith: Deployment, accepted: number[], message: RegExp) {
  let refused: Answer | undefined;
  await waitFor(
    'a 503 once the queue is past the limit',
    async () => {
      const { n, answer } = await kith.enrich();
      if (answer.status === 202) accepted.push(n);
      else refused = answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return refused !== undefined;
    },
    { timeoutMs: 20_000, progress: () => ({ accepted: accepted.length }) },
  );
  expect(accepted.length).toBeGreaterThan(MAX_BACKLOG);
  expect(refused!.status, refused!.text).toBe(503);
  expect(refused!.body.message).toMatch(message);
  expect(refused!.headers.get('retry-after')).toBe('1');
}

/** Sends webhook requests until one is accepted again (each refusal a 503), and waits for every accepted one. */
async function acceptedAgainAndAllDelivered(kith: Deployment, accepted: number[]) {
  await waitFor(
    'a 202 again once the queue caught up',
    async () => {
      const { n, answer } = await kith.enrich();
      if (answer.status === 202) accepted.push(n);
      else expect(answer.status, answer.text).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return answer.status === 202;
    },
    { timeoutMs: 60_000 },
  );
  const numbered = () =>
    kith.receiver.received.map((webhook) => new URL(webhook.url, 'http://x').searchParams.get('n')).filter((n) => n !== null).map(Number);
  await waitFor('every accepted webhook request delivered', async () => numbered().length >= accepted.length, {
    timeoutMs: 60_000,
    progress: () => numbered().length,
  });
  expect(numbered().sort((a, b) => a - b)).toEqual(accepted);
}

const ALL_WORKERS = WORKER_NAMES.map((worker) => `worker:${worker}`).join(',');

/**
 * The ingress refuses new work for a queue that is behind (docs/decisions.md, "Backpressure"): an ingress on
 * Kafka with no worker yet, so that its requests queue up, and the workers started later.
 */
describe('backpressure (distributed): a queue behind its limit refuses new work until the workers catch up', () => {
  const kith = deployment({});

  it('answers 202 while the queue holds at most the limit, then 503 naming the cause, then 202 again; all accepted delivered', async () => {
    const accepted: number[] = [];
    await enrichUntilRefused(kith, accepted, /more requests queued than it can work/);
    // A synchronous lookup is refused as well, and not left "in flight": once the queue caught up, the same
    // request is worked at once rather than waiting for a reply that was never asked for.
    expect((await kith.lookup()).status).toBe(503);

    await kith.start(ALL_WORKERS);
    await acceptedAgainAndAllDelivered(kith, accepted);
    const answered = await kith.lookup();
    expect(answered.status, answered.text).toBe(404);
  }, 180_000);
});

/**
 * The deliveries' queue goes on in the delivery table: a delivery worker whose slots are full takes deliveries off
 * Kafka and stores them to wait for their first attempt. Here one account may have one attempt under way, and
 * the receiver holds it unanswered: that account's deliveries are behind, and no other's.
 */
describe("backpressure (distributed): an account's deliveries waiting in the delivery table count as its queue", () => {
  // Two slots, one an account's share: the account cannot borrow the other, which stays free for other accounts.
  const kith = deployment({
    KITH_WEBHOOK_CONCURRENCY: '2',
    KITH_WEBHOOK_ACCOUNT_CONCURRENCY: '1',
    KITH_WEBHOOK_TIMEOUT_MS: '2000',
    KITH_WEBHOOK_SCHEDULE: '0.5,0.5,0.5',
  });
  beforeAll(() => kith.start(ALL_WORKERS), 90_000);

  it("refuses the account's webhook requests while its deliveries wait for a first attempt, not its lookups nor other accounts", async () => {
    kith.receiver.stall();
    const accepted: number[] = [];
    await enrichUntilRefused(kith, accepted, /This account has more webhooks waiting to be delivered than Kith can deliver right now/);
    // The lookups' queue is not behind: a synchronous lookup is worked.
    const answered = await kith.lookup();
    expect(answered.status, answered.text).toBe(404);
    // Another account's webhook request is accepted.
    const other = await createAccount({ client: kith.client } as TestKith);
    const otherAnswer = await kith.client.v3('person.enrich', { email: 'other@example.com', webhookUrl: `${kith.receiver.url}/other` }, { key: other.key });
    expect(otherAnswer.status, otherAnswer.text).toBe(202);

    // An audience.create refused meanwhile records no audience: as many refusals as the plan holds audiences, and one
    // accepted once the deliveries caught up (a refused one recorded would hold its place, and this one be a 403).
    const account = await kith.client.admin<{ plan: { audienceLimit: number } }>('GET', `/accounts/${kith.account.account.id}`);
    const createAudience = () =>
      kith.client.v3('audience.create', { webhookUrl: `${kith.receiver.url}/audience`, tags: [{ key: 'segment', value: 'gold' }] }, { key: kith.account.key });
    for (let refused = 0; refused < account.body.plan.audienceLimit; refused++) {
      const answer = await createAudience();
      expect(answer.status, answer.text).toBe(503);
    }

    kith.receiver.resume();
    await acceptedAgainAndAllDelivered(kith, accepted);
    const audience = await createAudience();
    expect(audience.status, audience.text).toBe(202);
  }, 180_000);
});
