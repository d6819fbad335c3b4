import { z } from 'zod';
import { COMPANY_SORTS } from '../v3/company-search.ts';
import { CONFIDENCE_LEVELS, DATA_FILTERS } from '../v3/person-enrich.ts';
import { Tag } from '../v3/tags.ts';

/**
 * What the ingress sends a worker instead of the request, when the registry's `toWorker` reduces it
 * (domain/operations.ts): identifiers as lookup keys (hashes for emails and phones), so that clear contact data
 * from requests never travels on the bus. The domain builds them; the worker runtime checks them once.
 * They change only by adding optional fields (docs/decisions.md, "The bus contract").
 */

/** The kinds of exact key a person is stored and looked up under (domain/persons/normalise.ts). */
export const IDENTIFIER_KINDS = [
  'email_md5',
  'email_sha256',
  'phone_sha256',
  'maid',
  'profile_username',
  'profile_userid',
  'profile_url',
  'li_nonid',
  'placekey',
  'name_address',
  'match_block',
  'name_placekey',
  'address',
  'phone_mobile',
] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

export const IdentifierKey = z.object({ kind: z.enum(IDENTIFIER_KINDS), value: z.string() });
export type IdentifierKey = z.infer<typeof IdentifierKey>;

/**
 * The kinds of exact identifier a query may give, each a piece of evidence with the model's reliability and m
 * (domain/matching/model.ts): the person's record holds it, or does not. `record` is the account's own reference
 * to a person (recordId, personId, partnerId).
 */
export const IDENTIFIER_CATEGORIES = ['email', 'phone', 'maid', 'profile', 'li_nonid', 'name_placekey', 'record'] as const;
export type IdentifierCategory = (typeof IDENTIFIER_CATEGORIES)[number];

/** A name's given and family parts as words: what the matcher compares (domain/matching/fields.ts). */
export const NameFields = z.object({ given: z.array(z.string()), family: z.array(z.string()) });
/** A postal address as the matcher compares it: the street number apart from the street's words, every form of the region. */
export const PlaceFields = z.object({
  number: z.string(),
  street: z.array(z.string()),
  /** The other address line's words, when both are given: the street may be written there instead. */
  otherLine: z.array(z.string()).optional(),
  city: z.string(),
  regions: z.array(z.string()),
  postcode: z.string(),
});
export type NameFields = z.infer<typeof NameFields>;
export type PlaceFields = z.infer<typeof PlaceFields>;

/** One identifier of a query as evidence (domain/matching/evidence.ts). */
export const Evidence = z.object({
  category: z.enum([...IDENTIFIER_CATEGORIES, 'name_address']),
  keys: z.array(IdentifierKey),
  personIds: z.array(z.string()).optional(),
  nameAddress: z
    .object({
      names: z.array(NameFields),
      place: PlaceFields,
      blockingKeys: z.array(IdentifierKey),
      birthday: z.object({ year: z.number().optional(), month: z.number().optional(), day: z.number().optional() }).optional(),
    })
    .optional(),
});
export type Evidence = z.infer<typeof Evidence>;

export const References = z.object({ recordId: z.string().optional(), personId: z.string().optional(), partnerId: z.string().optional() });
export type References = z.infer<typeof References>;

/** person.enrich (and each item of person.bulkEnrich). */
export const PersonLookup = z.object({
  evidence: z.array(Evidence),
  references: References,
  confidence: z.enum(CONFIDENCE_LEVELS),
  dataFilter: z.array(z.enum(DATA_FILTERS)).nullish(),
  maxMaids: z.number().nullish(),
  maxEmails: z.number().nullish(),
  hashedQuery: z.boolean(),
});
export type PersonLookup = z.infer<typeof PersonLookup>;

/** company.enrich (and each item of company.bulkEnrich): the domain as companies are keyed. */
export const CompanyLookup = z.object({ domain: z.string() });
export type CompanyLookup = z.infer<typeof CompanyLookup>;

/** company.search: the search as the company data takes it. */
export const CompanySearchQuery = z.object({
  name: z.string(),
  sort: z.enum(COMPANY_SORTS),
  location: z.string().optional(),
  locality: z.string().optional(),
  region: z.string().optional(),
  country: z.string().optional(),
});
export type CompanySearchQuery = z.infer<typeof CompanySearchQuery>;

