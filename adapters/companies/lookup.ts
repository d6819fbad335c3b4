import type { SqlClient } from '../db/sql-client.ts';
import { normaliseDomain } from '../../schemas/formats/domain-name.ts';
import { companyNameKey, placeKey } from '../../domain/companies/normalise.ts';

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
/**
 * The relevance order reads the closest names first: those at least this similar (pg_trgm similarity, `%` with
 * its threshold raised for one transaction), one floor after the other, then every similar name. A floor whose
 * names fill the page gives the answer, since every name left out is less similar than each of them. Over the
 * 200,000 bench companies most searches stop at 0.6 or 0.45, where the trigram index hands over tens or hundreds
 * of names rather than the thousands alike at 0.3: a bench name took 48 ms before, 11 ms after (bench/README.md).
 */
const RELEVANCE_FLOORS = [0.6, 0.45];
/** Every similar name, under pg_trgm's usual thresholds (see searchCompanies). */
const SIMILAR = '($1 <% name_key OR name_key % $1)';
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
 * `relevance` reads the closest names first (RELEVANCE_FLOORS), then every similar name if those do not fill
 * the page. `traffic` and `employees` give the same answer as `ORDER BY <holds every word> DESC, <WITHIN>
 * LIMIT n` over that set, in steps that read less: the names holding every word (by their words' index, few
 * but for a one-word query of a common word), then, while the page is not full, the only similar ones band by
 * band (BANDS). Finding every similar name of a common query means rechecking a few thousand rows (20-130 ms
 * over the 200,000 bench companies); most queries are answered from the first band or two
 * (`npm run bench -- --scenario company-search-200k --mode distributed`: bench/README.md).
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
  const select = (condition: string, order: string, limit: number, sql: SqlClient = db) =>
    sql.query<CandidateRow>(
      `SELECT domain, name, logo, locality, region, region_code, country, country_code
         FROM companies
        WHERE ${condition}
          AND place_keys @> $2::text[]
          AND NOT EXISTS (SELECT 1 FROM unnest($3::text[]) AS part
                           WHERE NOT place_keys && ARRAY['locality:' || part, 'region:' || part, 'country:' || part])
        ORDER BY ${order}
        LIMIT $4`,
      [nameKey, required, anyPlace, limit],
    );
  const closestFirst = async () => {
    for (const floor of RELEVANCE_FLOORS) {
      const closest = await db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [String(floor)]);
        return select('name_key % $1', RELEVANCE, search.limit, tx);
      });
      if (closest.length >= search.limit) return closest;
    }
    return select(SIMILAR, RELEVANCE, search.limit);
  };
  const bandByBand = async (sort: Exclude<CompanySort, 'relevance'>) => {
    const found = await select(`${SIMILAR} AND ${HOLDS_EVERY_WORD}`, WITHIN[sort], search.limit);
    for (const band of BANDS[sort]) {
      if (found.length >= search.limit) break;
      found.push(...(await select(`${SIMILAR} AND NOT ${HOLDS_EVERY_WORD} AND (${band})`, WITHIN[sort], search.limit - found.length)));
    }
    return found;
  };
  const rows = search.sort === 'relevance' ? await closestFirst() : await bandByBand(search.sort);
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
