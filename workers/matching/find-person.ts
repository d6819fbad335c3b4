import type { IdentityStore, PersonStore, StoredPerson } from '../../adapters/db/port.ts';
import type { PersonIdCodec } from '../../adapters/identity/person-ids.ts';
import { keyId } from '../../adapters/persons/store.ts';
import type { Confidence } from '../../schemas/v3/person-enrich.ts';
import { lookupKeys, type Evidence, type References } from './evidence.ts';
import { mostRecent, qualifying, scoreCandidates } from './match.ts';

/** Persons one identifier may name that the matcher looks at; beyond it an identifier is no evidence anyway. */
const PERSONS_PER_KEY = 25;

export type Matching = { persons: PersonStore; identity: IdentityStore; personIds: PersonIdCodec };

/** The account's references as evidence: each names the person its record (or person id) is linked to. */
async function referenceEvidence(matching: Matching, accountId: string, references: References): Promise<Evidence[]> {
  const linked = await Promise.all([
    references.recordId ? matching.identity.get(accountId, references.recordId).then((record) => record?.personId) : undefined,
    references.partnerId ? matching.identity.byPartnerId(accountId, references.partnerId).then((record) => record?.personId) : undefined,
    references.personId ? matching.personIds.decode(accountId, references.personId) : undefined,
  ]);
  return linked.filter((id): id is string => !!id).map((id) => ({ category: 'record', keys: [], personIds: [id] }));
}

/**
 * The person the evidence names at this confidence (./match.ts), or undefined: the identifiers are looked up
 * as exact keys, the account's references through its records, and the persons they name scored.
 */
export async function findPerson(
  matching: Matching,
  query: { accountId: string; evidence: Evidence[]; references: References; confidence: Confidence },
): Promise<StoredPerson | undefined> {
  const evidence = [...query.evidence, ...(await referenceEvidence(matching, query.accountId, query.references))];
  const named = await matching.persons.personsByKeys(lookupKeys(evidence), PERSONS_PER_KEY);
  const candidates = scoreCandidates(evidence, (key) => named.get(keyId(key)) ?? []);
  const chosen = qualifying(candidates, query.confidence);
  return mostRecent(await matching.persons.byIds(chosen.map((candidate) => candidate.personId)));
}
