import type { SqlClient } from '../db/sql-client.ts';
import { IDENTIFIER_KINDS, recordFields, type Decision, type RecordFields, type ResolvedDocument } from '../../domain/identity-graph/record-fields.ts';
import type { PersonCandidate } from '../../domain/identity-graph/resolve.ts';
import { LOCAL_PART_KEY_PREFIX } from '../../domain/matching/blocking.ts';
import type { IdentifierKey } from '../../schemas/events/payloads.ts';
import { RECORD_IDS_OF_PERSON } from './records-of-person.ts';

/**
 * Records one key may bring in as candidates at most. A blocking key (a name's sounds, initials, a birthday) held
 * by more is passed over: it names too many to tell anything, and the oldest of them would be compared for nothing.
 * An identifier held by more brings the oldest: records sharing an email are most likely one person's.
 */
const RECORDS_PER_KEY = 25;

/**
 * Records an email's local part (`el`, domain/matching/blocking.ts) may bring in as candidates at most; held by
 * more, it is passed over. A local part that a person made up (`e.rogers3`) is held by that person's records and
 * by few others; one that more hold is made from a name as namesakes' are (`tjacobi`, `tyrique.jacobi`), or is a
 * role's (`info`), and tells nothing that the name's own keys do not; on three sources of 48,000 generated persons
 * local parts had brought in nearly half of the records a record was compared with (docs/identity-graph.md).
 */
const RECORDS_PER_LOCAL_PART = 5;

/** The identifiers that find candidates: a record sharing one is always compared. */
const IDENTIFIER_CANDIDATE_KINDS = ['email_md5', 'email_sha256', 'phone_sha256', 'maid', 'profile_username', 'profile_userid', 'profile_url', 'li_nonid'];

/** The kinds of key that find candidates: every identifier and blocking key, but not a household's address. */
const CANDIDATE_KINDS = [...IDENTIFIER_CANDIDATE_KINDS, 'name_placekey', 'name_address', 'match_block'];

/**
 * Records sharing only blocking keys with a record that are compared with it at most: those sharing the most keys,
 * the rarest first among as many (a key's weight, one over the records holding it). Without a bound the candidates
 * grow with the namesakes a population holds: on 200,000 records of three sources, 88% of those sharing no
 * identifier shared one key alone (mostly a name's two sounds), and no record of the same person shared
 * fewer than ten (docs/identity-graph.md, "How a record is resolved").
 */
export const BLOCKING_CANDIDATES = 10;

type RecordRow = { record_id: string; document: ResolvedDocument; keys: IdentifierKey[] | null; decisions: Array<{ other: string; decision: Decision }> | null };

/** The kinds recordFields reads, as SQL: the predicate of the index person_identifiers_of_record (migration 033). */
export const IDENTIFIER_KINDS_SQL = `i.kind IN (${IDENTIFIER_KINDS.map((kind) => `'${kind}'`).join(', ')})`;

/**
 * A record's identifiers as one JSON array (`keys`), null when it has none; its blocking keys, most of its keys,
 * are not read (recordFields weighs identifiers only). The index person_identifiers_of_record holds just these.
 */
const KEYS_OF_RECORD = `(SELECT json_agg(json_build_object('kind', i.kind, 'value', i.value)) FROM person_identifiers i
                          WHERE i.person_id = p.id AND ${IDENTIFIER_KINDS_SQL}) AS keys`;

/** What operators decided of a record and others (`decisions`), null when nothing. */
const DECISIONS_OF_RECORD = `(SELECT json_agg(json_build_object('other', d.other_id::text, 'decision', d.decision)) FROM record_decisions d
                               WHERE d.record_id = p.id) AS decisions`;

const fieldsOfRow = (row: RecordRow) => recordFields(row.record_id, row.document, row.keys ?? [], row.decisions ?? []);

/** The fields of the records that exist of these, in id order. */
export async function readRecords(tx: SqlClient, recordIds: string[]): Promise<RecordFields[]> {
  if (recordIds.length === 0) return [];
  const rows = await tx.query<RecordRow>(
    `SELECT p.id::text AS record_id, p.document, ${KEYS_OF_RECORD}, ${DECISIONS_OF_RECORD} FROM persons p WHERE p.id = ANY($1::bigint[]) ORDER BY p.id`,
    [recordIds],
  );
  return rows.map(fieldsOfRow);
}

