import { z } from 'zod';
import { labelled, PostalLocation, text } from './fields.ts';

/**
 * One line of a person-data file (NDJSON): a person in the shape person.enrich returns, plus the record's
 * stable `id`, so that importing the same id again replaces the person. Documented in docs/person-records.md.
 * Objects are loose: fields this schema does not name (household, census, interests, ...) are kept in the
 * stored document and returned as they are.
 */
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const partialDate = z.looseObject({ year: z.number().int().nullish(), month: z.number().int().nullish(), day: z.number().int().nullish() });

export const PersonProfile = z.looseObject({
  url: text,
  username: text,
  userid: z.union([z.string(), z.number().int()]).nullish(),
  service: text,
  bio: text,
});
export type PersonProfile = z.infer<typeof PersonProfile>;

export const PersonLocation = PostalLocation;

export const PersonEmployment = z.looseObject({
  name: text,
  title: text,
  domain: text,
  current: z.boolean().nullish(),
  start: partialDate.nullish(),
  end: partialDate.nullish(),
});

export const PersonMaid = z.looseObject({ id: z.string().min(1), type: text });

export const PersonDetails = z.looseObject({
  name: z.looseObject({ given: text, family: text, full: text }).nullish(),
  age: z.looseObject({ range: text, value: z.number().int().nullish(), birthday: partialDate.nullish() }).nullish(),
  gender: text,
  emails: z.array(labelled).default([]),
  phones: z.array(labelled).default([]),
  profiles: z.record(z.string(), PersonProfile).default({}),
  locations: z.array(PersonLocation).default([]),
  employment: z.array(PersonEmployment).default([]),
  photos: z.array(labelled).default([]),
  urls: z.array(labelled).default([]),
  identifiers: z
    .looseObject({
      maids: z.array(PersonMaid).default([]),
      li_nonid: z.array(z.string().min(1)).default([]),
    })
    .default({ maids: [], li_nonid: [] }),
});

/** The summary fields of a person, as records hold them and person.enrich answers them. */
export const personSummaryShape = {
  fullName: text,
  ageRange: text,
  gender: text,
  location: text,
  title: text,
  organization: text,
  twitter: text,
  linkedin: text,
  bio: text,
  avatar: text,
  website: text,
};

export const PersonRecord = z.looseObject({
  id: z.string().trim().min(1).max(200),
  ...personSummaryShape,
  placekey: text,
  updated: date.nullish(),
  details: PersonDetails,
});
export type PersonRecord = z.infer<typeof PersonRecord>;
