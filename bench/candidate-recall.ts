/**
 * npm run bench:candidates [-- --queries 3000 --seed 777 --errors literature|project]
 *
 * Whether a name and address lookup among the 1M generated persons of `person-enrich-1m-name-address` (its
 * database, made as that scenario makes it) compares the person meant, and how many candidates it compares: the
 * queries are corrupted copies of the first 100,000 persons (`synthetic/persons/match-queries`), and each is
 * looked up by its blocking keys as person.enrich does (workers/shared/find-person.ts) without the comparing.
 * The matching bench measures the answers on 5,000 persons, where keys name few; this measures the candidates
 * where keys name many. Reads DATABASE_URL (the server; started by `deploy/services/all.sh start postgres`).
 */
import { parseArgs } from 'node:util';
import { createPgClient } from '../adapters/db/pg.ts';
import { keyId, personStore } from '../adapters/persons/store.ts';
import { rankCandidates } from '../domain/matching/candidates.ts';
import { personLookupOf } from '../domain/matching/evidence.ts';
import { generateMatchQueries } from '../synthetic/persons/match-queries/generate-queries.ts';
import { positive } from './options.ts';
import { BENCH_PERSONS, preparePersonDatabase } from './person-data.ts';

/** Persons the queries are drawn from: the first of the database's, so that generating them again is quick. */
const QUERIED_PERSONS = 100_000;
/** Persons a key names at most, as person.enrich reads them (workers/shared/find-person.ts). */
const PERSONS_PER_KEY = 25;

const { values } = parseArgs({ options: { queries: { type: 'string' }, seed: { type: 'string' }, errors: { type: 'string', default: 'literature' } } });
if (values.errors !== 'literature' && values.errors !== 'project') throw new Error('--errors must be literature or project');
const errors = values.errors;
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('DATABASE_URL must name the PostgreSQL server (eval "$(bash deploy/services/all.sh env postgres)")');

const progress = (line: string) => console.error(`[candidates ${new Date().toISOString().slice(11, 19)}] ${line}`);
const db = createPgClient(await preparePersonDatabase(serverUrl, progress), 2);
const store = personStore(db);
// Queries for persons not in the file (truth null) are of persons beyond the first 100,000, held by the database: left out.
const lines = generateMatchQueries({
  persons: { count: QUERIED_PERSONS, seed: BENCH_PERSONS.seed },
  count: positive('queries', values.queries, 3000),
  seed: positive('seed', values.seed, 777),
  errors,
}).filter((line) => line.truth !== null);
const rows = await db.query<{ external_id: string; person_id: string }>(
  `SELECT p.external_id, coalesce(rp.person_id, p.id)::text AS person_id
     FROM persons p LEFT JOIN record_persons rp ON rp.record_id = p.id
    WHERE p.source = 'default' AND p.external_id = ANY($1)`,
  [lines.map((line) => line.truth)],
);
const personOf = new Map(rows.map((row) => [row.external_id, row.person_id]));

const counts = { queries: lines.length, lookedUp: 0, meantFoundByAKey: 0, meantCompared: 0, compared: 0 };
for (const [at, line] of lines.entries()) {
  const nameAddress = personLookupOf(line.query).evidence.find((item) => item.nameAddress);
  if (!nameAddress) continue;
  counts.lookedUp += 1;
  const keys = [...nameAddress.keys, ...nameAddress.nameAddress!.blockingKeys];
  const named = await store.personsByKeys(keys, PERSONS_PER_KEY);
  const found = keys.map((key) => named.get(keyId(key)) ?? []);
  const compared = rankCandidates(found);
  const meant = personOf.get(line.truth!);
  counts.compared += compared.length;
  if (found.some((persons) => persons.includes(meant!))) counts.meantFoundByAKey += 1;
  if (compared.includes(meant!)) counts.meantCompared += 1;
  if ((at + 1) % 500 === 0) progress(`${at + 1} of ${lines.length} looked up`);
}
await db.close();
console.log(
  JSON.stringify({ errors, ...counts, comparedPerLookup: Number((counts.compared / counts.lookedUp).toFixed(2)), meantComparedShare: Number((counts.meantCompared / counts.lookedUp).toFixed(4)) }),
);
