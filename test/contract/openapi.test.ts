import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.ts';
import { createApp } from '../../api/app.ts';
import { v3Operations } from '../../domain/operations.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';

/** Hono paths (`/admin/accounts/:id`) in OpenAPI form (`/admin/accounts/{id}`). */
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let kith: TestKith;
  beforeAll(async () => {
    kith = await startTestKith('embedded');
  });
  afterAll(() => kith?.stop());

  it('is served at /openapi.json as OpenAPI 3.1 and browsable at /docs', async () => {
    const document = await kith.client.request('GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.1.0');
    const page = await kith.client.request('GET', '/docs');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.text).toContain('/docs/init.js');
    expect((await kith.client.request('GET', '/docs/init.js')).text).toContain("url: '/openapi.json'");
    const bundle = await fetch(`${kith.url}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    await bundle.arrayBuffer();
  });

  it('describes every route the API serves', () => {
    const document = buildOpenApiDocument();
    const app = createApp({
      stores: {},
      adminToken: 'unused-in-this-test',
      limits: { maxBodyBytes: 1024, keyCacheMs: 0, idempotencyTtlHours: 1, idempotencyLockSeconds: 1 },
    } as never);
    const served = app.routes
      .filter((route) => route.method !== 'ALL' && /^\/(v2|v3|admin|healthz|readyz)/.test(route.path))
      .map((route) => `${route.method.toLowerCase()} ${toOpenApiPath(route.path)}`);
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method} ${path}`),
    );
    expect(new Set(served)).toEqual(new Set(documented));
  });

  it('documents the statuses schemathesis found answered but undocumented', () => {
    const document = buildOpenApiDocument();
    const responses = (path: string, method: 'get' | 'post') => Object.keys(document.paths?.[path]?.[method]?.responses ?? {});
    // v2 company lookup answers company.enrich's 422 for a domain that is no domain name.
    expect(responses('/v2/company/lookup.json', 'get')).toContain('422');
    // Every v3 operation answers 403 over the plan's rate limit.
    for (const name of Object.keys(v3Operations)) expect(responses(`/v3/${name}`, 'post'), name).toContain('403');
    // An empty Idempotency-Key is refused with 400: the document says it is at least one character.
    const header = (document.paths?.['/v3/stats.get']?.post?.parameters ?? []).find((p) => 'name' in p && p.name === 'idempotency-key');
    expect(header).toMatchObject({ schema: { minLength: 1, maxLength: 255 } });
  });

  it('has a request and a response schema for every v3 operation, under its success status', () => {
    const document = buildOpenApiDocument();
    for (const [name, spec] of Object.entries(v3Operations) as Array<[string, { success?: number }]>) {
      const post = document.paths?.[`/v3/${name}`]?.post;
      expect(post?.requestBody, name).toBeDefined();
      const success = post?.responses?.[`${spec.success ?? 200}`] as { content?: unknown } | undefined;
      expect(success, name).toBeDefined();
      // 204 has no body; every other success documents its schema.
      if (spec.success !== 204) expect(success?.content, name).toBeDefined();
    }
  });
});
