import { Worker } from 'node:worker_threads';
import type { ParsedLine } from './import.ts';

/**
 * How lines become rows: `parse` on this thread, and optionally the same parser made on worker threads, from a
 * module whose export `exportName` takes `options` (structured-cloneable) and returns the parse function.
 */
export type LineParser<Row> = {
  parse(text: string): ParsedLine<Row>;
  worker?: { url: string; exportName: string; options: unknown };
};

/** A line: its size in bytes with its newline, and what it became (undefined when blank). */
export type ParsedChunkLine<Row> = { bytes: number; parsed: ParsedLine<Row> | undefined };

const CHUNK_LINES = 200;

/**
 * The lines parsed, in their order, chunk by chunk: on `threads` worker threads when the parser has a worker
 * module and threads > 0 (parsing is most of an import's CPU time; this spreads it over the cores), else here.
 * At most two chunks a thread are in flight, so memory stays constant however long the input.
 */
export async function* parseLines<Row>(
  lines: AsyncIterable<string>,
  parser: LineParser<Row>,
  threads: number,
): AsyncGenerator<Array<ParsedChunkLine<Row>>> {
  const pool = parser.worker && threads > 0 ? workerPool<Row>(parser.worker, threads) : undefined;
  const parseChunk = pool?.parse ?? (async (texts: string[]) => texts.map((text) => (text.trim() === '' ? null : parser.parse(text))));
  const pending: Array<Promise<Array<ParsedChunkLine<Row>>>> = [];
  const send = (texts: string[]) => {
    const bytes = texts.map((text) => Buffer.byteLength(text) + 1);
    const chunk = parseChunk(texts).then((parsed) => parsed.map((line, i) => ({ bytes: bytes[i]!, parsed: line ?? undefined })));
    chunk.catch(() => {}); // awaited in order below; a failure fails the import then
    pending.push(chunk);
  };
  try {
    let texts: string[] = [];
    for await (const text of lines) {
      texts.push(text);
      if (texts.length < CHUNK_LINES) continue;
      send(texts);
      texts = [];
      if (pending.length >= 2 * Math.max(threads, 1)) yield await pending.shift()!;
    }
    if (texts.length > 0) send(texts);
    while (pending.length > 0) yield await pending.shift()!;
  } finally {
    await pool?.close();
  }
}

/** Worker threads taking chunks round-robin; each answers its chunks in the order it got them. */
function workerPool<Row>(module: NonNullable<LineParser<Row>['worker']>, threads: number) {
  type Answer = Array<ParsedLine<Row> | null>;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), { workerData: module });
    const waiting: Array<{ resolve(answer: Answer): void; reject(error: unknown): void }> = [];
    worker.on('message', (answer: Answer) => waiting.shift()?.resolve(answer));
    worker.on('error', (error) => waiting.splice(0).forEach((chunk) => chunk.reject(error)));
    worker.on('exit', () => waiting.splice(0).forEach((chunk) => chunk.reject(new Error('a parser thread exited'))));
    return { worker, waiting };
  });
  let next = 0;
  return {
    parse(texts: string[]): Promise<Answer> {
      const { worker, waiting } = workers[next++ % threads]!;
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage(texts);
      });
    },
    close: () => Promise.all(workers.map(({ worker }) => worker.terminate())),
  };
}
