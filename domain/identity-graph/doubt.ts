import type { MatchModel } from '../matching/model.ts';
import { compareWithPerson } from './compare.ts';
import type { RecordFields } from './record-fields.ts';
import { groupsOf } from './resolve.ts';

/**
 * How a person holds by a thread (docs/identity-graph.md, "Review"): the weakest of its holds, in bits, and the
 * record at it. `weak-link`: the record that holds least to all the others; `bridge`: a record without which the
 * others fall into parts, weighed as the parts would hold without it (below the link weight: it is their thread). The lower the weight, the more doubtful the person.
 */
export type Doubt = { kind: 'weak-link' | 'bridge'; weight: number; recordId: string };

/** Persons of more records than this are not searched for bridges: each record out means a validity check. */
export const MOST_RECORDS_SEARCHED_FOR_BRIDGES = 12;

/** The doubt of a person's records (undefined for fewer than two: nothing holds them together). */
export function doubtOf(model: MatchModel, records: readonly RecordFields[]): Doubt | undefined {
  if (records.length < 2) return undefined;
  const others = (record: RecordFields) => records.filter((other) => other !== record);
  const doubts: Doubt[] = records.map((record) => ({ kind: 'weak-link', weight: compareWithPerson(model, record, others(record)).weight, recordId: record.id }));
  if (records.length > 2 && records.length <= MOST_RECORDS_SEARCHED_FOR_BRIDGES) {
    for (const record of records) {
      const [first, ...rest] = groupsOf(model, others(record));
      if (rest.length === 0) continue;
      // How the parts would hold without it: each later part's best record against the first part, the weakest.
      const ties = rest.map((part) => Math.max(...part.map((other) => compareWithPerson(model, other, first!).weight)));
      doubts.push({ kind: 'bridge', weight: Math.min(...ties), recordId: record.id });
    }
  }
  return doubts.reduce((least, doubt) => (doubt.weight < least.weight ? doubt : least));
}
