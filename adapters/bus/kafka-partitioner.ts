import type { ICustomPartitioner } from 'kafkajs';
import murmurhash from 'murmurhash';

/** The seed of Kafka's murmur2 (the Java client's `Utils.murmur2`, which kafkajs's default partitioner follows). */
const KAFKA_MURMUR2_SEED = 0x9747b28c;

/**
 * Kafka's default partitioning of keyed messages, a message's own partition first, else the murmur2 hash of its key
 * modulo the topic's partitions: the same partition as kafkajs's DefaultPartitioner and the Java client choose (a
 * key stays in order across clients), computed in 32-bit integers. kafkajs computes it with a 64-bit `Long` object
 * for every step, 7% of what the ingress allocated (bench/README.md). Every message Kith publishes has a key (one
 * without would go where an empty key goes, not round the partitions as kafkajs sends it).
 */
export const murmur2Partitioner: ICustomPartitioner =
  () =>
  ({ partitionMetadata, message }) =>
    message.partition ?? (murmurhash.v2(message.key ?? '', KAFKA_MURMUR2_SEED) & 0x7fffffff) % partitionMetadata.length;
