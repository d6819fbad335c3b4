import { randomBytes } from 'node:crypto';
import { WORKER_NAMES } from '../../schemas/events/topics.ts';
import { KithClient } from './client.ts';
import { freshPostgresDatabase } from './fresh-database.ts';
import { newPerson } from './persons.ts';
import { startPrivateBroker, type PrivateBroker } from './private-broker.ts';
import { startKithProcess, type KithProcess } from './processes.ts';
import { clickhouseUrl } from './services.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

export type ChaosOptions = {
  requests: number;
  /** How long the load is spread over; the faults fall at fixed fractions of it. */
  durationMs: number;
  /** Requests in flight at most. */
  concurrency: number;
  /** How long the broker stays down. */
  outageMs: number;
  /** The ingress's sync deadline (KITH_SYNC_DEADLINE_MS): no answer may take longer than it plus a margin. */
  syncDeadlineMs: number;
  progress(line: string): void;
};

/** What one request got: an HTTP status, or `refused` (no connection) or `broken` (connection lost mid-request). */
export type ChaosAnswer = { n: number; outcome: number | 'refused' | 'broken'; ms: number; sentAt: number };

export type ChaosResult = {
  answers: ChaosAnswer[];
  /** When the broker was being stopped until it was started again (ms since epoch). */
  outage: { from: number; to: number };
  /** The n of every webhook received, with its webhook-id. */
  deliveries: { n: number; webhookId: string }[];
  /** stats.get person.enrichment.matches.count, once it stopped moving. */
  matches(): Promise<number>;
  counts: ChaosCounts;
  close(): Promise<void>;
};

