-- The company data add-ons a plan includes (schemas/v3/company-data-add-ons.ts): company.enrich answers the
-- details each one gates only for accounts whose plan lists it, and reports it as enabled. Plans made before
-- add-ons existed keep answering everything, so they get every add-on.
ALTER TABLE plans ADD COLUMN data_add_ons text[] NOT NULL DEFAULT '{keypeople,traffic}';
