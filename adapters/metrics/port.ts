/**
 * What the running code reports to the operator's metrics: small, framework-free interfaces, called by the
 * decorators and middleware that composition puts around the business code (never by the business code).
 * Prometheus (prometheus.ts) or nothing (noop.ts) behind them.
 */
export interface HttpMetrics {
  /** One answered request: its operation label (bounded: see api/middleware/http-metrics.ts), status and duration. */
  served(request: { operation: string; status: number; seconds: number }): void;
}

export interface BusMetrics {
  /** Messages durably published to a topic. */
  produced(topic: string, count: number): void;
  /** One message handled by a consumer of the topic (its handler resolved). */
  consumed(topic: string): void;
}

/** What one webhook attempt led to: done, due again later, given up after the schedule, or refused for good (410). */
export type DeliveryAttemptOutcome = 'delivered' | 'retry' | 'gave_up' | 'gone';

export interface DeliveryMetrics {
  attempted(outcome: DeliveryAttemptOutcome): void;
}

export interface UsageMetrics {
  /** A batch of usage events written to the usage store. */
  batchWritten(events: number): void;
}

export interface SqlMetrics {
  /** One statement sent to the database: a query, or a script (migrations). */
  statement(): void;
  /** One explicit transaction begun (its BEGIN and COMMIT or ROLLBACK are not counted as statements). */
  transaction(): void;
}

/** How far a consumer group is behind on a topic: messages published and not yet committed, over its partitions. */
export type LagReading = { group: string; topic: string; lag: number };

export interface MetricsExposition {
  readonly contentType: string;
  /** The text exposition format, read at scrape time. */
  render(): Promise<string>;
}

export type Metrics = {
  http: HttpMetrics;
  bus: BusMetrics;
  deliveries: DeliveryMetrics;
  usage: UsageMetrics;
  sql: SqlMetrics;
  exposition: MetricsExposition;
};