export type ChaosCounts = {
  sent: number;
  accepted: number;
  unavailable: number;
  refused: number;
  broken: number;
  other: number;
  deliveries: number;
  deliveredRequests: number;
  /** Deliveries beyond the first of a request with the same webhook-id (a receiver drops them by webhook-id). */
  duplicatesDroppedByWebhookId: number;
  /** Requests delivered under more than one webhook-id: must be none. */
  requestsWithSeveralWebhookIds: number;
  acceptedNotDelivered: number;
  /** Requests not answered 202 (503, refused, broken) that were delivered all the same. */
  deliveredWithoutAccept: number;
  answeredDuringOutage: number;
  slowestDuringOutageMs: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The distributed mode under faults: a private broker (the shared one keeps serving other tests), the shared
 * PostgreSQL and ClickHouse, two ingresses, the request workers in one process and usage+delivery in another.
 * `person.enrich` webhook requests are sent at a steady pace while, in turn, the request workers' process is
 * SIGKILLed and restarted, one ingress is SIGKILLed and restarted, the broker is stopped and started, and the
 * usage+delivery process is SIGKILLed and restarted.
 */
export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const say = options.progress;
  const broker: PrivateBroker = await startPrivateBroker('chaos');
  // A database of its own: every Kith's delivery worker claims due rows of the deliveries table it is given, so
  // another suite's Kith on the shared database (default schedule, no loopback allowed) would claim and fail these.
  const database = await freshPostgresDatabase();
  const receiver: WebhookReceiver = await startWebhookReceiver();
  const adminToken = `kith_admin_chaos_${randomBytes(16).toString('hex')}`;
  const env = {
    DATABASE_URL: database.url,
    KAFKA_BROKERS: broker.brokers,
    CLICKHOUSE_URL: clickhouseUrl(),
    KITH_CLICKHOUSE_DATABASE: 'kith_test',
    KITH_ADMIN_TOKEN: adminToken,
    KITH_TOPIC_PREFIX: `chaos${randomBytes(5).toString('hex')}`,
    KITH_TOPIC_PARTITIONS: '4',
    KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
    // Retries within the run's wait for deliveries: the default schedule waits 5 min before the third attempt,
    // so an attempt cut off twice by the faults would be retried after the test has stopped looking.
    KITH_WEBHOOK_SCHEDULE: '1,2,5,10,20',
    KITH_SYNC_DEADLINE_MS: String(options.syncDeadlineMs),
  };
  const requestWorkers = WORKER_NAMES.filter((worker) => worker !== 'usage' && worker !== 'delivery');
  const roles = {
    ingressA: { KITH_ROLES: 'ingress', KITH_INSTANCE_ID: 'chaos-ingress-a' },
    ingressB: { KITH_ROLES: 'ingress', KITH_INSTANCE_ID: 'chaos-ingress-b' },
    requests: { KITH_ROLES: requestWorkers.map((worker) => `worker:${worker}`).join(',') },
    usageDelivery: { KITH_ROLES: 'worker:usage,worker:delivery' },
  };
  const start = (role: keyof typeof roles) => startKithProcess({ ...env, ...roles[role] }, 120_000);
  const running = new Map<keyof typeof roles, KithProcess>();
  for (const role of Object.keys(roles) as (keyof typeof roles)[]) running.set(role, await start(role));
  /** The ingresses taking requests now. */
  const live = () => (['ingressA', 'ingressB'] as const).flatMap((role) => (running.has(role) ? [running.get(role)!.url] : []));

  const admin = new KithClient([running.get('ingressA')!.url], adminToken);
  const plan = await admin.admin('POST', '/plans', { name: `chaos-${randomBytes(6).toString('hex')}`, period: 'MONTH', baseCost: 1, rateLimit: 1_000_000 });
  if (plan.status !== 201) throw new Error(`plan: ${plan.status} ${plan.text}`);
  const account = await admin.admin('POST', '/accounts', { name: `chaos-${randomBytes(6).toString('hex')}`, plan: plan.body.name });
  if (account.status !== 201) throw new Error(`account: ${account.status} ${account.text}`);
  const key = (await admin.admin('POST', `/accounts/${account.body.id}/keys`)).body.key as string;
  const person = newPerson();
  const loaded = await admin.request('POST', '/admin/persons', {
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/x-ndjson' },
    body: JSON.stringify(person),
  });
  if (loaded.status !== 200) throw new Error(`import: ${loaded.status} ${loaded.text}`);
  const email = person.details.emails[0]!.value;

  async function kill(role: keyof typeof roles) {
    const process = running.get(role)!;
    running.delete(role);
    await process.stop('SIGKILL');
    say(`${role} SIGKILLed`);
  }
  async function restart(role: keyof typeof roles) {
    running.set(role, await start(role));
    say(`${role} restarted`);
  }

  const answers: ChaosAnswer[] = [];
  const outage = { from: Infinity, to: Infinity };
  const began = Date.now();
  const interval = options.durationMs / options.requests;
  let next = 0;
  let turn = 0;

  async function send(n: number) {
    const urls = live();
    const url = urls[turn++ % urls.length]!;
    const sentAt = Date.now();
    let outcome: ChaosAnswer['outcome'];
    try {
      const response = await fetch(`${url}/v3/person.enrich`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, webhookUrl: `${receiver.url}/hook?n=${n}` }),
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      outcome = response.status;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      outcome = code === 'ECONNREFUSED' ? 'refused' : 'broken';
    }
    answers.push({ n, outcome, ms: Date.now() - sentAt, sentAt });
  }

  async function loadLoop() {
    while (next < options.requests) {
      const n = next++;
      const due = began + n * interval;
      if (due > Date.now()) await sleep(due - Date.now());
      await send(n);
    }
  }

  async function faults() {
    const at = (fraction: number) => sleep(Math.max(0, began + fraction * options.durationMs - Date.now()));
    await at(0.1);
    await kill('requests');
    await restart('requests');
    await at(0.3);
    await kill('ingressB');
    await restart('ingressB');
    await at(0.5);
    outage.from = Date.now();
    await broker.stop();
    say('broker stopped');
    await sleep(options.outageMs);
    await broker.start();
    outage.to = Date.now();
    say('broker started');
    await at(0.75);
    await kill('usageDelivery');
    await restart('usageDelivery');
  }

  await Promise.all([faults(), ...Array.from({ length: options.concurrency }, loadLoop)]);
  say(`load done: ${answers.length} answers in ${Math.round((Date.now() - began) / 1000)} s`);

  const accepted = new Set(answers.filter((answer) => answer.outcome === 202).map((answer) => answer.n));
  const delivered = () => new Set(receiver.received.map((webhook) => Number(new URL(webhook.url, 'http://x').searchParams.get('n'))));
  const deadline = Date.now() + Math.max(120_000, options.requests * 20);
  while ([...accepted].some((n) => !delivered().has(n)) && Date.now() < deadline) await sleep(500);
  const undelivered = () => [...accepted].filter((n) => !delivered().has(n));
  if (undelivered().length > 0) {
    // Not lost while the delivery log holds them pending a retry: wait for that retry (a few minutes at most).
    const rows = await deliveryRows(undelivered());
    say(`accepted, not delivered yet: ${JSON.stringify(rows)}`);
    const due = rows.map((row) => (typeof row.delivery === 'string' ? NaN : Date.parse(row.delivery.nextAttemptAt ?? '')));
    if (due.every((at) => Number.isFinite(at))) {
      const retryDeadline = Math.min(Math.max(...due) + 30_000, Date.now() + 420_000);
      while (undelivered().length > 0 && Date.now() < retryDeadline) await sleep(1000);
      say(`after their retries, still not delivered: ${JSON.stringify(undelivered())}`);
    }
  }

  const deliveries = receiver.received.map((webhook) => ({
    n: Number(new URL(webhook.url, 'http://x').searchParams.get('n')),
    webhookId: String(webhook.headers['webhook-id']),
  }));
  const idsOf = new Map<number, Set<string>>();
  for (const { n, webhookId } of deliveries) idsOf.set(n, (idsOf.get(n) ?? new Set()).add(webhookId));
  const duringOutage = answers.filter((answer) => answer.sentAt >= outage.from && answer.sentAt <= outage.to);
  const count = (outcome: ChaosAnswer['outcome']) => answers.filter((answer) => answer.outcome === outcome).length;
  const counts: ChaosCounts = {
    sent: answers.length,
    accepted: accepted.size,
    unavailable: count(503),
    refused: count('refused'),
    broken: count('broken'),
    other: answers.filter((answer) => ![202, 503, 'refused', 'broken'].includes(answer.outcome)).length,
    deliveries: deliveries.length,
    deliveredRequests: idsOf.size,
    duplicatesDroppedByWebhookId: deliveries.length - [...idsOf.values()].reduce((sum, ids) => sum + ids.size, 0),
    requestsWithSeveralWebhookIds: [...idsOf.values()].filter((ids) => ids.size > 1).length,
    acceptedNotDelivered: [...accepted].filter((n) => !idsOf.has(n)).length,
    deliveredWithoutAccept: [...idsOf.keys()].filter((n) => !accepted.has(n)).length,
    answeredDuringOutage: duringOutage.length,
    slowestDuringOutageMs: Math.max(0, ...duringOutage.map((answer) => answer.ms)),
  };

  /** What the delivery log holds for requests by number: whether a delivery was made, and how it stands. */
  async function deliveryRows(numbers: number[]) {
    const listed = await new KithClient(live(), adminToken).admin('GET', `/accounts/${account.body.id}/deliveries?limit=1000`);
    const rows: { url: string; nextAttemptAt?: string | null }[] = listed.body.deliveries ?? [];
    const byNumber = new Map(rows.map((row) => [Number(new URL(row.url).searchParams.get('n')), row]));
    return numbers.map((n) => ({ n, delivery: byNumber.get(n) ?? 'none in the delivery log' }));
  }

  const statsClient = () => new KithClient(live(), adminToken);
  return {
    answers,
    outage,
    deliveries,
    counts,
    async matches() {
      const read = async () => {
        const answer = await statsClient().v3('stats.get', {}, { key });
        return answer.status === 200 ? (answer.body.stats.person.enrichment.matches.count as number) : -1;
      };
      // Counted a moment after delivery, in batches: wait until it reaches the requests delivered and holds.
      const until = Date.now() + 120_000;
      let last = await read();
      while (Date.now() < until) {
        await sleep(2000);
        const now = await read();
        if (now === last && now >= counts.deliveredRequests) return now;
        last = now;
      }
      return last;
    },
    async close() {
      await Promise.all([...running.values()].map((process) => process.stop('SIGTERM')));
      await receiver.close();
      await broker.remove();
      await database.drop();
    },
  };
}
