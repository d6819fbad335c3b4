import { EventEmitter } from 'node:events';
import { crc32 } from 'node:zlib';
import type { Logger } from '../logger.ts';
import { PermanentError } from '../errors.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { groupCommit } from './embedded-group-commit.ts';
import { embeddedBusLog, slotOf } from './embedded-log.ts';
import { runPartition, type PartitionRunner } from './embedded-partition.ts';
import { partitionTails } from './embedded-tail.ts';
import type { Bus, Consumer, ConsumerOptions } from './port.ts';

export type EmbeddedBusOptions = {
  db: SqlClient;
  log: Logger;
  /**
   * How often the bus looks for messages its own publishes did not announce, such as those of another process
   * on the same database (default 250 ms): one query over every partition its consumers read.
   */
  pollMs?: number;
  /** Pause before a partition whose handler rejected is read again (default 500 ms). */
  retryDelayMs?: number;
  /**
   * How long after a batch is handled its position is committed, together with what is handled meanwhile
   * (default 500 ms): a crash sends at most that much again.
   */
  commitDelayMs?: number;
  /** How long stopping waits for handlers in hand (default 10 s); their messages come again after. */
  stopGraceMs?: number;
  /** How often messages past their topic's retention are deleted (default one minute). */
  sweepMs?: number;
  /**
   * Whether other processes may append to the same database, as on a shared PostgreSQL (default true): an append
   * then locks its partitions in one order. PGlite serves this process alone.
   */
  sharedDatabase?: boolean;
};

/** Messages kept in memory per partition for this process's readers: a reader further behind reads the database. */
const TAIL_MESSAGES = 64;

type Member = { consumer: ConsumerOptions; runners: Map<string, PartitionRunner> };

const parseSlot = (slot: string) => {
  const [topic, partition] = slot.split('\u0000') as [string, string];
  return { topic, partition: Number(partition) };
};

/**
 * The bus of the embedded mode: topics, partitions, offsets and consumer groups kept in the embedded
 * database (see migration 003), so accepted work survives a crash. Group membership is per process. A publish
 * wakes the readers of the partitions it wrote to and hands them its messages from memory (embedded-tail.ts);
 * one query every `pollMs` finds messages other processes published, which are read from the database.
 */
