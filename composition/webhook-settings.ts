import { ConfigError, type ServerConfig } from '../adapters/config.ts';
import { checkNetworkPolicy, type NetworkPolicy } from '../workers/delivery/safe-http.ts';
import { parseRetrySchedule } from '../workers/delivery/schedule.ts';

export type WebhookSettings = { policy: NetworkPolicy; scheduleSeconds: number[] };

/** The webhook settings, checked at start-up: a bad value stops Kith with a message naming the variable. */
export function webhookSettings(config: ServerConfig): WebhookSettings {
  const policy = { allowedNetworks: config.webhooks.allowedNetworks };
  try {
    checkNetworkPolicy(policy);
  } catch (error) {
    throw new ConfigError(`Invalid configuration: KITH_WEBHOOK_ALLOWED_NETWORKS: ${(error as Error).message}`);
  }
  try {
    return { policy, scheduleSeconds: parseRetrySchedule(config.webhooks.schedule) };
  } catch (error) {
    throw new ConfigError(`Invalid configuration: KITH_WEBHOOK_SCHEDULE: ${(error as Error).message}`);
  }
}
