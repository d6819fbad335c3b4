import { z } from 'zod';
import { CONSENT_SUBJECT_RULE, DOCUMENTED_CONSENT_TIMES } from './documented-rules.ts';
import { isMd5, isSha256 } from '../formats/hashes.ts';
import { checkMultiField, givesIdentifier, multiFieldShape, type MultiFieldQuery } from './multi-field.ts';

/** The consent purposes Kith knows (docs/decisions.md, "Consent purposes"), by id. */
export const CONSENT_PURPOSES: Readonly<Record<number, string>> = {
  1: 'Information storage & access',
  2: 'Personalized Ads Profile',
  3: 'Personalized Content Profile',
  4: 'Personalized Ads Selection',
  5: 'Personalized Content Selection',
  6: 'Content selection, delivery & reporting',
  7: 'Ad Performance Measurement',
  8: 'Content Performance Measurement',
  9: 'Market Research',
  10: 'Develop & Improve Products',
};
export const CONSENT_CHANNELS = ['web', 'phone', 'mobile', 'offline', 'email'] as const;
export const MAX_HASHED_EMAILS = 10;

const US = /^(us|usa|united states( of america)?)$/i;
const ZIP = /^\d{5}(-?\d{4})?$/;

/** The consent input rules beyond the multi-field query's (the specification's "Consent input fields"). */
function checkConsentQuery(query: MultiFieldQuery, ctx: z.RefinementCtx): void {
  const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  checkMultiField(query, ctx);
  for (const field of ['recordId', 'personId', 'partnerId', 'panoramaId'] as const) {
    if (query[field]) issue([field], 'not a consent identifier');
  }
  if (!givesIdentifier(query, { references: false })) issue([], 'give at least one identifier of the individual');
  const hashed = [query.email, ...(query.emails ?? [])].filter((email) => email && (isMd5(email) || isSha256(email)));
  if (hashed.length > MAX_HASHED_EMAILS) issue(['emails'], `at most ${MAX_HASHED_EMAILS} hashed emails`);
  const { location } = query;
  const country = location?.countryCode ?? location?.country;
  if (location?.postalCode && country && US.test(country.trim()) && !ZIP.test(location.postalCode.trim())) {
    issue(['location', 'postalCode'], 'a US postal code is a ZIP (12345) or ZIP+4 (12345-6789)');
  }
}

/** The individual, by any identifiers given before (flat, as permission.find, current and delete take it). */
export const ConsentQuery = z.object(multiFieldShape).superRefine(checkConsentQuery).meta({ id: 'ConsentQuery', ...CONSENT_SUBJECT_RULE });

/**
 * The individual whose consent permission.create records: the consent rules, and each profile as the
 * specification's consent input fields have it, `service` plus one of username, userid and url (a url alone,
 * which the multi-field query of lookups takes, is not enough to record consent against).
 */
export const ConsentGivenQuery = z
  .object(multiFieldShape)
  .superRefine((query, ctx) => {
    checkConsentQuery(query, ctx);
    query.profiles?.forEach((profile, index) => {
      const url = typeof profile.url === 'string' && profile.url.trim() !== '';
      const service = typeof profile.service === 'string' && profile.service.trim() !== '';
      if (url && !service && profile.username == null && profile.userid == null) {
        ctx.addIssue({ code: 'custom', path: ['profiles', index, 'service'], message: 'required with url to record consent' });
      }
    });
  })
  .meta({ id: 'ConsentGivenQuery', ...CONSENT_SUBJECT_RULE });

export const ConsentPurposeGiven = z
  .object({
    purposeId: z
      .number()
      .int()
      .refine((id) => id in CONSENT_PURPOSES, { message: `one of the purpose ids ${Object.keys(CONSENT_PURPOSES).join(', ')}` })
      .meta({ enum: Object.keys(CONSENT_PURPOSES).map(Number) }),
    channel: z.array(z.enum(CONSENT_CHANNELS)).min(1, 'give at least one channel').max(CONSENT_CHANNELS.length),
    ttl: z.number().int().min(0).nullish().describe('Days the consent holds; absent, null or 0: until changed'),
    enabled: z.boolean(),
  })
  .meta({ id: 'ConsentPurposeGiven' });

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

const PermissionCreateBody = z
  .object({
    query: ConsentGivenQuery,
    consentPurposes: z.array(ConsentPurposeGiven).min(1, 'give at least one consent purpose').max(50),
    policyUrl: text(2048),
    termsService: text(2048),
    collectionMethod: text(200),
    collectionLocation: text(2048),
    locale: text(50).nullish(),
    ipAddress: text(100).nullish(),
    language: text(50).nullish(),
    tcf: text(4096).nullish().describe('IAB TCF consent string'),
    timestamp: z
      .number()
      .int()
      .min(0)
      .meta(DOCUMENTED_CONSENT_TIMES)
      .nullish()
      .describe('When consent was given, epoch milliseconds: from 50 years before now to 1 day after'),
  })
  .meta({ id: 'PermissionCreateRequest' });

const QUERY_FIELDS = new Set(Object.keys(multiFieldShape));

/** The clients wrap the individual in `query`; the specification lists the fields flat: both are taken. */
function wrapFlatQuery(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'query' in body) return body;
  const entries = Object.entries(body);
  return {
    ...Object.fromEntries(entries.filter(([field]) => !QUERY_FIELDS.has(field))),
    query: Object.fromEntries(entries.filter(([field]) => QUERY_FIELDS.has(field))),
  };
}

export const PermissionCreateRequest = z.preprocess(wrapFlatQuery, PermissionCreateBody);
export type PermissionCreateRequest = z.infer<typeof PermissionCreateBody>;

export const PermissionAccepted = z
  .object({ status: z.literal(202), message: z.string(), permissionId: z.uuid() })
  .meta({ id: 'PermissionAccepted' });

export const ConsentPurpose = z
  .object({
    ttl: z.number().int().nullable(),
    enabled: z.boolean(),
    channel: z.string(),
    purposeId: z.number().int(),
    purposeName: z.string(),
    timestamp: z.number().int().describe('When it was given, epoch milliseconds'),
  })
  .meta({ id: 'ConsentPurpose' });

export const ConsentEventOut = z
  .object({
    permissionType: z.enum(['create', 'delete']),
    permissionId: z.uuid(),
    consentPurposes: z.array(ConsentPurpose),
    locale: z.string().nullable(),
    ipAddress: z.string().nullable(),
    language: z.string().nullable(),
    collectionMethod: z.string().nullable(),
    collectionLocation: z.string().nullable(),
    policyUrl: z.string().nullable(),
    termsService: z.string().nullable(),
    timestamp: z.number().int().nullable(),
    created: z.number().int().describe('When Kith recorded it, epoch milliseconds'),
  })
  .meta({ id: 'ConsentEvent' });

export const PermissionFindResponse = z.array(ConsentEventOut).meta({ id: 'PermissionFindResponse' });

export const PermissionCurrentResponse = z
  .record(z.string(), z.record(z.string(), ConsentPurpose))
  .meta({ id: 'PermissionCurrentResponse', description: 'By purposeId (as a string), then channel' });

export const PermissionVerifyRequest = z
  .object({ query: ConsentQuery, purposeId: z.number().int(), channel: z.enum(CONSENT_CHANNELS) })
  .meta({ id: 'PermissionVerifyRequest' });
