import { Hono } from 'hono';
import type { PersonStore } from '../../adapters/db/port.ts';
import { PersonTooLargeError } from '../../adapters/persons/graph-explain.ts';
import type { RecordRef } from '../../domain/identity-graph/explain.ts';
import { PersonIdParam, RecordDecisionRequest, ReviewQuery } from '../../schemas/admin/identity-graph.ts';
import { DEFAULT_SOURCE, SourceName } from '../../schemas/data/source-name.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { parseOrBadRequest } from '../validate.ts';

/** Persons the review list answers when not told how many. */
const DEFAULT_REVIEW_LIMIT = 50;
/** The longest record id a source may give (schemas/data/person-record.ts). */
const MAX_RECORD_ID_LENGTH = 200;

/**
 * A record as `source:id` (the source up to the first colon; no colon: the `default` source), checked; the field
 * it came in is named when it is wrong.
 */
export function recordRef(field: string, value: string | undefined): RecordRef {
  if (!value) throw new ApiError(400, `Invalid request: ${field}: give a record as source:id`);
  const colon = value.indexOf(':');
  const [source, id] = colon < 0 ? [DEFAULT_SOURCE, value] : [value.slice(0, colon), value.slice(colon + 1)];
  const parsed = SourceName.safeParse(source);
  if (!parsed.success) throw new ApiError(400, `Invalid request: ${field}: ${parsed.error.issues[0]!.message}`);
  if (id.trim().length === 0 || id.length > MAX_RECORD_ID_LENGTH) {
    throw new ApiError(400, `Invalid request: ${field}: a record id is 1 to ${MAX_RECORD_ID_LENGTH} characters`);
  }
  return { source, id: id.trim() };
}

/** Two records as `source:id` (recordRef), `a` and `b`, which must be two. */
export function recordPair(asked: { a: string | undefined; b: string | undefined }): { a: RecordRef; b: RecordRef } {
  const refs = { a: recordRef('a', asked.a), b: recordRef('b', asked.b) };
  if (refs.a.source === refs.b.source && refs.a.id === refs.b.id) throw new ApiError(400, 'Invalid request: b: name another record than a');
  return refs;
}

const noSuchRecord = (refs: { a: RecordRef; b: RecordRef }, missing: 'a' | 'b') =>
  new ApiError(404, `No such record: ${missing} (${refs[missing].source}:${refs[missing].id})`);

/**
 * What an operator decides of two records (a `RecordDecisionRequest`, checked), recorded and then resolved before
 * the answer (docs/identity-graph.md, "People decide"): the admin API's decision and the console's.
 */
export async function decideAndResolve(persons: Pick<PersonStore, 'decideRecords' | 'resolveQueued'>, asked: unknown) {
  const input = parseOrBadRequest(RecordDecisionRequest, asked);
  const refs = recordPair(input);
  const decided = await persons.decideRecords(refs, input.decision);
  if ('missing' in decided) throw noSuchRecord(refs, decided.missing);
  const { resolved, merged, split, moved } = await persons.resolveQueued();
  return { ...refs, decision: input.decision, resolution: { resolved, merged, split, moved } };
}

/** The review list's query (`ReviewQuery`), checked, with the default limit: the admin API's and the console's. */
export function reviewOptions(asked: { limit: string | undefined; source: string | undefined }): { limit: number; source?: string } {
  const { limit, source } = parseOrBadRequest(ReviewQuery, asked);
  return { limit: limit ?? DEFAULT_REVIEW_LIMIT, source };
}

const explained = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PersonTooLargeError) throw new ApiError(422, `Cannot explain: ${error.message}`);
    throw error;
  }
};

/**
 * The identity graph explained and steered (docs/identity-graph.md, "Why and how", "People decide"): how a person
 * of Kith's data is built, why two records are, or are not, one person (both weighed when asked, as the resolver
 * weighs them), and what an operator decides of two records, resolved before the answer.
 */
export function adminGraphRoutes(options: { persons: PersonStore }) {
  const app = new Hono<ApiEnv>();
  app.get('/records/why', async (c) => {
    const refs = recordPair({ a: c.req.query('a'), b: c.req.query('b') });
    const why = await explained(() => options.persons.explainRecords(refs));
    if ('missing' in why) throw noSuchRecord(refs, why.missing);
    return c.json(why);
  });
  app.post('/records/decisions', async (c) => c.json(await decideAndResolve(options.persons, c.get('body'))));
  app.get('/persons/review', async (c) => {
    const asked = reviewOptions({ limit: c.req.query('limit'), source: c.req.query('source') });
    return c.json({ persons: await options.persons.personsToReview(asked) });
  });
  app.get('/persons/:personId', async (c) => {
    const personId = c.req.param('personId');
    if (!PersonIdParam.safeParse({ personId }).success) throw new ApiError(400, 'Invalid request: personId: a person id is a positive whole number');
    const how = await explained(() => options.persons.explainPerson(personId));
    if (!how) throw new ApiError(404, `No such person: ${personId}`);
    return c.json(how);
  });
  return app;
}
