import { Option, type Command } from 'commander';
import { DEFAULT_AUDIENCE_LIMIT, type Plan } from '../../schemas/admin/plans.ts';
import type { AdminClient } from '../admin-client.ts';
import { print, table, type Output } from '../output.ts';

const number = (value: string) => {
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`not a number: ${value}`);
  return parsed;
};

export function registerPlanCommands(program: Command, connect: () => Promise<AdminClient>, output: () => Output) {
  const plans = program.command('plans').description('Plans: rate limit, quotas, audience limit, billing period and price');
  plans
    .command('create')
    .description('Create a plan')
    .requiredOption('--name <name>', 'display name, unique')
    .addOption(new Option('--period <period>', 'billing period').choices(['MONTH', 'YEAR']).makeOptionMandatory())
    .requiredOption('--base-cost <amount>', 'base price of a period', number)
    .requiredOption('--rate-limit <calls>', 'calls allowed per 60-second window', number)
    .option('--person-quota <matches>', 'person matches allowed per period', number)
    .option('--company-quota <matches>', 'company matches allowed per period', number)
    .option('--audience-limit <audiences>', `audiences an account may hold at once, building or ready (${DEFAULT_AUDIENCE_LIMIT})`, number)
    .option('--data-add-ons <ids>', 'company data add-ons included, comma-separated (keypeople,traffic); all when absent', (value: string) =>
      value.split(',').map((id) => id.trim()).filter((id) => id !== ''),
    )
    .action(async (options) => {
      const plan = await (await connect()).post<Plan>('/plans', {
        name: options.name,
        period: options.period,
        baseCost: options.baseCost,
        rateLimit: options.rateLimit,
        personQuota: options.personQuota,
        companyQuota: options.companyQuota,
        audienceLimit: options.audienceLimit,
        dataAddOns: options.dataAddOns,
      });
      print(output(), plan, () => `Created plan ${plan.name} (${plan.id})`);
    });
  plans
    .command('list')
    .description('List plans')
    .action(async () => {
      const { plans: list } = await (await connect()).get<{ plans: Plan[] }>('/plans');
      print(output(), list, () =>
        table(list, ['name', 'period', 'baseCost', 'rateLimit', 'personQuota', 'companyQuota', 'audienceLimit', 'id']),
      );
    });
}
