import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import type { CompanyStore, MatchTraining, PersonStore } from '../../adapters/db/port.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { SourceName } from '../../schemas/data/source-name.ts';

export const NDJSON_MEDIA_TYPE = 'application/x-ndjson';

type Importer = { import(input: Readable, options: { source?: string }): Promise<object> };
type ImportOptionsOf = (query: (name: string) => string | undefined) => { source?: string };

/** `?source=` of a person import, checked (schemas/data/source-name.ts); undefined when not given. */
function sourceOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = SourceName.safeParse(value);
  if (!parsed.success) throw new ApiError(400, `Invalid request: source: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/**
 * Loads data into a running Kith: the body is NDJSON records, read as a stream in constant memory and written
 * in transactions of 5,000 lines (docs/person-records.md, docs/company-records.md). It is how an embedded
 * Kith, whose database no other process may open, takes data without a restart. Registered before the admin
 * JSON body parser. An import of persons then trains the match model (`matchModel` in the answer), unless
 * training is manual: `POST /admin/matching/train` trains it then (docs/matching.md, "Training"), and resolves
 * whatever is queued for resolution, its own records among them, before it answers (`resolution`: what this call
 * resolved, which the identity worker may have begun; docs/identity-graph.md). `?source=` names the persons' source.
 */
export function adminDataRoutes(options: { persons: PersonStore; companies: CompanyStore; matchTraining: MatchTraining }) {
  const app = new Hono<ApiEnv>();
  const importRoute = (path: string, kind: string, store: Importer, after: () => Promise<object>, optionsOf: ImportOptionsOf = () => ({})) =>
    app.post(path, async (c) => {
      const contentType = c.req.header('content-type') ?? '';
      if (!contentType.toLowerCase().startsWith(NDJSON_MEDIA_TYPE)) {
        throw new ApiError(415, `Send ${kind} records as NDJSON, with Content-Type: ${NDJSON_MEDIA_TYPE}`);
      }
      const body = c.req.raw.body;
      if (!body) throw new ApiError(400, `Invalid request: the body holds no ${kind} records`);
      const importOptions = optionsOf((name) => c.req.query(name));
      const summary = await store.import(Readable.fromWeb(body as WebReadableStream<Uint8Array>), importOptions);
      return c.json({ ...summary, ...(await after()) });
    });
  const train = async () => ({ matchModel: await options.persons.trainMatchModel() });
  const resolve = async () => ({ resolution: await options.persons.resolveQueued() });
  const afterPersons = async () => ({ ...(options.matchTraining === 'after-import' && (await train())), ...(await resolve()) });
  importRoute('/persons', 'person', options.persons, afterPersons, (query) => ({ source: sourceOf(query('source')) }));
  importRoute('/companies', 'company', options.companies, async () => ({}));
  app.post('/matching/train', async (c) => c.json((await train()).matchModel));
  return app;
}
