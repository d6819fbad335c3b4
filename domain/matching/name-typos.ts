import type { NameFields } from '../../schemas/events/payloads.ts';
import type { Comparison, Level } from './comparisons.ts';
import { edits } from './similarity.ts';

/** Levels a short name one letter off gets (./comparisons.ts): `Tom` and `Tim` are only similar, or different. */
const OFF_BY_A_LETTER: ReadonlySet<Level> = new Set(['similar', 'different']);
/** Shorter names one edit apart are an initial's or too many other names' neighbours to read as a typo. */
const SHORTEST = 3;

/** The common values of each name part: a trained model's term frequencies (./model.ts). */
export type KnownNames = Partial<Record<'given' | 'family', Readonly<Record<string, number>>>>;

/**
 * The name's comparisons read again with the population's names: a name part one edit from the candidate's that
 * is none of the common names of its kind (`known`) is a typo of it (`close`), as a keyboard's `Jphn` for `John`,
 * while `Tim` beside `Tom` stays as it was, since it is a name many hold, a household member's as likely as a
 * slip. Without the frequencies (an untrained model) the comparisons are as they were: there is then no telling a
 * name from a slip.
 */
export function nameTypos(comparisons: readonly Comparison[], query: NameFields, candidate: NameFields, known: KnownNames): Comparison[] {
  const slip = (part: 'given' | 'family') => {
    const names = known[part];
    const [asked, held] = [query[part].join(''), candidate[part].join('')];
    return names !== undefined && Math.min(asked.length, held.length) >= SHORTEST && !Object.hasOwn(names, asked) && edits(asked, held) <= 1;
  };
  return comparisons.map((comparison) =>
    (comparison.field === 'given' || comparison.field === 'family') && OFF_BY_A_LETTER.has(comparison.level) && slip(comparison.field)
      ? { field: comparison.field, level: 'close' }
      : comparison,
  );
}
