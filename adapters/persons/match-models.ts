import { personFields } from '../../domain/matching/fields.ts';
import { DEFAULT_MODEL, type MatchModel } from '../../domain/matching/model.ts';
import { modelTrainer, seededRandom } from '../../domain/matching/train.ts';
import { addConfirmedLevels } from './confirmed-lookup-levels.ts';
import { learnMFromRecords } from './learn-m-from-pairs.ts';
import { withHomePairs } from './home-pairs.ts';
import type { MatchModelStore, TrainingResult } from '../db/port.ts';
import type { SqlClient } from '../db/sql-client.ts';

/** Versions kept: the newest is in use, the others explain answers given shortly before a training. */
const KEPT_VERSIONS = 5;

/** Persons read per statement while training. */
const TRAINING_BATCH = 5000;

/**
 * Persons trained on at most: every n-th by id beyond it. Term frequencies from this many still tell the common
 * names (those that weaken an agreement: one person in 10,000 or more) from the rest, and training stays a small
 * part of an import (docs/matching.md, "Training").
 */
const TRAINING_SAMPLE = 50_000;

const versionName = (version: string) => `trained-${version}`;

/** The trained match models (migration 021). */
export function matchModelStore(db: SqlClient): MatchModelStore {
  return {
    async latestVersion() {
      const [row] = await db.query<{ version: string }>('SELECT max(version)::text AS version FROM match_models');
      return row?.version ? versionName(row.version) : undefined;
    },
    async load(version) {
      const [row] = await db.query<{ model: Omit<MatchModel, 'version'> }>('SELECT model FROM match_models WHERE version = $1', [
        version.replace(/^trained-/, ''),
      ]);
      return row && { ...row.model, version };
    },
    addConfirmedLevels: (counts) => addConfirmedLevels(db, counts),
  };
}

/** The model in use now: the newest trained version, else the defaults. */
export async function latestModel(db: SqlClient): Promise<MatchModel> {
  const store = matchModelStore(db);
  const version = await store.latestVersion();
  return (version && (await store.load(version))) || DEFAULT_MODEL;
}

/**
 * Trains a match model on the persons in the database (domain/matching/train.ts), every one of them up to
 * `sampleSize` and every n-th by id beyond, with m learned from pairs of records and the pairs at one home counted
 * (./home-pairs.ts), and stores it as the newest version; with too few persons to learn from, stores nothing and
 * the model in use stays. The same persons and seed give the same model.
 */
export async function trainMatchModel(
  db: SqlClient,
  options: { seed?: number; progress?: (persons: number) => void; batchSize?: number; sampleSize?: number } = {},
): Promise<TrainingResult> {
  const trainer = modelTrainer(DEFAULT_MODEL, { random: seededRandom(options.seed ?? 1) });
  const batchSize = options.batchSize ?? TRAINING_BATCH;
  const [{ persons }] = (await db.query<{ persons: number }>('SELECT count(*)::int AS persons FROM persons')) as [{ persons: number }];
  const stride = Math.max(1, Math.ceil(persons / (options.sampleSize ?? TRAINING_SAMPLE)));
  for (let after = '0'; ; ) {
    // Ordered by the column, not by its text (`person_id`): in id order, the primary key reads each batch. A
    // path is one parse of the json document, where `->` chained parses it again at each step.
    const rows = await db.query<{ person_id: string; full_name: string | null; name: object | null; locations: object[] | null }>(
      `SELECT id::text AS person_id, document->>'fullName' AS full_name, json_extract_path(document, 'details', 'name') AS name,
              json_extract_path(document, 'details', 'locations') AS locations
         FROM persons WHERE id > $1 AND id % $3 = 0 ORDER BY id LIMIT $2`,
      [after, batchSize, stride],
    );
    for (const row of rows) {
      const locations = Array.isArray(row.locations) ? row.locations : [];
      trainer.add(personFields({ fullName: row.full_name, details: { name: row.name, locations } }));
    }
    options.progress?.(trainer.persons);
    if (rows.length < batchSize) break;
    after = rows.at(-1)!.person_id;
  }
  const trained = trainer.model('pending', persons);
  if (!trained) return { version: undefined, persons };
  const model = (await learnMFromRecords(db, await withHomePairs(db, trained, persons), persons)).model;
  const { version: _pending, ...weights } = model;
  const [row] = await db.query<{ version: string }>('INSERT INTO match_models (persons, model) VALUES ($1, $2) RETURNING version::text AS version', [
    model.persons,
    JSON.stringify(weights),
  ]);
  await db.query('DELETE FROM match_models WHERE version <= $1', [Number(row!.version) - KEPT_VERSIONS]);
  return { version: versionName(row!.version), persons: model.persons, homePairs: model.homePairs };
}
