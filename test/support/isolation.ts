import { expect } from 'vitest';
import type { Answer } from './client.ts';
import type { TestAccount } from './factories.ts';
import type { TestKith } from './kith.ts';

export type RecordedCall = {
  operation: string;
  body: unknown;
  query?: string;
  headers?: Record<string, string>;
};

/** By default the other account must get "no match" and nothing of the owner's answer. */
function expectNotFound(ownerAnswer: Answer, otherAnswer: Answer) {
  expect(otherAnswer.status, otherAnswer.text).toBe(404);
  expect(otherAnswer.text).not.toBe(ownerAnswer.text);
}

/**
 * Replays account A's calls, ids and all, with account B's key: B must see nothing of A's. Every
 * operation that takes an id (recordId, personId, requestId, ...) runs its calls through this.
 */
export async function expectIsolated(
  kith: TestKith,
  owner: TestAccount,
  other: TestAccount,
  calls: RecordedCall[],
  check: (ownerAnswer: Answer, otherAnswer: Answer) => void = expectNotFound,
): Promise<void> {
  for (const call of calls) {
    const options = { query: call.query, headers: call.headers };
    const ownerAnswer = await kith.client.v3(call.operation, call.body, { ...options, key: owner.key });
    const otherAnswer = await kith.client.v3(call.operation, call.body, { ...options, key: other.key });
    check(ownerAnswer, otherAnswer);
  }
}
