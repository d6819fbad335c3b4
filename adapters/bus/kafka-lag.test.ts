import { KafkaJSProtocolError } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { lagOf, readWhileLeadersSettle } from './kafka-lag.ts';

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

describe('readWhileLeadersSettle', () => {
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

  it('reads again while the leader is not settled, waiting longer each time', async () => {
    const waits: number[] = [];
    const read = readWhileLeadersSettle(failingFirst(2, notLeader), async (attempt) => void waits.push(attempt));
    expect(await read).toBe(3);
    expect(waits).toEqual([1, 2]);
  });

  it('gives up after four reads, and at once on any other error', async () => {
    await expect(readWhileLeadersSettle(failingFirst(4, notLeader), async () => {})).rejects.toThrow('not the leader');
    const waits: number[] = [];
    await expect(readWhileLeadersSettle(failingFirst(1, () => new Error('group coordinator gone')), async (attempt) => void waits.push(attempt))).rejects.toThrow(
      'group coordinator gone',
    );
    expect(waits).toEqual([]);
  });
});
