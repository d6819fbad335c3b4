import { compareNamePart, comparePlaces, type Field, type Level } from './comparisons.ts';
import type { NameFields, PlaceFields } from '../../schemas/events/payloads.ts';
import { type MatchModel, TERM_FIELDS, termValue, type TermField } from './model.ts';

/**
 * Weights from the data (docs/matching.md, "Training"), as Splink estimates u: from the imported persons,
 * how often two different persons' fields agree at each level by chance (u, from random pairs of a sample),
 * how common each name, city and street is (term frequencies: a common surname is weaker evidence than a rare
 * one), and how many persons there are. m is learned apart (./learn-m.ts), from pairs of records that share a
 * key, where the database holds enough records of one person to learn from; else it stays the model's.
 */
export type PersonMatchFields = { names: NameFields[]; places: PlaceFields[] };

export type TrainingOptions = {
  /** A random number in [0, 1): seeded, so that a training can be repeated. */
  random: () => number;
  /** Persons kept (reservoir sampling) to draw random pairs from. */
  sampleSize?: number;
  /** Random pairs compared. */
  pairs?: number;
  /** Values of each field kept in the model, most common first: the rest count as seen once. */
  keptTerms?: number;
};

/** Below this many persons the data says too little: the model's defaults stay. */
export const LEAST_PERSONS_TO_TRAIN = 1000;

/** 30,000 pairs see a level of u = 0.002 about 60 times: enough, at a second of training. */
const DEFAULTS = { sampleSize: 20_000, pairs: 30_000, keptTerms: 50_000 };

const termsOf = (person: PersonMatchFields, field: TermField): Set<string> => {
  const values = field === 'given' || field === 'family' ? person.names.map((name) => name[field]) : person.places.map((place) => place[field]);
  return new Set(values.map((value) => termValue(value)).filter(Boolean));
};

const pairLevels = (a: PersonMatchFields, b: PersonMatchFields): Array<[Field, Level]> => {
  const [nameA, nameB, placeA, placeB] = [a.names[0], b.names[0], a.places[0], b.places[0]];
  const levels: Array<[Field, Level]> = [];
  if (nameA && nameB) {
    levels.push(['given', compareNamePart(nameA.given, nameB.given, { given: true })]);
    levels.push(['family', compareNamePart(nameA.family, nameB.family, { given: false })]);
  }
  if (placeA && placeB) levels.push(...comparePlaces(placeA, placeB).map(({ field, level }): [Field, Level] => [field, level]));
  return levels;
};

/** Takes the persons one by one (any number, in constant memory but for the sample and term counts). */
export function modelTrainer(base: MatchModel, options: TrainingOptions) {
  const { sampleSize, pairs, keptTerms } = { ...DEFAULTS, ...options };
  const sample: PersonMatchFields[] = [];
  const counts = Object.fromEntries(TERM_FIELDS.map((field) => [field, new Map<string, number>()])) as Record<TermField, Map<string, number>>;
  let persons = 0;

  return {
    add(person: PersonMatchFields): void {
      persons += 1;
      for (const field of TERM_FIELDS) for (const value of termsOf(person, field)) counts[field].set(value, (counts[field].get(value) ?? 0) + 1);
      if (sample.length < sampleSize) sample.push(person);
      else {
        const slot = Math.floor(options.random() * persons);
        if (slot < sampleSize) sample[slot] = person;
      }
    },

    get persons(): number {
      return persons;
    },

    /**
     * The trained model, or undefined with fewer than LEAST_PERSONS_TO_TRAIN persons. When the persons added
     * were a sample of `total`, the term counts are scaled up to it.
     */
    model(version: string, total = persons): MatchModel | undefined {
      if (persons < LEAST_PERSONS_TO_TRAIN) return undefined;
      const scale = total / persons;
      const tallies = new Map<Field, Map<Level, number>>();
      for (let n = 0; n < pairs; n += 1) {
        const a = sample[Math.floor(options.random() * sample.length)]!;
        const b = sample[Math.floor(options.random() * sample.length)]!;
        if (a === b) continue;
        for (const [field, level] of pairLevels(a, b)) {
          if (level === 'missing') continue;
          const tally = tallies.get(field) ?? new Map<Level, number>();
          tally.set(level, (tally.get(level) ?? 0) + 1);
          tallies.set(field, tally);
        }
      }
      const levels = structuredClone(base.levels);
      for (const [field, byLevel] of Object.entries(levels) as Array<[Field, (typeof levels)[Field]]>) {
        const tally = tallies.get(field);
        const compared = tally ? [...tally.values()].reduce((a, b) => a + b, 0) : 0;
        if (compared === 0) continue;
        // A level never seen among random pairs is rarer than one in `compared`: half of that.
        for (const [level, probabilities] of Object.entries(byLevel)) {
          probabilities!.u = Math.max(tally!.get(level as Level) ?? 0, 0.5) / compared;
        }
      }
      const frequencies = Object.fromEntries(
        TERM_FIELDS.map((field) => [
          field,
          Object.fromEntries(
            [...counts[field]]
              .filter(([, count]) => count > 1)
              .sort((a, b) => b[1] - a[1])
              .slice(0, keptTerms)
              .map(([value, count]) => [value, Math.round(count * scale)]),
          ),
        ]),
      ) as MatchModel['frequencies'];
      return { ...base, version, persons: total, levels, frequencies };
    },
  };
}

/** A repeatable random source for training (mulberry32): the same seed and data give the same model. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
