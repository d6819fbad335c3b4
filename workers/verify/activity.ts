import type { Clock } from '../../adapters/clock.ts';
import type { IdentifierHistory } from '../../adapters/db/port.ts';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import type { VerifyActivityResponse } from '../../schemas/v3/verify.ts';
import type { Matching } from '../shared/find-person.ts';
import { recencyScore } from './seen.ts';
import { NOT_FOUND } from '../shared/person-answer.ts';
import { verifiedPerson } from './verified-person.ts';

/** The latest date any of these identifiers was seen (the person's own date for those imported without one). */
function lastSeen(histories: IdentifierHistory[], kinds: (kind: string) => boolean, personUpdated: string | null): string | null {
  const dates = histories.filter((history) => kinds(history.kind)).map((history) => history.lastSeen ?? personUpdated);
  return dates.reduce<string | null>((latest, date) => (date && (!latest || date > latest) ? date : latest), null);
}

/**
 * verify.activity: how recently the person the query names was active, per channel, as scores in 0..1 that
 * halve with every year since an identifier of the channel was last seen (./seen.ts): `emails` by the person's
 * emails, `online` by their mobile advertising ids, `social` by their profiles, `employment` by the record's
 * date when it names a current job (0 without one). A channel with nothing to go by scores 0.
 */
export function verifyActivityHandler(matching: Matching, clock: Clock): OperationHandler<'verify.activity'> {
  return async (request) => {
    const person = await verifiedPerson(matching, request.accountId, request.body);
    if (!person) return NOT_FOUND;
    const histories = await matching.persons.identifierHistory(person.id);
    const now = clock.now();
    const employed = ((person.document as unknown as PersonRecord).details?.employment ?? []).some((job) => job.current);
    const body: VerifyActivityResponse = {
      emails: recencyScore(lastSeen(histories, (kind) => kind === 'email_sha256', person.updated), now),
      online: recencyScore(lastSeen(histories, (kind) => kind === 'maid', person.updated), now),
      social: recencyScore(lastSeen(histories, (kind) => kind.startsWith('profile_'), person.updated), now),
      employment: employed ? recencyScore(person.updated, now) : 0,
    };
    return { status: 200, body };
  };
}
