import { bornAtOneHome } from '../../domain/identity-graph/compare.ts';
import { countHomePairs } from '../../domain/identity-graph/home-pairs.ts';
import type { MatchModel } from '../../domain/matching/model.ts';
import type { SqlClient } from '../db/sql-client.ts';
import { pairingStride, recordPairsSharingKey } from './learn-m-from-pairs.ts';

/** The blocking keys of one home: a postal code with a house number (domain/matching/blocking.ts `pn`). */
const HOME_KEYS = { kind: 'match_block', prefix: 'pn:' };

/**
 * The model with the pairs of records at one home counted by how they were born (domain/identity-graph/home-pairs.ts),
 * of the pairs that share a postal code and a house number, sampled as m's pairs are (`records` of them).
 */
export async function withHomePairs(db: SqlClient, model: MatchModel, records: number): Promise<MatchModel> {
  const pairs = await recordPairsSharingKey(db, HOME_KEYS, pairingStride(records));
  return { ...model, homePairs: countHomePairs(pairs.map(([a, b]) => bornAtOneHome(model, a, b))) };
}
