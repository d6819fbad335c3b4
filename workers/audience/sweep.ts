import type { BlobStore } from '../../adapters/blobs/port.ts';
import type { Consumer } from '../../adapters/bus/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { AudienceStore } from '../../adapters/db/port.ts';
import type { Logger } from '../../adapters/logger.ts';
import { audienceBlobKey } from '../../domain/audiences/blob-key.ts';

/** Every `everyMs`, expires the audiences whose time is over and deletes their files (downloads then get 410). */
export function startAudienceSweep(parts: { store: AudienceStore; blobs: BlobStore; clock: Clock; log: Logger; everyMs: number }): Consumer {
  const sweep = async () => {
    for (const audience of await parts.store.expire(parts.clock.now())) {
      await parts.blobs.delete(audienceBlobKey(audience.accountId, audience.id));
    }
  };
  const run = () => void sweep().catch((error: unknown) => parts.log.warn({ err: error }, 'audience sweep failed; trying again later'));
  run();
  const timer = setInterval(run, parts.everyMs);
  return { stop: async () => clearInterval(timer) };
}
