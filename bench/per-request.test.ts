import { describe, expect, it } from 'vitest';
import { metricTotal } from './per-request-embedded.ts';
import { perRequestOf } from './per-request.ts';

const totals = (pgTransactions: number, pgRowsWritten: number, kafkaMessages: number, kafkaOffsetCommits: number) => ({
  pgTransactions,
  pgRowsWritten,
  kafkaMessages,
  kafkaOffsetCommits,
});

describe('per-request counts', () => {
  it("takes the idle processes' rate over the batch's time off the batch, and shares the rest among the requests", () => {
    // Idle: 30 transactions in 20 s (polls). The batch: 31 s, 1,000 requests, 3,046.5 transactions.
    const counted = perRequestOf({ totals: totals(30, 0, 0, 4), ms: 20_000 }, { totals: totals(3_046.5, 2_000, 3_000, 106), ms: 31_000, requests: 1_000 });
    expect(counted).toEqual({ requests: 1_000, counts: { pgTransactions: 3, pgRowsWritten: 2, kafkaMessages: 3, kafkaOffsetCommits: 0.1 } });
  });

  it('never counts below zero when the idle processes happened to do more than during the batch', () => {
    const { counts } = perRequestOf({ totals: totals(100, 10, 0, 0), ms: 10_000 }, { totals: totals(50, 0, 10, 0), ms: 10_000, requests: 10 });
    expect(counts.pgTransactions).toBe(0);
    expect(counts.pgRowsWritten).toBe(0);
    expect(counts.kafkaMessages).toBe(1);
  });

  it("sums every series of a metric in /metrics's text, and reads 0 for one never written", () => {
    const exposition = [
      '# HELP kith_bus_messages_produced_total Messages published to the bus, by topic',
      '# TYPE kith_bus_messages_produced_total counter',
      'kith_bus_messages_produced_total{topic="kith.usage"} 120',
      'kith_bus_messages_produced_total{topic="kith.requests.enrichment"} 118',
      'kith_sql_statements_total 1234',
    ].join('\n');
    expect(metricTotal(exposition, 'kith_bus_messages_produced_total')).toBe(238);
    expect(metricTotal(exposition, 'kith_sql_statements_total')).toBe(1234);
    expect(metricTotal(exposition, 'kith_sql_transactions_total')).toBe(0);
  });
});
