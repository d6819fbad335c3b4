import type { AudienceStore } from '../adapters/db/port.ts';
import type { AudienceCreateRequest } from '../schemas/v3/audience.ts';
import { ApiError } from './errors.ts';

/**
 * Records audience.create's audience before its worker is asked to build it; 403 naming the limit when the
 * account already holds as many audiences, building or ready, as its plan allows (each is a file kept 30 days).
 */
export function recordAudience(audiences: Pick<AudienceStore, 'create'>) {
  return async function recordAudienceCreated(accountId: string, id: string, body: unknown): Promise<void> {
    const creation = await audiences.create(accountId, id, (body as AudienceCreateRequest).tags);
    if (!creation.created) {
      throw new ApiError(
        403,
        `Audience limit reached: an account on this plan may hold ${creation.limit} audiences, building or ready; one frees its place when it expires`,
      );
    }
  };
}
