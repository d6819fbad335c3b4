import { describe, expect, it } from 'vitest';
import { handleInOrder, type InOrderOptions } from './in-order.ts';

/** Items whose handling finishes when the test says so. */
function controlledItems(count: number) {
  const finishers = new Map<number, { resolve(): void; reject(error: Error): void }>();
  const startedOrder: number[] = [];
  const handle = (item: number) =>
    new Promise<void>((resolve, reject) => {
      startedOrder.push(item);
      finishers.set(item, { resolve, reject });
    });
  const items = Array.from({ length: count }, (_, index) => index);
  return { items, handle, startedOrder, finish: (item: number) => finishers.get(item)!.resolve(), fail: (item: number) => finishers.get(item)!.reject(new Error(`item ${item} failed`)) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function run(items: number[], handle: (item: number) => Promise<void>, overrides: Partial<InOrderOptions<number>> = {}) {
  const progress: number[] = [];
  const result = handleInOrder(items, {
    concurrency: 3,
    handle,
    onProgress: async (prefix) => void progress.push(prefix),
    halt: new AbortController().signal,
    abandon: new AbortController().signal,
    ...overrides,
  });
  return { result, progress };
}

describe('handleInOrder', () => {
  it('keeps at most `concurrency` items in hand and reports only the handled prefix', async () => {
    const { items, handle, startedOrder, finish } = controlledItems(5);
    const { result, progress } = run(items, handle);
    await settle();
    expect(startedOrder).toEqual([0, 1, 2]);
    finish(1);
    await settle();
    expect(startedOrder).toEqual([0, 1, 2, 3]);
    expect(progress).toEqual([]);
    finish(0);
    await settle();
    expect(progress).toEqual([2]);
    for (const item of [2, 3, 4]) finish(item);
    expect(await result).toEqual({ handledPrefix: 5 });
  });

  it('starts nothing after a rejection, waits for the items in hand, and stops the prefix before the rejected item', async () => {
    const { items, handle, startedOrder, finish, fail } = controlledItems(6);
    const { result } = run(items, handle);
    await settle();
    finish(0);
    fail(1);
    await settle();
    expect(startedOrder).toEqual([0, 1, 2]);
    finish(2);
    const outcome = await result;
    expect(outcome.handledPrefix).toBe(1);
    expect(outcome.failure?.index).toBe(1);
  });

  it('after a halt starts nothing more and waits for the items in hand, unless abandoned', async () => {
    const { items, handle, startedOrder, finish } = controlledItems(6);
    const halt = new AbortController();
    const abandon = new AbortController();
    const { result } = run(items, handle, { halt: halt.signal, abandon: abandon.signal });
    await settle();
    halt.abort();
    finish(0);
    await settle();
    expect(startedOrder).toEqual([0, 1, 2]);
    abandon.abort();
    expect(await result).toEqual({ handledPrefix: 1 });
  });
});
