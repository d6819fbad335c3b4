import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../api/openapi.ts';
import { createApp } from '../../api/app.ts';
import { v3Operations } from '../../schemas/v3/operations.ts';
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
