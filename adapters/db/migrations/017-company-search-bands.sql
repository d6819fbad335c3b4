-- What lets company.search in the traffic and employees orders read a few hundred names rather than every similar
-- one (adapters/companies/lookup.ts, searchCompanies). Over 200,000 companies a common name is similar (pg_trgm)
-- to a thousand or more, and finding them all took 20-130 ms a query, almost all of it reading and rechecking them.

-- Names holding every word of the query come first in those orders: found by their words, as an array, and not
-- by trigrams. An expression index, so nothing is added to the table; the query must write the same expression.
CREATE INDEX companies_name_words ON companies USING gin (string_to_array(name_key, ' '));

-- The names only similar to the query are then looked for band by band, most visited (or largest) band first,
-- until the page is full: most queries stop in the first band or two, a small share of the table. One trigram
-- index a band, on the rows of that band only; the last band of each order (from rank 100,000 on and unranked,
-- fewer than 100 employees and unknown) is served by companies_name_key_trgm. The predicates are written in
-- lookup.ts exactly as here: PostgreSQL uses a partial index only when the query's conditions imply its own.
CREATE INDEX companies_name_key_trgm_rank_1 ON companies USING gin (name_key public.gin_trgm_ops)
  WHERE traffic_rank < 100;
CREATE INDEX companies_name_key_trgm_rank_2 ON companies USING gin (name_key public.gin_trgm_ops)
  WHERE traffic_rank >= 100 AND traffic_rank < 1000;
CREATE INDEX companies_name_key_trgm_rank_3 ON companies USING gin (name_key public.gin_trgm_ops)
  WHERE traffic_rank >= 1000 AND traffic_rank < 10000;
CREATE INDEX companies_name_key_trgm_rank_4 ON companies USING gin (name_key public.gin_trgm_ops)
  WHERE traffic_rank >= 10000 AND traffic_rank < 100000;

CREATE INDEX companies_name_key_trgm_employees_1 ON companies USING gin (name_key public.gin_trgm_ops)
  WHERE employees >= 100000;
CREATE INDEX companies_name_key_trgm_employees_2 ON companies USING gin (name_key public.gin_trgm_ops)
  WHERE employees >= 10000 AND employees < 100000;
CREATE INDEX companies_name_key_trgm_employees_3 ON companies USING gin (name_key public.gin_trgm_ops)
  WHERE employees >= 1000 AND employees < 10000;
CREATE INDEX companies_name_key_trgm_employees_4 ON companies USING gin (name_key public.gin_trgm_ops)
  WHERE employees >= 100 AND employees < 1000;
