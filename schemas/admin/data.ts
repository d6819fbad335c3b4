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

/** An import of persons: its summary, and the training it was followed by unless training is manual. */
export const PersonImportSummary = ImportSummary.extend({ matchModel: MatchModelTrained.optional() }).meta({ id: 'PersonImportSummary' });
