import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { AccountList, Account, CreateAccountRequest } from '../schemas/admin/accounts.ts';
import { ConsoleLink } from '../schemas/admin/console.ts';
import { ImportSummary, MatchModelTrained, PersonImportSummary } from '../schemas/admin/data.ts';
import { PersonHow, PersonIdParam, PersonsToReview, RecordDecision, RecordDecisionRequest, RecordsWhy, RecordsWhyQuery, ReviewQuery } from '../schemas/admin/identity-graph.ts';
import { ApiKeyInfo, ApiKeyList, CreatedApiKey } from '../schemas/admin/keys.ts';
import { CreatePlanRequest, Plan, PlanList } from '../schemas/admin/plans.ts';
import {
  DeliveryStatus,
  ReplayRequest,
  ReplayResult,
  WebhookDeliveryDetail,
  WebhookDeliveryList,
  WebhookSecret,
} from '../schemas/admin/webhooks.ts';
import { ErrorBody } from '../schemas/errors.ts';
import {
  V2CompanyAnswer,
  V2CompanyQuery,
  V2PersonAnswer,
  V2PersonQuery,
  V2VerificationAnswer,
  V2VerificationQuery,
} from '../schemas/v2/lookups.ts';
import { v3Operations, type V3OperationName } from '../domain/operations.ts';
import type { OperationSpec } from '../domain/operations/spec.ts';
import type { ApiEnv } from './env.ts';
import { V3_LINKS } from './openapi-links.ts';
import { CSV_MEDIA_TYPE, NDJSON_MEDIA_TYPE } from './routes/admin-data.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const errorResponse = (description: string) => ({ description, content: json(ErrorBody) });

const V3_ERRORS = {
  '400': errorResponse('Malformed JSON or invalid input; the message names the field'),
  '401': errorResponse('Missing, malformed, unknown or revoked API key'),
  '403': errorResponse("Over the plan's rate limit (Retry-After says when to retry)"),
  '409': errorResponse('A request with the same Idempotency-Key is still being processed'),
  '413': errorResponse('Body larger than the limit'),
  '415': errorResponse('Body not sent as application/json'),
  '422': errorResponse('Idempotency-Key reused with a different request'),
  '503': errorResponse('Not taken now, worth sending again (Retry-After): the bus is away, or more requests are queued than Kith can work (or webhooks waiting for the account)'),
};

const IdempotencyKeyHeader = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Replays the first answer for 24 hours when the same request is sent again; a retry of a 503 sends the first request again, never a second one'),
});

function v3Operation(name: V3OperationName, spec: OperationSpec): ZodOpenApiOperationObject {
  const links = V3_LINKS[name];
  const responses: ZodOpenApiOperationObject['responses'] = {
    ...(spec.success === 204
      ? { '204': { description: 'Done; no body' } }
      : { [`${spec.success ?? 200}`]: { description: 'Success', content: json(spec.response), ...(links && { links }) } }),
    ...V3_ERRORS,
  };
  for (const status of spec.alsoAnswers ?? []) {
    responses[`${status}` as `4${string}`] ??= { description: `Answered with ${status}`, content: json(ErrorBody) };
  }
  return {
    operationId: name,
    summary: spec.summary,
    tags: [name.split('.')[0]!],
    security: [{ bearer: [] }],
    requestParams: { header: IdempotencyKeyHeader },
    requestBody: { content: json(spec.request) },
    responses,
  };
}

const AccountIdParam = z.object({ id: z.uuid() });
const KeyIdParam = z.object({ id: z.string() });
const DeliveryListQuery = z.object({
  status: DeliveryStatus.optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});

function adminOperation(
  summary: string,
  response: z.ZodType,
  extra: Partial<ZodOpenApiOperationObject> = {},
  status = '200',
): ZodOpenApiOperationObject {
  return {
    summary,
    tags: ['admin'],
    security: [{ adminToken: [] }],
    responses: {
      [status]: { description: 'Success', content: json(response) },
      '400': errorResponse('Invalid input'),
      '401': errorResponse('Admin token missing or invalid'),
      '404': errorResponse('No such account or key'),
      '429': errorResponse('Too many wrong admin tokens from this address: wait for Retry-After seconds'),
    },
    ...extra,
  };
}

