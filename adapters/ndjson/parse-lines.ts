import { Worker } from 'node:worker_threads';

/** What a line became: a row and the key that makes a later line with the same key replace it, or an error. */
export type ParsedLine<Row> = { key: string; row: Row } | { error: string };

/**
 * How lines become rows: `parse` on this thread, and optionally the same parser made on worker threads, from a
 * module whose export `exportName` takes `options` (structured-cloneable) and returns the parse function.
 */
export type LineParser<Row> = {
  parse: LineParse<Row>;
  worker?: { url: string; exportName: string; options: unknown };
};

/**
 * What a line became. A parser whose rows hold bytes in blocks of memory of their own gives them up with
 * `takeBuffers` after each run of lines, and a parser thread hands them over with the rows, without copying.
 */
export type LineParse<Row> = ((text: string) => ParsedLine<Row>) & { takeBuffers?(): ArrayBuffer[] };

/** A run of whole lines of the input: what each line became (null when blank), and its size in bytes. */
export type ParsedChunk<Row> = { lines: Array<ParsedLine<Row> | null>; bytes: number };

/** About how many bytes of input a thread parses at a time: a few hundred persons. */
export const CHUNK_BYTES = 1 << 20;

/**
 * Splits a run of whole lines (UTF-8; the last may lack its newline) and parses each: what each became, null for
 * a blank one. A line ends at \n, or \r\n. Here or on a parser thread (./parse-worker.mjs), the same code.
 */
export function parseChunk<Row>(bytes: Uint8Array, parse: (text: string) => ParsedLine<Row>): Array<ParsedLine<Row> | null> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const parsed: Array<ParsedLine<Row> | null> = [];
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    parsed.push(line.trim() === '' ? null : parse(line));
    start = end + 1;
  }
  return parsed;
}

/**
 * The input cut into runs of whole lines of `size` bytes or a little more (up to the end of the line), each in
 * an ArrayBuffer of its own (so that it can be handed to a thread without copying).
 */
export async function* wholeLines(input: AsyncIterable<Buffer | string>, size: number): AsyncGenerator<Uint8Array> {
  let parts: Buffer[] = [];
  let length = 0;
  const take = (end: number) => {
    const run = new Uint8Array(end);
    let at = 0;
    const rest: Buffer[] = [];
    for (const part of parts) {
      const n = Math.min(part.length, end - at);
      run.set(n === part.length ? part : part.subarray(0, n), at);
      at += n;
      if (n < part.length) rest.push(part.subarray(n));
    }
    parts = rest;
    length -= end;
    return run;
  };
  for await (const data of input) {
    const part = typeof data === 'string' ? Buffer.from(data) : data;
    if (part.length === 0) continue;
    parts.push(part);
    length += part.length;
    // A run ends at the first newline after `size` bytes: in the last part, as the earlier ones were searched.
    while (length >= size) {
      const last = parts.at(-1)!;
      const before = length - last.length;
      const newline = last.indexOf(10, Math.max(0, size - before - 1));
      if (newline === -1) break;
      yield take(before + newline + 1);
    }
  }
  if (length > 0) yield take(length);
}

/**
 * The input parsed, in its order, run of lines by run: on `threads` worker threads when the parser has a worker
 * module and threads > 0 (parsing is most of an import's CPU time; this spreads it over the cores), else here.
 * The raw bytes are handed to the threads as they are, so this thread neither splits nor decodes lines. At
 * most two runs a thread are in flight, so memory stays constant however long the input.
 */
export async function* parseLines<Row>(
  input: AsyncIterable<Buffer | string>,
  parser: LineParser<Row>,
  threads: number,
  chunkBytes = CHUNK_BYTES,
): AsyncGenerator<ParsedChunk<Row>> {
  const pool = parser.worker && threads > 0 ? workerPool<Row>(parser.worker, threads) : undefined;
  const parseRun =
    pool?.parse ??
    (async (bytes: Uint8Array) => {
      const lines = parseChunk(bytes, parser.parse);
      parser.parse.takeBuffers?.(); // nothing to hand over here: the rows keep what they use
      return lines;
    });
  const pending: Array<Promise<ParsedChunk<Row>>> = [];
  try {
    for await (const bytes of wholeLines(input, chunkBytes)) {
      const size = bytes.byteLength;
      const chunk = parseRun(bytes).then((lines) => ({ lines, bytes: size }));
      chunk.catch(() => {}); // awaited in order below; a failure fails the import then
      pending.push(chunk);
      if (pending.length >= 2 * Math.max(threads, 1)) yield await pending.shift()!;
    }
    while (pending.length > 0) yield await pending.shift()!;
  } finally {
    await pool?.close();
  }
}

/**
 * The parser threads' young generation, larger than V8's default (about 3 x 16 MB on 64 bits): parsing makes
 * much short-lived garbage (each record's JSON, its keys' forms), and with more room less of it survives a
 * scavenge to be copied. 100,000 persons took about 2 s less CPU (of 15 s) with 96 MB, another 0.5 s with 192.
 */
const YOUNG_GENERATION_MB = 96;

/** Worker threads taking runs of lines round-robin; each answers its runs in the order it got them. */
function workerPool<Row>(module: NonNullable<LineParser<Row>['worker']>, threads: number) {
  type Answer = Array<ParsedLine<Row> | null>;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), { workerData: module, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    const waiting: Array<{ resolve(answer: Answer): void; reject(error: unknown): void }> = [];
    worker.on('message', (answer: Answer) => waiting.shift()?.resolve(answer));
    worker.on('error', (error) => waiting.splice(0).forEach((chunk) => chunk.reject(error)));
    worker.on('exit', () => waiting.splice(0).forEach((chunk) => chunk.reject(new Error('a parser thread exited'))));
    return { worker, waiting };
  });
  let next = 0;
  return {
    parse(bytes: Uint8Array): Promise<Answer> {
      const { worker, waiting } = workers[next++ % threads]!;
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        worker.postMessage(bytes, [bytes.buffer as ArrayBuffer]);
      });
    },
    close: () => Promise.all(workers.map(({ worker }) => worker.terminate())),
  };
}
