import { KafkaJSProtocolError } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { withRetries } from '../retry.ts';
import { lagOf, whileLeadersSettle } from './kafka-lag.ts';

describe('lagOf', () => {
  const ends = [
    { partition: 0, low: '0', high: '10' },
    { partition: 1, low: '5', high: '8' },
    { partition: 2, low: '0', high: '0' },
  ];

  it('adds up what each partition has beyond its committed offset', () => {
    expect(lagOf(ends, [{ partition: 0, offset: '4' }, { partition: 1, offset: '8' }, { partition: 2, offset: '-1' }])).toBe(6);
  });

  it('counts a partition never committed, or committed below what retention kept, from its oldest message', () => {
    expect(lagOf(ends, [{ partition: 0, offset: '-1' }, { partition: 1, offset: '2' }])).toBe(13);
    expect(lagOf(ends, [])).toBe(13);
  });
});

describe('whileLeadersSettle', () => {
  /** What kafkajs throws for a partition asked of a broker that does not lead it (yet). */
  const notLeader = () => new KafkaJSProtocolError({ type: 'NOT_LEADER_FOR_PARTITION', code: 6, retriable: true, message: 'not the leader' } as never);
  const failingFirst = (failures: number, error: () => Error) => {
    let calls = 0;
    return async () => {
      calls += 1;
      if (calls <= failures) throw error();
      return calls;
    };
  };
  /** The policy with its pauses recorded instead of slept. */
  const recorded = () => {
    const waits: number[] = [];
    return { waits, policy: { ...whileLeadersSettle, sleep: async (ms: number) => void waits.push(ms) } };
  };

  it('reads again while the leader is not settled, waiting longer each time', async () => {
    const { waits, policy } = recorded();
    expect(await withRetries(failingFirst(2, notLeader), policy)).toBe(3);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after four reads, and at once on any other error', async () => {
    await expect(withRetries(failingFirst(4, notLeader), recorded().policy)).rejects.toThrow('not the leader');
    const { waits, policy } = recorded();
    await expect(withRetries(failingFirst(1, () => new Error('group coordinator gone')), policy)).rejects.toThrow('group coordinator gone');
    expect(waits).toEqual([]);
  });
});
