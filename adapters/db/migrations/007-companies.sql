-- The service's own company data, loaded by `kith import companies` (docs/company-records.md). The document is
-- the product, returned by company.enrich as it is; the other columns are what lookup and search read, taken
-- from the document at import (adapters/companies/columns.ts).
--
-- Search matches names by trigrams (pg_trgm) rather than full-text search: company names are short, often
-- coined words ("Brightwave") or misspelt in queries, which a stemmed tsvector does not match, and trigram
-- similarity gives the "closest name first" order that sort=relevance asks for. PostgreSQL 15 ships pg_trgm
-- (Debian's postgresql-15, the postgres:15 image), and it is a trusted extension, so the database owner may
-- create it; PGlite loads its build of it in adapters/db/pglite.ts.
-- In `public` whatever the search path of the connection that first migrates (tests isolate themselves in
-- schemas of their own), so that every schema's queries find its functions and operators.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE TABLE companies (
  domain       text PRIMARY KEY,         -- normalised (domain/companies/normalise.ts): importing it again replaces the company
  document     json NOT NULL,            -- json, not jsonb: returned as given, and faster to load
  name         text NOT NULL,
  name_key     text NOT NULL,            -- the name lower-cased, without accents, punctuation or words such as Inc.
  logo         text,
  -- The headquarters (the record's first location): what search reports and filters on.
  locality     text,
  region       text,
  region_code  text,
  country      text,
  country_code text,
  traffic_rank integer,                  -- global web traffic rank: 1 is the most visited; null when unranked
  employees    integer,
  -- The headquarters as filters compare it, case and accents folded: {"locality:munchen","region:bayern","region:by",...}.
  -- One column rather than folded copies of five: filters apply to the rows the name matched, so it needs no index.
  place_keys   text[] NOT NULL,
  updated      date,
  imported_at  timestamptz NOT NULL DEFAULT now()
);

-- Serves both name predicates of search: word similarity (`<%`) and similarity (`%`).
CREATE INDEX companies_name_key_trgm ON companies USING gin (name_key public.gin_trgm_ops);
