import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UsageRecorded } from '../schemas/events/usage-recorded.ts';
import { usageEventId } from './usage-event-id.ts';

describe('usageEventId', () => {
  const request = randomUUID();

  it("is the request's own id for the first call", () => {
    expect(usageEventId(request, 0)).toBe(request);
  });

  it('is the same for the same request and index on every handling, and differs between indexes and requests', () => {
    expect(usageEventId(request, 3)).toBe(usageEventId(request, 3));
    expect(usageEventId(request, 3)).toBe(usageEventId(request.toUpperCase(), 3));
    const ids = new Set([1, 2, 3].map((index) => usageEventId(request, index)).concat(usageEventId(randomUUID(), 1)));
    expect(ids.size).toBe(4);
  });

  it('is a UUID that the usage event schema takes', () => {
    for (const index of [1, 2, 99]) {
      const at = new Date().toISOString();
      const event = { eventId: usageEventId(request, index), accountId: randomUUID(), operation: 'person.enrich', outcome: 'match', at };
      expect(UsageRecorded.safeParse(event).success).toBe(true);
    }
  });
});
