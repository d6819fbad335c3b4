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

/** A training of the match model (docs/matching.md, "Training"): the version now in use, or none with too few persons. */
export const MatchModelTrained = z
  .object({
    version: z.string().optional().describe('trained-<n>: what answers name in match.model; absent when nothing was trained'),
    persons: z.number().int().describe('Persons trained on'),
  })
  .meta({ id: 'MatchModelTrained' });

/**
 * An import of persons: its summary, the training it was followed by unless training is manual, and of a CSV body
 * how its header was read.
 */
export const PersonImportSummary = ImportSummary.extend({
  matchModel: MatchModelTrained.optional(),
  columns: z.record(z.string(), z.string()).optional().describe('CSV: each column read, by its header name, and the field it gives'),
  ignoredColumns: z.array(z.string()).optional().describe('CSV: the columns left out, by header name: no field was found for them, or ?map= ignores them'),
}).meta({ id: 'PersonImportSummary' });
