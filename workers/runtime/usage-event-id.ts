import { createHash } from 'node:crypto';

/**
 * The event id of a request's `index`-th usage event: the request's own for the first, and for the others
 * (a batch counts one call per item) a UUID derived from it. The same on every handling of the request, so
 * that the usage store recognises the copies a crash before the commit makes, and counts each call once.
 */
export function usageEventId(requestEventId: string, index: number): string {
  if (index === 0) return requestEventId;
  const hex = createHash('sha256').update(`${requestEventId.toLowerCase()}/${index}`).digest('hex');
  // Version 8 (custom) and the RFC 9562 variant, so that it is a well-formed UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
