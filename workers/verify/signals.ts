import { hash } from 'node:crypto';
import type { OperationHandler } from '../../adapters/dispatch/port.ts';
import { canonicalProfileUrl, emailKeys, normaliseLiNonid, normaliseMaid, phoneKey } from '../../domain/persons/normalise.ts';
import type { PersonRecord } from '../../schemas/data/person-record.ts';
import type { VerifySignalsResponse } from '../../schemas/v3/verify.ts';
import type { Matching } from '../shared/find-person.ts';
import { historyByKey, seenStats } from './seen.ts';
import { NOT_FOUND } from '../shared/person-answer.ts';
import { verifiedPerson } from './verified-person.ts';

type Details = PersonRecord['details'];

/**
 * verify.signals: the identifiers Kith holds for the person the query names, each with when the imports first
 * and last saw it and how often (adapters/persons/import.ts), and the person's name, demographics and
 * employment. Kith holds no Panorama ids or IP addresses: those lists are empty. A query by hashed email gets
 * no clear phone numbers, as person.enrich gives none.
 */
export function verifySignalsHandler(matching: Matching): OperationHandler<'verify.signals'> {
  return async (request) => {
    const query = request.body;
    const person = await verifiedPerson(matching, request.accountId, query);
    if (!person) return NOT_FOUND;
    const document = person.document as unknown as PersonRecord;
    const details: Partial<Details> = document.details ?? {};
    const historyOf = historyByKey(await matching.persons.identifierHistory(person.id));
    const stats = (key: Parameters<typeof historyOf>[0]) => seenStats(historyOf(key), person.updated);

    const employment = details.employment?.find((job) => job.current) ?? details.employment?.[0];
    const body: VerifySignalsResponse = {
      emails: (details.emails ?? []).flatMap(({ value }) => {
        if (!value) return [];
        const plain = value.trim().toLowerCase();
        const sha256 = emailKeys(plain).find((key) => key.kind === 'email_sha256');
        return [{ md5: hash('md5', plain, 'hex'), sha1: hash('sha1', plain, 'hex'), sha256: hash('sha256', plain, 'hex'), ...stats(sha256) }];
      }),
      phones: (details.phones ?? []).flatMap(({ label, value }) =>
        value ? [{ label: label ?? null, value: query.hashedQuery ? null : value, ...stats(phoneKey(value)) }] : [],
      ),
      maids: (details.identifiers?.maids ?? []).map(({ id, type }) => {
        const value = normaliseMaid(id);
        return { id, type: type ?? null, ...stats(value ? { kind: 'maid', value } : undefined) };
      }),
      personIds: [matching.personIds.encode(request.accountId, person.id)],
      name: { givenName: details.name?.given ?? null, familyName: details.name?.family ?? null },
      panoIds: [],
      nonIds: (details.identifiers?.li_nonid ?? []).map((id) => {
        const value = normaliseLiNonid(id);
        return { id, ...stats(value ? { kind: 'li_nonid', value } : undefined) };
      }),
      ipAddresses: [],
      socialProfiles: {
        twitterUrl: document.twitter ? canonicalProfileUrl(document.twitter) ?? document.twitter : null,
        linkedInUrl: document.linkedin ? canonicalProfileUrl(document.linkedin) ?? document.linkedin : null,
      },
      demographics: {
        age: details.age?.value ?? null,
        ageRange: document.ageRange ?? details.age?.range ?? null,
        gender: document.gender ?? details.gender ?? null,
        locationFormatted: document.location ?? null,
      },
      employment: { current: employment?.current ?? false, company: employment?.name ?? null, title: employment?.title ?? null },
    };
    return { status: 200, body };
  };
}