/** person.subscribe: the query as a lookup (or the account's own records), and where changes go. */
export const SubscribeQuery = z.union([
  z.object({ lookup: PersonLookup, webhookUrl: z.string() }),
  z.object({ ownRecords: z.literal(true), webhookUrl: z.string() }),
]);
export type SubscribeQuery = z.infer<typeof SubscribeQuery>;

/** The name and address parts a verify.match query claims, each the SHA-256 of its plain words. */
export const Claims = z.object({
  givenName: z.array(z.string()),
  familyName: z.array(z.string()),
  city: z.array(z.string()),
  region: z.array(z.string()),
  country: z.array(z.string()),
  postalCode: z.array(z.string()),
});
export type Claims = z.infer<typeof Claims>;

/** verify.match, verify.signals and verify.activity. */
export const VerifyQuery = z.object({ evidence: z.array(Evidence), references: References, claims: Claims, hashedQuery: z.boolean() });
export type VerifyQuery = z.infer<typeof VerifyQuery>;

export type Tag = z.infer<typeof Tag>;
export const RecordEmail = z.object({ md5: z.string().nullable(), sha1: z.string().nullable(), sha256: z.string().nullable() });
export type RecordEmail = z.infer<typeof RecordEmail>;

/** identity.map and identity.mapResolve: the record's ids, identifiers as keys, tags and email hashes. */
export const RecordMapping = z.object({
  recordId: z.string(),
  partnerId: z.string().nullable(),
  evidence: z.array(Evidence),
  tags: z.array(Tag),
  emails: z.array(RecordEmail),
  maids: z.array(z.string()),
});
export type RecordMapping = z.infer<typeof RecordMapping>;

/** identity.resolve. */
export const RecordQuery = z.object({ evidence: z.array(Evidence), references: References });
export type RecordQuery = z.infer<typeof RecordQuery>;

export const ConsentPurposeGiven = z.object({ purposeId: z.number(), channel: z.array(z.string()), ttl: z.number().nullable(), enabled: z.boolean() });
export type ConsentPurposeGiven = z.infer<typeof ConsentPurposeGiven>;

/** permission.create. */
export const ConsentGiven = z.object({
  keys: z.array(IdentifierKey),
  purposes: z.array(ConsentPurposeGiven),
  details: z.record(z.string(), z.string().nullable()),
  timestamp: z.number().nullable(),
});
export type ConsentGiven = z.infer<typeof ConsentGiven>;

/** permission.delete, permission.find and permission.current. */
export const ConsentSubjectQuery = z.object({ keys: z.array(IdentifierKey) });
export type ConsentSubjectQuery = z.infer<typeof ConsentSubjectQuery>;

/** permission.verify. */
export const ConsentVerifyQuery = ConsentSubjectQuery.extend({ purposeId: z.number(), channel: z.string() });
export type ConsentVerifyQuery = z.infer<typeof ConsentVerifyQuery>;

/** v2 email verification: the address's keys and domain, or only that its syntax is wrong. */
export const EmailCheck = z.discriminatedUnion('validSyntax', [
  z.object({ validSyntax: z.literal(true), keys: z.array(IdentifierKey), domain: z.string() }),
  z.object({ validSyntax: z.literal(false) }),
]);
export type EmailCheck = z.infer<typeof EmailCheck>;

/** A batch: each item the single operation's payload, or the answer its invalid request gets, with its metadata. */
export const batchPayload = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(
      z.union([
        z.object({ metadata: z.record(z.string(), z.unknown()).optional(), body: item }),
        z.object({
          metadata: z.record(z.string(), z.unknown()).optional(),
          refused: z.object({ status: z.number(), body: z.object({ status: z.number(), message: z.string() }) }),
        }),
      ]),
    ),
  });
/** A batch's payload whose items carry `Item`s: what the batch handler gets. */
export type BatchPayload<Item> = z.infer<ReturnType<typeof batchPayload<z.ZodType<Item>>>>;
