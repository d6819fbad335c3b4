import { expect } from 'vitest';
import type { TestKith } from './kith.ts';

/** Loads records into a running Kith through the admin API (`/admin/persons`, `/admin/companies`), as an operator would. */
export async function importThroughAdmin(kith: TestKith, path: string, records: unknown[]): Promise<void> {
  const answer = await kith.client.request('POST', path, {
    headers: { Authorization: `Bearer ${kith.adminToken}`, 'Content-Type': 'application/x-ndjson' },
    body: records.map((record) => JSON.stringify(record)).join('\n'),
  });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body).toMatchObject({ rejectedCount: 0 });
}
