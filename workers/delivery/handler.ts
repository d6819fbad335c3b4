import type { Clock } from '../../adapters/clock.ts';
import { PermanentError } from '../../adapters/errors.ts';
import type { ClaimedDelivery, DeliveryAfterAttempt, WebhookSecretStore } from '../../adapters/db/port.ts';
import type { WebhookAttempt } from '../../schemas/admin/webhooks.ts';
import { deliverOnce, type NetworkPolicy } from './safe-http.ts';
import { nextAttemptDelayMs } from './schedule.ts';
import { signatureHeaders } from './sign.ts';

export type AttemptContext = {
  secrets: WebhookSecretStore;
  clock: Clock;
  random: () => number;
  policy: NetworkPolicy;
  timeoutMs: number;
  maxResponseBytes: number;
  scheduleSeconds: readonly number[];
};

export type AttemptOutcome = { attempt: Omit<WebhookAttempt, 'startedAt'> & { startedAt: Date }; next: DeliveryAfterAttempt };

/** One attempt of one delivery: sign, POST, and decide what comes next (done, gone, or due again later). */
export async function attemptDelivery(delivery: ClaimedDelivery, ctx: AttemptContext): Promise<AttemptOutcome> {
  const startedAt = ctx.clock.now();
  let secrets: string[];
  try {
    secrets = await ctx.secrets.signingSecrets(delivery.accountId, startedAt);
  } catch (error) {
    // No signing secret can be made for an account that does not exist: nothing may be sent in its name, now
    // or on a later attempt, so the delivery fails at once instead of being claimed again forever.
    if (!(error instanceof PermanentError)) throw error;
    const attempt = { attempt: delivery.attempt, startedAt, outcome: 'failed' as const, statusCode: null, latencyMs: 0 };
    return { attempt: { ...attempt, error: `not sent: no signing secret for the account (${error.message})` }, next: { status: 'failed' } };
  }
  // deliverOnce adds Content-Type and User-Agent itself.
  const headers = signatureHeaders({ id: delivery.id, timestamp: startedAt, body: delivery.body, secrets });
  const result = await deliverOnce(
    { url: delivery.url, body: delivery.body, headers },
    { policy: ctx.policy, timeoutMs: ctx.timeoutMs, maxResponseBytes: ctx.maxResponseBytes },
  );
  const attempt = {
    attempt: delivery.attempt,
    startedAt,
    outcome: result.outcome,
    statusCode: result.status ?? null,
    latencyMs: Math.round(result.latencyMs),
    error: result.error ?? null,
  };
  if (result.outcome !== 'failed') return { attempt, next: { status: result.outcome } };
  const delay = nextAttemptDelayMs({
    attemptsMade: delivery.attempt,
    scheduleSeconds: ctx.scheduleSeconds,
    retryAfter: result.retryAfter,
    random: ctx.random,
    now: ctx.clock.now(),
  });
  return {
    attempt,
    next: delay === undefined ? { status: 'failed' } : { status: 'pending', nextAttemptAt: new Date(ctx.clock.now().getTime() + delay) },
  };
}
