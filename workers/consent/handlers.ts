import type { Clock } from '../../adapters/clock.ts';
import type { ConsentEvent, ConsentStore } from '../../adapters/db/port.ts';
import type { OperationHandlers } from '../../adapters/dispatch/port.ts';
import { derivedUuid } from '../../domain/derived-uuid.ts';
import { currentConsent, givenAt, purposeEntries } from './current.ts';

/**
 * The permissionId of the event a request appends: derived from the request's event id, so that the request
 * handled again (redelivered after a crash before its offset was committed) names the same event, which the
 * store then appends only once.
 */
export const permissionIdOf = (requestEventId: string): string => derivedUuid(`${requestEventId.toLowerCase()}/permission`);

const accepted = (message: string, permissionId: string) => ({ status: 202, body: { status: 202, message, permissionId } });

/** An event as permission.find answers it (the client contract's shape). */
function presentEvent(event: ConsentEvent) {
  const detail = (field: string) => (event.details[field] as string | null | undefined) ?? null;
  return {
    permissionType: event.type,
    permissionId: event.permissionId,
    consentPurposes: event.purposes.flatMap((purpose) => purposeEntries(purpose, givenAt(event))),
    locale: detail('locale'),
    ipAddress: detail('ipAddress'),
    language: detail('language'),
    collectionMethod: detail('collectionMethod'),
    collectionLocation: detail('collectionLocation'),
    policyUrl: detail('policyUrl'),
    termsService: detail('termsService'),
    timestamp: event.timestamp,
    created: event.created,
  };
}

/**
 * The consent worker's operations. permission.find and permission.current answer an empty array or object
 * for an individual nobody told Kith about: the Go client cannot read an error object where it expects those.
 */
export function consentHandlers(consent: ConsentStore, clock: Clock): OperationHandlers {
  return {
    async 'permission.create'(request) {
      const given = request.body;
      const permissionId = permissionIdOf(request.eventId);
      await consent.record(request.accountId, given.keys, { permissionId, type: 'create', purposes: given.purposes, details: given.details, timestamp: given.timestamp });
      return accepted('Consent recorded', permissionId);
    },

    async 'permission.delete'(request) {
      const { keys } = request.body;
      if (!(await consent.knows(request.accountId, keys))) {
        return { status: 404, body: { status: 404, message: 'No consent found for the given identifiers' } };
      }
      const permissionId = permissionIdOf(request.eventId);
      await consent.record(request.accountId, keys, { permissionId, type: 'delete', purposes: [], details: {}, timestamp: null });
      return accepted('Consent deleted', permissionId);
    },

    async 'permission.find'(request) {
      const { keys } = request.body;
      return { status: 200, body: (await consent.events(request.accountId, keys)).map(presentEvent) };
    },

    async 'permission.current'(request) {
      const { keys } = request.body;
      return { status: 200, body: currentConsent(await consent.events(request.accountId, keys), clock.now().getTime()) };
    },

    async 'permission.verify'(request) {
      const { keys, purposeId, channel } = request.body;
      const current = currentConsent(await consent.events(request.accountId, keys), clock.now().getTime());
      const purpose = current[String(purposeId)]?.[channel];
      if (purpose) return { status: 200, body: purpose };
      return { status: 404, body: { status: 404, message: `No current consent for purpose ${purposeId} on channel ${channel}` } };
    },
  };
}
