import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ApiEnv } from '../env.ts';
import { onError } from '../errors.ts';
import { jsonBody } from './json-body.ts';

/** An app that answers the body the middleware read. */
function app(maxBytes = 1024) {
  const app = new Hono<ApiEnv>();
  app.onError(onError);
  app.post('/echo', jsonBody({ maxBytes }), (c) => c.json({ body: c.get('body') }));
  return app;
}

const post = (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app().request('/echo', { method: 'POST', body, headers });

const answer = async (response: Response) => ({ status: response.status, body: await response.json() });

describe('jsonBody', () => {
  it('reads a JSON body, in application/json or a +json type', async () => {
    expect(await answer(await post('{"recordId":"r-1"}'))).toEqual({ status: 200, body: { body: { recordId: 'r-1' } } });
    expect((await answer(await post('[1]', { 'content-type': 'application/vnd.api+json; charset=utf-8' }))).body).toEqual({ body: [1] });
  });

  it('reads an empty body as {}, whatever its type', async () => {
    expect((await answer(await post('', {}))).body).toEqual({ body: {} });
  });

  it('refuses another media type with 415, malformed JSON and bytes that are no UTF-8 with 400', async () => {
    expect((await post('{"a":1}', { 'content-type': 'text/plain' })).status).toBe(415);
    const malformed = await answer(await post('{"a":'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/JSON/);
    const latin1 = await answer(await post(new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d])));
    expect(latin1).toEqual({ status: 400, body: { status: 400, message: 'Request body is not valid UTF-8' } });
  });

  it('refuses a body over the limit with 413, by its declared length or as it streams', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(2000) });
    expect((await post(big, { 'content-type': 'application/json', 'content-length': String(big.length) })).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const chunked = await app().request('/echo', { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('refuses JSON nested deeper than the limit with 400, naming where', async () => {
    const deep = '['.repeat(40) + ']'.repeat(40);
    const refused = await answer(await post(deep));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/nest/i);
  });
});
