import { z } from 'zod';
import { companyWebhookShape, foldWebhookAlias } from './webhook-url.ts';

export const COMPANY_SORTS = ['traffic', 'relevance', 'employees'] as const;

const place = z.string().trim().max(200).nullish();

export const CompanySearchRequest = z
  .object({
    companyName: z.string().trim().min(1).max(300).describe('Common words such as Inc., LLC, Ltd or GmbH are ignored'),
    sort: z
      .enum(COMPANY_SORTS)
      .nullish()
      .describe('traffic (default: most visited first), relevance (closest name first) or employees (largest first)'),
    location: place.describe('Any of locality, region and country, comma-separated: "Munich, Bavaria, DE"'),
    locality: place.describe('City'),
    region: place.describe('Region or state, name or code'),
    country: place.describe('Country, name or code'),
    ...companyWebhookShape,
  })
  .transform(foldWebhookAlias)
  .meta({ id: 'CompanySearchRequest' });
export type CompanySearchRequest = z.infer<typeof CompanySearchRequest>;

const nullableText = z.string().nullable();
const coded = z.object({ name: nullableText, code: nullableText });

export const CompanyCandidate = z
  .object({
    lookupDomain: z.string().describe('The domain to give company.enrich for the full company'),
    orgName: z.string(),
    logo: nullableText,
    location: z.object({ locality: nullableText, region: coded, country: coded }).describe('The headquarters'),
  })
  .meta({ id: 'CompanyCandidate' });

export const CompanySearchResponse = z.array(CompanyCandidate).meta({ id: 'CompanySearchResponse' });
export type CompanySearchResponse = z.infer<typeof CompanySearchResponse>;
