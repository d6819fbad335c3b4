import type { Command } from 'commander';
import type { Account } from '../../schemas/admin/accounts.ts';
import type { AdminClient } from '../admin-client.ts';
import { print, table, type Output } from '../output.ts';

const summary = (account: Account) => ({
  id: account.id,
  name: account.name,
  plan: account.plan.name,
  identitySharing: account.identitySharing,
  billingAnchor: account.billingAnchor,
});

export function registerAccountCommands(program: Command, connect: () => Promise<AdminClient>, output: () => Output) {
  const accounts = program.command('accounts').description('Customer accounts');
  accounts
    .command('create')
    .description('Create an account')
    .requiredOption('--name <name>', 'display name')
    .option('--plan <plan>', 'plan name (default: Standard)')
    .option('--identity-sharing', 'take part in identity sharing (second-party audience data)', false)
    .action(async (options) => {
      const account = await (await connect()).post<Account>('/accounts', {
        name: options.name,
        plan: options.plan,
        identitySharing: options.identitySharing,
      });
      print(output(), account, () => `Created account ${account.id} (${account.name}, plan ${account.plan.name})`);
    });
  accounts
    .command('list')
    .description('List accounts')
    .action(async () => {
      const { accounts: list } = await (await connect()).get<{ accounts: Account[] }>('/accounts');
      print(output(), list, () => table(list.map(summary), ['id', 'name', 'plan', 'identitySharing', 'billingAnchor']));
    });
  accounts
    .command('show')
    .description('Show one account')
    .argument('<id>', 'account id')
    .action(async (id: string) => {
      const account = await (await connect()).get<Account>(`/accounts/${encodeURIComponent(id)}`);
      print(output(), account, () => table([summary(account)], ['id', 'name', 'plan', 'identitySharing', 'billingAnchor']));
    });
}
