import { z } from 'zod';

const docLink = 'docs/decisions.md#companyenrich-and-companysearch';

/**
 * The data add-ons of company.enrich (docs/decisions.md, "company.enrich and company.search"): parts of the
 * company answer a plan may or may not include. Each gates one key of `details`; a plan lists the ones it has.
 */
export const COMPANY_DATA_ADD_ONS = {
  keypeople: {
    name: 'Key People',
    detail: 'keyPeople',
    description: "Names, titles and photos of the company's key people, in details.keyPeople.",
    docLink,
  },
  traffic: {
    name: 'Web Traffic',
    detail: 'traffic',
    description: "Global, country and locale ranks of the company's website traffic, in details.traffic.",
    docLink,
  },
} as const;

export const CompanyDataAddOnId = z.enum(Object.keys(COMPANY_DATA_ADD_ONS) as [keyof typeof COMPANY_DATA_ADD_ONS]);
export type CompanyDataAddOnId = z.infer<typeof CompanyDataAddOnId>;

/** Every add-on: what a plan has unless it was created with a list of its own. */
export const ALL_COMPANY_DATA_ADD_ONS = CompanyDataAddOnId.options;

export const CompanyDataAddOn = z
  .object({
    id: CompanyDataAddOnId,
    name: z.string(),
    enabled: z.boolean().describe("The account's plan includes it"),
    applied: z.boolean().describe('It is enabled and this company has its data, which the answer carries'),
    description: z.string(),
    docLink: z.string(),
  })
  .meta({ id: 'CompanyDataAddOn' });
export type CompanyDataAddOn = z.infer<typeof CompanyDataAddOn>;
