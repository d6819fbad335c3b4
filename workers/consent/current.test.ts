import { describe, expect, it } from 'vitest';
import type { ConsentEvent } from '../../adapters/db/port.ts';
import { currentConsent } from './current.ts';

const DAY = 86_400_000;
const event = (type: 'create' | 'delete', created: number, purposes: ConsentEvent['purposes'] = []): ConsentEvent => ({
  permissionId: `p-${created}`,
  type,
  purposes,
  details: {},
  timestamp: null,
  created,
});

describe('currentConsent', () => {
  it('lets a later event override a purpose and channel, leaving the others', () => {
    const events = [
      event('create', 2 * DAY, [{ purposeId: 2, channel: ['web'], enabled: false, ttl: null }]),
      event('create', DAY, [{ purposeId: 2, channel: ['web', 'email'], enabled: true, ttl: null }]),
    ];
    const current = currentConsent(events, 3 * DAY);
    expect(current['2']!.web).toMatchObject({ enabled: false, timestamp: 2 * DAY });
    expect(current['2']!.email).toMatchObject({ enabled: true, timestamp: DAY });
  });

  it('clears everything before a delete', () => {
    const events = [
      event('create', 3 * DAY, [{ purposeId: 1, channel: ['web'], enabled: true, ttl: null }]),
      event('delete', 2 * DAY),
      event('create', DAY, [{ purposeId: 2, channel: ['web'], enabled: true, ttl: null }]),
    ];
    expect(Object.keys(currentConsent(events, 4 * DAY))).toEqual(['1']);
  });

  it('drops consent past its ttl in days; 0 and null never end', () => {
    const events = [
      event('create', 0, [
        { purposeId: 1, channel: ['web'], enabled: true, ttl: 10 },
        { purposeId: 2, channel: ['web'], enabled: true, ttl: 0 },
        { purposeId: 3, channel: ['web'], enabled: true, ttl: null },
      ]),
    ];
    expect(Object.keys(currentConsent(events, 10 * DAY - 1)).sort()).toEqual(['1', '2', '3']);
    expect(Object.keys(currentConsent(events, 10 * DAY)).sort()).toEqual(['2', '3']);
  });
});
