import type { Metrics } from './port.ts';

/** Metrics that go nowhere: for code paths and tests that do not observe them. */
export function noopMetrics(): Metrics {
  return {
    http: { served() {} },
    bus: { produced() {}, consumed() {} },
    deliveries: { attempted() {} },
    usage: { batchWritten() {} },
    sql: { statement() {}, transaction() {} },
    exposition: { contentType: 'text/plain; version=0.0.4; charset=utf-8', render: async () => '' },
  };
}
