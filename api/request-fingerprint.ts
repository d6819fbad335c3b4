import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ApiEnv } from './env.ts';

/** JSON with object keys sorted, so that the same body written in another key order is the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of method, path, query parameters and body: what makes two requests "the same request". */
export function requestFingerprint(c: Context<ApiEnv>, body: unknown = c.get('body')): string {
  const query = Object.entries(c.req.query()).sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(`${c.req.method} ${c.req.path}\n${canonicalJson(query)}\n${canonicalJson(body)}`)
    .digest('hex');
}
