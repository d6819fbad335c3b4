import type { Clock } from '../../adapters/clock.ts';
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
  // deliverOnce adds Content-Type and User-Agent itself.
  const headers = signatureHeaders({
    id: delivery.id,
    timestamp: startedAt,
    body: delivery.body,
    secrets: await ctx.secrets.signingSecrets(delivery.accountId, startedAt),
  });
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
