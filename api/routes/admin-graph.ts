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
    const refs = { a: recordRef('a', c.req.query('a')), b: recordRef('b', c.req.query('b')) };
    if (refs.a.source === refs.b.source && refs.a.id === refs.b.id) throw new ApiError(400, 'Invalid request: b: name another record than a');
    const why = await explained(() => options.persons.explainRecords(refs));
    if ('missing' in why) throw new ApiError(404, `No such record: ${why.missing} (${refs[why.missing].source}:${refs[why.missing].id})`);
    return c.json(why);
  });
  app.post('/records/decisions', async (c) => {
    const input = parseOrBadRequest(RecordDecisionRequest, c.get('body'));
    const refs = { a: recordRef('a', input.a), b: recordRef('b', input.b) };
    if (refs.a.source === refs.b.source && refs.a.id === refs.b.id) throw new ApiError(400, 'Invalid request: b: name another record than a');
    const decided = await options.persons.decideRecords(refs, input.decision);
    if ('missing' in decided) throw new ApiError(404, `No such record: ${decided.missing} (${refs[decided.missing].source}:${refs[decided.missing].id})`);
    const { resolved, merged, split, moved } = await options.persons.resolveQueued();
    return c.json({ ...refs, decision: input.decision, resolution: { resolved, merged, split, moved } });
  });
  app.get('/persons/review', async (c) => {
    const { limit, source } = parseOrBadRequest(ReviewQuery, { limit: c.req.query('limit'), source: c.req.query('source') });
    return c.json({ persons: await options.persons.personsToReview({ limit: limit ?? DEFAULT_REVIEW_LIMIT, source }) });
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
