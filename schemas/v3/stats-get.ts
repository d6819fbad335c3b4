import { z } from 'zod';

export const StatsGetRequest = z
  .object({
    stats: z
      .array(z.enum(['person', 'company']))
      .max(2)
      .optional()
      .describe('Which products to report; all when absent or empty'),
  })
  .meta({ id: 'StatsGetRequest' });
export type StatsGetRequest = z.infer<typeof StatsGetRequest>;

const Metric = z
  .object({
    count: z.number().int().describe('Current value'),
    quota: z.number().int().nullable().describe('Allowed amount for the period; null when no quota applies'),
    overQuota: z.boolean().describe('True when count is greater than quota'),
  })
  .meta({ id: 'StatsMetric' });
export type Metric = z.infer<typeof Metric>;

const Enrichment = z.object({
  matches: Metric,
  misses: Metric,
  total: z.object({ count: z.number().int() }).describe('Every request of the operation, whatever its outcome'),
});

export const StatsGetResponse = z
  .object({
    period: z.object({
      start: z.iso.date().describe('First day of the current billing period'),
      end: z.iso.date().describe('Last day of the current billing period (inclusive)'),
    }),
    plan: z.object({
      name: z.string(),
      period: z.enum(['MONTH', 'YEAR']),
      baseCost: z.number(),
      daysRemainingInPeriod: z.number().int(),
    }),
    stats: z.object({
      person: z.object({ enrichment: Enrichment, subscriptions: Metric }).optional(),
      company: z.object({ enrichment: Enrichment }).optional(),
    }),
  })
  .meta({ id: 'StatsGetResponse' });
export type StatsGetResponse = z.infer<typeof StatsGetResponse>;
