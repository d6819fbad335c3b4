import type { Clock } from '../../adapters/clock.ts';
import type { MatchModelStore } from '../../adapters/db/port.ts';
import { DEFAULT_MODEL, type MatchModel } from '../../domain/matching/model.ts';

/** How often a worker asks which match model is the newest: a training is in use within this. */
export const MODEL_REFRESH_MS = 10_000;

/**
 * The match model in use: the newest trained version, else the defaults (domain/matching/model.ts). The
 * database is asked for the newest version at most every MODEL_REFRESH_MS, and a version is read once.
 */
export function modelInUse(store: Pick<MatchModelStore, 'latestVersion' | 'load'>, clock: Clock): () => Promise<MatchModel> {
  let model = DEFAULT_MODEL;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<MatchModel> | undefined;
  const check = async () => {
    const version = await store.latestVersion();
    if (version && version !== model.version) model = (await store.load(version)) ?? model;
    checkedAt = clock.now().getTime();
    return model;
  };
  return () => {
    if (clock.now().getTime() - checkedAt < MODEL_REFRESH_MS) return Promise.resolve(model);
    checking ??= check().finally(() => (checking = undefined));
    return checking;
  };
}
