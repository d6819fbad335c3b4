import type { V3OperationName } from '../domain/operations.ts';
import type { CompanyRecord } from '../schemas/data/company-record.ts';
import type { BenchMode } from './kith-processes.ts';
import { BENCH_RECORD_ID, createBenchRecord } from './identity-records.ts';
import { BENCH_PERSONS, benchPersonEmails, benchPersonNamesAndAddresses, EMBEDDED_PERSONS, loadEmbeddedPersons, preparePersonDatabase } from './person-data.ts';
import { benchCompanies, prepareCompanyDatabase } from './company-data.ts';
import { loadUsageEvents } from './usage-load.ts';
import type { ScenarioContext } from './scenario-context.ts';
import { startWebhookSink, webhookUrlFor } from './webhook-sink.ts';

/**
 * One benchmark: the v3 operation and body that the load sends (the baseline validates the same body with
 * the same operation's schema), the modes it makes sense in, and what must exist before the warm-up.
 */
export type Scenario = {
  name: string;
  summary: string;
  modes: readonly BenchMode[];
  operation: V3OperationName;
  body: unknown;
  /** Services beyond those of the mode (distributed starts postgres and kafka), by deploy/services name. */
  services?: readonly string[];
  /** Settings for the Kith processes, e.g. which usage store to use, given the services' environment. */
  kithEnv?(services: Record<string, string>): Record<string, string>;
  /** Runs before Kith starts (data it must find at start-up); returns more settings for the Kith processes. */
  prepare?(services: Record<string, string>, progress: (line: string) => void): Promise<Record<string, string>>;
  /**
   * Distinct bodies the load sends in turn instead of `body` (all connections and runs share one rotation). Lookups
   * keep their reply for a repeated request (KITH_RESULT_TTL_SECONDS), so a load repeating one body would measure
   * those kept replies rather than the lookup: a lookup scenario gives more bodies than one run sends.
   */
  bodies?(): unknown[];
  /** The status every answer of the load must have (200 unless given). */
  expectStatus?: number;
  /**
   * The requests ask for webhooks to the bench's sink (./webhook-sink.ts): the time from each 202 to its first
   * delivery attempt is measured, and the delivery rate beside the intake rate.
   */
  watchesDeliveries?: boolean;
  /** Runs after the account exists and before the warm-up: load data, prime caches. */
  setup?(context: ScenarioContext): Promise<void>;
};

/** The ClickHouse database of the stats-10m scenario: emptied and loaded again by each run. */
const BENCH_USAGE_DATABASE = 'kith_bench';

/** How many different persons (and companies) a lookup scenario's load asks for in turn: more than one run sends. */
const DISTINCT_LOOKUPS = 100_000;

/** Batches of `size` of the emails, in turn, each cycle through them shifted by one so that no batch repeats. */
function emailBatches(emails: string[], size: number, count: number): string[][] {
  const perCycle = Math.floor(emails.length / size);
  return Array.from({ length: count }, (_, index) => {
    const start = (index % perCycle) * size + Math.floor(index / perCycle);
    return Array.from({ length: size }, (_, item) => emails[(start + item) % emails.length]!);
  });
}

/** person.enrich by email (or a batch of it) on a million generated persons, in a database of their own. */
function personEnrich(name: string, summary: string, webhook: boolean, batch = 0): Scenario {
  // Each body's webhook URL names it, so that its delivery is told apart from the others'.
  const bodyOf = (emails: string[], n: number) => ({
    ...(batch ? { requests: emails.map((email) => ({ email })) } : { email: emails[0] }),
    ...(webhook && { webhookUrl: webhookUrlFor(n) }),
  });
  return {
    name,
    summary,
    modes: ['distributed'],
    operation: batch ? 'person.bulkEnrich' : 'person.enrich',
    body: bodyOf(benchPersonEmails(Math.max(batch, 1), BENCH_PERSONS.count), 0),
    bodies() {
      const emails = benchPersonEmails(DISTINCT_LOOKUPS, BENCH_PERSONS.count);
      if (!batch) return emails.map((email, n) => bodyOf([email], n));
      return emailBatches(emails, batch, (5 * DISTINCT_LOOKUPS) / batch).map(bodyOf);
    },
    expectStatus: webhook ? 202 : 200,
    watchesDeliveries: webhook,
    async prepare(services, progress) {
      if (webhook) await startWebhookSink();
      return {
        DATABASE_URL: await preparePersonDatabase(services.DATABASE_URL!, progress),
        KITH_WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32',
      };
    },
  };
}

/** A company operation on 200,000 generated companies, in a database of their own, asking of each company in turn. */
const companyScenario = (
  name: string,
  summary: string,
  operation: 'company.enrich' | 'company.search',
  bodyOf: (company: CompanyRecord) => unknown,
): Scenario => ({
  name,
  summary,
  modes: ['distributed'],
  operation,
  body: bodyOf(benchCompanies(1)[0]!),
  bodies: () => benchCompanies(DISTINCT_LOOKUPS).map(bodyOf),
  prepare: async (services, progress) => ({ DATABASE_URL: await prepareCompanyDatabase(services.DATABASE_URL!, progress) }),
});

/** An operation on the bench record (bench/identity-records.ts), which the setup maps with `tagCount` tags. */
const onBenchRecord = (name: string, summary: string, operation: V3OperationName, body: object, tagCount: number): Scenario => ({
  name,
  summary,
  modes: ['embedded', 'distributed'],
  operation,
  body: { recordId: BENCH_RECORD_ID, ...body },
  setup: (context) => createBenchRecord(context, tagCount),
});

