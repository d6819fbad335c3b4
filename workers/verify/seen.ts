import type { IdentifierHistory } from '../../adapters/db/port.ts';
import type { IdentifierKey } from '../../schemas/events/payloads.ts';

const DAY_MS = 86_400_000;
/** Activity halves for every year since an identifier was last seen (docs/decisions.md, "Verify"). */
const HALF_LIFE_DAYS = 365;

const epochMs = (date: string | null): number | null => (date ? Date.parse(`${date}T00:00:00Z`) : null);

/** An identifier's history as verify.signals reports it; the person's own date stands in for unknown dates. */
export function seenStats(history: IdentifierHistory | undefined, personUpdated: string | null) {
  const observations = history?.observations ?? 1;
  return {
    firstSeenMs: epochMs(history?.firstSeen ?? personUpdated),
    lastSeenMs: epochMs(history?.lastSeen ?? personUpdated),
    observations,
    // Each observation halves the doubt: 0.5 for one, 0.75 for two, 0.875 for three.
    confidence: Math.round((1 - 0.5 ** observations) * 1000) / 1000,
  };
}

/** The person's history by key, for looking up the keys of its document's identifiers. */
export function historyByKey(histories: IdentifierHistory[]) {
  const byKey = new Map(histories.map((history) => [`${history.kind}:${history.value}`, history]));
  return (key: IdentifierKey | undefined) => (key ? byKey.get(`${key.kind}:${key.value}`) : undefined);
}

/** 1 for today, halving with each HALF_LIFE_DAYS since `lastSeen`; 0 when never seen. Three decimals. */
export function recencyScore(lastSeen: string | null | undefined, now: Date): number {
  const at = epochMs(lastSeen ?? null);
  if (at === null) return 0;
  const days = Math.max(0, (now.getTime() - at) / DAY_MS);
  return Math.round(0.5 ** (days / HALF_LIFE_DAYS) * 1000) / 1000;
}
