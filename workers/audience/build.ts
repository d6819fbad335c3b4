import type { AccountStore } from '../../adapters/db/port.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import { AUDIENCE_KEEP_DAYS, type AudienceReady } from '../../schemas/v3/audience.ts';
import { writeAudienceFile, type AudienceFileParts } from './write-file.ts';

const DAY_MS = 86_400_000;

export type AudienceBuildParts = AudienceFileParts & {
  accounts: AccountStore;
  clock: Clock;
  /** Tags younger than this (at the time of the request) do not select records yet. */
  tagMinAgeMs: number;
  /** The base of download addresses (KITH_PUBLIC_URL). */
  publicUrl: () => string;
};

/**
 * audience.create, on the audience worker: builds the file of the audience the ingress recorded (once: a
 * request handled again after a crash finds it ready), and answers what the webhook receives.
 */
export function audienceCreateHandler(parts: AudienceBuildParts): OperationHandler<'audience.create'> {
  return async (request) => {
    const id = request.createdId!;
    const audience = await parts.store.get(request.accountId, id);
    const account = await parts.accounts.get(request.accountId);
    if (!audience || !account) return { status: 404, body: { status: 404, message: `Audience request is not found for requestId ${id}` } };
    if (audience.status === 'building') {
      const requestedAt = new Date(request.receivedAt).getTime();
      const built = await writeAudienceFile(parts, {
        id,
        accountId: account.id,
        tags: audience.tags,
        taggedBefore: new Date(requestedAt - parts.tagMinAgeMs),
        identitySharing: account.identitySharing,
        createdAt: audience.createdAt,
      });
      await parts.store.ready(id, built.members, built.bytes, new Date(parts.clock.now().getTime() + AUDIENCE_KEEP_DAYS * DAY_MS));
    }
    const downloadUrl = `${parts.publicUrl()}/v3/audience.download?requestId=${id}`;
    const message = `The audience query completed. Download the file at ${downloadUrl}; it stays downloadable for ${AUDIENCE_KEEP_DAYS} days.`;
    const ready: AudienceReady = { requestId: id, webhookId: request.webhook?.deliveryId ?? '', result: { message, downloadUrl } };
    return { status: 200, body: ready };
  };
}