/** The queued records that were resolved before, each with the person it is in. */
export async function currentPersons(tx: SqlClient, recordIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await tx.query<{ record_id: string; person_id: string }>(
    'SELECT record_id::text AS record_id, person_id::text AS person_id FROM record_persons WHERE record_id = ANY($1::bigint[])',
    [recordIds],
  );
  return new Map(rows.map((row) => [row.record_id, row.person_id]));
}

/** A record sharing a key with a queued one, and the person it is in (its own id while never resolved). */
export type MatchedRow = { record_id: string; matched_id: string; person_id: string };

/**
 * What a record's candidate keys bring in (RECORDS_PER_KEY and RECORDS_PER_LOCAL_PART say how many a key brings):
 * the records sharing one, whatever they are resolved into, and a fingerprint of the record's own keys. Resolution
 * writes no key, so this holds for as long as the fingerprint does, and may be read before the record's turn
 * (adapters/persons/resolve-records.ts reads the next batch's while it resolves one).
 */
export type KeySharing = { fingerprint: string; sharers: string[] };

/**
 * The records sharing a candidate key with each of these, whatever they are resolved into (none for a record that
 * does not exist): every one sharing an identifier, and of the rest the BLOCKING_CANDIDATES that share most.
 */
async function sharersOf(db: SqlClient, recordIds: readonly string[]): Promise<Map<string, string[]>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db.query<{ record_id: string; sharers: string[] | null }>(
    `SELECT b.record_id::text AS record_id,
            (SELECT array_agg(c.record_id::text ORDER BY c.record_id)
               FROM (SELECT g.record_id, g.identifier,
                            row_number() OVER (PARTITION BY g.identifier ORDER BY g.keys DESC, g.rarity DESC, g.record_id) AS place
                       FROM (SELECT m.record_id, bool_or(k.kind = ANY($6::text[])) AS identifier, count(*) AS keys, sum(1.0 / m.sharing) AS rarity
                               FROM (SELECT kind, value FROM person_identifiers WHERE person_id = b.record_id AND kind = ANY($2::text[])) AS k
                               CROSS JOIN LATERAL (SELECT s.record_id, count(*) OVER () AS sharing, row_number() OVER (ORDER BY s.record_id) AS at
                                                     FROM (SELECT i.person_id AS record_id FROM person_identifiers i
                                                            WHERE i.kind = k.kind AND i.value = k.value AND i.person_id <> b.record_id
                                                            ORDER BY i.person_id LIMIT $3 + 1) AS s) AS m
                              WHERE m.at <= $3 AND (k.kind <> 'match_block' OR m.sharing <= CASE WHEN starts_with(k.value, $4) THEN $5 ELSE $3 END)
                              GROUP BY m.record_id) AS g) AS c
              WHERE c.identifier OR c.place <= $7) AS sharers
       FROM unnest($1::bigint[]) AS b (record_id)`,
    [recordIds, CANDIDATE_KINDS, RECORDS_PER_KEY, LOCAL_PART_KEY_PREFIX, RECORDS_PER_LOCAL_PART, IDENTIFIER_CANDIDATE_KINDS, BLOCKING_CANDIDATES],
  );
  return new Map(rows.map((row) => [row.record_id, row.sharers ?? []]));
}

/** The fingerprints of these records' candidate keys (KeySharing): their count and the sum of their hashes. */
async function keyFingerprints(db: SqlClient, recordIds: readonly string[]): Promise<Map<string, string>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db.query<{ record_id: string; fingerprint: string }>(
    `SELECT b.record_id::text AS record_id,
            (SELECT count(*) || ':' || coalesce(sum(hashtext(f.kind || ' ' || f.value)), 0) FROM person_identifiers f
              WHERE f.person_id = b.record_id AND f.kind = ANY($2::text[])) AS fingerprint
       FROM unnest($1::bigint[]) AS b (record_id)`,
    [recordIds, CANDIDATE_KINDS],
  );
  return new Map(rows.map((row) => [row.record_id, row.fingerprint]));
}

/**
 * Each record's KeySharing. The fingerprints are read first: keys that change between the two reads leave a
 * fingerprint older than the keys, which the record's batch then finds changed, and reads again.
 */
