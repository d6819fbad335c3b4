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
 *
 * The words are compared as arrays (name_key and the query key are words joined by single spaces), the way the
 * index companies_name_words (migration 017) is written.
 */
const HOLDS_EVERY_WORD = `string_to_array(name_key, ' ') @> string_to_array($1, ' ')`;
const RELEVANCE = 'similarity(name_key, $1) DESC, word_similarity($1, name_key) DESC, traffic_rank ASC NULLS LAST, domain';
/** The traffic and employees orders after the word-for-word names: within them, and within the only similar. */
const WITHIN: Record<Exclude<CompanySort, 'relevance'>, string> = {
  traffic: 'traffic_rank ASC NULLS LAST, similarity(name_key, $1) DESC, domain',
  employees: 'employees DESC NULLS LAST, similarity(name_key, $1) DESC, traffic_rank ASC NULLS LAST, domain',
};
/**
 * The table cut into consecutive bands of that order, by powers of ten, together the whole table: every row of a
 * band comes before every row of the next. Each band but the last has a partial trigram index written with
 * the same predicate (migration 017), which PostgreSQL uses only when the query's predicate implies it.
 */
const BANDS: Record<Exclude<CompanySort, 'relevance'>, readonly string[]> = {
  traffic: [
    'traffic_rank < 100',
    'traffic_rank >= 100 AND traffic_rank < 1000',
    'traffic_rank >= 1000 AND traffic_rank < 10000',
    'traffic_rank >= 10000 AND traffic_rank < 100000',
    'traffic_rank >= 100000 OR traffic_rank IS NULL',
  ],
  employees: [
    'employees >= 100000',
    'employees >= 10000 AND employees < 100000',
    'employees >= 1000 AND employees < 10000',
    'employees >= 100 AND employees < 1000',
    'employees < 100 OR employees IS NULL',
  ],
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
 * 0.3), each served by a trigram index. Filters compare the headquarters, case and accents folded.
 *
 * `relevance` is one query over every similar name. `traffic` and `employees` give the same answer as
 * `ORDER BY <holds every word> DESC, <WITHIN> LIMIT n` over that set, in steps that read less: the names holding
 * every word (by their words' index, few but for a one-word query of a common word), then, while the page is not
 * full, the only similar ones band by band (BANDS). Finding every similar name of a common query means
 * rechecking a few thousand rows (20-130 ms over the 200,000 bench companies); most queries are answered from
 * the first band or two (`npm run bench -- --scenario company-search-200k --mode distributed`: bench/README.md).
 * The steps are separate statements: a search during an import may see it half-way, as one statement could.
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
  const select = (condition: string, order: string, limit: number) =>
    db.query<CandidateRow>(
      `SELECT domain, name, logo, locality, region, region_code, country, country_code
         FROM companies
        WHERE ($1 <% name_key OR name_key % $1)
          AND place_keys @> $2::text[]
          AND NOT EXISTS (SELECT 1 FROM unnest($3::text[]) AS part
                           WHERE NOT place_keys && ARRAY['locality:' || part, 'region:' || part, 'country:' || part])
          AND ${condition}
        ORDER BY ${order}
        LIMIT $4`,
      [nameKey, required, anyPlace, limit],
    );
  let rows: CandidateRow[];
  if (search.sort === 'relevance') {
    rows = await select('true', RELEVANCE, search.limit);
  } else {
    rows = await select(HOLDS_EVERY_WORD, WITHIN[search.sort], search.limit);
    for (const band of BANDS[search.sort]) {
      if (rows.length >= search.limit) break;
      rows.push(...(await select(`NOT ${HOLDS_EVERY_WORD} AND (${band})`, WITHIN[search.sort], search.limit - rows.length)));
    }
  }
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
