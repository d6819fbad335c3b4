import type { Command } from 'commander';
import type { MatchTraining } from '../../adapters/db/port.ts';
import type { SqlClient } from '../../adapters/db/sql-client.ts';
import type { TrainingResult } from '../../adapters/db/port.ts';
import { trainMatchModel } from '../../adapters/persons/match-models.ts';
import { readsBirthdaysApart, readsHouseholds, readsTwins } from '../../domain/identity-graph/home-pairs.ts';
import { positiveInteger } from '../options.ts';
import { print, type Output } from '../output.ts';
import { openDataDatabase } from './data-files.ts';

/** What the training counted at one home (domain/identity-graph/home-pairs.ts) and how the model reads it, a line each. */
const homePairsLine = ({ homePairs }: TrainingResult) =>
  homePairs
    ? `\nmatch model: of ${homePairs.pairs} pairs at one home, ${homePairs.apart} under one family name with given names wholly other born apart ` +
      `(${readsHouseholds({ homePairs }) ? 'read as households' : 'next to no households: nothing capped'}), ${homePairs.sameDay} on one day ` +
      `(${readsTwins({ homePairs }) ? 'read as twins' : 'read as one person'})` +
      `\nmatch model: under one name born apart, ${homePairs.oneNameApart} pairs (${readsBirthdaysApart({ homePairs }) ? 'read as two people' : 'read as birth dates written wrong'})`
    : '';

/**
 * Trains the match model on the persons in the database (docs/matching.md, "Training"), with its progress and
 * outcome on stderr; the new version is in use within seconds (workers look for one every 10 s).
 */
async function trainWithProgress(db: SqlClient, seed: number): Promise<TrainingResult & { seconds: number }> {
  const started = performance.now();
  const result = await trainMatchModel(db, {
    seed,
    progress: (persons) => process.stderr.write(`\rmatch model: read ${persons.toLocaleString('en-US')} persons`),
  });
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  process.stderr.write(
    result.version
      ? `\nmatch model: ${result.version} trained on ${result.persons.toLocaleString('en-US')} persons (${seconds} s)${homePairsLine(result)}\n`
      : `\nmatch model: ${result.persons} persons are too few to learn from; the model in use stays\n`,
  );
  return { ...result, seconds };
}

/** After `kith import persons`: trains unless KITH_MATCH_TRAINING is manual; what it did, when it trained. */
export async function trainAfterImport(db: SqlClient, settings: { matchTraining: MatchTraining }) {
  return settings.matchTraining === 'after-import' ? trainWithProgress(db, 1) : undefined;
}

/** `kith matching train`: on the database directly, as `kith import` works. */
export function registerMatchingCommands(program: Command, output: () => Output): void {
  program
    .command('matching')
    .description('The person matcher (docs/matching.md)')
    .command('train')
    .description('Train the match model on the persons in the database (DATABASE_URL, else the embedded one) and put it in use')
    .option('--seed <n>', 'seed of the random pairs it learns from: the same persons and seed give the same model', positiveInteger, 1)
    .action(async (options: { seed: number }) => {
      const { db } = await openDataDatabase();
      try {
        const result = await trainWithProgress(db, options.seed);
        print(output(), result, () => (result.version ? `In use: ${result.version}` : 'Nothing trained.'));
      } finally {
        await db.close();
      }
    });
}
