import type { SqlClient } from '../db/sql-client.ts';
import { learnM, withM, type ComparedPair, type LearnedM } from '../../domain/matching/learn-m.ts';
import type { MatchModel } from '../../domain/matching/model.ts';
import { comparedPair } from '../../domain/identity-graph/compare.ts';
import { readsTwins } from '../../domain/identity-graph/home-pairs.ts';
import { compareBirthday } from '../../domain/matching/birthday.ts';
import { compareNames, type Field } from '../../domain/matching/comparisons.ts';
import { mFromConfirmed } from '../../domain/matching/confirmed-lookups.ts';
import { readConfirmedLevels } from './confirmed-lookup-levels.ts';
import { readRecords } from './graph-reads.ts';
import type { RecordFields } from '../../domain/identity-graph/record-fields.ts';

/**
 * The pairs m is learned from (docs/matching.md, "How m is learned"), as Splink learns it: in sessions, each of
 * the pairs of records that share one kind of key (and that `keeps`), learning the m of the fields that key does
 * not already make agree, where the model says the session's pairs are one person's records (`holds`). Pairs
 * sharing a name (or an address) are namesakes (or a household) in a source without duplicates, and EM takes them
 * for matches, learning that one person's birthdays differ (0.85 of them, on 20,000 generated persons), so pairs of
 * one name are learned from only where enough of them are plainly one person's (`anchored`); pairs sharing an
 * email are one person, or a conflict EM sees as none. Pairs at one home born on one day are twins or
 * one person's records: they are learned from where the data says they are not twins (domain/identity-graph/
 * home-pairs.ts readsTwins), and teach how one person's records write the names.
 */
type Session = {
  name: string;
  kind: string;
  prefix: string;
  learns: Field[];
  keeps?: (a: RecordFields, b: RecordFields) => boolean;
  holds?: (model: MatchModel) => boolean;
  /**
   * Learned from only where LEAST_MATCHES of the pairs agree exactly in every field learned: plainly one person's
   * records, which EM needs to tell the matches from the rest. Without them, pairs that all disagree (namesakes in
   * a source without duplicates) fit EM best as matches all of whose birthdays and addresses differ.
   */
  anchored?: true;
};

const bornOnOneDay = (a: RecordFields, b: RecordFields) => a.birthday !== undefined && b.birthday !== undefined && compareBirthday(a.birthday, b.birthday) === 'exact';

/** Two records of one given and one family name, as written or a typo apart (compareNames). */
const namedAlike = (a: RecordFields, b: RecordFields) =>
  a.names.some((name) => b.names.some((other) => compareNames(name, other).straight.every(({ level }) => level === 'exact' || level === 'close')));

const SESSIONS: Session[] = [
  { name: 'email', kind: 'email_sha256', prefix: '', learns: ['given', 'family', 'birthday', 'address'] },
  // The sounds of two words of a name (domain/matching/blocking.ts `nn`), the names alike.
  { name: 'name', kind: 'match_block', prefix: 'nn:', learns: ['birthday', 'address'], keeps: namedAlike, anchored: true },
  // A postal code with a house number (domain/matching/blocking.ts `pn`), and one birthday.
  { name: 'home and birthday', kind: 'match_block', prefix: 'pn:', learns: ['given', 'family'], keeps: bornOnOneDay, holds: (model) => !readsTwins(model) },
];

/** Pairs a session compares at most, and records a key pairs each record with at most. */
const PAIRS = 20_000;
const PARTNERS_PER_KEY = 10;

/** Below this many expected matches a session's m is not used: too little to learn from. */
const LEAST_MATCHES = 30;

/** Which records are paired in a database of this many: every n-th by id, so that a large database is sampled. */
export const pairingStride = (records: number) => Math.max(1, Math.ceil(records / (PAIRS / 2)));

/**
 * Pairs of records that share a key of this kind beginning with `prefix`, of the records every `stride`-th by id:
 * at most PAIRS, each record with at most PARTNERS_PER_KEY others of a key, each record read once.
 */
