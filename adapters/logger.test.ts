import { describe, expect, it } from 'vitest';
import { loggedLines } from '../test/support/logged-lines.ts';

describe('createLogger', () => {
  it('censors secrets in a logged object, top-level and nested', () => {
    const { log, lines } = loggedLines();
    log.info({ email: 'ann@example.com', request: { headers: { authorization: 'Bearer x' } }, status: 200 }, 'request');
    expect(lines[0]).toMatchObject({ email: '[redacted]', request: { headers: { authorization: '[redacted]' } }, status: 200, msg: 'request' });
  });

  it("censors secrets in a child logger's bindings, and in bindings set later", () => {
    const { log, lines } = loggedLines();
    const child = log.child({ token: 'secret-token', requestId: 'r-1' });
    child.setBindings({ apiKey: 'kith_live_x', accountId: 'a-1' });
    child.warn('after sign-in');
    expect(lines[0]).toMatchObject({ token: '[redacted]', apiKey: '[redacted]', requestId: 'r-1', accountId: 'a-1' });
    expect(JSON.stringify(lines[0])).not.toMatch(/secret-token|kith_live_x/);
  });

  it('keeps the error serializer: an error logged under err keeps its message and stack', () => {
    const { log, lines } = loggedLines();
    log.error({ err: new Error('boom') }, 'failed');
    expect(lines[0]).toMatchObject({ err: { type: 'Error', message: 'boom' } });
    expect((lines[0]!.err as { stack: string }).stack).toContain('boom');
  });
});
