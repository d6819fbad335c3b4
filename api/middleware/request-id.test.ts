import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/logger.ts';
import type { ApiEnv } from '../env.ts';
import { requestId } from './request-id.ts';

/** An app whose log lines are kept, answering the request id its handler saw. */
function setUp() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = new Hono<ApiEnv>();
  app.use('*', requestId({ log: createLogger('info', sink) }));
  app.get('/v2/person.json', (c) => c.json({ seen: c.get('requestId') }));
  return { app, lines };
}

describe('requestId', () => {
  it("keeps a sane X-Request-Id and answers it back", async () => {
    const { app } = setUp();
    const response = await app.request('/v2/person.json', { headers: { 'x-request-id': 'caller-trace.0001' } });
    expect(response.headers.get('x-request-id')).toBe('caller-trace.0001');
    expect(await response.json()).toEqual({ seen: 'caller-trace.0001' });
  });

  it('replaces an id that is too short, too long or has other characters with a UUID', async () => {
    const { app } = setUp();
    for (const offered of ['short', 'x'.repeat(129), 'has spaces in it', 'semi;colon-0001']) {
      const id = (await app.request('/v2/person.json', { headers: { 'x-request-id': offered } })).headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('logs one access line per request, with its id and status and without the query string', async () => {
    const { app, lines } = setUp();
    await app.request('/v2/person.json?email=ada%40example.com&apiKey=secret', { headers: { 'x-request-id': 'req-00000001' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', requestId: 'req-00000001', method: 'GET', path: '/v2/person.json', status: 200 });
    expect(JSON.stringify(lines[0])).not.toMatch(/ada|secret/);
  });
});
