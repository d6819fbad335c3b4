import { describe, expect, it } from 'vitest';
import type { MatchModelStore } from '../../adapters/db/port.ts';
import { DEFAULT_MODEL } from '../../domain/matching/model.ts';
import { MODEL_REFRESH_MS, modelInUse } from './model-in-use.ts';

function fakeStore() {
  const calls = { latest: 0, load: 0 };
  let latest: string | undefined;
  const store: Pick<MatchModelStore, 'latestVersion' | 'load'> = {
    latestVersion: async () => (calls.latest++, latest),
    load: async (version) => (calls.load++, { ...DEFAULT_MODEL, version, persons: 42 }),
  };
  return { store, calls, train: (version: string) => (latest = version) };
}

describe('modelInUse', () => {
  it('uses the defaults until a model is trained, then the newest, reading each version once', async () => {
    let now = 0;
    const { store, calls, train } = fakeStore();
    const model = modelInUse(store, { now: () => new Date(now) });
    expect(await model()).toBe(DEFAULT_MODEL);
    train('trained-1');
    now += MODEL_REFRESH_MS - 1;
    expect((await model()).version).toBe(DEFAULT_MODEL.version);
    now += 1;
    expect(await model()).toMatchObject({ version: 'trained-1', persons: 42 });
    now += MODEL_REFRESH_MS;
    expect((await model()).version).toBe('trained-1');
    expect(calls).toEqual({ latest: 3, load: 1 });
  });

  it('asks once for callers that come while it asks', async () => {
    const { store, calls, train } = fakeStore();
    train('trained-2');
    const model = modelInUse(store, { now: () => new Date(0) });
    const versions = await Promise.all([model(), model(), model()]);
    expect(versions.map((m) => m.version)).toEqual(['trained-2', 'trained-2', 'trained-2']);
    expect(calls).toEqual({ latest: 1, load: 1 });
  });
});
