/**
 * The pure parts of `npm run bench:graph-changes` (bench/graph-changes.ts): the records that make one merge each,
 * and when each is sent.
 */
import { namesakesInTwoTowns, newEmail, recordOf, type RecordLine } from '../test/support/graph-records.ts';

/**
 * One merge to come: two namesakes in two towns (two persons), each with an email of its own, and a record of a third
 * source holding both emails, which bridges them into one person when it is imported.
 */
export type MergeToCome = { apart: [RecordLine, RecordLine]; secondEmail: string; bridge: RecordLine };

export function mergesToCome(count: number, runTag: string): MergeToCome[] {
  return Array.from({ length: count }, (_, index) => {
    const { inPortland, inSeattle } = namesakesInTwoTowns();
    const [first, second] = [newEmail('first'), newEmail('second')];
    const id = `${runTag}-${index}`;
    return {
      apart: [recordOf(inPortland, `a-${id}`, [first]), recordOf(inSeattle, `b-${id}`, [second])],
      secondEmail: second,
      bridge: recordOf(inPortland, `c-${id}`, [first, second]),
    };
  });
}

/** When each of `count` sends is due, in ms from the start, at `perSecond`. */
export const sendTimes = (count: number, perSecond: number): number[] => Array.from({ length: count }, (_, index) => (index * 1000) / perSecond);
