import type { ConsentEvent } from '../../adapters/db/port.ts';
import type { ConsentPurposeGiven } from '../../schemas/events/payloads.ts';
import { CONSENT_PURPOSES } from '../../schemas/v3/permission.ts';

export type ConsentPurpose = { ttl: number | null; enabled: boolean; channel: string; purposeId: number; purposeName: string; timestamp: number };
export type CurrentConsent = Record<string, Record<string, ConsentPurpose>>;

const DAY_MS = 86_400_000;

/** When an event's consent was given: the caller's timestamp, else when Kith recorded it. */
export const givenAt = (event: ConsentEvent): number => event.timestamp ?? event.created;

/** One purpose of an event, one entry a channel, as the clients read a ConsentPurpose. */
export function purposeEntries(purpose: ConsentPurposeGiven, timestamp: number): ConsentPurpose[] {
  return purpose.channel.map((channel) => ({
    ttl: purpose.ttl,
    enabled: purpose.enabled,
    channel,
    purposeId: purpose.purposeId,
    purposeName: CONSENT_PURPOSES[purpose.purposeId] ?? `Purpose ${purpose.purposeId}`,
    timestamp,
  }));
}

/**
 * The consent in force now, by purposeId (as a string) then channel: events replayed oldest first, a later
 * create overriding what it names, a delete clearing everything before it; then what has outlived its `ttl`
 * (days from when it was given; none or 0: no end) dropped.
 */
export function currentConsent(eventsNewestFirst: ConsentEvent[], now: number): CurrentConsent {
  const current: CurrentConsent = {};
  for (const event of [...eventsNewestFirst].reverse()) {
    if (event.type === 'delete') {
      for (const purposeId of Object.keys(current)) delete current[purposeId];
      continue;
    }
    for (const purpose of event.purposes) {
      for (const entry of purposeEntries(purpose, givenAt(event))) {
        (current[String(entry.purposeId)] ??= {})[entry.channel] = entry;
      }
    }
  }
  for (const [purposeId, channels] of Object.entries(current)) {
    for (const [channel, entry] of Object.entries(channels)) {
      if (entry.ttl && entry.timestamp + entry.ttl * DAY_MS <= now) delete channels[channel];
    }
    if (Object.keys(channels).length === 0) delete current[purposeId];
  }
  return current;
}
