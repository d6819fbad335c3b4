import type { IdentifierCategory } from '../../schemas/events/payloads.ts';
import { identifierWeight, priorWeight, type MatchModel, type NameAddressScore } from './model.ts';

/**
 * One candidate's match weight from all the query's evidence, as one Fellegi–Sunter sum (./model.ts): the
 * prior, then for each kind of identifier the query gives, its agreement weight when the candidate's record
 * holds one of them and its disagreement weight when it holds none (./model.ts identifierWeight), then the name
 * with the address, compared field by field. An identifier several persons hold (a household's phone) is that
 * much weaker evidence for each: its term frequency, as for a common name.
 */
export type Contribution =
  | { evidence: IdentifierCategory; agrees: boolean; weight: number }
  | { evidence: 'name_address'; weight: number; score: NameAddressScore };

export type PersonScore = { weight: number; prior: number; contributions: Contribution[] };

export type PersonEvidence = {
  /** Each identifier of the query, whether the candidate's record holds it, and how many persons' records do. */
  identifiers: Array<{ category: IdentifierCategory; holds: boolean; holders: number }>;
  /** The name with the address compared with the candidate's, when the query gives them and it has them. */
  nameAddress?: NameAddressScore;
};

export function scorePerson(model: MatchModel, evidence: PersonEvidence): PersonScore {
  // For each kind, the strongest identifier the candidate holds; else the disagreement, once.
  const strongest = new Map<IdentifierCategory, Contribution & { evidence: IdentifierCategory }>();
  for (const { category, holds, holders } of evidence.identifiers) {
    const weight = identifierWeight(model, category, holds) - (holds ? Math.log2(Math.max(1, holders)) : 0);
    const current = strongest.get(category);
    if (!current || (holds && (!current.agrees || weight > current.weight))) strongest.set(category, { evidence: category, agrees: holds, weight });
  }
  const contributions: Contribution[] = [...strongest.values()];
  if (evidence.nameAddress) contributions.push({ evidence: 'name_address', weight: evidence.nameAddress.weight, score: evidence.nameAddress });
  const prior = priorWeight(model);
  return { weight: prior + contributions.reduce((sum, item) => sum + item.weight, 0), prior, contributions };
}
