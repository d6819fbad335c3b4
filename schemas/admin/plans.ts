import { z } from 'zod';
import { CompanyDataAddOnId } from '../v3/company-data-add-ons.ts';

/** Audiences an account may hold, building or ready, on a plan created without `audienceLimit`. */
export const DEFAULT_AUDIENCE_LIMIT = 25;

export const PlanPeriod = z.enum(['MONTH', 'YEAR']);
export type PlanPeriod = z.infer<typeof PlanPeriod>;

export const CreatePlanRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    period: PlanPeriod,
    baseCost: z.number().min(0).max(1e9),
    rateLimit: z.number().int().min(1).max(1_000_000).describe('Calls allowed per rate-limit window'),
    personQuota: z.number().int().min(0).nullable().optional(),
    companyQuota: z.number().int().min(0).nullable().optional(),
    audienceLimit: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .optional()
      .describe(`Audiences an account may hold at once, building or ready; ${DEFAULT_AUDIENCE_LIMIT} when absent`),
    dataAddOns: z
      .array(CompanyDataAddOnId)
      .max(20)
      .optional()
      .describe('The company data add-ons the plan includes; every one when absent'),
  })
  .meta({ id: 'CreatePlanRequest' });
export type CreatePlanRequest = z.infer<typeof CreatePlanRequest>;

export const Plan = z
  .object({
    id: z.uuid(),
    name: z.string(),
    period: PlanPeriod,
    baseCost: z.number(),
    rateLimit: z.number().int(),
    personQuota: z.number().int().nullable(),
    companyQuota: z.number().int().nullable(),
    audienceLimit: z.number().int(),
    dataAddOns: z.array(CompanyDataAddOnId),
    createdAt: z.string(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof Plan>;

export const PlanList = z.object({ plans: z.array(Plan) }).meta({ id: 'PlanList' });
