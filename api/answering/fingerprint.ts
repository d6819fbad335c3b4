import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so that the same body written in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export type RequestAsSent = { method: string; path: string; query: Record<string, string>; body: unknown };

/**
 * SHA-256 of method, path, query parameters and body as the caller sent them: what makes two requests "the same
 * request", for an Idempotency-Key and for a kept reply alike.
 */
export function requestFingerprint(request: RequestAsSent): string {
  const query = Object.entries(request.query).sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256')
    .update(`${request.method} ${request.path}\n${canonicalJson(query)}\n${canonicalJson(request.body)}`)
    .digest('hex');
}
