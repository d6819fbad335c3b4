import { createHash } from 'node:crypto';

/**
 * A UUID that is a function of `seed` alone: version 8 (custom) with the RFC 9562 variant, from its SHA-256.
 * For ids a worker makes while handling a request, derived from the request's event id, so that handling the
 * same request again (a redelivery) makes the same ids and the stores can recognise the copy.
 */
export function derivedUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
