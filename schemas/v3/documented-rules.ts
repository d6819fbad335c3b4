/**
 * The request rules zod checks in refinements, said in JSON Schema for the OpenAPI document (`.meta()` adds them
 * beside what zod generates; they never validate anything themselves). A client or fuzzer generating requests from
 * the document then sends ones Kith takes: a name with full or given and family, a location Kith can place, a
 * profile one way, at least one identifier. Each may say less than the refinement checks (the document may be
 * stricter than Kith), never more.
 */
type JsonSchema = Record<string, unknown>;

/** A string holding something besides whitespace: what the refinements call filled. */
const FILLED_TEXT = { type: 'string', pattern: '\\S' };
const ABSENT = { type: 'null' };

/** The fields present and filled. */
const givenText = (...fields: string[]): JsonSchema => ({
  required: fields,
  properties: Object.fromEntries(fields.map((field) => [field, FILLED_TEXT])),
});
/** The list present and not empty. */
const givenList = (field: string): JsonSchema => ({ required: [field], properties: { [field]: { type: 'array', minItems: 1 } } });
/** The object present (not null). */
const givenObject = (...fields: string[]): JsonSchema => ({
  required: fields,
  properties: Object.fromEntries(fields.map((field) => [field, { type: 'object' }])),
});

/** An email as Kith takes it: an address, or the MD5 or SHA-256 hex of one. */
export const EMAIL_TEXT: JsonSchema = {
  anyOf: [{ pattern: '^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$' }, { pattern: '^[0-9a-fA-F]{32}$' }, { pattern: '^[0-9a-fA-F]{64}$' }],
};

/** A name: full, or given and family. */
export const NAME_RULE: JsonSchema = { anyOf: [givenText('full'), givenText('given', 'family')] };

/** A location that narrows the candidates: postalCode, or city with region (or regionCode) or with a street line. */
export const LOCATION_RULE: JsonSchema = {
  anyOf: [
    givenText('postalCode'),
    givenText('city', 'region'),
    givenText('city', 'regionCode'),
    givenText('city', 'addressLine1'),
    givenText('city', 'addressLine2'),
  ],
};

/** A profile is a url, or a service with a username or a userid: exactly one way. */
export const PROFILE_RULE: JsonSchema = {
  anyOf: [
    { ...givenText('url'), properties: { url: FILLED_TEXT, username: ABSENT, userid: ABSENT } },
    { ...givenText('service', 'username'), properties: { service: FILLED_TEXT, username: FILLED_TEXT, url: ABSENT, userid: ABSENT } },
    {
      required: ['service', 'userid'],
      properties: { service: FILLED_TEXT, userid: { anyOf: [FILLED_TEXT, { type: 'integer' }] }, url: ABSENT, username: ABSENT },
    },
  ],
};

const IDENTIFIERS = [
  givenText('email'),
  givenList('emails'),
  givenText('phone'),
  givenList('phones'),
  givenList('profiles'),
  givenList('maids'),
  givenText('li_nonid'),
  givenObject('name', 'location'),
  { required: ['name', 'placekey'], properties: { name: { type: 'object' }, placekey: FILLED_TEXT } },
];
const REFERENCES = [givenText('recordId'), givenText('personId'), givenText('partnerId')];

/** Name goes with location or placekey, and each of those with name. */
const NAME_AND_PLACE = {
  dependentSchemas: {
    name: { anyOf: [givenObject('location'), givenText('placekey')] },
    location: givenObject('name'),
    placekey: givenObject('name'),
  },
};

/** A multi-field query: at least one identifier or reference (recordId, personId, partnerId). */
export const QUERY_RULE: JsonSchema = { anyOf: [...IDENTIFIERS, ...REFERENCES], ...NAME_AND_PLACE };

/** identity.resolve: a multi-field query, with recordId and personId not both. */
export const RESOLVE_RULE: JsonSchema = { ...QUERY_RULE, not: givenText('recordId', 'personId') };

/** person.subscribe: a multi-field query, or `ownRecords: true` with none. */
export const SUBSCRIBE_RULE: JsonSchema = {
  anyOf: [
    { ...QUERY_RULE, properties: { ownRecords: { not: { const: true } } } },
    { required: ['ownRecords'], properties: { ownRecords: { const: true } }, not: { anyOf: [...IDENTIFIERS, ...REFERENCES] } },
  ],
};

/** A record to map: at least one identifier besides its references; never a personId. */
export const RECORD_RULE: JsonSchema = { anyOf: IDENTIFIERS, not: givenText('personId'), ...NAME_AND_PLACE };

/** The individual of a consent: at least one identifier, and no reference at all. */
export const CONSENT_SUBJECT_RULE: JsonSchema = {
  anyOf: IDENTIFIERS,
  not: { anyOf: [...REFERENCES, givenText('panoramaId')] },
  ...NAME_AND_PLACE,
};

/** Exactly one of recordId and partnerId. */
export const ONE_RECORD_REFERENCE: JsonSchema = {
  anyOf: [
    { ...givenText('recordId'), properties: { recordId: FILLED_TEXT, partnerId: ABSENT } },
    { ...givenText('partnerId'), properties: { partnerId: FILLED_TEXT, recordId: ABSENT } },
  ],
};

/** A domain name, with or without scheme, www., port and path: what company.enrich and the v2 lookup take. */
export const DOMAIN_TEXT: JsonSchema = {
  pattern: '^(https?://)?([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}\\.?(:[0-9]{1,5})?(/[^\\s]*)?$',
};

/**
 * Consent times the document offers: from 2000 to when this process started, inside the window checked when a
 * consent arrives (50 years back, a day ahead) at any later time until 2050.
 */
export const DOCUMENTED_CONSENT_TIMES: JsonSchema = { minimum: Date.UTC(2000, 0, 1), maximum: Date.now() };

/** A phone as the document offers it: a North American number, formatted or not (Kith takes any country's). */
export const PHONE_TEXT: JsonSchema = { pattern: '^(\\+?1[ -]?)?\\(?[2-9][0-9]{2}\\)?[ -]?[2-9][0-9]{2}[ -]?[0-9]{4}$' };

/** An absolute http(s) URL. */
export const HTTP_URL: JsonSchema = { format: 'uri', pattern: '^https?://[^\\s/]+' };
