import { Option, type Command } from 'commander';
import type { WebhookDelivery, WebhookDeliveryDetail, WebhookSecret } from '../../schemas/admin/webhooks.ts';
import { CliError, type AdminClient } from '../admin-client.ts';
import { print, table, type Output } from '../output.ts';

const account = (id: string) => `/accounts/${encodeURIComponent(id)}`;

export function registerWebhookCommands(program: Command, connect: () => Promise<AdminClient>, output: () => Output) {
  const webhooks = program.command('webhooks').description("An account's webhook signing secret");
  webhooks
    .command('secret')
    .description('Show the signing secret receivers verify webhook-signature with')
    .requiredOption('--account <id>', 'account id')
    .action(async (options) => {
      const secret = await (await connect()).get<WebhookSecret>(`${account(options.account)}/webhook-secret`);
      print(output(), secret, () =>
        secret.previousSecret ? `${secret.secret}\n(previous, signing until ${secret.previousExpiresAt}: ${secret.previousSecret})` : secret.secret,
      );
    });
  webhooks
    .command('rotate')
    .description('Make a new signing secret; the previous one keeps signing for the overlap period')
    .requiredOption('--account <id>', 'account id')
    .action(async (options) => {
      const secret = await (await connect()).post<WebhookSecret>(`${account(options.account)}/webhook-secret/rotate`);
      print(output(), secret, () => `${secret.secret}\n(the previous secret signs too until ${secret.previousExpiresAt})`);
    });

  const deliveries = program.command('deliveries').description('Webhook deliveries and their attempts');
  deliveries
    .command('list')
    .description("List an account's deliveries, newest first")
    .requiredOption('--account <id>', 'account id')
    .addOption(new Option('--status <status>', 'only these').choices(['pending', 'delivered', 'failed', 'gone']))
    .option('--limit <n>', 'at most this many', '100')
    .action(async (options) => {
      const query = new URLSearchParams({ limit: options.limit, ...(options.status && { status: options.status }) });
      const { deliveries: list } = await (await connect()).get<{ deliveries: WebhookDelivery[] }>(
        `${account(options.account)}/deliveries?${query}`,
      );
      print(output(), list, () => table(list, ['id', 'operation', 'status', 'attempts', 'createdAt', 'nextAttemptAt']));
    });
  deliveries
    .command('show')
    .description('Show a delivery with every attempt')
    .argument('<deliveryId>', 'the webhook-id')
    .action(async (deliveryId: string) => {
      const delivery = await (await connect()).get<WebhookDeliveryDetail>(`/deliveries/${encodeURIComponent(deliveryId)}`);
      print(output(), delivery, () =>
        [
          `${delivery.id}  ${delivery.status}  ${delivery.url}`,
          table(delivery.attemptLog, ['attempt', 'startedAt', 'outcome', 'statusCode', 'latencyMs', 'error']),
        ].join('\n'),
      );
    });
  deliveries
    .command('replay')
    .description('Deliver one delivery again, or every failed one of an account since a time')
    .argument('[deliveryId]', 'the webhook-id of one delivery')
    .option('--account <id>', 'with --since: the account whose failed deliveries to replay')
    .option('--since <time>', 'ISO 8601 time, e.g. 2026-11-20T00:00:00Z')
    .action(async (deliveryId: string | undefined, options) => {
      const client = await connect();
      if (deliveryId) {
        const delivery = await client.post<WebhookDeliveryDetail>(`/deliveries/${encodeURIComponent(deliveryId)}/replay`);
        print(output(), delivery, () => `${delivery.id} is due again now`);
        return;
      }
      if (!options.account || !options.since) throw new CliError('give a delivery id, or --account and --since');
      const result = await client.post<{ replayed: number }>(`${account(options.account)}/deliveries/replay`, {
        since: new Date(options.since).toISOString(),
      });
      print(output(), result, () => `${result.replayed} failed deliveries are due again now`);
    });
}
