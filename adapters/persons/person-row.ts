import { copyField } from '../db/copy-text.ts';
import type { IdentifierKey, IdentifierKind } from '../../schemas/events/payloads.ts';

/**
 * A parsed person line, ready to be written: compact, because it is built on a parser thread and handed to the
 * main thread, which should do as little per person as it can. Its fields are already COPY text, UTF-8 (the
 * COPY writer's format, ./pg-copy-writer.ts), in blocks of memory handed over whole (`rowArena`), so that
 * the main thread neither copies nor collects them as strings. The SQL writer reads them back (`rowDocument`,
 * `rowKeys`).
 */
export type PersonRow = {
  externalId: string;
  /** YYYY-MM-DD, or null. */
  updated: string | null;
  /** The columns external_id, updated, document of persons, escaped and separated by tabs. */
  copy: Uint8Array;
  /**
   * The keys, a line each: the columns after person_id of person_identifiers (kind, value, first_seen,
   * last_seen, observations) each after a tab, as a key first seen in this record. The person's id goes in
   * front of each line; values are escaped, so \n only ends a line.
   */
  keys: Uint8Array;
  keyCount: number;
};

/** Where rows' bytes are written: blocks of memory, handed to the main thread with the rows that use them. */
export function rowArena(blockBytes = 1 << 20) {
  let block = Buffer.alloc(0);
  let used = 0;
  let filled: ArrayBuffer[] = [];
  return {
    /** `text` as UTF-8, in the current block. */
    bytes(text: string): Uint8Array {
      const most = text.length * 3;
      if (used + most > block.length) {
        if (used > 0) filled.push(block.buffer as ArrayBuffer);
        block = Buffer.from(new ArrayBuffer(Math.max(blockBytes, most)));
        used = 0;
      }
      const start = used;
      used += block.write(text, used, 'utf8');
      return block.subarray(start, used);
    },
    /** The blocks written since the last call, to hand over (transfer) with the rows: they are not written again. */
    take(): ArrayBuffer[] {
      if (used > 0) filled.push(block.buffer as ArrayBuffer);
      const taken = filled;
      filled = [];
      block = Buffer.alloc(0);
      used = 0;
      return taken;
    },
  };
}

export type RowArena = ReturnType<typeof rowArena>;

/** The row of a record: its line (the document as it was written), its date and keys. */
export function personRow(arena: RowArena, externalId: string, updated: string | null, document: string, keys: IdentifierKey[]): PersonRow {
  const dated = updated ?? '\\N';
  let lines = '';
  // Kinds are plain words; values may be anything a record holds (a profile's username).
  for (const key of keys) lines += `\t${key.kind}\t${copyField(key.value)}\t${dated}\t${dated}\t1\n`;
  return {
    externalId,
    updated,
    copy: arena.bytes(`${copyField(externalId)}\t${dated}\t${copyField(document)}`),
    keys: arena.bytes(lines),
    keyCount: keys.length,
  };
}

const text = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

/** A field of COPY text as it was: copyField undone. */
export const copyValue = (field: string): string =>
  field.includes('\\') ? field.replace(/\\([\\tnr])/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : '\\')) : field;

/** The row's document, as its line held it. */
export function rowDocument(row: PersonRow): string {
  const copy = text(row.copy);
  return copyValue(copy.slice(copy.indexOf('\t', copy.indexOf('\t') + 1) + 1));
}

/** The row's keys. */
export function rowKeys(row: PersonRow): IdentifierKey[] {
  return text(row.keys)
    .split('\n')
    .slice(0, row.keyCount)
    .map((line) => {
      const [, kind, value] = line.split('\t', 3) as [string, IdentifierKind, string];
      return { kind, value: copyValue(value) };
    });
}

/**
 * The COPY text of a batch: for each row, `id` and then `part`, a line or (with `eachLine`) each of its lines
 * prefixed with the id. Written straight into one buffer.
 */
export function withIds(rows: Array<{ id: string; part: Uint8Array; lines: number }>, eachLine: boolean): Buffer {
  let size = 0;
  for (const { id, part, lines } of rows) size += part.byteLength + (eachLine ? id.length * lines : id.length + 2);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const { id, part, lines } of rows) {
    const bytes = Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    if (!eachLine) {
      at += out.write(id, at, 'latin1');
      out[at++] = 9;
      at += bytes.copy(out, at);
      out[at++] = 10;
      continue;
    }
    for (let start = 0, n = 0; n < lines; n++) {
      const end = bytes.indexOf(10, start) + 1;
      at += out.write(id, at, 'latin1');
      at += bytes.copy(out, at, start, end);
      start = end;
    }
  }
  return out.subarray(0, at);
}
