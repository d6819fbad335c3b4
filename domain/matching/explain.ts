import type { MatchExplanation } from '../../schemas/v3/person-match.ts';
import type { PersonScore } from './person-score.ts';

const rounded = (value: number, digits: number) => Number(value.toFixed(digits));
const bits = (value: number) => rounded(value, 2);

/** A match as the answer explains it (schemas/v3/person-match.ts): weights in bits to two decimals. */
export function explainMatch(match: { probability: number; score: PersonScore }, model: string): MatchExplanation {
  return {
    probability: rounded(match.probability, 6),
    weight: bits(match.score.weight),
    prior: bits(match.score.prior),
    evidence: match.score.contributions.map((item) =>
      item.evidence === 'name_address'
        ? {
            evidence: item.evidence,
            weight: bits(item.weight),
            fields: item.score.fields.map(({ field, level, weight }) => ({ field, level, weight: bits(weight) })),
            swap: bits(item.score.swap),
            capped: bits(item.score.capped),
          }
        : { evidence: item.evidence, agrees: item.agrees, weight: bits(item.weight) },
    ),
    model,
  };
}
