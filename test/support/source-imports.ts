import { Readable } from 'node:stream';
import { importPersons, sqlPersonWriter, type PersonWriter } from '../../adapters/persons/import.ts';
import { pgCopyPersonWriter } from '../../adapters/persons/pg-copy-writer.ts';
import { dataImplementations } from './data-databases.ts';

/** Imports of person records, one source an import, as `kith import persons --source` makes them. */
export type SourceImports = { import(source: string, records: object[]): Promise<void>; close(): Promise<void> };

const sourceImports = (writerOf: (source: string) => Promise<PersonWriter>): SourceImports => ({
  async import(source, records) {
    const writer = await writerOf(source);
    try {
      await importPersons(writer, Readable.from(records.map((record) => `${JSON.stringify(record)}\n`)), { parseThreads: 0 });
    } finally {
      await writer.close();
    }
  },
  close: async () => {},
});

/** Writers of each source, one an import: COPY on PostgreSQL, set-based statements on PostgreSQL and PGlite. */
export const sourceImportImplementations = () =>
  dataImplementations<SourceImports>({
    copy: async (url) => sourceImports((source) => pgCopyPersonWriter(url, { source })),
    sql: (db) => sourceImports(async (source) => sqlPersonWriter(db, { source })),
  });
