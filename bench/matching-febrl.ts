import { join } from 'node:path';
import type { MatchQueryLine } from '../synthetic/persons/match-queries/generate-queries.ts';
import { isUsableQuery } from '../synthetic/persons/match-queries/query-draft.ts';
import { parseFebrl, type FebrlRow } from './febrl-csv.ts';
import { FEBRL_WHEEL, fetchFebrl4 } from './febrl-fetch.ts';
import { countMisses, type MissCategory } from './febrl-misses.ts';
import { febrlRecordId, febrlSet } from './febrl-set.ts';
import { writeLines } from './matching-persons.ts';
import type { Answer } from './matching-score.ts';

/**
 * The outside sets of bench:matching, from FEBRL 4 (bench/README.md, "Matching quality"): `febrl4` imports all
 * 5,000 originals of dataset4a and asks each duplicate of dataset4b once; `febrl4-absent` imports only the odd N
 * and asks all of them, so that half are for persons not imported, to be answered by nobody.
 */
export const FEBRL_SETS = {
  febrl4: (n: number) => n >= 0,
  'febrl4-absent': (n: number) => n % 2 === 1,
} as const;
export type FebrlSetName = keyof typeof FEBRL_SETS;
export const isFebrlSet = (name: string): name is FebrlSetName => Object.hasOwn(FEBRL_SETS, name);

export const FEBRL_SOURCE = `FEBRL 4 (dataset4a/4b.csv) of PyPI ${FEBRL_WHEEL.file}, sha256 ${FEBRL_WHEEL.sha256}`;

export type FebrlPrepared = {
  /** The persons file to load. */
  file: string;
  persons: number;
  queries: MatchQueryLine[];
  /** The queries person.enrich would refuse (a duplicate with no name at all): not asked, so a miss at every level. */
  refused: string[];
  /** Each person's original, by its record id: what a miss is classified against. */
  originals: Map<string, FebrlRow>;
  duplicates: Map<string, FebrlRow>;
};

/**
 * Fetches FEBRL 4 (once), writes the set's persons into the run's directory and makes its queries: of the persons
 * numbered below `below` only (all 5,000 when it is left out), for a quick look.
 */
export async function prepareFebrlSet(options: { name: FebrlSetName; files: string; below?: number; progress(line: string): void }): Promise<FebrlPrepared> {
  const { name, below = Infinity } = options;
  const text = await fetchFebrl4(options.progress);
  const originals = parseFebrl(text.originals).filter((row) => row.n < below);
  const duplicates = parseFebrl(text.duplicates).filter((row) => row.n < below);
  const { persons, queries } = febrlSet(originals, duplicates, FEBRL_SETS[name]);
  const file = join(options.files, `${name}-persons.ndjson`);
  await writeLines(file, persons);
  return {
    file,
    persons: persons.length,
    queries,
    refused: queries.filter((query) => !isUsableQuery(query.query)).map((query) => query.id),
    originals: new Map(originals.map((row) => [febrlRecordId(row.n), row])),
    duplicates: new Map(duplicates.map((row) => [row.rec_id, row])),
  };
}

/** The queries for imported persons that HIGH did not answer rightly, by #47's categories. */
export function febrlHighMisses(set: FebrlPrepared, answers: readonly Answer[]): Record<MissCategory, number> {
  const high = new Map(answers.filter((answer) => answer.confidence === 'HIGH').map((answer) => [answer.queryId, answer.personId]));
  const missed = set.queries.filter((query) => query.truth !== null && high.get(query.id) !== query.truth);
  return countMisses(missed.map((query) => ({ original: set.originals.get(query.truth!)!, duplicate: set.duplicates.get(query.id)! })));
}