export async function keySharing(db: SqlClient, recordIds: readonly string[]): Promise<Map<string, KeySharing>> {
  const fingerprints = await keyFingerprints(db, recordIds);
  const sharers = await sharersOf(db, recordIds);
  return new Map([...fingerprints].map(([recordId, fingerprint]) => [recordId, { fingerprint, sharers: sharers.get(recordId) ?? [] }]));
}

/**
 * For each of the records, the records sharing a candidate key with it, and the person each is in: those waiting
 * for their first resolution outside these records are left out (they find these when their turn comes, in id
 * order). The queued records must be off the queue already. What was read `ahead` (keySharing) is taken for each
 * record whose keys are still those it was read with; the rest is read now.
 */
export async function matchedRecords(tx: SqlClient, recordIds: readonly string[], ahead?: ReadonlyMap<string, KeySharing>): Promise<MatchedRow[]> {
  const sharing = new Map<string, string[]>();
  if (ahead !== undefined) {
    const fingerprints = await keyFingerprints(tx, recordIds.filter((recordId) => ahead.has(recordId)));
    for (const [recordId, fingerprint] of fingerprints) {
      const read = ahead.get(recordId)!;
      if (read.fingerprint === fingerprint) sharing.set(recordId, read.sharers);
    }
  }
  for (const [recordId, sharers] of await sharersOf(tx, recordIds.filter((recordId) => !sharing.has(recordId)))) sharing.set(recordId, sharers);
  const sharers = [...new Set([...sharing.values()].flat())];
  if (sharers.length === 0) return [];
  // Each sharer's person and place in the queue are looked up by index, not joined: as a join, PGlite's planner,
  // with no statistics, hashed the whole of record_persons for every batch once the table had grown.
  const states = await tx.query<{ record_id: string; person_id: string }>(
    `SELECT s.record_id::text AS record_id, coalesce(s.resolved_to, s.record_id)::text AS person_id
       FROM (SELECT m.record_id, (SELECT rp.person_id FROM record_persons rp WHERE rp.record_id = m.record_id) AS resolved_to
               FROM unnest($1::bigint[]) AS m (record_id)) AS s
      WHERE s.resolved_to IS NOT NULL OR NOT EXISTS (SELECT 1 FROM records_to_resolve q WHERE q.record_id = s.record_id)`,
    [sharers],
  );
  const personOf = new Map(states.map((row) => [row.record_id, row.person_id]));
  return [...sharing].flatMap(([recordId, ids]) =>
    ids.flatMap((matchedId) => {
      const personId = personOf.get(matchedId);
      return personId === undefined ? [] : [{ record_id: recordId, matched_id: matchedId, person_id: personId }];
    }),
  );
}

/** Each person with its records, in the order asked. */
export async function personsWithRecords(tx: SqlClient, personIds: readonly string[]): Promise<PersonCandidate[]> {
  if (personIds.length === 0) return [];
  const rows = await tx.query<RecordRow & { person_id: string }>(
    `SELECT x.person_id::text AS person_id, p.id::text AS record_id, p.document, ${KEYS_OF_RECORD}, ${DECISIONS_OF_RECORD}
       FROM unnest($1::bigint[]) AS x (person_id)
       CROSS JOIN LATERAL (${RECORD_IDS_OF_PERSON('x.person_id')}) AS r
       JOIN persons p ON p.id = r.record_id
      ORDER BY p.id`,
    [personIds],
  );
  const records = new Map(personIds.map((personId): [string, RecordFields[]] => [personId, []]));
  for (const row of rows) records.get(row.person_id)!.push(fieldsOfRow(row));
  return personIds.map((personId) => ({ personId, records: records.get(personId)! }));
}

/**
 * For each of the records, those an operator decided are always one person with it, and the person each is in: they
 * are candidates whatever keys they share (MatchedRow, as matchedRecords gives them).
 */
export async function alwaysPartners(tx: SqlClient, recordIds: readonly string[]): Promise<MatchedRow[]> {
  return tx.query<MatchedRow>(
    `SELECT d.record_id::text AS record_id, d.other_id::text AS matched_id, coalesce(rp.person_id, d.other_id)::text AS person_id
       FROM record_decisions d JOIN persons p ON p.id = d.other_id LEFT JOIN record_persons rp ON rp.record_id = d.other_id
      WHERE d.record_id = ANY($1::bigint[]) AND d.decision = 'always'`,
    [recordIds],
  );
}
