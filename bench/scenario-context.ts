import type { BenchAccount } from './account.ts';
import type { BenchMode } from './kith-processes.ts';

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
