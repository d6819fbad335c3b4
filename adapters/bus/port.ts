/**
 * The event bus: Kafka in the distributed mode, a persisted in-process log in the embedded mode, with the
 * same semantics (checked by test/adapters/bus-conformance.test.ts):
 * - topics have partitions; a message goes to the partition its key hashes to, so one key stays in order;
 * - consumers in one group share a topic's partitions; each message is handled by one of them;
 * - delivery is at least once: an offset is committed only after `handle` resolved for that message and every
 *   earlier one of its partition, so a consumer that dies before committing has its messages handled again.
 */
export type BusMessage = { key: string; value: string; headers?: Record<string, string> };

export type ConsumedMessage = BusMessage & {
  topic: string;
  partition: number;
  /** Position in the partition, as a decimal string (Kafka offsets are 64-bit). */
  offset: string;
  headers: Record<string, string>;
};

export type TopicSpec = {
  name: string;
  partitions: number;
  /** How long messages are kept; topics carrying person data have short retention. Default: the server's. */
  retentionMs?: number;
};

export type ConsumerOptions = {
  groupId: string;
  topics: string[];
  /**
   * Handles one message. It must not reject for a bad message (the worker runtime retries and dead-letters);
   * a rejection is treated as a crash of this consumer: nothing more is committed and the message comes again.
   */
  handle(message: ConsumedMessage): Promise<void>;
  /**
   * Messages of one partition handled at once. 1 (the default) keeps strict order per key; more is for
   * topics whose messages are independent (offsets are still committed in order).
   */
  concurrency?: number;
  /** Where a group with no committed offset starts: the newest message (default) or the oldest. */
  fromBeginning?: boolean;
};

export interface Consumer {
  /**
   * Stops fetching, waits for messages in hand (up to a grace period: what is still unfinished then is left
   * uncommitted and comes again), commits what was handled and leaves the group.
   */
  stop(): Promise<void>;
}

export interface Bus {
  /** Creates the topics that are missing and readies them all for publishing. */
  ensureTopics(topics: TopicSpec[]): Promise<void>;
  /** Resolves once the messages are durably stored (Kafka acks, or the embedded database committed). */
  publish(topic: string, messages: BusMessage[]): Promise<void>;
  /** Resolves once the consumer is in its group and positioned: it sees every message published after that. */
  consume(options: ConsumerOptions): Promise<Consumer>;
  /**
   * How many messages of `topic` the group has not committed yet, over all partitions (every kept message for a
   * group that never committed): how far its consumers are behind.
   */
  backlog(groupId: string, topic: string): Promise<number>;
  close(): Promise<void>;
}
