import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { OperationReply, WebhookDress } from '../../schemas/events/operation-requested.ts';
import { v2Operations } from '../../domain/v2-operations.ts';
import { v3Operations } from '../../domain/operations.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { v2CompanyAnswer } from '../v2/company.ts';
import { v2VerificationAnswer } from '../v2/email-verification.ts';
import { personEnrichBodyOf, v2PersonAnswer, v2PersonQueryOf } from '../../domain/v2/person-answer.ts';
import type { V2PersonKey } from '../../schemas/v2/person-keys.ts';
import { parseOrBadRequest } from '../validate.ts';
import { operationAnswer, type OperationAnswerOptions } from '../answering/operation-answer.ts';

/**
 * Asks the operation a v2 call stands for (a v3 one, or one only v2 serves), with the body made from the
 * query string; usage counts it as that operation. `queue=1` (v2's "do not wait, I will ask again") queues it without waiting.
 */
const operations = { ...v3Operations, ...v2Operations };

async function ask(
  c: Context<ApiEnv>,
  name: 'person.enrich' | 'company.enrich' | 'email.verification',
  input: unknown,
  options: OperationAnswerOptions,
  webhookDress?: { dress: WebhookDress; lookupKeys: V2PersonKey[] },
): Promise<OperationReply> {
  const spec = operations[name];
  const body = parseOrBadRequest(spec.request, input);
  c.get('exchange').countAs(name);
  return operationAnswer(c, { name, spec, body, noWait: c.req.query('queue') === '1', webhookDress }, options);
}

const answer = (c: Context<ApiEnv>, reply: OperationReply) => c.json(reply.body as object, reply.status as ContentfulStatusCode);

/** The v2 paths: other methods than GET (and HEAD) answer 405. */
const V2_PATHS = ['/person.json', '/company/lookup.json', '/verification/email.json'];

/** The legacy v2 GET APIs (docs/decisions.md, "The v2 APIs"): JSON only, answered by the v3 operations' workers. */
export function v2Routes(options: OperationAnswerOptions) {
  const app = new Hono<ApiEnv>();
  app.get('/person.json', async (c) => {
    const query = v2PersonQueryOf(c.req.query());
    if (Object.keys(query).length === 0) throw new ApiError(400, 'Invalid request: give one of email, emailMD5, phone or twitter');
    // With webhookUrl the answer goes there, dressed as v2 by the worker runtime.
    const webhookUrl = c.req.query('webhookUrl');
    const body = { ...personEnrichBodyOf(query), ...(webhookUrl !== undefined && { webhookUrl }) };
    const given = Object.keys(query) as V2PersonKey[];
    const reply = await ask(c, 'person.enrich', body, options, { dress: 'v2.person', lookupKeys: given });
    return answer(c, v2PersonAnswer(reply, given, c.get('requestId')));
  });
  app.get('/company/lookup.json', async (c) => {
    const domain = c.req.query('domain');
    if (domain === undefined) throw new ApiError(400, 'Invalid request: domain: required');
    return answer(c, v2CompanyAnswer(await ask(c, 'company.enrich', { domain }, options), c.get('requestId')));
  });
  app.get('/verification/email.json', async (c) => {
    const email = c.req.query('email')?.trim();
    if (!email) throw new ApiError(400, 'Invalid request: email: required');
    return answer(c, v2VerificationAnswer(await ask(c, 'email.verification', { email }, options), email, c.get('requestId')));
  });
  for (const path of V2_PATHS) {
    app.all(path, (c) => {
      throw new ApiError(405, `${c.req.path} accepts only GET`, { Allow: 'GET, HEAD' });
    });
  }
  return app;
}
