import type { IdentityStore, PersonStore, StoredPerson } from '../../adapters/db/port.ts';
import type { PersonIdCodec } from '../../adapters/identity/person-ids.ts';
import type { Evidence, IdentifierKey, References } from '../../schemas/events/payloads.ts';
import { keyId } from '../../adapters/persons/store.ts';
import { rankCandidates } from '../../domain/matching/candidates.ts';
import { qualifying } from '../../domain/matching/confidence.ts';
import type { PersonNamesAndPlaces } from '../../domain/matching/fields.ts';
import type { MatchModel } from '../../domain/matching/model.ts';
import type { Confidence } from '../../schemas/v3/person-enrich.ts';
import { lookupKeys } from '../../domain/matching/evidence.ts';
import { mostRecent, rankPersons, type PersonMatch } from '../../domain/matching/match.ts';
import type { PersonScore } from '../../domain/matching/person-score.ts';

/** Persons one key may name that the matcher looks at; beyond it an identifier is no evidence anyway. */
const PERSONS_PER_KEY = 25;

/** Candidates weighed per query at most: those the identifiers name first, then the blocking keys' best. */
const CANDIDATES_WEIGHED = 100;

export type Matching = {
  persons: PersonStore;
  identity: IdentityStore;
  personIds: PersonIdCodec;
  model: () => Promise<MatchModel>;
  /** Told how each answered person's evidence added up: what a lookup its identifiers confirm teaches (./confirmed-lookups.ts). */
  noteAnswer?: (score: PersonScore) => void;
};

/** The account's references as evidence: each names the person its record (or person id) is linked to. */
async function referenceEvidence(matching: Matching, accountId: string, references: References): Promise<Evidence[]> {
  const linked = await Promise.all([
    references.recordId ? matching.identity.get(accountId, references.recordId).then((record) => record?.personId) : undefined,
    references.partnerId ? matching.identity.byPartnerId(accountId, references.partnerId).then((record) => record?.personId) : undefined,
    references.personId ? matching.personIds.decode(accountId, references.personId) : undefined,
  ]);
  // A person merged into another answers as that one (docs/identity-graph.md, "Ids that last").
  const live = await matching.persons.liveIds(linked.filter((id): id is string => !!id));
  return live.map((id) => ({ category: 'record', keys: [], personIds: [id] }));
}

export type MatchQuery = { accountId: string; evidence: Evidence[]; references: References; confidence: Confidence };

/** The person found, how sure the match is and why, and the model that weighed it. */
export type FoundPerson = { person: StoredPerson; match: PersonMatch; model: MatchModel };

/**
 * The person the evidence names at this confidence, with how sure the match is and why (domain/matching/match.ts), or
 * undefined. The identifiers are looked up as exact keys and the account's references through its records;
 * a name with an address finds its candidates through blocking keys and is compared with each one's record.
 */
export async function matchPerson(matching: Matching, query: MatchQuery): Promise<FoundPerson | undefined> {
  const evidence = [...query.evidence, ...(await referenceEvidence(matching, query.accountId, query.references))];
  const blocked = evidence.find((item) => item.nameAddress);
  // A name with an address finds candidates by its blocking keys, and by its exact keys where persons were
  // imported before blocking keys were (docs/matching.md).
  const blockingKeys = blocked?.nameAddress?.blockingKeys ?? [];
  const askedKeys = [...lookupKeys(evidence), ...blockingKeys];
  // Identifiers alone name few persons: their records, and the account's records of them, come with them in the
  // same statement. A name with an address names many by its blocking keys, so only the best candidates' records
  // are read, below, in one more statement: they are few (eight a lookup among 1M persons), and the one chosen
  // among them needs no read of its own.
  const { named, records: read } = blocked
    ? { named: await matching.persons.personsByKeys(askedKeys, PERSONS_PER_KEY), records: undefined }
    : await matching.persons.personsWithRecordsByKeys(askedKeys, PERSONS_PER_KEY, query.accountId);
  const found = (keys: IdentifierKey[]) => keys.map((key) => named.get(keyId(key)) ?? []);
  const holders = new Map(evidence.map((item) => [item, new Set(item.personIds ?? found(item.keys).flat())]));
  const identified = evidence.filter((item) => !item.nameAddress).flatMap((item) => [...holders.get(item)!]);
  const candidates = blocked ? rankCandidates(found([...blocked.keys, ...blockingKeys])) : [];
  const ids = [...new Set([...identified, ...candidates])].slice(0, CANDIDATES_WEIGHED);

  const persons = read ?? new Map((await matching.persons.byIds(ids)).map((person) => [person.id, person]));
  const documents = new Map([...persons].map(([id, person]) => [id, person.records.map((record) => record.document as PersonNamesAndPlaces)]));
  const model = await matching.model();
  const ranked = rankPersons(model, evidence, { ids, holders: (item) => holders.get(item)!, documents });
  const chosen = qualifying(ranked, query.confidence);
  const unread = chosen.filter((id) => !persons.has(id));
  const person = mostRecent([...chosen.flatMap((id) => persons.get(id) ?? []), ...(await matching.persons.byIds(unread))]);
  if (!person) return undefined;
  const match = ranked.find((candidate) => candidate.personId === person.id)!;
  matching.noteAnswer?.(match.score);
  return { person, match, model };
}

/** The person the evidence names at this confidence, or undefined (./matchPerson). */
export const findPerson = async (matching: Matching, query: MatchQuery): Promise<StoredPerson | undefined> =>
  (await matchPerson(matching, query))?.person;
