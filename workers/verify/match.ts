import type { StoredPerson } from '../../adapters/db/port.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import { householdKey } from '../../domain/persons/name-address.ts';
import type { Claims, IdentifierKey } from '../../schemas/events/payloads.ts';
import { keyId } from '../../adapters/persons/store.ts';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import type { MatchVerdict, VerifyMatchResponse } from '../../schemas/v3/verify.ts';
import { claimHash } from '../../domain/verify/query.ts';
import { lookupKeys, type EvidenceCategory } from '../../domain/matching/evidence.ts';
import type { Matching } from '../shared/find-person.ts';
import { NOT_FOUND } from '../shared/person-answer.ts';
import { verifiedPerson } from './verified-person.ts';

/** Persons looked at per key: more than any household, fewer than a key shared by a whole dataset. */
const PERSONS_PER_KEY = 50;

type Location = NonNullable<PersonRecord['details']['locations']>[number];
const detailsOf = (person: StoredPerson): Partial<PersonRecord['details']> => (person.document as unknown as PersonRecord).details ?? {};
const locationsOf = (person: StoredPerson): Location[] => detailsOf(person).locations ?? [];

/** The order in which the verdicts of several identifiers of one type win over each other. */
const LEAST_REASSURING_FIRST: readonly MatchVerdict[] = ['tangled', 'household', 'unknown', 'self'];

/** Where each claim is found in a person's record. */
const CLAIMED: Record<keyof Claims, (person: StoredPerson) => Array<string | null | undefined>> = {
  givenName: (person) => [detailsOf(person).name?.given],
  familyName: (person) => [detailsOf(person).name?.family],
  city: (person) => locationsOf(person).map((location) => location.city),
  region: (person) => locationsOf(person).flatMap((location) => [location.region, location.regionCode]),
  country: (person) => locationsOf(person).flatMap((location) => [location.country, location.countryCode]),
  postalCode: (person) => locationsOf(person).map((location) => location.postalCode),
};

/**
 * verify.match: for each identifier and each part of the name and address given, whether it is the person's
 * the query names (`self`), a household member's (someone at one of the person's addresses: `household`),
 * somebody else's (`tangled`, identifiers only) or unknown, several of one type `self` only when all are;
 * `maid`, `social` and `nonId` true when the person holds every one given; `risk` the share of what was given that is not `self` (docs/decisions.md, "Verify").
 */
export function verifyMatchHandler(matching: Matching): OperationHandler<'verify.match'> {
  return async (request) => {
    const query = request.body;
    const person = await verifiedPerson(matching, request.accountId, query);
    if (!person) return NOT_FOUND;

    const householdKeys = locationsOf(person).flatMap((location): IdentifierKey[] => {
      const value = householdKey(location);
      return value ? [{ kind: 'address', value }] : [];
    });
    const named = await matching.persons.personsByKeys([...householdKeys, ...lookupKeys(query.evidence)], PERSONS_PER_KEY);
    const holdersOf = (keys: IdentifierKey[]) => new Set(keys.flatMap((key) => named.get(keyId(key)) ?? []));
    const household = holdersOf(householdKeys);
    household.delete(person.id);
    const members = await matching.persons.byIds([...household]);

    const verdictOf = (keys: IdentifierKey[]): MatchVerdict => {
      const holders = holdersOf(keys);
      if (holders.has(person.id)) return 'self';
      if ([...holders].some((id) => household.has(id))) return 'household';
      return holders.size > 0 ? 'tangled' : 'unknown';
    };
    // Several identifiers of a type must all be the person's to be `self`; otherwise the type answers the
    // least reassuring verdict among them (docs/decisions.md, "verify.match answers strings").
    const identifier = (category: EvidenceCategory): MatchVerdict | undefined => {
      const verdicts = query.evidence.filter((item) => item.category === category).map((item) => verdictOf(item.keys));
      if (verdicts.length === 0) return undefined;
      return LEAST_REASSURING_FIRST.find((verdict) => verdicts.includes(verdict));
    };
    const claim = (name: keyof Claims): MatchVerdict | undefined => {
      const claimed = query.claims[name];
      if (claimed.length === 0) return undefined;
      const holds = (holder: StoredPerson) => CLAIMED[name](holder).some((value) => !!value && claimed.includes(claimHash(value)));
      if (holds(person)) return 'self';
      return members.some(holds) ? 'household' : 'unknown';
    };

    const verdicts = {
      email: identifier('email'),
      phone: identifier('phone'),
      givenName: claim('givenName'),
      familyName: claim('familyName'),
      city: claim('city'),
      region: claim('region'),
      country: claim('country'),
      postalCode: claim('postalCode'),
    };
    const held = { maid: identifier('maid'), social: identifier('profile'), nonId: identifier('li_nonid') };
    const given = [...Object.values(verdicts), ...Object.values(held)].filter((value) => value !== undefined);
    const body: VerifyMatchResponse = {
      city: verdicts.city ?? 'unknown',
      region: verdicts.region ?? 'unknown',
      country: verdicts.country ?? 'unknown',
      postalCode: verdicts.postalCode ?? 'unknown',
      familyName: verdicts.familyName ?? 'unknown',
      givenName: verdicts.givenName ?? 'unknown',
      phone: verdicts.phone ?? 'unknown',
      email: verdicts.email ?? 'unknown',
      continent: verdicts.country === 'self',
      maid: held.maid === 'self',
      social: held.social === 'self',
      nonId: held.nonId === 'self',
      risk: given.length === 0 ? 0 : Math.round((given.filter((value) => value !== 'self').length / given.length) * 1000) / 1000,
    };
    return { status: 200, body };
  };
}
