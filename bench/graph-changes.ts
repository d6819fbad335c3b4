/**
 * npm run bench:graph-changes [-- --mode embedded|distributed --merges N]
 *
 * How soon a merge of the identity graph reaches a subscriber's webhook (issue #46: ≤ 1 s p99 at half the
 * resolver's saturation). N pairs of namesakes in two towns are imported (two persons each) and subscribed to; then
 * bridging records of a third source, imported through the admin API, merge them:
 *
 * 1. saturation: N bridges in one import, merges reaching their webhook per second;
 * 2. half of it: N more bridges at half that rate, those due imported every TICK_MS, each merge's time from its
 *    bridge being due to its `person.merged` webhook arriving (p50, p99, max).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createBenchAccount } from './account.ts';
import { mergesToCome, sendTimes, type MergeToCome } from './graph-change-pacing.ts';
import { percentile } from './percentile.ts';
import { deleteRunTopics } from './kafka-topics.ts';
import { BENCH_MODES, startKithDeployment, type BenchMode, type KithDeployment } from './kith-processes.ts';
import { gitState, machine } from './machine.ts';
import { positive } from './options.ts';
import { runCommand, stopAll } from './processes.ts';
import { resultsDir } from './report.ts';
import { startServices } from './services.ts';

const { values } = parseArgs({ options: { mode: { type: 'string', default: 'embedded' }, merges: { type: 'string' } } });
const mode = values.mode as BenchMode;
if (!BENCH_MODES.includes(mode)) throw new Error(`--mode must be one of ${BENCH_MODES.join(', ')}`);
const merges = positive('merges', values.merges, 300);
/** How often the records due are imported while pacing. */
const TICK_MS = 100;
const BUILD_DIR = 'bench/results/tmp/graph-changes-build';
/** How long the last webhook may keep the run waiting before it is called lost. */
const LOST_AFTER_MS = 120_000;
const progress = (line: string) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

