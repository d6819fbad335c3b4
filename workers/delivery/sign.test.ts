import { createHmac } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isWebhookSecret, newWebhookSecret, signatureHeaders } from './sign.ts';

const body = JSON.stringify({ status: 200, fullName: 'Ada Lovelace' });

function signed(secrets: string[], extra: { id?: string; timestamp?: Date; body?: string } = {}) {
  return signatureHeaders({
    id: extra.id ?? 'msg_2nq9Zk4xY1',
    timestamp: extra.timestamp ?? new Date(),
    body: extra.body ?? body,
    secrets,
  });
}

describe('newWebhookSecret', () => {
  it('is whsec_ and the base64 of 32 random bytes, different every time', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(isWebhookSecret(secret)).toBe(true);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});

describe('isWebhookSecret', () => {
  it('accepts 24 to 64 bytes of padded base64 after whsec_', () => {
    const of = (bytes: number) => `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`;
    expect([23, 24, 64, 65].map((bytes) => isWebhookSecret(of(bytes)))).toEqual([false, true, true, false]);
  });

  it('refuses other prefixes and broken base64', () => {
    const encoded = Buffer.alloc(32, 1).toString('base64');
    expect(isWebhookSecret(encoded)).toBe(false);
    expect(isWebhookSecret(`whsk_${encoded}`)).toBe(false);
    expect(isWebhookSecret(`whsec_${encoded.slice(0, -1)}`)).toBe(false);
    expect(isWebhookSecret(`whsec_${encoded.replace('A', '-')}`)).toBe(false);
    expect(isWebhookSecret('whsec_')).toBe(false);
  });
});

describe('signatureHeaders', () => {
  it("verifies with the Standard Webhooks library's verifier", () => {
    const secret = newWebhookSecret();
    const headers = signed([secret]);
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('is base64 HMAC-SHA256 of id.timestamp.body, with the timestamp in unix seconds', () => {
    const key = Buffer.alloc(32, 42);
    const timestamp = new Date('2026-09-01T12:00:00.999Z');
    const headers = signed([`whsec_${key.toString('base64')}`], { id: 'msg_1', timestamp });
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe('1788264000');
    const expected = createHmac('sha256', key).update(`msg_1.1788264000.${body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('signs with every secret during a rotation, and each one verifies', () => {
    const [current, next] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signed([current, next]);
    const signatures = headers['webhook-signature']!.split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((signature) => signature.startsWith('v1,'))).toBe(true);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(next).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  it('fails verification when the body, the id or the timestamp is changed', () => {
    const secret = newWebhookSecret();
    const headers = signed([secret]);
    const verifier = new Webhook(secret);
    expect(() => verifier.verify(body.replace('Ada', 'Eve'), headers)).toThrow('No matching signature found');
    expect(() => verifier.verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow(WebhookVerificationError);
    const earlier = String(Number(headers['webhook-timestamp']) - 1);
    expect(() => verifier.verify(body, { ...headers, 'webhook-timestamp': earlier })).toThrow(WebhookVerificationError);
  });

  it('keeps the id across attempts and stamps each attempt with its own time', () => {
    const secret = newWebhookSecret();
    const first = signed([secret], { timestamp: new Date('2026-09-01T12:00:00Z') });
    const retry = signed([secret], { timestamp: new Date('2026-09-01T12:00:05Z') });
    expect(retry['webhook-id']).toBe(first['webhook-id']);
    expect(Number(retry['webhook-timestamp']) - Number(first['webhook-timestamp'])).toBe(5);
    expect(retry['webhook-signature']).not.toBe(first['webhook-signature']);
  });

  it('refuses what it cannot sign safely, without quoting the secret', () => {
    const secret = newWebhookSecret();
    expect(() => signed([])).toThrow('at least one secret');
    expect(() => signed(['whsec_short'])).toThrow(RangeError);
    const refusal = (() => {
      try {
        signed(['not-a-secret-at-all']);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(refusal).toMatch(/^a webhook secret must be whsec_/);
    expect(refusal).not.toContain('not-a-secret');
    expect(() => signed([secret], { id: 'msg.1' })).toThrow(/dots/);
    expect(() => signed([secret], { id: 'msg_1\r\nx-evil: 1' })).toThrow(RangeError);
    expect(() => signed([secret], { id: '' })).toThrow(RangeError);
    expect(() => signed([secret], { timestamp: new Date(Number.NaN) })).toThrow('not a valid date');
  });
});