const adminPaths: ZodOpenApiPathsObject = {
  '/admin/persons': {
    post: adminOperation(
      'Import person records, NDJSON or CSV with a header row (docs/person-records.md); an id imported again is replaced; then train the match model unless KITH_MATCH_TRAINING is manual',
      PersonImportSummary,
      {
        requestParams: {
          query: z.object({
            source: z.string().optional().describe('The source the records come from (docs/person-records.md, "Sources"); default `default`'),
            map: z.array(z.string()).optional().describe('CSV: COLUMN=FIELD reads a column as a field, COLUMN= ignores it; repeat for more (docs/person-records.md, "CSV")'),
          }),
        },
        requestBody: {
          content: {
            [NDJSON_MEDIA_TYPE]: { schema: z.string().describe('One person record a line') },
            [CSV_MEDIA_TYPE]: { schema: z.string().describe('UTF-8 CSV: a header row, then one person a row') },
          },
        },
      },
    ),
  },
  '/admin/persons/review': {
    get: adminOperation('The persons that hold by the thinnest threads, most doubtful first (docs/identity-graph.md, "Review")', PersonsToReview, {
      requestParams: { query: ReviewQuery },
    }),
  },
  '/admin/persons/{personId}': {
    get: adminOperation(
      'How a person of Kith\'s data is built: its records, each weighed against the others now (docs/identity-graph.md, "Why and how")',
      PersonHow,
      { requestParams: { path: PersonIdParam }, responses: { ...adminOperation('', PersonHow).responses, '422': errorResponse('A person of more records than can be weighed') } },
    ),
  },
  '/admin/records/why': {
    get: adminOperation(
      'Why two records are, or are not, one person (docs/identity-graph.md, "Why and how")',
      RecordsWhy,
      { requestParams: { query: RecordsWhyQuery }, responses: { ...adminOperation('', RecordsWhy).responses, '422': errorResponse('A person of more records than can be weighed') } },
    ),
  },
  '/admin/records/decisions': {
    post: adminOperation(
      'Decide that two records are never one person, or always one (`none` withdraws it); both are resolved again before the answer (docs/identity-graph.md, "People decide")',
      RecordDecision,
      { requestBody: { content: json(RecordDecisionRequest) } },
    ),
  },
  '/admin/matching/train': {
    post: adminOperation('Train the match model on the persons and put it in use (docs/matching.md, "Training")', MatchModelTrained),
  },
  '/admin/companies': {
    post: adminOperation('Import NDJSON company records (docs/company-records.md); a domain imported again is replaced', ImportSummary, {
      requestBody: { content: { [NDJSON_MEDIA_TYPE]: { schema: z.string().describe('One company record a line') } } },
    }),
  },
  '/admin/plans': {
    get: adminOperation('List plans', PlanList),
    post: adminOperation('Create a plan', Plan, { requestBody: { content: json(CreatePlanRequest) } }, '201'),
  },
  '/admin/accounts': {
    get: adminOperation('List accounts', AccountList),
    post: adminOperation('Create an account', Account, { requestBody: { content: json(CreateAccountRequest) } }, '201'),
  },
  '/admin/accounts/{id}': {
    get: adminOperation('Show an account', Account, { requestParams: { path: AccountIdParam } }),
  },
  '/admin/accounts/{id}/keys': {
    get: adminOperation('List the API keys of an account', ApiKeyList, { requestParams: { path: AccountIdParam } }),
    post: adminOperation(
      'Create an API key; the response is the only time the key is shown',
      CreatedApiKey,
      { requestParams: { path: AccountIdParam } },
      '201',
    ),
  },
  '/admin/accounts/{id}/console-link': {
    post: adminOperation(
      'Make a one-time login link into the web console for the account (kith console link)',
      ConsoleLink,
      { requestParams: { path: AccountIdParam } },
      '201',
    ),
  },
  '/admin/console-link': {
    post: adminOperation(
      "Make a one-time login link into the operator's pages of the web console: the identity graph, no account's (kith console link --operator)",
      ConsoleLink,
      {},
      '201',
    ),
  },
  '/admin/accounts/{id}/webhook-secret': {
    get: adminOperation("Show the account's webhook signing secret", WebhookSecret, { requestParams: { path: AccountIdParam } }),
  },
  '/admin/accounts/{id}/webhook-secret/rotate': {
    post: adminOperation('Rotate the signing secret; the previous one keeps signing for a while', WebhookSecret, {
      requestParams: { path: AccountIdParam },
    }),
  },
  '/admin/accounts/{id}/deliveries': {
    get: adminOperation("List the account's webhook deliveries, newest first", WebhookDeliveryList, {
      requestParams: { path: AccountIdParam, query: DeliveryListQuery },
    }),
  },
  '/admin/accounts/{id}/deliveries/replay': {
    post: adminOperation('Deliver again every failed delivery of the account created since a time', ReplayResult, {
      requestParams: { path: AccountIdParam },
      requestBody: { content: json(ReplayRequest) },
    }),
  },
  '/admin/deliveries/{id}': {
    get: adminOperation('Show a delivery with every attempt', WebhookDeliveryDetail, { requestParams: { path: KeyIdParam } }),
  },
  '/admin/deliveries/{id}/replay': {
    post: adminOperation('Deliver it again now (same webhook-id)', WebhookDeliveryDetail, { requestParams: { path: KeyIdParam } }),
  },
  '/admin/keys/{id}/revoke': {
    post: adminOperation('Revoke an API key (within one second on every process)', ApiKeyInfo, {
      requestParams: { path: KeyIdParam },
    }),
  },
};

