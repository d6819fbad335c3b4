import type { Confidence } from '../../schemas/v3/person-enrich.ts';

/**
 * `confidence` as the least match probability a person must have to be answered, and what each level is
 * meant to hold (docs/matching.md): of the persons answered at that level, at least that share the right one.
 */
export const CONFIDENCE_PROBABILITIES: Readonly<Record<Confidence, number>> = { LOW: 0.4, MED: 0.7, HIGH: 0.85, MAX: 0.98 };

export type RankedCandidate = {
  personId: string;
  probability: number;
  /** Whether any of the query's evidence speaks for this candidate: an identifier it holds, or a likely name and address. */
  named: boolean;
};

/** Probabilities closer than this are a tie. */
const TIE = 1e-9;

/**
 * The persons that may answer at this confidence, from the candidates best first: none when the best one's
 * probability is below the level's. At LOW the persons tied for best all qualify (the caller takes the most
 * recently updated); above LOW a tie answers nobody. At MAX no other candidate may be named by any evidence
 * at all: an email naming one person and a phone another is a conflict, however unequal.
 */
export function qualifying(candidates: RankedCandidate[], confidence: Confidence): string[] {
  const [best, ...others] = candidates;
  if (!best || best.probability < CONFIDENCE_PROBABILITIES[confidence]) return [];
  const tied = candidates.filter((candidate) => best.probability - candidate.probability < TIE);
  if (confidence === 'LOW') return tied.map((candidate) => candidate.personId);
  if (tied.length > 1 || (confidence === 'MAX' && others.some((candidate) => candidate.named))) return [];
  return [best.personId];
}
