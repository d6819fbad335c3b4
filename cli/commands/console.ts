import { Option, type Command } from 'commander';
import type { ConsoleLink } from '../../schemas/admin/console.ts';
import { CliError, type AdminClient } from '../admin-client.ts';
import { print, type Output } from '../output.ts';

export function registerConsoleCommands(program: Command, connect: () => Promise<AdminClient>, output: () => Output) {
  const consoleCommand = program.command('console').description('The web console at /console');
  consoleCommand
    .command('link')
    .description("Make a one-time login link into an account's console, or the operator's (it works once, and expires)")
    .addOption(new Option('--account <id>', 'account id: its keys, usage and webhooks').conflicts('operator'))
    .option('--operator', "the operator's own pages: the identity graph (Kith's records), no account's")
    .action(async (options: { account?: string; operator?: boolean }) => {
      if (!options.account && !options.operator) throw new CliError('Say whose console: --account ACCOUNT_ID or --operator');
      const client = await connect();
      const link = options.account
        ? await client.post<ConsoleLink>(`/accounts/${encodeURIComponent(options.account)}/console-link`)
        : await client.post<ConsoleLink>('/console-link');
      const whose = options.account ? "give it only to the account's user" : 'it signs in as the operator: keep it to yourself';
      print(output(), link, () => `${link.url}\n(works once, until ${link.expiresAt}; ${whose})`);
    });
}
