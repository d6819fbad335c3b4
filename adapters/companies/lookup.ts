import type { SqlClient } from '../db/sql-client.ts';
import { companyNameKey, normaliseDomain, placeKey } from './normalise.ts';

export type StoredCompany = { domain: string; document: Record<string, unknown>; updated: string | null };

/** The company a domain names, in any writing normaliseDomain accepts; undefined when none (or not a domain). */
export async function findCompanyByDomain(db: SqlClient, domain: string): Promise<StoredCompany | undefined> {
  const key = normaliseDomain(domain);
  if (key === undefined) return undefined;
  const [row] = await db.query<StoredCompany>(
    `SELECT domain, document, to_char(updated, 'YYYY-MM-DD') AS updated FROM companies WHERE domain = $1`,
    [key],
  );
  return row;
}

export type CompanySort = 'traffic' | 'relevance' | 'employees';

export type CompanySearch = {
  name: string;
  /** City. */
  locality?: string;
  /** Region name or code. */
  region?: string;
  /** Country name or code. */
  country?: string;
  /** Any of locality, region and country, comma-separated: every part must name one of them. */
  location?: string;
  sort: CompanySort;
  limit: number;
};

/** One element of the company.search answer. */
export type CompanyCandidate = {
  lookupDomain: string;
  orgName: string;
  logo: string | null;
  location: {
    locality: string | null;
    region: { name: string | null; code: string | null };
    country: { name: string | null; code: string | null };
  };
};

/**
 * Names holding every word of the query come before names that are only alike (`Silverleaf` before
 * `Silverpath Shop`), whatever the order asked for: otherwise a large or much-visited company with a merely
 * similar name would head a traffic or employees search. A misspelt query matches no name word for word, and
 * is answered from the similar ones. Ties go to the closer name, then to the more visited site; the domain
 * makes the order total.
 */
const WORD_FOR_WORD = `NOT EXISTS (SELECT 1 FROM unnest(string_to_array($1, ' ')) AS word
                       WHERE position(' ' || word || ' ' IN ' ' || name_key || ' ') = 0) DESC`;
const ORDER: Record<CompanySort, string> = {
  relevance: 'similarity(name_key, $1) DESC, word_similarity($1, name_key) DESC, traffic_rank ASC NULLS LAST, domain',
  traffic: `${WORD_FOR_WORD}, traffic_rank ASC NULLS LAST, similarity(name_key, $1) DESC, domain`,
  employees: `${WORD_FOR_WORD}, employees DESC NULLS LAST, similarity(name_key, $1) DESC, traffic_rank ASC NULLS LAST, domain`,
};

type CandidateRow = {
  domain: string;
  name: string;
  logo: string | null;
  locality: string | null;
  region: string | null;
  region_code: string | null;
  country: string | null;
  country_code: string | null;
};

/**
 * Companies whose name is like `name` (common words such as Inc. ignored): the query is close to a run of words
 * of the name (pg_trgm word similarity, `<%`, at least 0.6) or to the whole name (similarity, `%`, at least
 * 0.3), each served by the trigram index. Filters compare the headquarters, case and accents folded.
 */
export async function searchCompanies(db: SqlClient, search: CompanySearch): Promise<CompanyCandidate[]> {
  const nameKey = companyNameKey(search.name);
  if (nameKey === '') return [];
  const required = [
    ...(search.locality ? [`locality:${placeKey(search.locality)}`] : []),
    ...(search.region ? [`region:${placeKey(search.region)}`] : []),
    ...(search.country ? [`country:${placeKey(search.country)}`] : []),
  ];
  const anyPlace = (search.location ?? '').split(',').map(placeKey).filter((part) => part !== '');
  const rows = await db.query<CandidateRow>(
    `SELECT domain, name, logo, locality, region, region_code, country, country_code
       FROM companies
      WHERE ($1 <% name_key OR name_key % $1)
        AND place_keys @> $2::text[]
        AND NOT EXISTS (SELECT 1 FROM unnest($3::text[]) AS part
                         WHERE NOT place_keys && ARRAY['locality:' || part, 'region:' || part, 'country:' || part])
      ORDER BY ${ORDER[search.sort]}
      LIMIT $4`,
    [nameKey, required, anyPlace, search.limit],
  );
  return rows.map((row) => ({
    lookupDomain: row.domain,
    orgName: row.name,
    logo: row.logo,
    location: {
      locality: row.locality,
      region: { name: row.region, code: row.region_code },
      country: { name: row.country, code: row.country_code },
    },
  }));
}
