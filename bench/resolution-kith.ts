import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { personRecord, recordKey, type LabelledRecord } from './resolution-data.ts';
import { repoRoot } from './processes.ts';

/**
 * Kith's side of `npm run bench:resolution`: each source's records imported in turn with the CLI into a fresh
 * embedded database, then every person exported with the records resolved into it.
 */

/** One line of `kith export persons`: a person and the records of each source resolved into it. */
const ExportedPerson = z.looseObject({
  personId: z.string().min(1),
  records: z.array(z.looseObject({ source: z.string().min(1), id: z.string().min(1) })),
  mergedIds: z.array(z.string()).optional(),
});

export type KithStep = { step: string; seconds: number };
export type KithRun = { steps: KithStep[]; seconds: number; clusters: string[][] };

/** The clusters of record keys an export names, one a person. */
export function clustersOfExport(text: string): string[][] {
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new Error(`export line ${number}: not JSON`);
      }
      const parsed = ExportedPerson.safeParse(value);
      if (!parsed.success) throw new Error(`export line ${number}: ${z.prettifyError(parsed.error)}`);
      return parsed.data.records.map(recordKey);
    });
}

/**
 * Runs the CLI as `npm run kith` does, on the embedded database in `dataDir` whatever the environment says
 * (an empty DATABASE_URL or KAFKA_BROKERS counts as unset), and returns how long it took. On a non-zero exit it
 * rejects with what the CLI wrote, stdout and stderr together: an import names its rejected lines on stdout.
 */
function kith(args: string[], dataDir: string): Promise<number> {
  const started = performance.now();
  const env = { ...process.env, KITH_DATA_DIR: dataDir, KITH_DEMO: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '', KAFKA_BROKERS: '', CLICKHOUSE_URL: '' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'cli/main.ts', ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let written = '';
  child.stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (written += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`kith ${args.join(' ')} exited ${code}:\n${written.trim()}`)),
    );
  });
}

/** Imports the records source by source into a new database under `dir`, exports the persons and reads them. */
export async function resolveWithKith(records: readonly LabelledRecord[], dir: string, progress: (line: string) => void): Promise<KithRun> {
  const dataDir = join(dir, 'kith-data');
  await mkdir(join(dir, 'sources'), { recursive: true });
  const steps: KithStep[] = [];
  for (const source of [...new Set(records.map((record) => record.source))].sort()) {
    const ofSource = records.filter((record) => record.source === source);
    const file = join(dir, 'sources', `${source}.ndjson`);
    await writeFile(file, ofSource.map((record) => `${JSON.stringify(personRecord(record))}\n`).join(''));
    // The data sets are British: a phone written without +44 is a British number.
    const seconds = await kith(['import', 'persons', '--source', source, '--default-country', 'GB', file], dataDir);
    steps.push({ step: `import source ${source}`, seconds });
    progress(`Kith: imported ${ofSource.length} records of source ${source} in ${seconds.toFixed(1)} s`);
  }
  const exportFile = join(dir, 'kith-export.ndjson');
  const seconds = await kith(['export', 'persons', '--out', exportFile], dataDir);
  steps.push({ step: 'export', seconds });
  const clusters = clustersOfExport(await readFile(exportFile, 'utf8'));
  progress(`Kith: exported ${clusters.length} persons in ${seconds.toFixed(1)} s`);
  return { steps, seconds: steps.reduce((total, step) => total + step.seconds, 0), clusters };
}
