import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes the records as NDJSON, one a line, waiting when the stream is full; returns how many. */
export async function writeNdjson(out: Writable, records: Iterable<unknown>): Promise<number> {
  let written = 0;
  for (const record of records) {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
    written += 1;
  }
  return written;
}
