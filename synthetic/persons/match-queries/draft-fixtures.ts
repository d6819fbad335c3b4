import { base, Faker } from '@faker-js/faker';
import { PersonEnrichRequest } from '../../../schemas/v3/person-enrich.ts';
import type { CorruptionContext } from './draft-edits.ts';
import { renderQuery, type QueryDraft, type SourcePerson } from './query-draft.ts';
import type { Random } from './text-errors.ts';

/** What the error models' unit tests corrupt: one person, two donors, seeded randomness. */
export const seeded = (seed: number): Random => {
  const r = new Faker({ locale: [base] });
  r.seed(seed);
  return r;
};

export const PERSON: SourcePerson = {
  id: 'p1',
  given: 'William',
  family: 'Delittle',
  location: { addressLine1: '978 Coy Street', city: 'Jodyland', region: 'Oregon', regionCode: 'OR', postalCode: '73135', country: 'United States', countryCode: 'US' },
};
export const DONORS = [
  { given: 'William', family: 'Delittle', street: 'Coy Street', city: 'Jodyland', postalCode: '73135' },
  { given: 'Maria', family: 'Lopez', street: 'Elm Road', city: 'Springfield', postalCode: '62701' },
];
/** The person written plainly: given and family, region as name and code, nothing left out. */
export const plain: QueryDraft = {
  given: PERSON.given,
  family: PERSON.family,
  nameStyle: 'parts',
  letterCase: 'as-written',
  location: { addressLine1: '978 Coy Street', city: 'Jodyland', region: 'Oregon', regionCode: 'OR', postalCode: '73135' },
};
export const context = (seed: number): CorruptionContext => ({ r: seeded(seed), donors: DONORS });
/** Whether person.enrich takes the draft as it is rendered. */
export const valid = (draft: QueryDraft) => PersonEnrichRequest.safeParse({ ...renderQuery(draft), confidence: 'HIGH' }).success;
