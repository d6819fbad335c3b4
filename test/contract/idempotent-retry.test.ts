import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONSENT_COLLECTION } from '../support/consent.ts';
import { deploymentStartedByTest } from '../support/deployment.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * A synchronous request answered 503 past its deadline has been published, and is worked once a worker comes.
 * Retried under its Idempotency-Key it must be that request again: one consent event, not two.
 */
describe('a synchronous request retried under its Idempotency-Key after a 503 (distributed)', () => {
  const kith = deploymentStartedByTest({ KITH_SYNC_DEADLINE_MS: '500' });

  it('is worked once: the consent worker records one event for the 503 and its retry', async () => {
    const email = `retried-${randomUUID()}@example.org`;
    const body = { email, consentPurposes: [{ purposeId: 1, channel: ['web'], enabled: true, ttl: null }], ...CONSENT_COLLECTION };
    const withKey = { key: kith.account.key, headers: { 'Idempotency-Key': randomUUID() } };

    // No consent worker yet: published, and unanswered past the deadline.
    const refused = await kith.client.v3('permission.create', body, withKey);
    expect(refused.status, refused.text).toBe(503);

    // Retried as a client does until it is answered (the worker may take longer than the deadline to join).
    await kith.start('worker:consent');
    let accepted = refused;
    await waitFor('the retry to be answered', async () => (accepted = await kith.client.v3('permission.create', body, withKey)).status !== 503, {
      timeoutMs: 60_000,
    });
    expect(accepted.status, accepted.text).toBe(202);
    const found = await kith.client.v3('permission.find', { email }, { key: kith.account.key });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toHaveLength(1);
  }, 120_000);
});
