import { derivedUuid } from './derived-uuid.ts';

/**
 * The event id of a request's `index`-th usage event: the request's own for the first, and for the others
 * (a batch counts one call per item) a UUID derived from it. The same on every handling of the request, so
 * that the usage store recognises the copies a crash before the commit makes, and counts each call once.
 */
export function usageEventId(requestEventId: string, index: number): string {
  if (index === 0) return requestEventId;
  return derivedUuid(`${requestEventId.toLowerCase()}/${index}`);
}
