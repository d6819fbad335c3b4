import { Command } from 'commander';
import { ConfigError, loadCliConfig } from '../adapters/config.ts';
import { adminClient, CliError } from './admin-client.ts';
import { registerAccountCommands } from './commands/accounts.ts';
import { registerConsoleCommands } from './commands/console.ts';
import { registerKeyCommands } from './commands/keys.ts';
import { registerPlanCommands } from './commands/plans.ts';
import { registerWebhookCommands } from './commands/webhooks.ts';
import { registerDataCommands } from './commands/data.ts';
import { registerEnrichCommands } from './commands/enrich.ts';
import { registerGraphCommands } from './commands/graph.ts';
import { registerMatchingCommands } from './commands/matching.ts';
import { registerPersonCommands } from './commands/persons.ts';

const program = new Command('kith')
  .description('Kith: run the server and manage plans, accounts, API keys and console links (over the admin API at KITH_URL)')
  .option('--json', 'machine-readable output', false)
  .showHelpAfterError();

const output = () => ({ json: Boolean(program.opts().json) });
const connect = () => adminClient(loadCliConfig());

program
  .command('serve')
  .description('Run the Kith server (embedded unless DATABASE_URL and KAFKA_BROKERS are set)')
  .option('--role <roles>', 'all, ingress or worker:<name>, comma-separated (default: KITH_ROLES, else all)')
  .action(async (options: { role?: string }) => {
    const { runFromEnvironment } = await import('../main.ts');
    await runFromEnvironment(options.role ? { KITH_ROLES: options.role } : {});
  });
registerPlanCommands(program, connect, output);
registerAccountCommands(program, connect, output);
registerKeyCommands(program, connect, output);
registerWebhookCommands(program, connect, output);
registerConsoleCommands(program, connect, output);
registerDataCommands(program, output);
registerMatchingCommands(program, output);
registerPersonCommands(program, output);
registerGraphCommands(program, connect, output);
registerEnrichCommands(program, output);

program.parseAsync(process.argv).catch((error: unknown) => {
  const known = error instanceof CliError || error instanceof ConfigError;
  process.stderr.write(`kith: ${known ? error.message : String((error as Error).stack ?? error)}\n`);
  process.exit(1);
});
