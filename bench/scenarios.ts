import type { V3OperationName } from '../schemas/v3/operations.ts';
import type { BenchAccount } from './account.ts';
import type { BenchMode } from './kith-processes.ts';
import { loadUsageEvents } from './usage-load.ts';

/** What a scenario's setup gets: the running deployment and the account whose key the load uses. */
export type ScenarioContext = {
  mode: BenchMode;
  /** Base URL of each ingress replica. */
  urls: string[];
  adminToken: string;
  account: BenchAccount;
  /**
   * The environment the Kith processes run with: DATABASE_URL in distributed mode, KITH_DATA_DIR (PGlite,
   * owned by the running process, so not to be opened beside it) in embedded mode.
   */
  kithEnv: Record<string, string>;
  /** The services' environment (DATABASE_URL, KAFKA_BROKERS, and those the scenario asked for). */
  services: Record<string, string>;
  progress(line: string): void;
};

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
  /** Runs after the account exists and before the warm-up: load data, prime caches. */
  setup?(context: ScenarioContext): Promise<void>;
};

/** The ClickHouse database of the stats-10m scenario: emptied and loaded again by each run. */
const BENCH_USAGE_DATABASE = 'kith_bench';

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
};
