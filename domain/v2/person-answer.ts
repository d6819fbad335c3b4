import type { OperationReply } from '../../schemas/events/operation-requested.ts';
import type { PersonEnrichResponse } from '../../schemas/v3/person-enrich.ts';
import { V2_PERSON_KEYS, type V2PersonKey } from '../../schemas/v2/person-keys.ts';

/** A v2 lookup's query: the keys given and the person.enrich query each becomes. */
export type V2PersonQuery = Partial<Record<V2PersonKey, string>>;

/** The v2 lookup keys of a query string (the others, apiKey among them, left out). */
export const v2PersonQueryOf = (query: Record<string, string | undefined>): V2PersonQuery =>
  Object.fromEntries(V2_PERSON_KEYS.flatMap((key) => (query[key] ? [[key, query[key]]] : [])));

export function personEnrichBodyOf(query: V2PersonQuery) {
  return {
    ...(query.email && { email: query.email }),
    ...(query.emailMD5 && { emails: [query.emailMD5] }),
    ...(query.phone && { phone: query.phone }),
    ...(query.twitter && { profiles: [{ service: 'twitter', username: query.twitter }] }),
  };
}

/**
 * v2's `likelihood` for a match on one identifier: the weight of its kind of evidence in person.enrich's
 * matcher (docs/decisions.md, "How person.enrich matches"), as a fraction; several identifiers take the best.
 */
const LIKELIHOOD: Record<V2PersonKey, number> = { email: 0.9, emailMD5: 0.9, twitter: 0.85, phone: 0.7 };

const NOT_FOUND_MESSAGE = 'Searched within last 24 hours. No results found for this Id.';

type Labelled = { label?: string | null; value?: string | null };
type Profile = { service?: string | null; url?: string | null; username?: string | null; userid?: string | null; bio?: string | null; followers?: number; following?: number };
type Job = { name?: string | null; title?: string | null; current?: boolean | null };

const typed = (service: string) => ({ type: service, typeId: service, typeName: service.charAt(0).toUpperCase() + service.slice(1) });

/**
 * A person.enrich answer in the v2 person structure (docs/decisions.md, "The v2 APIs"); other answers keep
 * their body. The v2 route dresses replies so, and the worker runtime webhook answers of v2 calls.
 */
export function v2PersonAnswer(reply: OperationReply, given: readonly V2PersonKey[], requestId: string): OperationReply {
  if (reply.status === 404) return { status: 404, body: { status: 404, message: NOT_FOUND_MESSAGE, requestId } };
  if (reply.status !== 200) return reply;
  const person = reply.body as PersonEnrichResponse & Record<string, unknown>;
  const details = person.details as Record<string, unknown> & { name?: { given?: string | null; family?: string | null } | null };
  return {
    status: 200,
    body: {
      status: 200,
      requestId,
      likelihood: Math.max(...given.map((key) => LIKELIHOOD[key])),
      contactInfo: {
        fullName: person.fullName ?? null,
        givenName: details.name?.given ?? null,
        familyName: details.name?.family ?? null,
        websites: ((details.urls ?? []) as Labelled[]).map((url) => ({ url: url.value })),
      },
      photos: ((details.photos ?? []) as Labelled[]).map((photo, index) => ({ ...typed(photo.label ?? 'other'), url: photo.value, isPrimary: index === 0 })),
      organizations: ((details.employment ?? []) as Job[]).map((job, index) => ({ name: job.name, title: job.title, current: job.current ?? false, isPrimary: index === 0 })),
      demographics: { gender: person.gender ?? null, ageRange: person.ageRange ?? null, locationGeneral: person.location ?? null },
      socialProfiles: Object.entries((details.profiles ?? {}) as Record<string, Profile>).map(([service, profile]) => ({
        ...typed(service),
        url: profile.url ?? null,
        username: profile.username ?? null,
        id: profile.userid ?? null,
        bio: profile.bio ?? null,
        ...(profile.followers !== undefined && { followers: profile.followers }),
        ...(profile.following !== undefined && { following: profile.following }),
      })),
    },
  };
}
