import { CompanyDetails } from '../../schemas/data/company-record.ts';
import { COMPANY_DATA_ADD_ONS, type CompanyDataAddOn, type CompanyDataAddOnId } from '../../schemas/v3/company-data-add-ons.ts';
import type { CompanyEnrichResponse } from '../../schemas/v3/company-enrich.ts';
import { frozenDeep } from '../frozen.ts';
import { withStringUserids } from '../persons/present.ts';

type Document = Record<string, unknown> & { details?: Record<string, unknown> };
type Image = { url?: string | null; value?: string | null } & Record<string, unknown>;

/** Every summary field of the answer, null when the record lacks it: the clients' decoders see stable keys. */
const SUMMARY_FIELDS = ['name', 'location', 'twitter', 'linkedin', 'facebook', 'bio', 'logo', 'website', 'founded', 'employees', 'locale', 'category'];

/**
 * Every list and object of `details`, empty, and `entity` and `traffic` null: a record may leave any of them out
 * (docs/company-records.md), and the import keeps the line as it was given, so defaults are filled in here. Made
 * once: a schema's parse costs more than the rest of an answer's presenting.
 */
const EMPTY_DETAILS = frozenDeep({ ...CompanyDetails.parse({}), entity: null, traffic: null });

const hasData = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'object' && value !== null && Object.values(value).some((part) => part != null);

/** Images carry both the spec's `url` and the clients' `value`; an image with neither is no image. */
const bothAddresses = (images: Image[]) =>
  images.flatMap((image) => {
    const address = image.url ?? image.value;
    return address ? [{ ...image, url: image.url ?? address, value: image.value ?? address }] : [];
  });

/**
 * A stored company as company.enrich answers it: its import key (`domain`) left out, images with both
 * addresses, and the details each data add-on gates kept only when the plan includes it. `dataAddOns` reports
 * every add-on, enabled (the plan has it) and applied (enabled, and the company has its data): it is the
 * account's, so a record's own `dataAddOns` is replaced.
 */
export function presentCompany(document: Document, updated: string | null, planAddOns: readonly CompanyDataAddOnId[]): CompanyEnrichResponse {
  const { domain: _domain, dataAddOns: _recorded, details: stored = {}, ...summary } = document;
  const details: Record<string, unknown> = {
    ...EMPTY_DETAILS,
    ...stored,
    images: bothAddresses((stored.images ?? []) as Image[]),
    profiles: withStringUserids(stored.profiles ?? {}),
  };
  const dataAddOns = (Object.keys(COMPANY_DATA_ADD_ONS) as CompanyDataAddOnId[]).map((id): CompanyDataAddOn => {
    const { detail, ...addOn } = COMPANY_DATA_ADD_ONS[id];
    const enabled = planAddOns.includes(id);
    const applied = enabled && hasData(details[detail]);
    if (!enabled) delete details[detail];
    return { id, ...addOn, enabled, applied };
  });
  const nulls = Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, null]));
  return { ...nulls, ...summary, details, dataAddOns, updated: (summary.updated as string | undefined) ?? updated } as CompanyEnrichResponse;
}
