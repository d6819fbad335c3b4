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
  })
  .meta({ id: 'StatsGetResponse' });
export type StatsGetResponse = z.infer<typeof StatsGetResponse>;
