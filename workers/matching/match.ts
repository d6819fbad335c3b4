import type { IdentifierKey } from '../../adapters/persons/normalise.ts';
import type { Confidence } from '../../schemas/v3/person-enrich.ts';
import type { Evidence, EvidenceCategory } from './evidence.ts';

/**
 * The deterministic score of person.enrich (docs/decisions.md, "How person.enrich matches"). Each kind of
 * evidence has a weight, in points out of 100: how sure a match on it alone makes us. An identifier that names
 * several persons (a household phone) shares its weight among them. A person's score combines the strongest
 * evidence of each kind that names them as independent evidence: 100 × (1 − Π(1 − weight/100)). A reference
 * to the account's own record of a person (recordId, personId, partnerId) is the strongest evidence.
 */
export const EVIDENCE_WEIGHTS: Readonly<Record<EvidenceCategory, number>> = {
  email: 90,
  profile: 85,
  li_nonid: 85,
  maid: 80,
  phone: 70,
  // A name with an address is worth this times each candidate's match probability (./find-person.ts): a sure
  // one, below an email, answers at HIGH but, as a phone, not at MAX.
  name_address: 85,
  name_placekey: 70,
  record: 95,
};

/** The least score each confidence accepts. */
export const CONFIDENCE_THRESHOLDS: Readonly<Record<Confidence, number>> = { LOW: 30, MED: 50, HIGH: 70, MAX: 90 };

export type Candidate = { personId: string; score: number };

/** Every person any evidence names, best first (ties in id order). `personsOf` gives the persons a key names. */
export function scoreCandidates(evidence: Evidence[], personsOf: (key: IdentifierKey) => readonly string[]): Candidate[] {
  const strongest = new Map<string, Map<EvidenceCategory, number>>();
  for (const item of evidence) {
    const named = new Set(item.personIds ?? item.keys.flatMap((key) => personsOf(key)));
    const weight = (item.weight ?? EVIDENCE_WEIGHTS[item.category]) / named.size;
    for (const personId of named) {
      const byCategory = strongest.get(personId) ?? new Map<EvidenceCategory, number>();
      byCategory.set(item.category, Math.max(byCategory.get(item.category) ?? 0, weight));
      strongest.set(personId, byCategory);
    }
  }
  return [...strongest]
    .map(([personId, byCategory]) => {
      const doubt = [...byCategory.values()].reduce((product, weight) => product * (1 - weight / 100), 1);
      return { personId, score: Math.round(100 * (1 - doubt)) };
    })
    .sort((a, b) => b.score - a.score || compareIds(a.personId, b.personId));
}

const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The persons that may answer at this confidence: none when the best score is below its threshold. At MAX the
 * best must be the only person the query names at all; at MED and HIGH it must score strictly above everyone
 * else; at LOW the persons tied for best all qualify (the caller takes the most recently updated).
 */
export function qualifying(candidates: Candidate[], confidence: Confidence): Candidate[] {
  const best = candidates[0];
  if (!best || best.score < CONFIDENCE_THRESHOLDS[confidence]) return [];
  const tied = candidates.filter((candidate) => candidate.score === best.score);
  if (confidence === 'MAX') return candidates.length === 1 ? [best] : [];
  if (confidence === 'LOW') return tied;
  return tied.length === 1 ? [best] : [];
}

/** Of persons tied for best, the most recently updated (never-dated last), then the first imported. */
export function mostRecent<T extends { id: string; updated: string | null }>(persons: T[]): T | undefined {
  return [...persons].sort((a, b) => (b.updated ?? '').localeCompare(a.updated ?? '') || compareIds(a.id, b.id))[0];
}
