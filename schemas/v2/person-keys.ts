/** The keys a v2 person lookup takes; each becomes a person.enrich query (domain/v2/person-answer.ts). */
export const V2_PERSON_KEYS = ['email', 'emailMD5', 'phone', 'twitter'] as const;
export type V2PersonKey = (typeof V2_PERSON_KEYS)[number];
