import type { AppendedMessage, StoredMessage } from './embedded-log.ts';

type Tail = { nextOffset: number; messages: StoredMessage[] };

/**
 * The newest messages this process appended to each partition, and the offset each partition is known to reach,
 * so that its readers get them without reading them back from the database. Messages of another process are
 * not in it: a reader asking for one reads the database (`read` answers undefined).
 */
export function partitionTails(keepPerPartition: number) {
  const tails = new Map<string, Tail>();
  const tailOf = (slot: string) => {
    const tail = tails.get(slot) ?? { nextOffset: 0, messages: [] };
    tails.set(slot, tail);
    return tail;
  };

  return {
    /** Messages stored in the partition from offset `first` on. */
    appended(slot: string, first: number, messages: Omit<AppendedMessage, 'topic' | 'partition'>[]) {
      const tail = tailOf(slot);
      const last = tail.messages.at(-1);
      // Kept messages run without a gap: others' messages came between, so the older ones go.
      if (last && last.offset !== first - 1) tail.messages = [];
      messages.forEach((message, index) => {
        tail.messages.push({ offset: first + index, key: message.key, value: message.value, headers: message.headers ?? {} });
      });
      if (tail.messages.length > keepPerPartition) tail.messages = tail.messages.slice(-keepPerPartition);
      tail.nextOffset = Math.max(tail.nextOffset, first + messages.length);
    },

    /** The partition reaches at least `nextOffset` (read from the database: other processes' messages too). */
    reaches(slot: string, nextOffset: number) {
      const tail = tailOf(slot);
      tail.nextOffset = Math.max(tail.nextOffset, nextOffset);
    },

    /**
     * Up to `limit` messages from offset `from`: none when the partition is known to end there, undefined when
     * they must be read from the database (not kept, or nothing known of the partition yet).
     */
    read(slot: string, from: number, limit: number): StoredMessage[] | undefined {
      const tail = tails.get(slot);
      if (!tail) return undefined;
      if (from >= tail.nextOffset) return [];
      const first = tail.messages[0];
      if (!first || from < first.offset || from > tail.messages.at(-1)!.offset) return undefined;
      return tail.messages.slice(from - first.offset, from - first.offset + limit);
    },
  };
}

export type PartitionTails = ReturnType<typeof partitionTails>;
