import { z } from 'zod';
import { DOMAIN_TEXT } from './documented-rules.ts';
import { normaliseDomain } from '../formats/domain-name.ts';
import { CompanyDetails, CompanyRecord } from '../data/company-record.ts';
import { text } from '../data/fields.ts';
import { echoed } from '../echoed.ts';
import { answeredWith } from './answered-with.ts';
import { CompanyDataAddOn } from './company-data-add-ons.ts';
import { companyWebhookShape, foldWebhookAlias } from './webhook-url.ts';

/** The client contract's 422 for a domain that is no domain name, fixture text included (a long one cut). */
const invalidDomain = (domain: string) => `Input domain parameter ("${echoed(domain)}") does not contain a valid domain.`;

export const CompanyEnrichRequest = z
  .object({
    domain: z
      .string()
      .max(2048)
      .meta(DOMAIN_TEXT)
      .describe('The company website\'s domain, in any writing: scheme, "www.", port, path and case are ignored'),
    ...companyWebhookShape,
  })
  .superRefine((body, ctx) => {
    if (normaliseDomain(body.domain) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['domain'], message: 'not a domain name', params: answeredWith(422, invalidDomain(body.domain)) });
    }
  })
  .transform(foldWebhookAlias)
  .meta({ id: 'CompanyEnrichRequest' });
export type CompanyEnrichRequest = z.infer<typeof CompanyEnrichRequest>;


/** The spec names an image's address `url`, the official clients `value`: the answer carries both. */
const CompanyImageAnswer = z.looseObject({ url: z.string(), value: z.string(), label: text });

export const CompanyEnrichResponse = CompanyRecord.omit({ domain: true })
  .extend({
    details: CompanyDetails.extend({ images: z.array(CompanyImageAnswer) }),
    dataAddOns: z.array(CompanyDataAddOn),
  })
  .meta({ id: 'CompanyEnrichResponse' });
export type CompanyEnrichResponse = z.infer<typeof CompanyEnrichResponse>;
