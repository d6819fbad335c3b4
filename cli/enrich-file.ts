import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { CliError } from './admin-client.ts';

export type EnrichFileOptions = {
  /** Kith's base URL and an API key of the account the requests are made for. */
  url: string;
  apiKey: string;
  /** The batch operation: `person.bulkEnrich` or `company.bulkEnrich`. */
  operation: string;
  /** Requests per batch (at most 100, the operation's limit); fewer when the plan's rate limit is smaller. */
  batchSize: number;
  /** Batches sent at once. */
  inFlight: number;
  onProgress?: (progress: { lines: number; bytes: number }) => void;
  sleep?: (ms: number) => Promise<void>;
};

/** How many results had each status (400 for lines that were no JSON object, which are not sent). */
export type EnrichSummary = { lines: number; statuses: Record<string, number> };

type Line = { line: number; request: Record<string, unknown> } | { line: number; error: string };
type Result = { line: number; status: number; metadata?: unknown; data: unknown };

/** 202: the batch outlived the synchronous deadline and is kept for a retry; Kith asks for one within ~2 minutes. */
const QUEUED_RETRY_MS = 2_000;
const QUEUED_RETRIES = 60;
/** 5xx and unreachable: retried after 1, 2, 4, 8 and 16 s, then the run stops. */
const FAILURE_RETRIES = 5;

function parseLine(text: string, line: number): Line {
  try {
    const request = JSON.parse(text) as unknown;
    if (request && typeof request === 'object' && !Array.isArray(request)) return { line, request: request as Record<string, unknown> };
    return { line, error: 'not a JSON object' };
  } catch (error) {
    return { line, error: `invalid JSON: ${(error as Error).message}` };
  }
}

/**
 * Reads the NDJSON input as batches of up to `size()` requests (asked again for each batch; blank lines skipped),
 * with the bytes read so far.
 */
async function* batchesOf(input: Readable, size: () => number): AsyncGenerator<{ lines: Line[]; bytes: number }> {
  let bytes = 0;
  let number = 0;
  let lines: Line[] = [];
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    number += 1;
    bytes += Buffer.byteLength(text) + 1;
    if (text.trim() === '') continue;
    lines.push(parseLine(text, number));
    if (lines.length >= size()) {
      yield { lines, bytes };
      lines = [];
    }
  }
  if (lines.length > 0) yield { lines, bytes };
}

/**
 * The batch size that lets `inFlight` batches pass in one window of a plan allowing `limit` calls (each request
 * counts one): a batch larger than the whole window is refused for good, and several that each fit alone but
 * not together would each spend a call on being refused, window after window.
 */
export function fittingBatchSize(limit: number, options: Pick<EnrichFileOptions, 'batchSize' | 'inFlight'>): number {
  return Math.max(1, Math.min(options.batchSize, Math.floor(limit / options.inFlight)));
}

/**
 * Sends an NDJSON file of single requests (person.enrich or company.enrich bodies, with optional `metadata`)
 * as batches, several at once, and writes one result line per request in the file's order:
 * `{line, status, metadata, data}`. The first batch is one request, alone: its answer's `X-Rate-Limit-Limit`
 * sizes the batches after it (fittingBatchSize). A line that is no JSON object gets a 400 result and is not sent. A
 * rate-limit 403 waits out its Retry-After, a 202 (queued) asks again, a 5xx or an unreachable Kith is retried
 * with backoff; anything else (401, a 400 of the whole batch) stops the run with its message.
 */
export async function enrichFile(input: Readable, output: Writable, options: EnrichFileOptions): Promise<EnrichSummary> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const summary: EnrichSummary = { lines: 0, statuses: {} };
  /** The batch size the plan's rate limit allows, from the latest answer; unknown before the first. */
  let fitting: number | undefined;

  async function send(requests: Record<string, unknown>[]): Promise<{ status: number; metadata?: unknown; data: unknown }[]> {
    let queued = 0;
    let failures = 0;
    for (;;) {
      const response = await fetch(`${options.url}/v3/${options.operation}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ requests }),
        signal: AbortSignal.timeout(60_000),
      }).catch((error: Error) => error);
      const limit = response instanceof Error ? null : response.headers.get('x-rate-limit-limit');
      if (limit) fitting = fittingBatchSize(Number(limit), options);
      if (!(response instanceof Error) && response.status === 200) return (await response.json()) as Result[];
      const retryAfter = response instanceof Error ? null : response.headers.get('retry-after');
      if (!(response instanceof Error) && response.status === 202 && queued++ < QUEUED_RETRIES) {
        await sleep(QUEUED_RETRY_MS);
      } else if (!(response instanceof Error) && response.status === 403 && retryAfter) {
        await sleep(Number(retryAfter) * 1000);
      } else if ((response instanceof Error || response.status >= 500) && failures < FAILURE_RETRIES) {
        await sleep(1000 * 2 ** failures++);
      } else {
        const reason = response instanceof Error ? `cannot reach Kith at ${options.url} (${response.message})` : await describe(response);
        throw new CliError(`${options.operation}: ${reason}`);
      }
    }
  }

  async function answer(lines: Line[]): Promise<Result[]> {
    const sent = lines.filter((line): line is Extract<Line, { request: unknown }> => 'request' in line);
    const answers = sent.length > 0 ? await send(sent.map((line) => line.request)) : [];
    const byLine = new Map(sent.map((line, index) => [line.line, answers[index]!]));
    return lines.map((line) =>
      'error' in line
        ? { line: line.line, status: 400, data: { status: 400, message: `line ${line.line}: ${line.error}` } }
        : { line: line.line, ...byLine.get(line.line)! },
    );
  }

  // Up to `inFlight` batches are sent while the oldest is awaited, so results are written in the file's order.
  const pending: { results: Promise<Result[]>; bytes: number }[] = [];
  async function writeOldest() {
    const oldest = pending.shift()!;
    for (const result of await oldest.results) {
      summary.lines += 1;
      summary.statuses[result.status] = (summary.statuses[result.status] ?? 0) + 1;
      if (!output.write(`${JSON.stringify(result)}\n`)) await new Promise((resolve) => output.once('drain', resolve));
    }
    options.onProgress?.({ lines: summary.lines, bytes: oldest.bytes });
  }
  try {
    for await (const batch of batchesOf(input, () => fitting ?? 1)) {
      const results = answer(batch.lines);
      results.catch(() => {}); // awaited in order below; a failure is raised there
      pending.push({ results, bytes: batch.bytes });
      if (pending.length >= (fitting === undefined ? 1 : options.inFlight)) await writeOldest();
    }
    while (pending.length > 0) await writeOldest();
  } finally {
    await Promise.allSettled(pending.map((entry) => entry.results));
  }
  return summary;
}

async function describe(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return `${response.status} ${body.message ?? response.statusText}`;
}
