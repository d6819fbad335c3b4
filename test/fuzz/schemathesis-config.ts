/**
 * The schemathesis.toml of the fuzz run: the account's key for every security scheme the API operations declare
 * (v3's bearer, v2's key header), and the known data the run draws from half of the time (its dictionaries), so
 * that lookups find a person and a company, tags and identity calls a mapped record, unsubscribe a subscription,
 * the download an audience: every operation reaches its logic, not only its 401 or 404.
 */
export type KnownData = {
  emails: string[];
  phones: string[];
  domains: string[];
  companyNames: string[];
  recordIds: string[];
  subscriptionIds: string[];
  audienceIds: string[];
  /** Persons whose consent permission.delete and permission.create change: the others' stays for permission.verify. */
  withdrawableEmails: string[];
  /** The purposes the known persons consented to: permission.verify asks of one of them half of the time. */
  purposeIds: number[];
};

/** How often a generated value is replaced by a known one: the rest stays free for the fuzzer to explore. */
const KNOWN_VALUE_PROBABILITY = 0.5;

/** Where in a request each kind of known value goes. */
const BINDINGS: Record<keyof KnownData, string[]> = {
  emails: ['body.email', 'body.emails[*]', 'body.query.email', 'body.requests[*].email', 'query.email'],
  phones: ['body.phone', 'body.phones[*]', 'body.query.phone'],
  domains: ['body.domain', 'body.requests[*].domain', 'query.domain'],
  companyNames: ['body.companyName'],
  recordIds: [],
  subscriptionIds: ['body.subscriptionId'],
  audienceIds: ['query.requestId'],
  withdrawableEmails: [],
  purposeIds: ['body.purposeId'],
};

/** Where records are named: only the record operations take a recordId (consent refuses one). */
const RECORD_OPERATIONS = '^/v3/(identity|tags)\\.';

/**
 * What changes consent (permission.delete withdraws it, permission.create may record it disabled) draws from persons
 * of its own, in place of the emails every other operation draws from: their consent stays for permission.verify.
 */
const CONSENT_CHANGES = { operations: ['POST /v3/permission.delete', 'POST /v3/permission.create'], dictionary: 'withdrawableEmails', replaces: 'emails' } as const;

const tomlString = (value: string) => JSON.stringify(value);
const tomlList = (values: Array<string | number>) => `[${values.map((value) => JSON.stringify(value)).join(', ')}]`;

export function schemathesisConfig(apiKey: string, known: KnownData): string {
  const lines = [
    '[auth.openapi.bearer]',
    `bearer = ${tomlString(apiKey)}`,
    '[auth.openapi.apiKeyHeader]',
    `api_key = ${tomlString(apiKey)}`,
    '',
  ];
  for (const [name, values] of Object.entries(known)) {
    lines.push(`[dictionaries.${name}]`, `values = ${tomlList(values)}`);
  }
  const binding = (place: string, dictionary: string) =>
    `${tomlString(place)} = { dictionary = ${tomlString(dictionary)}, probability = ${KNOWN_VALUE_PROBABILITY} }`;
  lines.push('', '[parameters]');
  for (const [name, places] of Object.entries(BINDINGS)) lines.push(...places.map((place) => binding(place, name)));
  lines.push('', '[[operations]]', `include-path-regex = ${tomlString(RECORD_OPERATIONS)}`, '[operations.parameters]', binding('body.recordId', 'recordIds'));
  for (const operation of CONSENT_CHANGES.operations) {
    lines.push('', '[[operations]]', `include-name = ${tomlString(operation)}`, '[operations.parameters]');
    lines.push(...BINDINGS[CONSENT_CHANGES.replaces].map((place) => binding(place, CONSENT_CHANGES.dictionary)));
  }
  return `${lines.join('\n')}\n`;
}
