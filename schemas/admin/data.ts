import { z } from 'zod';

/** What an import of NDJSON records did: counts, and the first rejected lines with their numbers. */
export const ImportSummary = z
  .object({
    lines: z.number().int(),
    imported: z.number().int().describe('Records new to the database'),
    updated: z.number().int().describe('Records whose id was there already: replaced'),
    rejectedCount: z.number().int(),
    rejected: z.array(z.object({ line: z.number().int(), error: z.string() })).describe('The first 1,000 rejected lines'),
  })
  .meta({ id: 'ImportSummary' });
