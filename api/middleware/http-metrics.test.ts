import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../adapters/logger.ts';
import { prometheusMetrics } from '../../adapters/metrics/prometheus.ts';
import { sample } from '../../test/support/metrics.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError, onError, onNotFound } from '../errors.ts';
import { httpMetrics, operationLabel } from './http-metrics.ts';

describe('operationLabel', () => {
  it('names a v3 operation as the API does, and other routes by their pattern', () => {
    expect(operationLabel(['*', '/v3/*', '/v3/person.enrich', '/v3/:operation'])).toBe('person.enrich');
    expect(operationLabel(['*', '/v2/*', '/v2/person.json'])).toBe('v2/person.json');
    expect(operationLabel(['*', '/admin/*', '/admin/accounts/:id'])).toBe('admin/accounts/:id');
    expect(operationLabel(['*', '/metrics'])).toBe('metrics');
    expect(operationLabel(['/healthz'])).toBe('healthz');
  });

  it('collapses what no route serves into one label', () => {
    expect(operationLabel(['*'])).toBe('unknown');
    expect(operationLabel([])).toBe('unknown');
    expect(operationLabel(['*', '/v3/*', '/v3/:operation'])).toBe('unknown');
  });
});

describe('httpMetrics', () => {
  function setUp() {
    const metrics = prometheusMetrics({ log: createLogger('silent'), processMetrics: false });
    const app = new Hono<ApiEnv>();
    app.onError(onError);
    app.notFound(onNotFound);
    app.use('*', httpMetrics({ metrics: metrics.http }));
    app.use('/v3/*', async (c, next) => {
      if (!c.req.header('authorization')) throw new ApiError(401, 'no key');
      await next();
    });
    app.post('/v3/person.enrich', (c) => c.json({ ok: true }));
    app.all('/v3/:operation', () => {
      throw new ApiError(404, 'Unknown operation');
    });
    return { app, render: () => metrics.exposition.render() };
  }

  it('counts answers by operation and status, errors from middleware and unknown paths included', async () => {
    const { app, render } = setUp();
    const auth = { authorization: 'Bearer k' };
    await app.request('/v3/person.enrich', { method: 'POST', headers: auth });
    await app.request('/v3/person.enrich', { method: 'POST', headers: auth });
    await app.request('/v3/person.enrich', { method: 'POST' });
    await app.request('/v3/no.such', { method: 'POST', headers: auth });
    await app.request('/random/path/1');
    await app.request('/random/path/2');
    const text = await render();
    expect(sample(text, 'kith_http_requests_total', { operation: 'person.enrich', status: '200' })).toBe(2);
    expect(sample(text, 'kith_http_requests_total', { operation: 'person.enrich', status: '401' })).toBe(1);
    expect(sample(text, 'kith_http_requests_total', { operation: 'unknown', status: '404' })).toBe(3);
    expect(sample(text, 'kith_http_request_duration_seconds_count', { operation: 'person.enrich', status: '200' })).toBe(2);
    expect(text).not.toContain('random/path');
  });

  it('keeps each registry to itself: two instances in one process do not share counts', async () => {
    const first = setUp();
    const second = setUp();
    await first.app.request('/nowhere');
    expect(sample(await first.render(), 'kith_http_requests_total', { operation: 'unknown', status: '404' })).toBe(1);
    expect(sample(await second.render(), 'kith_http_requests_total', { operation: 'unknown', status: '404' })).toBe(0);
  });
});
