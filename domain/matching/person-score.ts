import type { IdentifierCategory } from './identifiers.ts';
import { identifierWeight, priorWeight, type MatchModel, type NameAddressScore } from './model.ts';

/**
 * One candidate's match weight from all the query's evidence, as one Fellegi–Sunter sum (./model.ts): the
 * prior, then for each kind of identifier the query gives, its agreement weight when the candidate's record
 * holds one of them and its disagreement weight when it holds none (./model.ts identifierWeight), then the name
 * with the address, compared field by field.
 */
export type Contribution =
  | { evidence: IdentifierCategory; agrees: boolean; weight: number }
  | { evidence: 'name_address'; weight: number; score: NameAddressScore };

export type PersonScore = { weight: number; prior: number; contributions: Contribution[] };

export type PersonEvidence = {
  /** Each identifier of the query, and whether the candidate's record holds it. */
  identifiers: Array<{ category: IdentifierCategory; holds: boolean }>;
  /** The name with the address compared with the candidate's, when the query gives them and it has them. */
  nameAddress?: NameAddressScore;
};

export function scorePerson(model: MatchModel, evidence: PersonEvidence): PersonScore {
  const held = new Map<IdentifierCategory, boolean>();
  for (const { category, holds } of evidence.identifiers) held.set(category, (held.get(category) ?? false) || holds);
  const contributions: Contribution[] = [...held].map(([category, agrees]) => ({
    evidence: category,
    agrees,
    weight: identifierWeight(model, category, agrees),
  }));
  if (evidence.nameAddress) contributions.push({ evidence: 'name_address', weight: evidence.nameAddress.weight, score: evidence.nameAddress });
  const prior = priorWeight(model);
  return { weight: prior + contributions.reduce((sum, item) => sum + item.weight, 0), prior, contributions };
}