export async function recordPairsSharingKey(db: SqlClient, key: { kind: string; prefix: string }, stride: number): Promise<Array<[RecordFields, RecordFields]>> {
  const rows = await db.query<{ a: string; b: string }>(
    `SELECT DISTINCT a.person_id::text AS a, b.person_id::text AS b
       FROM person_identifiers a
       CROSS JOIN LATERAL (SELECT i.person_id FROM person_identifiers i
                            WHERE i.kind = a.kind AND i.value = a.value AND i.person_id > a.person_id
                            ORDER BY i.person_id LIMIT $4) AS b
      WHERE a.kind = $1 AND a.value LIKE $2 AND a.person_id % $3 = 0
      LIMIT $5`,
    [key.kind, `${key.prefix}%`, stride, PARTNERS_PER_KEY, PAIRS],
  );
  const records = new Map((await readRecords(db, [...new Set(rows.flatMap((row) => [row.a, row.b]))])).map((record) => [record.id, record]));
  return rows.flatMap((row): Array<[RecordFields, RecordFields]> => {
    const [first, second] = [records.get(row.a), records.get(row.b)];
    return first && second ? [[first, second]] : [];
  });
}

/** One session's m, or undefined when its pairs held too few matches. */
async function learnSession(db: SqlClient, model: MatchModel, session: Session, stride: number): Promise<LearnedM | undefined> {
  if (session.holds && !session.holds(model)) return undefined;
  const pairs = (await recordPairsSharingKey(db, session, stride)).filter(([a, b]) => !session.keeps || session.keeps(a, b));
  if (pairs.length === 0) return undefined;
  const learns = new Set(session.learns);
  const compared = pairs.map(([a, b]) => comparedPair(model, a, b, learns));
  const plainlyOne = (pair: ComparedPair) => session.learns.every((field) => pair.comparisons.some((comparison) => comparison.field === field && comparison.level === 'exact'));
  if (session.anchored && compared.filter(plainlyOne).length < LEAST_MATCHES) return undefined;
  const learned = learnM(model, compared, 0.5);
  return learned.matches >= LEAST_MATCHES ? learned : undefined;
}

/**
 * The model with m learned from the records in the database and from the lookups their identifiers confirmed
 * (domain/matching/confirmed-lookups.ts), where any session had enough to learn from; each level's m the mean of
 * the sessions that learned it, weighed by their matches. `records` sets how many of the records are paired
 * (pairingStride). The model holds what the pairs at one home say (./home-pairs.ts), which decides the sessions.
 */
export async function learnMFromRecords(db: SqlClient, model: MatchModel, records: number): Promise<{ model: MatchModel; sessions: string[] }> {
  const stride = pairingStride(records);
  const learned: Array<{ name: string; result: LearnedM }> = [];
  for (const session of SESSIONS) {
    const result = await learnSession(db, model, session, stride);
    if (result) learned.push({ name: session.name, result });
  }
  const confirmed = mFromConfirmed(model, await readConfirmedLevels(db));
  if (confirmed) learned.push({ name: 'lookups', result: confirmed });
  const sums = new Map<string, { m: number; weight: number }>();
  for (const { result } of learned) {
    for (const [field, levels] of Object.entries(result.m)) {
      for (const [level, m] of Object.entries(levels)) {
        const key = `${field}/${level}`;
        const sum = sums.get(key) ?? { m: 0, weight: 0 };
        sums.set(key, { m: sum.m + m * result.matches, weight: sum.weight + result.matches });
      }
    }
  }
  const m: LearnedM['m'] = {};
  for (const [key, { m: total, weight }] of sums) {
    const [field, level] = key.split('/') as [Field, string];
    m[field] = { ...m[field], [level]: total / weight };
  }
  return { model: withM(model, m), sessions: learned.map(({ name }) => name) };
}
