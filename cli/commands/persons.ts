import { once } from 'node:events';
import type { Command } from 'commander';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import { exportPersons } from '../../adapters/persons/export.ts';
import { latestModel } from '../../adapters/persons/match-models.ts';
import { resolveAllQueued } from '../../adapters/persons/resolve-records.ts';
import type { ResolutionCounts } from '../../domain/identity-graph/resolve-batch.ts';
import { queueAllForResolution } from '../../adapters/persons/resolve-queue.ts';
import { print, type Output } from '../output.ts';
import { generateTo, openDataDatabase } from './data-files.ts';

/** Persons exported between two progress lines. */
const PROGRESS_EVERY = 10_000;

/**
 * Resolves the records queued for it into persons (docs/identity-graph.md), with the running counts on stderr when
 * it is a terminal (as the import's progress bar): what `kith import persons` ends with, so that the import is
 * resolved when it returns.
 */
export async function resolveWithProgress(db: SqlClient): Promise<ResolutionCounts> {
  const started = performance.now();
  const show = (text: string) => process.stderr.isTTY && process.stderr.write(text);
  const line = (counts: ResolutionCounts) =>
    `resolution: ${counts.resolved.toLocaleString('en-US')} records resolved, ${counts.merged} persons merged, ${counts.split} split off, ${counts.moved} moved`;
  const counts = await resolveAllQueued(db, await latestModel(db), (running) => show(`\r${line(running)}`));
  show(`\r${line(counts)} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  return counts;
}

/**
 * `kith resolve persons` and `kith export persons`: the identity graph, on the database directly, as `kith import`
 * works.
 */
export function registerPersonCommands(program: Command, output: () => Output): void {
  program
    .command('resolve')
    .description('Resolve records into persons (docs/identity-graph.md)')
    .command('persons')
    .description('Resolve the records queued for resolution (DATABASE_URL, else the embedded one in KITH_DATA_DIR)')
    .option('--all', 'queue every record again first: after a training, the newest model weighs every record again', false)
    .action(async (options: { all: boolean }) => {
      const { db } = await openDataDatabase();
      try {
        if (options.all) await queueAllForResolution(db);
        const counts = await resolveWithProgress(db);
        print(output(), counts, () => `Resolved ${counts.resolved} records: ${counts.merged} persons merged, ${counts.split} split off, ${counts.moved} moved.`);
      } finally {
        await db.close();
      }
    });

  program
    .command('export')
    .description('Write data out of the database (DATABASE_URL, else the embedded one in KITH_DATA_DIR)')
    .command('persons')
    .description('Every person as NDJSON: its id, its records (source and id) and the ids merged into it (docs/identity-graph.md)')
    .option('--out <file>', 'write to this file instead of stdout')
    .action(async (options: { out?: string }) => {
      const { db } = await openDataDatabase();
      try {
        let persons = 0;
        await generateTo(options.out, async (out) => {
          for await (const person of exportPersons(db)) {
            if (!out.write(`${JSON.stringify(person)}\n`)) await once(out, 'drain');
            persons += 1;
            if (persons % PROGRESS_EVERY === 0 && process.stderr.isTTY) process.stderr.write(`\rexported ${persons.toLocaleString('en-US')} persons`);
          }
        });
        if (options.out) print(output(), { persons }, () => `Exported ${persons} ${persons === 1 ? 'person' : 'persons'} to ${options.out}.`);
      } finally {
        await db.close();
      }
    });
}