/** The registry: a scenario's `setup` loads what it needs for `context.account`; the rest of a run is the same. */
export const scenarios: Readonly<Record<string, Scenario>> = {
  noop: {
    name: 'noop',
    summary:
      'POST /v3/stats.get {"stats":["person"]}: validated, authenticated, rate-limited, published on the bus and answered by the usage worker',
    modes: ['embedded', 'distributed'],
    operation: 'stats.get',
    body: { stats: ['person'] },
  },
  'stats-10m': {
    name: 'stats-10m',
    summary:
      'POST /v3/stats.get {"stats":["person"]} with 10 million usage events in ClickHouse (1 million of them the account\'s own)',
    modes: ['distributed'],
    operation: 'stats.get',
    body: { stats: ['person'] },
    services: ['clickhouse'],
    kithEnv: (services) => ({ CLICKHOUSE_URL: services.CLICKHOUSE_URL!, KITH_CLICKHOUSE_DATABASE: BENCH_USAGE_DATABASE }),
    setup: (context) => loadUsageEvents(context, 10_000_000),
  },
  'person-enrich-1m': personEnrich(
    'person-enrich-1m',
    'POST /v3/person.enrich {"email": ...} matching one of 1,000,000 generated persons in PostgreSQL, answered synchronously',
    false,
  ),
  'person-enrich-embedded': {
    name: 'person-enrich-embedded',
    summary: 'POST /v3/person.enrich {"email": ...} matching one of 10,000 generated persons in the embedded PGlite, over the embedded bus',
    modes: ['embedded'],
    operation: 'person.enrich',
    body: { email: benchPersonEmails(1, EMBEDDED_PERSONS)[0] },
    bodies: () => benchPersonEmails(EMBEDDED_PERSONS, EMBEDDED_PERSONS).map((email) => ({ email })),
    setup: loadEmbeddedPersons,
  },
  'identity-map-embedded': {
    name: 'identity-map-embedded',
    summary:
      'POST /v3/identity.map {"recordId", "email"} of one of 10,000 records, each naming one of 10,000 generated persons in the embedded PGlite: matched and placed in the identity graph (docs/identity-graph.md, "Account records")',
    modes: ['embedded'],
    operation: 'identity.map',
    body: { recordId: 'map-0', email: benchPersonEmails(1, EMBEDDED_PERSONS)[0] },
    bodies: () => benchPersonEmails(EMBEDDED_PERSONS, EMBEDDED_PERSONS).map((email, at) => ({ recordId: `map-${at}`, email })),
    setup: loadEmbeddedPersons,
  },
  'person-enrich-1m-name-address': {
    name: 'person-enrich-1m-name-address',
    summary:
      'POST /v3/person.enrich {"name": {"full"}, "location": {...}} of one of 1,000,000 generated persons in PostgreSQL: blocking keys, candidates compared field by field',
    modes: ['distributed'],
    operation: 'person.enrich',
    body: benchPersonNamesAndAddresses(1, BENCH_PERSONS.count)[0],
    bodies: () => benchPersonNamesAndAddresses(DISTINCT_LOOKUPS, BENCH_PERSONS.count),
    prepare: async (services, progress) => ({ DATABASE_URL: await preparePersonDatabase(services.DATABASE_URL!, progress) }),
  },
  'person-bulk-enrich-1m': personEnrich(
    'person-bulk-enrich-1m',
    'POST /v3/person.bulkEnrich with 100 requests {"email": ...}, each matching one of 1,000,000 generated persons, answered synchronously',
    false,
    100,
  ),
  'company-enrich-200k': companyScenario(
    'company-enrich-200k',
    'POST /v3/company.enrich {"domain": ...} of one of 200,000 generated companies in PostgreSQL, with the plan\'s data add-ons',
    'company.enrich',
    (company) => ({ domain: company.domain }),
  ),
  'company-search-200k': companyScenario(
    'company-search-200k',
    'POST /v3/company.search {"companyName": ...} over 200,000 generated companies in PostgreSQL (trigram match, traffic order, 10 candidates)',
    'company.search',
    (company) => ({ companyName: company.name }),
  ),
  'company-search-relevance-200k': companyScenario(
    'company-search-relevance-200k',
    'POST /v3/company.search {"companyName": ..., "sort": "relevance"} over 200,000 generated companies in PostgreSQL (closest names first, 10 candidates)',
    'company.search',
    (company) => ({ companyName: company.name, sort: 'relevance' }),
  ),
  'person-enrich-1m-webhook': personEnrich(
    'person-enrich-1m-webhook',
    'POST /v3/person.enrich {"email": ..., "webhookUrl": ...}: 202 at once, the match delivered to a local receiver by the delivery worker',
    true,
  ),
  'tags-create': onBenchRecord(
    'tags-create',
    'POST /v3/tags.create {"recordId", "tags": [one pair]} on a mapped record (the pair exists after the first call)',
    'tags.create',
    { tags: [{ key: 'segment', value: 'bench' }] },
    0,
  ),
  'identity-resolve': onBenchRecord('identity-resolve', 'POST /v3/identity.resolve {"recordId"} of a mapped record', 'identity.resolve', {}, 0),
  'tags-get-1000': onBenchRecord('tags-get-1000', 'POST /v3/tags.get {"recordId"} of a record with 1,000 tags', 'tags.get', {}, 1000),
};
