/**
 * npm run bench:deliveries [-- --mode embedded|distributed --count N]
 *
 * The webhook delivery worker against a local receiver: N deliveries accepted at once (published as the
 * workers publish them), then how many are attempted per second and how long each waited from being
 * accepted to its first attempt reaching the receiver (p50/p99). Beside it, in the same run, the baseline:
 * the same N bodies POSTed straight to the same receiver with the same concurrency, no Kith in between.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DeliveryRequested } from '../schemas/events/delivery-requested.ts';
import { openDeliverySide } from '../test/support/delivery-side.ts';
import { deleteRunTopics } from './kafka-topics.ts';
import { gitState, machine } from './machine.ts';
import { percentile } from './percentile.ts';
import { resultsDir } from './report.ts';
import { startServices } from './services.ts';

const { values } = parseArgs({
  options: { mode: { type: 'string', default: 'distributed' }, count: { type: 'string', default: '5000' } },
});
const mode = values.mode === 'embedded' ? 'embedded' : 'distributed';
const count = Number(values.count);
const CONCURRENCY = 64;
const progress = (line: string) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

/** A receiver on 127.0.0.1 that answers 204 at once and notes when each webhook-id first arrived. */
async function startReceiver() {
  const arrivals = new Map<string, number>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id'] ?? randomUUID());
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook?ref=bench`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitForArrivals(arrivals: Map<string, number>, expected: number) {
  const deadline = Date.now() + 300_000;
  while (arrivals.size < expected) {
    if (Date.now() > deadline) throw new Error(`only ${arrivals.size} of ${expected} deliveries arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function baseline(body: string): Promise<{ perSecond: number }> {
  const receiver = await startReceiver();
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next += 1;
        await fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': randomUUID() }, body });
      }
    }),
  );
  await receiver.close();
  return { perSecond: Math.round((count / (Date.now() - started)) * 1000) };
}

async function kith(body: string) {
  const services = mode === 'distributed' ? await startServices(['postgres', 'kafka']) : {};
  const dataDir = await mkdtemp(join(tmpdir(), 'kith-bench-deliveries-'));
  const prefix = `benchd${randomBytes(4).toString('hex')}`;
  const args =
    mode === 'embedded' ? ['embedded', dataDir, prefix] : ['distributed', services.KAFKA_BROKERS!, services.DATABASE_URL!, prefix];
  // The delivery worker's defaults (KITH_WEBHOOK_CONCURRENCY, KITH_WEBHOOK_ACCOUNT_CONCURRENCY).
  const side = await openDeliverySide(args, { concurrency: 64, perAccount: 16 });
  const receiver = await startReceiver();
  try {
    const plan = (await side.stores.plans.findByName('Standard'))!;
    const account = await side.stores.accounts.create({ name: 'bench', planId: plan.id, identitySharing: false, billingAnchor: '2026-01-01' });
    const accepted = new Map<string, number>();
    const events = Array.from({ length: count }, (): DeliveryRequested => {
      const deliveryId = `msg_${randomBytes(12).toString('hex')}`;
      return { deliveryId, accountId: account.id, requestId: deliveryId, operation: 'person.enrich', url: receiver.url, body, createdAt: new Date().toISOString() };
    });
    const worker = await side.startWorker();
    progress(`${mode}: accepting ${count} deliveries`);
    const started = Date.now();
    for (let index = 0; index < events.length; index += 500) {
      const chunk = events.slice(index, index + 500);
      const at = Date.now();
      await side.bus.publish(side.topics.deliveries, chunk.map((event) => ({ key: event.accountId, value: JSON.stringify(event) })));
      for (const event of chunk) accepted.set(event.deliveryId, at);
    }
    await waitForArrivals(receiver.arrivals, count);
    const seconds = (Date.now() - started) / 1000;
    const waits = events.map((event) => receiver.arrivals.get(event.deliveryId)! - accepted.get(event.deliveryId)!).sort((a, b) => a - b);
    await worker.stop();
    return { perSecond: Math.round(count / seconds), p50Ms: percentile(waits, 50), p99Ms: percentile(waits, 99) };
  } finally {
    await receiver.close();
    await side.close();
    if (mode === 'distributed') await deleteRunTopics(services.KAFKA_BROKERS!, prefix, progress);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const body = JSON.stringify({ fullName: 'Ada Lovelace', ageRange: '30-39', location: 'London, England', details: { emails: [{ md5: 'x' }] } });
progress(`baseline: ${count} POSTs straight to the receiver, ${CONCURRENCY} at a time`);
const bare = await baseline(body);
progress(`baseline: ${bare.perSecond}/s`);
const measured = await kith(body);
progress(
  `${mode}: ${measured.perSecond} deliveries/s (${(measured.perSecond / bare.perSecond).toFixed(3)}× the baseline), accepted to first attempt p50 ${measured.p50Ms} ms, p99 ${measured.p99Ms} ms`,
);
const file = join(resultsDir, `deliveries-${mode}-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}Z.json`);
await writeFile(file, `${JSON.stringify({ scenario: 'deliveries', mode, count, concurrency: CONCURRENCY, machine: machine(), git: await gitState(), baseline: bare, kith: measured, ratio: measured.perSecond / bare.perSecond }, null, 2)}\n`);
progress(`wrote ${file}`);
process.exit(0);
