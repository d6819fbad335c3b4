/**
 * npm run bench:idle [-- --starts N --settle S]
 *
 * What an idle embedded Kith holds: the compiled Kith started as `npm start` starts it (its node flags and
 * environment, the demo data of a first start), left alone for S seconds (45 unless given), then its resident
 * set read from /proc. Each of N rounds (3 unless given) starts Kith on a new data directory, then once more on
 * the same one (a restart, what a deployment does every other time), and does both twice: with freed memory
 * handed back when idle (the default) and without (`KITH_IDLE_TRIM_SECONDS=0`), alternated, so that the
 * difference is measured in the same run.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUILD_DIR, startKithDeployment } from './kith-processes.ts';
import { gitState, machine } from './machine.ts';
import { positive } from './options.ts';
import { runCommand, stopAll } from './processes.ts';
import { resultsDir } from './report.ts';
import { mb } from './rss.ts';

const { values } = parseArgs({ options: { starts: { type: 'string' }, settle: { type: 'string' } } });
const rounds = positive('starts', values.starts, 3);
const settleS = positive('settle', values.settle, 45);
const progress = (line: string) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

const VARIANTS = { trimming: {}, 'not trimming': { KITH_IDLE_TRIM_SECONDS: '0' } } satisfies Record<string, Record<string, string>>;
type Variant = keyof typeof VARIANTS;
type Reading = { variant: Variant; start: 'first' | 'restart'; rssMb: number; mallocHeapMb: number };

const startName = (start: Reading['start']) => (start === 'first' ? 'first start' : 'restart');

/** The process's resident set, and of it glibc's main malloc heap (the `[heap]` mapping), from /proc/<pid>/smaps. */
function residentMemory(pid: number): { rssMb: number; mallocHeapMb: number } {
  let rssKb = 0;
  let heapKb = 0;
  let inHeap = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inHeap = line.endsWith('[heap]');
    else if (line.startsWith('Rss:')) {
      const kb = Number(line.split(/\s+/)[1]);
      rssKb += kb;
      if (inHeap) heapKb += kb;
    }
  }
  return { rssMb: mb(rssKb), mallocHeapMb: mb(heapKb) };
}

async function idleReading(variant: Variant, start: Reading['start'], dataDir: string, logDir: string): Promise<Reading> {
  const kith = await startKithDeployment({
    mode: 'embedded',
    ingress: 1,
    enrichmentWorkers: 1,
    services: {},
    dataDir,
    logDir,
    logLevel: 'info',
    nodeFlags: [],
    env: { KITH_DEMO: 'true', ...VARIANTS[variant] },
  });
  await new Promise((resolve) => setTimeout(resolve, settleS * 1000));
  const reading = { variant, start, ...residentMemory(kith.processes[0]!.pid) };
  await stopAll();
  progress(`${variant}, ${startName(start)}: ${reading.rssMb} MB resident, ${reading.mallocHeapMb} MB of it the malloc heap`);
  return reading;
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

progress(`compiling Kith into ${BUILD_DIR}/ (npm run build)`);
await runCommand(process.execPath, ['scripts/build.mjs', BUILD_DIR]);
const readings: Reading[] = [];
for (let round = 1; round <= rounds; round += 1) {
  for (const variant of Object.keys(VARIANTS) as Variant[]) {
    const runDir = await mkdtemp(join(tmpdir(), 'kith-bench-idle-'));
    try {
      for (const start of ['first', 'restart'] as const) readings.push(await idleReading(variant, start, join(runDir, 'data'), runDir));
    } finally {
      await rm(runDir, { recursive: true, force: true });
    }
  }
}
const summary = Object.keys(VARIANTS).flatMap((variant) =>
  (['first', 'restart'] as const).map((start) => {
    const rss = readings.filter((reading) => reading.variant === variant && reading.start === start).map((reading) => reading.rssMb);
    return { variant, start, medianRssMb: median(rss), rssMb: rss };
  }),
);
for (const row of summary) progress(`${row.variant}, ${startName(row.start)}: median ${row.medianRssMb} MB idle (${row.rssMb.join(', ')})`);
const file = join(resultsDir, `idle-memory-embedded-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}Z.json`);
await writeFile(file, `${JSON.stringify({ scenario: 'idle-memory', mode: 'embedded', settleS, machine: machine(), git: await gitState(), summary, readings }, null, 2)}\n`);
progress(`wrote ${file}`);
