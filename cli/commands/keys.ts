import type { Command } from 'commander';
import type { ApiKeyInfo, CreatedApiKey } from '../../schemas/admin/keys.ts';
import type { AdminClient } from '../admin-client.ts';
import { print, table, type Output } from '../output.ts';

export function registerKeyCommands(program: Command, connect: () => Promise<AdminClient>, output: () => Output) {
  const keys = program.command('keys').description('API keys (only their hashes are stored)');
  keys
    .command('create')
    .description('Create an API key; it is printed once and cannot be shown again')
    .requiredOption('--account <id>', 'account id')
    .action(async (options) => {
      const key = await (await connect()).post<CreatedApiKey>(`/accounts/${encodeURIComponent(options.account)}/keys`);
      print(output(), key, () => `${key.key}\n(key id ${key.id}; this is the only time the key is shown)`);
    });
  keys
    .command('list')
    .description("List an account's keys")
    .requiredOption('--account <id>', 'account id')
    .action(async (options) => {
      const { keys: list } = await (await connect()).get<{ keys: ApiKeyInfo[] }>(
        `/accounts/${encodeURIComponent(options.account)}/keys`,
      );
      print(output(), list, () => table(list, ['id', 'displayPrefix', 'createdAt', 'lastUsedAt', 'revokedAt']));
    });
  keys
    .command('revoke')
    .description('Revoke a key; every Kith process refuses it within a second')
    .argument('<keyId>', 'key id (from keys list)')
    .action(async (keyId: string) => {
      const key = await (await connect()).post<ApiKeyInfo>(`/keys/${encodeURIComponent(keyId)}/revoke`);
      print(output(), key, () => `Revoked ${key.id} (${key.displayPrefix}…) at ${key.revokedAt}`);
    });
}