export function createEmbeddedBus(options: EmbeddedBusOptions): Bus {
  const store = embeddedBusLog(options.db, { lockInOrder: options.sharedDatabase ?? true });
  const published = new EventEmitter().setMaxListeners(0);
  const tails = partitionTails(TAIL_MESSAGES);
  const groups = new Map<string, Member[]>();
  const partitionCounts = new Map<string, number>();
  const pollMs = options.pollMs ?? 250;
  const retryDelayMs = options.retryDelayMs ?? 500;

  async function partitionsOf(topic: string): Promise<number> {
    const cached = partitionCounts.get(topic);
    if (cached !== undefined) return cached;
    const count = await store.partitionCount(topic);
    if (count === undefined) throw new PermanentError(`unknown topic ${topic}`);
    partitionCounts.set(topic, count);
    return count;
  }

  /** Where each group's partitions are being let go: a new owner starts reading once the old one committed. */
  const releases = new Map<string, Promise<void>>();
  let rebalancing = Promise.resolve();

  /** Gives each member of the group its share of every partition, stopping and starting runners to match. */
  async function assign(groupId: string) {
    const members = groups.get(groupId) ?? [];
    const wantedByMember = await Promise.all(
      members.map(async (member, index) => {
        const wanted = new Set<string>();
        for (const topic of member.consumer.topics) {
          const count = await partitionsOf(topic);
          for (let partition = index; partition < count; partition += members.length) wanted.add(slotOf(topic, partition));
        }
        return wanted;
      }),
    );
    members.forEach((member, index) => {
      for (const [slot, runner] of member.runners) {
        if (wantedByMember[index]!.has(slot)) continue;
        member.runners.delete(slot);
        releases.set(`${groupId}\u0000${slot}`, runner.stop());
      }
    });
    members.forEach((member, index) => {
      for (const slot of wantedByMember[index]!) {
        if (member.runners.has(slot)) continue;
        const { topic, partition } = parseSlot(slot);
        const previousOwner = releases.get(`${groupId}\u0000${slot}`) ?? Promise.resolve();
        member.runners.set(
          slot,
          runPartition({
            store,
            tails,
            published,
            log: options.log,
            groupId,
            topic,
            partition,
            consumer: member.consumer,
            retryDelayMs,
            commitDelayMs: options.commitDelayMs ?? 500,
            stopGraceMs: options.stopGraceMs ?? 10_000,
            startAfter: previousOwner,
          }),
        );
      }
    });
  }

  function rebalance(groupId: string): Promise<void> {
    rebalancing = rebalancing.then(() => assign(groupId));
    return rebalancing;
  }

  const appender = groupCommit(async (batches) => {
    const rows = [];
    for (const { topic, messages } of batches) {
      const partitions = await partitionsOf(topic);
      for (const message of messages) rows.push({ topic, ...message, partition: crc32(message.key) % partitions });
    }
    for (const { topic, partition, first, messages } of await store.append(rows)) {
      const slot = slotOf(topic, partition);
      tails.appended(slot, first, messages);
      published.emit(slot);
    }
  });

  /** Looks, every `pollMs`, for partitions where a group of this process is behind, and wakes their readers. */
  let watching: NodeJS.Timeout | undefined;
  function watch() {
    watching = setTimeout(async () => {
      try {
        const reading = [...groups].filter(([, members]) => members.length > 0).map(([groupId]) => groupId);
        const behind = reading.length > 0 ? await store.behind(reading) : [];
        for (const { topic, partition, nextOffset } of behind) {
          const slot = slotOf(topic, partition);
          tails.reaches(slot, nextOffset);
          published.emit(slot);
        }
      } catch (error) {
        options.log.warn({ err: error }, 'bus poll for new messages failed; trying again');
      }
      if (watching) watch();
    }, pollMs);
    watching.unref();
  }
  watch();

  const sweep = setInterval(() => {
    store.sweep().catch((error: unknown) => options.log.warn({ err: error }, 'bus retention sweep failed'));
  }, options.sweepMs ?? 60_000);
  sweep.unref();

  const consumers = new Set<Consumer>();
  return {
    async ensureTopics(topics) {
      for (const topic of topics) await store.createTopic(topic);
    },
    publish(topic, messages) {
      if (messages.length === 0) return Promise.resolve();
      return appender.append(topic, messages);
    },
    async consume(consumer) {
      for (const topic of consumer.topics) await partitionsOf(topic);
      await store.initialiseGroup(consumer.groupId, consumer.topics, consumer.fromBeginning ?? false);
      const member: Member = { consumer, runners: new Map() };
      groups.set(consumer.groupId, [...(groups.get(consumer.groupId) ?? []), member]);
      await rebalance(consumer.groupId);
      const handle: Consumer = {
        async stop() {
          consumers.delete(handle);
          groups.set(consumer.groupId, (groups.get(consumer.groupId) ?? []).filter((other) => other !== member));
          const stopping = [...member.runners].map(([slot, runner]) => {
            const stopped = runner.stop();
            releases.set(`${consumer.groupId}\u0000${slot}`, stopped);
            return stopped;
          });
          member.runners.clear();
          await rebalance(consumer.groupId);
          await Promise.all(stopping);
        },
      };
      consumers.add(handle);
      return handle;
    },
    async backlog(groupId, topic) {
      const stored = await store.backlog(groupId, topic);
      let handledHere = 0;
      for (const member of groups.get(groupId) ?? []) {
        for (const [slot, runner] of member.runners) if (parseSlot(slot).topic === topic) handledHere += runner.uncommitted();
      }
      return Math.max(0, stored - handledHere);
    },
    async close() {
      clearInterval(sweep);
      clearTimeout(watching);
      watching = undefined;
      await Promise.all([...consumers].map((consumer) => consumer.stop()));
    },
  };
}
