import { survivorOf } from './resolve.ts';

/**
 * A person an account's record could go to: one that the account's other records sharing an identifier with it
 * are in (`linked`), or the one the record is in now (`current`), or both. `own` when it is a person of the
 * account's own, not Kith's; `records` counts the account's records in it other than this one.
 */
export type AccountCandidate = { personId: string; own: boolean; records: number; linked: boolean; current: boolean };

/**
 * Where the record goes (docs/identity-graph.md, "Account records"): `personId`, or a new person of the account's
 * own when undefined; and the account's own persons merged into it (`merged`), each id then answering as it.
 */
export type AccountPlacement = { personId: string | undefined; merged: string[] };

/**
 * Places an account's record. It joins the Kith person its evidence names at HIGH (`matched`), else the Kith
 * person that the account's records sharing an identifier with it are in, else such a person of the account's
 * own, else it stays in the own person it is alone in, else it starts one. The account's own persons it shares an
 * identifier with are the same individual and merge into where it goes; so does the own person it leaves when
 * nothing else is left in it. Kith's persons never merge here: an account's records never change what another
 * account sees.
 */
export function placeAccountRecord(matched: string | undefined, candidates: readonly AccountCandidate[]): AccountPlacement {
  const kith = candidates.filter((candidate) => !candidate.own && candidate.linked);
  const own = candidates.filter((candidate) => candidate.own && (candidate.linked || candidate.records === 0));
  const personId = matched ?? (kith.length > 0 ? survivorOf(kith) : own.length > 0 ? survivorOf(own) : undefined);
  return { personId, merged: own.map((candidate) => candidate.personId).filter((id) => id !== personId) };
}
