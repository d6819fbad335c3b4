import type { StoredPerson } from '../../adapters/db/port.ts';
import type { VerifyQuery } from '../../schemas/events/payloads.ts';
import { findPerson, type Matching } from '../shared/find-person.ts';

/**
 * The person a verify query names: the identifiers and references matched as person.enrich matches them, at
 * its default confidence (HIGH), so that a query whose identifiers name different people names nobody unless
 * one of them clearly wins.
 */
export const verifiedPerson = (matching: Matching, accountId: string, query: VerifyQuery): Promise<StoredPerson | undefined> =>
  findPerson(matching, { accountId, evidence: query.evidence, references: query.references, confidence: 'HIGH' });
