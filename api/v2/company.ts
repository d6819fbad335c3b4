import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import type { CompanyEnrichResponse } from '../../schemas/v3/company-enrich.ts';

type Labelled = { value?: string | null; label?: string | null };
type Place = { label?: string | null; addressLine1?: string | null; addressLine2?: string | null; city?: string | null; region?: string | null; regionCode?: string | null; postalCode?: string | null; country?: string | null; countryCode?: string | null };
type Rank = { rank: number; name?: string | null };

const ranking = (ranks: Record<string, Rank> | null | undefined) => Object.entries(ranks ?? {}).map(([locale, { rank }]) => ({ rank, locale }));

/**
 * A company.enrich answer in the v2 company structure (fullcontact4j's CompanyResponse; docs/decisions.md,
 * "The v2 APIs"); other answers (404, 422, 202) keep their body.
 */
export function v2CompanyAnswer(reply: OperationReply, requestId: string): OperationReply {
  if (reply.status !== 200) return reply;
  const company = reply.body as CompanyEnrichResponse;
  const details = company.details;
  const { global, ...countries } = details.traffic?.countryRank ?? {};
  return {
    status: 200,
    body: {
      status: 200,
      requestId,
      category: details.categories.map(({ code, name }) => ({ name, code })),
      logo: company.logo ?? null,
      website: company.website ?? null,
      languageLocale: company.locale ?? null,
      organization: {
        name: company.name,
        approxEmployees: company.employees ?? null,
        founded: company.founded == null ? null : String(company.founded),
        overview: company.bio ?? null,
        contactInfo: {
          emailAddresses: details.emails.map(({ value, label }: Labelled) => ({ value, label })),
          phoneNumbers: details.phones.map(({ value, label }: Labelled) => ({ number: value, label })),
          addresses: (details.locations as Place[]).map((place) => ({
            addressLine1: place.addressLine1 ?? null,
            addressLine2: place.addressLine2 ?? null,
            locality: place.city ?? null,
            region: { name: place.region ?? null, code: place.regionCode ?? null },
            country: { name: place.country ?? null, code: place.countryCode ?? null },
            postalCode: place.postalCode ?? null,
            label: place.label ?? null,
          })),
        },
        keyPeople: (details.keyPeople ?? []).map((person) => ({ name: person.fullName, title: person.title, link: person.avatar ?? null })),
        links: details.urls.map(({ value, label }: Labelled) => ({ url: value, label })),
        images: details.images.map(({ url, label }) => ({ url, label })),
        keywords: details.keywords,
      },
      socialProfiles: Object.entries(details.profiles).map(([service, profile]) => ({
        typeId: service,
        typeName: service.charAt(0).toUpperCase() + service.slice(1),
        url: profile.url ?? null,
        username: profile.username ?? null,
        id: profile.userid == null ? null : String(profile.userid),
        bio: profile.bio ?? null,
      })),
      traffic: { ranking: ranking(global ? { global } : {}), topCountryRanking: ranking(countries as Record<string, Rank>) },
      industries: details.industries,
    },
  };
}
