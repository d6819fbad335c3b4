import type { ScenarioContext } from './scenario-context.ts';

/** The record the identity scenarios read and tag: made by each run's setup for the run's account. */
export const BENCH_RECORD_ID = 'bench-record-1';

async function v3(context: ScenarioContext, operation: string, body: unknown): Promise<void> {
  const response = await fetch(`${context.urls[0]}/v3/${operation}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${context.account.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${operation} answered ${response.status}: ${await response.text()}`);
}

/** Maps the bench record, then gives it `tagCount` tags (100 a request, the most one request takes). */
export async function createBenchRecord(context: ScenarioContext, tagCount: number): Promise<void> {
  await v3(context, 'identity.map', { recordId: BENCH_RECORD_ID, email: 'bench-record@example.org' });
  for (let start = 0; start < tagCount; start += 100) {
    const tags = Array.from({ length: Math.min(100, tagCount - start) }, (_, i) => ({ key: `key-${(start + i) % 10}`, value: `value-${start + i}` }));
    await v3(context, 'tags.create', { recordId: BENCH_RECORD_ID, tags });
  }
  context.progress(`record ${BENCH_RECORD_ID} mapped with ${tagCount} tags`);
}
