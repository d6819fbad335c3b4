import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import type { CompanyStore, MatchTraining, PersonStore } from '../../adapters/db/port.ts';
import type { ApiEnv } from '../env.ts';
import { ApiError } from '../errors.ts';
import { SourceName } from '../../schemas/data/source-name.ts';
import { CsvColumnsError, parseColumnMap } from '../../domain/persons/csv-columns.ts';

export const NDJSON_MEDIA_TYPE = 'application/x-ndjson';
export const CSV_MEDIA_TYPE = 'text/csv';

type Format = 'ndjson' | 'csv';
type Query = { one(name: string): string | undefined; all(name: string): string[] };
type Importer = { import(input: Readable, options: object): Promise<object> };
type ImportOptionsOf = (query: Query, format: Format) => object;

/** `?source=` of a person import, checked (schemas/data/source-name.ts); undefined when not given. */
function sourceOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = SourceName.safeParse(value);
  if (!parsed.success) throw new ApiError(400, `Invalid request: source: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** A refused header or `?map=` of a CSV import (domain/persons/csv-columns.ts) is the request's fault: 400. */
function refusedColumns(error: unknown): never {
  throw error instanceof CsvColumnsError ? new ApiError(400, `Invalid request: ${error.message}`) : error;
}

/** The options of a person import: `?source=`, and for CSV each `?map=COLUMN=FIELD`. */
const personImportOptions: ImportOptionsOf = (query, format) => {
  const source = sourceOf(query.one('source'));
  const specs = query.all('map');
  if (format !== 'csv') {
    if (specs.length > 0) throw new ApiError(400, `Invalid request: map reads the columns of a CSV body: send it with Content-Type: ${CSV_MEDIA_TYPE}`);
    return { source };
  }
  try {
    return { source, format, map: parseColumnMap(specs, 'map') };
  } catch (error) {
    return refusedColumns(error);
  }
};

/** What a body's Content-Type says it holds, of the formats taken; 415 for anything else, or CSV not in UTF-8. */
function formatOf(contentType: string, kind: string, csv: boolean): Format {
  const [mediaType = '', ...parameters] = contentType.toLowerCase().split(';').map((part) => part.trim());
  if (mediaType === NDJSON_MEDIA_TYPE) return 'ndjson';
  const taken = `Send ${kind} records as NDJSON, with Content-Type: ${NDJSON_MEDIA_TYPE}${csv ? `, or as CSV with a header row, with Content-Type: ${CSV_MEDIA_TYPE}` : ''}`;
  if (!csv || mediaType !== CSV_MEDIA_TYPE) throw new ApiError(415, taken);
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (charset && charset !== 'utf-8' && charset !== 'utf8') throw new ApiError(415, `CSV is read as UTF-8: charset=${charset} is not taken`);
  return 'csv';
}

/**
 * Loads data into a running Kith: the body is NDJSON records (persons also CSV with a header row, `Content-Type:
 * text/csv`, its columns read with `?map=COLUMN=FIELD`, repeated), read as a stream in constant memory and written
 * in transactions (docs/person-records.md, docs/company-records.md). It is how an embedded
 * Kith, whose database no other process may open, takes data without a restart. Registered before the admin
 * JSON body parser. An import of persons then trains the match model (`matchModel` in the answer), unless
 * training is manual: `POST /admin/matching/train` trains it then (docs/matching.md, "Training"), and resolves
 * whatever is queued for resolution, its own records among them, before it answers (`resolution`: what this call
 * resolved, which the identity worker may have begun; docs/identity-graph.md). `?source=` names the persons' source.
 */
export function adminDataRoutes(options: { persons: PersonStore; companies: CompanyStore; matchTraining: MatchTraining }) {
  const app = new Hono<ApiEnv>();
  const importRoute = (path: string, kind: string, store: Importer, after: () => Promise<object>, optionsOf: ImportOptionsOf = () => ({}), csv = false) =>
    app.post(path, async (c) => {
      const format = formatOf(c.req.header('content-type') ?? '', kind, csv);
      const body = c.req.raw.body;
      if (!body) throw new ApiError(400, `Invalid request: the body holds no ${kind} records`);
      const importOptions = optionsOf({ one: (name) => c.req.query(name), all: (name) => c.req.queries(name) ?? [] }, format);
      const summary = await store.import(Readable.fromWeb(body as WebReadableStream<Uint8Array>), importOptions).catch(refusedColumns);
      return c.json({ ...summary, ...(await after()) });
    });
  const train = async () => ({ matchModel: await options.persons.trainMatchModel() });
  const resolve = async () => ({ resolution: await options.persons.resolveQueued() });
  const afterPersons = async () => ({ ...(options.matchTraining === 'after-import' && (await train())), ...(await resolve()) });
  importRoute('/persons', 'person', options.persons, afterPersons, personImportOptions, true);
  importRoute('/companies', 'company', options.companies, async () => ({}));
  app.post('/matching/train', async (c) => c.json((await train()).matchModel));
  return app;
}
