import type { Counting } from './per-request.ts';

/** The usage writer batches what it took off the bus for up to a second: its statements are in after that. */
const WRITES_SETTLE_MS = 2_000;

/** The sum of every series of a metric in Prometheus's text exposition format (0 when it has none). */
export function metricTotal(exposition: string, name: string): number {
  let total = 0;
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{.*\})? (\S+)$/.exec(line);
    if (match?.[1] === name) total += Number(match[2]);
  }
  return total;
}

/**
 * Embedded mode's totals, read from the process's /metrics: statements it sent to its database, transactions it
 * began there, and messages published on its bus.
 */
export function metricsCounting(url: string): Counting {
  return {
    settleMs: WRITES_SETTLE_MS,
    async read() {
      const response = await fetch(`${url}/metrics`);
      if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
      const text = await response.text();
      return {
        sqlStatements: metricTotal(text, 'kith_sql_statements_total'),
        sqlTransactions: metricTotal(text, 'kith_sql_transactions_total'),
        busMessages: metricTotal(text, 'kith_bus_messages_produced_total'),
      };
    },
    close: async () => {},
  };
}
