import { z } from 'zod';
import { Plan } from './plans.ts';

export const CreateAccountRequest = z
  .object({
    name: z.string().trim().min(1).max(200),
    plan: z.string().trim().min(1).max(100).optional().describe('Plan name; the Standard plan when absent'),
    identitySharing: z.boolean().optional(),
  })
  .meta({ id: 'CreateAccountRequest' });
export type CreateAccountRequest = z.infer<typeof CreateAccountRequest>;

export const Account = z
  .object({
    id: z.uuid(),
    name: z.string(),
    plan: Plan,
    identitySharing: z.boolean(),
    billingAnchor: z.iso.date().describe('The day billing periods are counted from'),
    createdAt: z.string(),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

export const AccountList = z.object({ accounts: z.array(Account) }).meta({ id: 'AccountList' });
