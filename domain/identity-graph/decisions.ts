import type { Decision, RecordFields } from './record-fields.ts';

/**
 * What was decided between a record of one set and a record of the other: `never` when any pair was decided never
 * one (a never wins over an always elsewhere: two persons an operator keeps apart stay apart), else `always` when
 * any pair was decided always one, else nothing.
 */
export function decisionBetween(a: readonly RecordFields[], b: readonly RecordFields[]): Decision | undefined {
  let found: Decision | undefined;
  for (const one of a) {
    if (!one.decisions) continue;
    for (const other of b) {
      const decided = one.decisions.get(other.id);
      if (decided === 'never') return 'never';
      if (decided === 'always') found = 'always';
    }
  }
  return found;
}

/** Whether some two of the records were decided never one person: the set holds two individuals. */
export function holdsNeverPair(records: readonly RecordFields[]): boolean {
  return records.some((record, at) => decisionBetween([record], records.slice(at + 1)) === 'never');
}
