import { parseArgs } from 'node:util';
import { runChaos } from '../test/support/chaos.ts';
import { startServices } from './services.ts';

/**
 * `npm run bench -- --scenario chaos [--requests N] [--duration S]`: the chaos test of test/chaos/ at bench
 * size (10,000 person.enrich webhook requests by default over 200 s), printing its counts. Not a throughput
 * measurement: the figures are the counts (accepted, 503s, refused, deliveries, duplicates, usage).
 */
export async function runChaosBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { scenario: { type: 'string' }, requests: { type: 'string' }, duration: { type: 'string' }, concurrency: { type: 'string' } },
  });
  const requests = Number(values.requests ?? 10_000);
  const durationMs = Number(values.duration ?? 200) * 1000;
  const say = (line: string) => process.stdout.write(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
  // The private broker is the run's own; PostgreSQL and ClickHouse are the shared ones (started if need be).
  Object.assign(process.env, await startServices(['postgres', 'clickhouse']));
  const result = await runChaos({ requests, durationMs, concurrency: Number(values.concurrency ?? 32), outageMs: 10_000, syncDeadlineMs: 2500, progress: say });
  try {
    const matches = await result.matches();
    say(`counts ${JSON.stringify({ ...result.counts, usageMatches: matches }, null, 1)}`);
    const exact = matches === result.counts.deliveredRequests && result.counts.acceptedNotDelivered === 0 && result.counts.requestsWithSeveralWebhookIds === 0;
    say(exact ? 'every accepted request delivered, one webhook-id each, usage exact' : 'FAILED: see the counts');
    process.exitCode = exact ? 0 : 1;
  } finally {
    await result.close();
  }
}
