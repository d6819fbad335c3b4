import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { MatchQueryLine } from '../synthetic/persons/match-queries/generate-queries.ts';
import type { Confidence } from '../schemas/v3/person-enrich.ts';
import type { Answer } from './matching-score.ts';

type Emails = { details?: { emails?: { value?: string | null; label?: string | null }[] } };
type Enriched = Emails & { match?: { probability?: number } };

/**
 * The person an answer is, by its personal email: person.enrich answers the record without its `id`, and in
 * generated data every personal email is one person's own (docs/person-records.md), whatever else the answer
 * carries or the matcher adds to it later.
 */
const personalEmail = (person: Emails) => {
  const emails = person.details?.emails ?? [];
  return (emails.find((email) => email.label === 'personal') ?? emails[0])?.value?.trim().toLowerCase();
};

/** Each imported person's record id by its personal email, read from the persons file that was imported. */
export async function readPersonIndex(file: string): Promise<Map<string, string>> {
  const index = new Map<string, string>();
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as Emails & { id: string };
    const email = personalEmail(record);
    if (!email) throw new Error(`${file}: person ${record.id} has no email to know an answer by`);
    if (index.has(email)) throw new Error(`${file}: persons ${index.get(email)} and ${record.id} share ${email}: answers could not be told apart`);
    index.set(email, record.id);
  }
  return index;
}

export type AskOptions = {
  /** The ingress's base URL. */
  url: string;
  apiKey: string;
  levels: readonly Confidence[];
  /** Requests under way at once. */
  concurrency: number;
  persons: Map<string, string>;
  onProgress?(asked: number, total: number): void;
};

/** Statuses that say "not now" rather than "no": asked again after a pause, at most MAX_ATTEMPTS times in all. */
const RETRIED = new Set([429, 502, 503]);
const MAX_ATTEMPTS = 5;
const TIMEOUT_MS = 30_000;

/**
 * Asks person.enrich every query at every level over HTTP, as a client would, a few at a time. A 200 is the
 * person it names, a 404 no one; anything else (a 400 above all, which means the query generator wrote a query
 * the API refuses) stops the run with the query named.
 */
export async function askAll(queries: readonly MatchQueryLine[], options: AskOptions): Promise<Answer[]> {
  const jobs = queries.flatMap((query) => options.levels.map((confidence) => ({ query, confidence })));
  const answers: Answer[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { query, confidence } = jobs[next++]!;
      answers.push(await ask(query, confidence, options));
      if (answers.length % 500 === 0) options.onProgress?.(answers.length, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, jobs.length) }, worker));
  return answers;
}

async function ask(query: MatchQueryLine, confidence: Confidence, options: AskOptions): Promise<Answer> {
  const body = JSON.stringify({ ...query.query, confidence });
  let last = '';
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const started = performance.now();
    let status: number;
    let text: string;
    let retryAfterS: number;
    try {
      const response = await fetch(`${options.url}/v3/person.enrich`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
      status = response.status;
      retryAfterS = Number(response.headers.get('retry-after')) || 1;
    } catch (error) {
      last = `no answer in ${TIMEOUT_MS} ms or no connection (${error instanceof Error ? error.message : String(error)})`;
      continue;
    }
    const latencyMs = performance.now() - started;
    if (status === 404) return { queryId: query.id, confidence, personId: null, latencyMs };
    if (status === 200) {
      const answer = JSON.parse(text) as Enriched;
      return { queryId: query.id, confidence, personId: identify(answer, options.persons, query), probability: answer.match?.probability ?? null, latencyMs };
    }
    last = `${status}: ${text.slice(0, 500)}`;
    if (!RETRIED.has(status)) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfterS, 5) * 1000));
  }
  throw new Error(`query ${query.id} at ${confidence}: person.enrich answered ${last}\n  body: ${body}`);
}

function identify(answer: Emails, persons: Map<string, string>, query: MatchQueryLine): string {
  const email = personalEmail(answer);
  const id = email === undefined ? undefined : persons.get(email);
  if (id === undefined) throw new Error(`query ${query.id}: the answer is no person of the imported file (personal email ${email ?? 'missing'})`);
  return id;
}
