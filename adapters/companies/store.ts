import type { Readable } from 'node:stream';
import type { CompanyStore } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { importCompanies, sqlCompanyWriter } from './import.ts';
import { findCompanyByDomain, searchCompanies } from './lookup.ts';

/** The company data over any SqlClient: lookup by domain, search by name, and imports over the admin API. */
export function companyStore(db: SqlClient): CompanyStore {
  return {
    byDomain: (domain) => findCompanyByDomain(db, domain),
    search: (search) => searchCompanies(db, search),
    import: (input: Readable) => importCompanies(sqlCompanyWriter(db), input),
  };
}