function v2Operation(
  summary: string,
  query: z.ZodObject,
  response: z.ZodType,
  alsoAnswers: ZodOpenApiOperationObject['responses'] = {},
): ZodOpenApiOperationObject {
  return {
    summary,
    tags: ['v2'],
    security: [{ apiKeyQuery: [] }, { apiKeyHeader: [] }],
    requestParams: { query },
    responses: {
      '200': { description: 'Found', content: json(response) },
      '202': errorResponse('Queued (queue=1, or past the synchronous deadline): ask again'),
      '400': errorResponse('Invalid input; the message names the field'),
      '401': errorResponse('Missing, unknown or revoked API key'),
      '403': errorResponse('Over the rate limit'),
      '404': errorResponse('No match'),
      ...alsoAnswers,
    },
  };
}

function audienceDownload(summary: string): ZodOpenApiOperationObject {
  return {
    operationId: `audience.download.${summary.split(' ')[0]!.toLowerCase()}`,
    summary,
    tags: ['audience'],
    security: [{ bearer: [] }],
    requestParams: { query: z.object({ requestId: z.uuid().describe('The requestId audience.create answered') }) },
    responses: {
      '200': { description: 'The gzip-compressed JSON file (docs/audience-files.md), as raw bytes', content: { 'application/octet-stream': { schema: z.string() } } },
      '202': errorResponse('Still being built: its webhook is told when it is ready'),
      '400': errorResponse('No requestId'),
      '401': errorResponse('Missing, malformed, unknown or revoked API key'),
      '404': errorResponse('No audience of this account has that requestId'),
      '410': errorResponse('The audience was downloadable for 30 days; that time is over'),
    },
  };
}

const audiencePaths: ZodOpenApiPathsObject = {
  '/v3/audience.download': {
    get: audienceDownload('Download an audience file'),
    head: audienceDownload('Head of an audience file: its size and name'),
    post: audienceDownload('Post to download an audience file, for callers that only POST'),
  },
};

const v2Paths: ZodOpenApiPathsObject = {
  '/v2/person.json': {
    get: v2Operation('A person by one of email, emailMD5, phone or twitter, in the v2 person structure', V2PersonQuery, V2PersonAnswer),
  },
  '/v2/company/lookup.json': {
    get: v2Operation('A company by its domain, in the v2 company structure', V2CompanyQuery, V2CompanyAnswer, {
      '422': errorResponse('The domain is no domain name (as company.enrich answers it)'),
    }),
  },
  '/v2/verification/email.json': {
    get: v2Operation(
      'Email verification: syntax, disposable domain, whether Kith knows a person and a company for it, MX deliverability',
      V2VerificationQuery,
      V2VerificationAnswer,
    ),
  },
};

const HealthBody = z.object({ status: z.string() });

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument() {
  const v3Paths: ZodOpenApiPathsObject = {};
  for (const [name, spec] of Object.entries(v3Operations)) {
    v3Paths[`/v3/${name}`] = { post: v3Operation(name as V3OperationName, spec) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Kith',
      version: '3',
      description: 'Identity, company-data and consent API. Every v3 operation is POST with a JSON body.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key: Authorization: Bearer <key>' },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The operator admin token; /admin/ is served on KITH_ADMIN_PORT instead when that is set',
        },
        apiKeyQuery: { type: 'apiKey', in: 'query', name: 'apiKey', description: 'v2: an API key as a query parameter' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Service-APIKey', description: 'v2: an API key (X-FullContact-APIKey too)' },
      },
    },
    paths: {
      ...v3Paths,
      ...audiencePaths,
      ...v2Paths,
      ...adminPaths,
      '/healthz': { get: { summary: 'Liveness', responses: { '200': { description: 'Up', content: json(HealthBody) } } } },
      '/readyz': {
        get: {
          summary: 'Readiness: the database answers',
          responses: {
            '200': { description: 'Ready', content: json(HealthBody) },
            '503': errorResponse('Not ready'),
          },
        },
      },
    },
  });
}

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kith API reference</title><link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="reference"></div><script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference' });`;

/** /openapi.json and a browsable reference at /docs, served from the local swagger-ui-dist package. */
export function openApiRoutes() {
  const app = new Hono<ApiEnv>();
  const document = JSON.stringify(buildOpenApiDocument());
  app.get('/openapi.json', (c) => c.body(document, 200, { 'Content-Type': 'application/json' }));
  app.get('/docs', (c) => c.html(DOCS_PAGE));
  app.get('/docs/init.js', (c) => c.body(DOCS_INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/docs/:asset', async (c) => {
    const asset = c.req.param('asset');
    const contentType = SWAGGER_ASSETS[asset];
    if (!contentType) return c.notFound();
    const content = await readFile(join(swaggerDir, asset));
    return c.body(content, 200, { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=86400' });
  });
  return app;
}
