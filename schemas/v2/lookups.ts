import { z } from 'zod';
import { DOMAIN_TEXT, EMAIL_TEXT, PHONE_TEXT } from '../v3/documented-rules.ts';

/**
 * The v2 GET APIs' query strings and answers, for the OpenAPI document (docs/decisions.md, "The v2 APIs"). The key
 * (`apiKey` in the query, or a key header) is the document's security scheme, not one of these parameters.
 */
const queue = z.enum(['1']).optional().describe('Queue the lookup and answer 202 at once; ask again for the answer');

export const V2PersonQuery = z.object({
  email: z.string().meta(EMAIL_TEXT).optional(),
  emailMD5: z.string().optional().describe('MD5 hex of the lower-cased, trimmed email'),
  phone: z.string().meta(PHONE_TEXT).optional(),
  twitter: z.string().optional().describe('Twitter username'),
  queue,
});

export const V2CompanyQuery = z.object({ domain: z.string().meta(DOMAIN_TEXT), queue });

const answer = { status: z.number().int(), requestId: z.string() };

export const V2PersonAnswer = z
  .looseObject({
    ...answer,
    likelihood: z.number(),
    contactInfo: z.looseObject({}),
    photos: z.array(z.looseObject({})),
    organizations: z.array(z.looseObject({})),
    demographics: z.looseObject({}),
    socialProfiles: z.array(z.looseObject({})),
  })
  .meta({ id: 'V2PersonAnswer' });

export const V2CompanyAnswer = z
  .looseObject({
    ...answer,
    category: z.array(z.looseObject({})),
    logo: z.string().nullable(),
    website: z.string().nullable(),
    languageLocale: z.string().nullable(),
    organization: z.looseObject({}),
    socialProfiles: z.array(z.looseObject({})),
    traffic: z.looseObject({}),
  })
  .meta({ id: 'V2CompanyAnswer' });

export const V2VerificationQuery = z.object({ email: z.string() });

export const V2VerificationAnswer = z
  .looseObject({
    ...answer,
    unknownEmails: z.array(z.string()).describe('Addresses whose deliverability DNS could not tell in time'),
    failedEmails: z.array(z.string()),
    emails: z.record(
      z.string(),
      z.looseObject({
        message: z.string(),
        address: z.string(),
        username: z.string().nullable(),
        domain: z.string().nullable(),
        corrected: z.boolean(),
        sendSafely: z.boolean(),
        attributes: z.looseObject({
          validSyntax: z.boolean(),
          deliverable: z.boolean().nullable(),
          catchall: z.null(),
          risky: z.boolean(),
          disposable: z.boolean(),
        }),
        person: z.string().nullable().describe('The v2 person lookup of the address, when Kith knows a person with it'),
        company: z.string().nullable().describe("The v2 company lookup of the address's domain, when Kith knows a company there"),
      }),
    ),
  })
  .meta({ id: 'V2VerificationAnswer' });
