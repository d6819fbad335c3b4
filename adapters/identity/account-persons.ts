import type { SqlClient } from '../db/sql-client.ts';
import { IDENTIFIER_KINDS, type IdentifierKey, type IdentifierKind } from '../../schemas/events/payloads.ts';
import { placeAccountRecord, type AccountCandidate } from '../../domain/identity-graph/account-record.ts';
import { RESOLVE_LOCK_ID } from '../persons/resolve-records.ts';

/**
 * Keys a household shares, or that only narrow a search: never what makes an account's records one person; nor
 * `phone_mobile`, which only says of a phone key that it is a mobile's.
 */
const NOT_LINKING: readonly IdentifierKind[] = ['address', 'placekey', 'match_block', 'phone_mobile'];

/**
 * The keys by which an account's records are one person: its identifiers, and a whole name at a whole address.
 * Not the matcher's blocking keys, nor an address alone: a household shares those.
 */
const LINKING_KINDS = IDENTIFIER_KINDS.filter((kind) => !NOT_LINKING.includes(kind));

const linkingKeys = (keys: readonly IdentifierKey[]): IdentifierKey[] => keys.filter((key) => LINKING_KINDS.includes(key.kind));

/** A record about to be mapped: whose it is, and the keys it is mapped with. */
export type RecordToPlace = { accountId: string; recordId: string; keys: readonly IdentifierKey[] };

/**
 * Readies a transaction to place records, in one statement. It takes each account's locks on its records and on
 * each of their linking keys, all at once and in one order: two records of an account that share a key are placed
 * one after the other, so that neither starts a person the other should have joined, and two transactions that
 * each place several never wait on each other in a circle. And it has the statements after it planned once
 * (`plan_cache_mode`, for the transaction), not for every record's values: planning the candidates' statement was
 * 0.6 ms of its 0.8 on PGlite, and the plan (index lookups whatever the values) is made again whenever the tables'
 * statistics are gathered anew (analyze-grown.ts).
 */
export async function startPlacing(tx: SqlClient, records: readonly RecordToPlace[]): Promise<void> {
  const names = records.flatMap(({ accountId, recordId, keys }) => [
    `${accountId}:record:${recordId}`,
    ...linkingKeys(keys).map((key) => `${accountId}:${key.kind}:${key.value}`),
  ]);
  await tx.query(
    `SELECT set_config('plan_cache_mode', 'force_generic_plan', true),
            (SELECT count(pg_advisory_xact_lock(h)) FROM (SELECT DISTINCT hashtextextended(n, 0) AS h FROM unnest($1::text[]) AS n ORDER BY h) AS locks)`,
    [names],
  );
}

type CandidateRow = { person_id: string; own: boolean; records: number; linked: boolean; current: boolean };

/**
 * The persons the record could go to (domain/identity-graph/account-record.ts): those of the account's other
 * records that share a key with it, and the one it is in now, each as it answers now (a merged-away id as the
 * survivor's), with whether it is the account's own and how many of the account's other records it holds.
 */
async function candidatesOf(tx: SqlClient, accountId: string, recordId: string, keys: readonly IdentifierKey[]): Promise<AccountCandidate[]> {
  // Every row looked up by its key in a scalar subquery: PGlite's planner, without statistics, read all of the
  // account's records for each join here, once an account had thousands. Planned once (startPlacing).
  const rows = await tx.query<CandidateRow>(
    `WITH sharing AS (
       SELECT s.person_id, true AS linked, false AS current
         FROM (SELECT (SELECT r.person_id FROM identity_records r WHERE r.account_id = $1 AND r.record_id = i.record_id) AS person_id
                 FROM unnest($3::text[], $4::text[]) AS k (kind, value)
                 JOIN identity_record_keys i ON i.account_id = $1 AND i.kind = k.kind AND i.value = k.value AND i.record_id <> $2) AS s
        WHERE s.person_id IS NOT NULL
       UNION ALL
       SELECT r.person_id, false, true FROM identity_records r WHERE r.account_id = $1 AND r.record_id = $2 AND r.person_id IS NOT NULL
     ), candidates AS (
       SELECT coalesce((SELECT pr.to_id FROM person_redirects pr WHERE pr.from_id = s.person_id), s.person_id) AS person_id,
              bool_or(s.linked) AS linked, bool_or(s.current) AS current
         FROM sharing s GROUP BY 1
     )
     SELECT c.person_id::text AS person_id, c.linked, c.current,
            EXISTS (SELECT 1 FROM account_persons a WHERE a.person_id = c.person_id AND a.account_id = $1) AS own,
            ((SELECT count(*) FROM identity_records r WHERE r.account_id = $1 AND r.person_id = c.person_id AND r.record_id <> $2)
             + (SELECT coalesce(sum((SELECT count(*) FROM identity_records r WHERE r.account_id = $1 AND r.person_id = d.from_id AND r.record_id <> $2)), 0)
                  FROM person_redirects d WHERE d.to_id = c.person_id))::int AS records
       FROM candidates c`,
    [accountId, recordId, keys.map((key) => key.kind), keys.map((key) => key.value)],
  );
  return rows.map((row) => ({ personId: row.person_id, own: row.own, records: row.records, linked: row.linked, current: row.current }));
}

/** A new person of the account's own, its id from the persons' sequence. */
async function startAccountPerson(tx: SqlClient, accountId: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO account_persons (person_id, account_id) VALUES (nextval('persons_id_seq'), $1) RETURNING person_id::text AS id`,
    [accountId],
  );
  return row!.id;
}

/**
 * Merges the account's own persons into `into`: their records move, and their ids answer as it. Under the resolver's
 * lock, shared, and to where `into` answers now: a merge of Kith's persons committed meanwhile would otherwise
 * leave a redirect to a merged-away id.
 */
async function mergeAccountPersons(tx: SqlClient, accountId: string, from: string[], merging: string): Promise<void> {
  if (from.length === 0) return;
  await tx.query('SELECT pg_advisory_xact_lock_shared($1)', [RESOLVE_LOCK_ID]);
  const [live] = await tx.query<{ id: string }>('SELECT coalesce((SELECT to_id FROM person_redirects WHERE from_id = $1), $1)::text AS id', [merging]);
  const into = live!.id;
  await tx.query('UPDATE identity_records SET person_id = $3 WHERE account_id = $1 AND person_id = ANY($2::bigint[])', [accountId, from, into]);
  await tx.query('UPDATE person_redirects SET to_id = $2 WHERE to_id = ANY($1::bigint[])', [from, into]);
  await tx.query(
    `INSERT INTO person_redirects (from_id, to_id) SELECT unnest($1::bigint[]), $2
     ON CONFLICT (from_id) DO UPDATE SET to_id = EXCLUDED.to_id, merged_at = now()`,
    [from, into],
  );
}

/**
 * The person an account's record goes to, in the transaction that writes it and under what startPlacing
 * took (docs/identity-graph.md, "Account records"): the Kith person `matched` (named at HIGH by its evidence), or
 * one its keys share with the account's other records, or a new person of the account's own; the account's own
 * persons it bridges merge into it.
 */
export async function personOfAccountRecord(tx: SqlClient, accountId: string, recordId: string, matched: string | null, keys: readonly IdentifierKey[]): Promise<string> {
  const linking = linkingKeys(keys);
  const placement = placeAccountRecord(matched ?? undefined, await candidatesOf(tx, accountId, recordId, linking));
  const personId = placement.personId ?? (await startAccountPerson(tx, accountId));
  await mergeAccountPersons(tx, accountId, placement.merged, personId);
  return personId;
}
