import { randomBytes, randomUUID } from 'node:crypto';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { murmur2Partitioner } from './kafka-partitioner.ts';

const metadataOf = (count: number): PartitionMetadata[] =>
  Array.from({ length: count }, (_, partitionId) => ({ partitionId, leader: 0, replicas: [0], isr: [0], partitionErrorCode: 0, offlineReplicas: [] }));

describe('murmur2Partitioner', () => {
  it("chooses kafkajs's default partition for every key: UUIDs, account ids, text beyond ASCII, bytes", () => {
    const ours = murmur2Partitioner();
    const kafkajs = Partitioners.DefaultPartitioner();
    const keys: (string | Buffer)[] = [
      '',
      randomBytes(37),
      ...Array.from({ length: 500 }, () => randomUUID()),
      ...Array.from({ length: 500 }, (_, i) => `account-${i}-${randomBytes(i % 11).toString('hex')}`),
      'Zoë Ångström ✓ 名前',
    ];
    for (const partitions of [1, 2, 3, 8, 12]) {
      for (const key of keys) {
        const args = { topic: 'kith.requests', partitionMetadata: metadataOf(partitions), message: { key, value: 'v' } };
        expect(ours(args)).toBe(kafkajs(args));
      }
    }
  });

  it("keeps a message's own partition", () => {
    const args = { topic: 'kith.requests', partitionMetadata: metadataOf(8), message: { key: 'k', value: 'v', partition: 5 } };
    expect(murmur2Partitioner()(args)).toBe(5);
  });
});