/** A receiver on 127.0.0.1 that notes when each subscription's first `person.merged` arrived. */
async function startReceiver() {
  const merged = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type?: string; subscriptionId?: string };
      if (body.type === 'person.merged' && body.subscriptionId && !merged.has(body.subscriptionId)) merged.set(body.subscriptionId, arrived);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/merged`, merged, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function importRecords(kith: KithDeployment, source: string, records: unknown[]) {
  const response = await fetch(`${kith.urls[0]}/admin/persons?source=${source}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${kith.adminToken}`, 'Content-Type': 'application/x-ndjson' },
    body: records.map((record) => JSON.stringify(record)).join('\n'),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`the import of source ${source} answered ${response.status}: ${text}`);
}

/** Subscribes to the second namesake of each merge, once the resolver has made it a person; the subscription ids. */
async function subscribe(kith: KithDeployment, apiKey: string, webhookUrl: string, toCome: MergeToCome[]): Promise<string[]> {
  const ids: string[] = [];
  for (const merge of toCome) {
    for (;;) {
      const response = await fetch(`${kith.urls[0]}/v3/person.subscribe`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: merge.secondEmail, webhookUrl }),
      });
      const body = (await response.json()) as { subscriptionId?: string };
      if (response.status === 200) {
        ids.push(body.subscriptionId!);
        break;
      }
      if (response.status !== 404) throw new Error(`person.subscribe answered ${response.status}: ${JSON.stringify(body)}`);
      await sleep(50); // not resolved yet
    }
  }
  return ids;
}

async function waitForMerges(merged: Map<string, number>, ids: string[]) {
  const deadline = performance.now() + LOST_AFTER_MS;
  while (ids.some((id) => !merged.has(id))) {
    if (performance.now() > deadline) throw new Error(`only ${ids.filter((id) => merged.has(id)).length} of ${ids.length} merges reached their webhook`);
    await sleep(20);
  }
}

/** All the bridges in one import, as a source's file arrives: the merges per second that reach their webhook. */
async function saturate(kith: KithDeployment, toCome: MergeToCome[], ids: string[], merged: Map<string, number>) {
  const started = performance.now();
  await importRecords(kith, 'c', toCome.map((merge) => merge.bridge));
  await waitForMerges(merged, ids);
  const seconds = (Math.max(...ids.map((id) => merged.get(id)!)) - started) / 1000;
  return { merges: ids.length, seconds, perSecond: ids.length / seconds };
}

/**
 * The bridges at `perSecond`, as records trickle in: every TICK_MS the ones due by then go in one import. Each merge's
 * latency runs from when its bridge was due to when its webhook arrived, so that a sender falling behind counts too.
 */
async function paced(kith: KithDeployment, toCome: MergeToCome[], ids: string[], merged: Map<string, number>, perSecond: number) {
  const started = performance.now();
  const due = sendTimes(toCome.length, perSecond);
  for (let sent = 0; sent < toCome.length; ) {
    await sleep(Math.max(0, started + due[sent]! - performance.now()));
    const elapsed = performance.now() - started;
    const upTo = due.findIndex((at) => at > elapsed);
    const batch = toCome.slice(sent, upTo === -1 ? toCome.length : upTo);
    await importRecords(kith, 'c', batch.map((merge) => merge.bridge));
    sent += batch.length;
    await sleep(TICK_MS);
  }
  await waitForMerges(merged, ids);
  const latencies = ids.map((id, index) => merged.get(id)! - (started + due[index]!)).sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value);
  return { merges: ids.length, offeredPerSecond: perSecond, p50Ms: ms(percentile(latencies, 50)), p99Ms: ms(percentile(latencies, 99)), maxMs: ms(latencies.at(-1)!) };
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'kith-bench-graph-changes-'));
  const logDir = join(resultsDir, 'tmp', `graph-changes-${mode}-logs`);
  await mkdir(logDir, { recursive: true });
  const services = mode === 'distributed' ? await startServices(['postgres', 'kafka']) : {};
  let topics: { brokers: string; prefix: string } | undefined;
  const receiver = await startReceiver();
  try {
    progress(`compiling Kith into ${BUILD_DIR}/`);
    progress((await runCommand(process.execPath, ['scripts/build.mjs', BUILD_DIR])).trim());
    const kith = await startKithDeployment({
      mode,
      ingress: 1,
      enrichmentWorkers: 1,
      services,
      dataDir,
      logDir,
      logLevel: 'info',
      nodeFlags: [],
      // Not trained after every import: records trickling in one small import after another would each retrain the
      // model on all persons (docs/matching.md, "Training"), and the run would time that, not the resolution.
      env: { KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32', KITH_MATCH_TRAINING: 'manual' },
      buildDir: BUILD_DIR,
    });
    if (mode === 'distributed') topics = { brokers: kith.env.KAFKA_BROKERS!, prefix: kith.env.KITH_TOPIC_PREFIX! };
    const account = await createBenchAccount(kith.urls[0]!, kith.adminToken);
    const runTag = randomBytes(4).toString('hex');
    const [forSaturation, forLatency] = [mergesToCome(merges, `${runTag}-s`), mergesToCome(merges, `${runTag}-p`)];
    const all = [...forSaturation, ...forLatency];
    progress(`${mode}: importing ${2 * all.length} namesakes and subscribing to ${all.length} of them`);
    await importRecords(kith, 'a', all.map((merge) => merge.apart[0]));
    await importRecords(kith, 'b', all.map((merge) => merge.apart[1]));
    const ids = await subscribe(kith, account.apiKey, receiver.url, all);

    progress(`${mode}: saturating with ${merges} bridges in one import`);
    const saturation = await saturate(kith, forSaturation, ids.slice(0, merges), receiver.merged);
    progress(`${mode}: ${saturation.perSecond.toFixed(1)} merges/s reached their webhook`);
    progress(`${mode}: ${merges} bridges at half of it, ${(saturation.perSecond / 2).toFixed(1)}/s, imported every ${TICK_MS} ms`);
    const half = await paced(kith, forLatency, ids.slice(merges), receiver.merged, saturation.perSecond / 2);
    progress(`${mode}: bridge imported to person.merged webhook: p50 ${half.p50Ms} ms, p99 ${half.p99Ms} ms, max ${half.maxMs} ms`);

    const file = join(resultsDir, `graph-changes-${mode}-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}Z.json`);
    await writeFile(file, `${JSON.stringify({ scenario: 'graph-changes', mode, merges, tickMs: TICK_MS, machine: machine(), git: await gitState(), saturation, half }, null, 2)}\n`);
    progress(`wrote ${file}`);
  } finally {
    await receiver.close();
    await stopAll();
    if (topics) await deleteRunTopics(topics.brokers, topics.prefix, progress);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
