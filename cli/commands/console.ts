import type { Command } from 'commander';
import type { ConsoleLink } from '../../schemas/admin/console.ts';
import type { AdminClient } from '../admin-client.ts';
import { print, type Output } from '../output.ts';

export function registerConsoleCommands(program: Command, connect: () => Promise<AdminClient>, output: () => Output) {
  const consoleCommand = program.command('console').description('The web console at /console');
  consoleCommand
    .command('link')
    .description("Make a one-time login link into an account's console (it works once, and expires)")
    .requiredOption('--account <id>', 'account id')
    .action(async (options) => {
      const link = await (await connect()).post<ConsoleLink>(`/accounts/${encodeURIComponent(options.account)}/console-link`);
      print(output(), link, () => `${link.url}\n(works once, until ${link.expiresAt}; give it only to the account's user)`);
    });
}
