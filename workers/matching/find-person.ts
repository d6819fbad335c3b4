import type { IdentityStore, PersonStore, StoredPerson } from '../../adapters/db/port.ts';
import type { PersonIdCodec } from '../../adapters/identity/person-ids.ts';
import { keyId } from '../../adapters/persons/store.ts';
import { nameAddressMatches, rankCandidates } from '../../domain/matching/candidates.ts';
import type { PersonNamesAndPlaces } from '../../domain/matching/fields.ts';
import { DEFAULT_MODEL } from '../../domain/matching/model.ts';
import type { Confidence } from '../../schemas/v3/person-enrich.ts';
import { lookupKeys, type Evidence, type References } from './evidence.ts';
import { EVIDENCE_WEIGHTS, mostRecent, qualifying, scoreCandidates } from './match.ts';

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
 * A name with an address as evidence: the candidates its blocking keys found, compared field by field
 * (domain/matching/), each an item of evidence weighing its match probability. The compared persons are kept
 * in `fetched`, so that the one chosen is not read twice.
 */
async function nameAddressEvidence(
  matching: Matching,
  item: Evidence & { nameAddress: NonNullable<Evidence['nameAddress']> },
  named: Map<string, string[]>,
  fetched: Map<string, StoredPerson>,
): Promise<Evidence[]> {
  const ranked = rankCandidates(item.keys.map((key) => named.get(keyId(key)) ?? []));
  for (const person of await matching.persons.byIds(ranked)) fetched.set(person.id, person);
  const candidates = ranked.flatMap((id) => {
    const person = fetched.get(id);
    return person ? [{ id, document: person.document as PersonNamesAndPlaces }] : [];
  });
  return nameAddressMatches(DEFAULT_MODEL, item.nameAddress, candidates).map((match) => ({
    category: 'name_address',
    keys: [],
    personIds: [match.personId],
    weight: EVIDENCE_WEIGHTS.name_address * match.probability,
  }));
}

/**
 * The person the evidence names at this confidence (./match.ts), or undefined: the identifiers are looked up
 * as exact keys, a name with an address through its candidates, the account's references through its
 * records, and the persons they name scored.
 */
export async function findPerson(
  matching: Matching,
  query: { accountId: string; evidence: Evidence[]; references: References; confidence: Confidence },
): Promise<StoredPerson | undefined> {
  const given = [...query.evidence, ...(await referenceEvidence(matching, query.accountId, query.references))];
  const named = await matching.persons.personsByKeys(lookupKeys(given), PERSONS_PER_KEY);
  const fetched = new Map<string, StoredPerson>();
  const evidence: Evidence[] = [];
  for (const item of given) {
    if (item.nameAddress) evidence.push(...(await nameAddressEvidence(matching, { ...item, nameAddress: item.nameAddress }, named, fetched)));
    else evidence.push(item);
  }
  const candidates = scoreCandidates(evidence, (key) => named.get(keyId(key)) ?? []);
  const chosen = qualifying(candidates, query.confidence).map((candidate) => candidate.personId);
  const unread = chosen.filter((id) => !fetched.has(id));
  const persons = [...chosen.flatMap((id) => fetched.get(id) ?? []), ...(await matching.persons.byIds(unread))];
  return mostRecent(persons);
}
