import { rowKeys, type PersonRow } from './person-row.ts';

/** Something to query: a SqlClient, or the COPY writer's transaction. */
export type Queryable = { query(text: string, params?: unknown[]): Promise<unknown[]> };

/** When an identifier of a person was first and last seen (YYYY-MM-DD), and in how many observations. */
export type KeyHistory = { firstSeen: string | null; lastSeen: string | null; observations: number };

type HistoryRow = { kind: string; value: string; person_id: string; first_seen: string | null; last_seen: string | null; observations: number };

export const historyId = (personId: string, kind: string, value: string) => `${personId}\u0000${kind}\u0000${value}`;

/** The history of the identifiers of persons about to be replaced, read before their keys are deleted. */
export async function previousHistory(
  tx: Queryable,
  personIds: string[],
): Promise<Map<string, KeyHistory>> {
  if (personIds.length === 0) return new Map();
  const rows = (await tx.query(
    `SELECT kind, value, person_id::text AS person_id, to_char(first_seen, 'YYYY-MM-DD') AS first_seen,
            to_char(last_seen, 'YYYY-MM-DD') AS last_seen, observations
       FROM person_identifiers WHERE person_id = ANY($1::bigint[])`,
    [personIds],
  )) as HistoryRow[];
  return new Map(
    rows.map((row) => [historyId(row.person_id, row.kind, row.value), { firstSeen: row.first_seen, lastSeen: row.last_seen, observations: row.observations }]),
  );
}

/**
 * An identifier seen again in a record dated `seen`: a date before the first or after the last is another
 * observation; the same record imported again (a date already in the range) changes nothing, so re-imports
 * stay idempotent. A record without a date keeps what was known.
 */
export function observe(previous: KeyHistory | undefined, seen: string | null): KeyHistory {
  if (!previous) return { firstSeen: seen, lastSeen: seen, observations: 1 };
  if (!seen) return previous;
  const firstSeen = previous.firstSeen ?? seen;
  const lastSeen = previous.lastSeen ?? seen;
  if (seen < firstSeen) return { firstSeen: seen, lastSeen, observations: previous.observations + 1 };
  if (seen > lastSeen) return { firstSeen, lastSeen: seen, observations: previous.observations + 1 };
  return { firstSeen, lastSeen, observations: previous.observations };
}

/** The identifiers of the written persons with their history, as parallel columns. */
export function identifierColumns(rows: PersonRow[], idOf: Map<string, string>, previous: Map<string, KeyHistory>) {
  const columns = { kinds: [] as string[], values: [] as string[], personIds: [] as string[], firstSeen: [] as (string | null)[], lastSeen: [] as (string | null)[], observations: [] as number[] };
  for (const row of rows) {
    const personId = idOf.get(row.externalId);
    if (personId === undefined) throw new Error(`person ${row.externalId} was not written`);
    for (const key of rowKeys(row)) {
      const history = observe(previous.get(historyId(personId, key.kind, key.value)), row.updated);
      columns.kinds.push(key.kind);
      columns.values.push(key.value);
      columns.personIds.push(personId);
      columns.firstSeen.push(history.firstSeen);
      columns.lastSeen.push(history.lastSeen);
      columns.observations.push(history.observations);
    }
  }
  return columns;
}
