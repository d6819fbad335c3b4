import type { LinkExplanation } from '../../domain/identity-graph/explain.ts';
import { PersonDetails } from '../../schemas/data/person-record.ts';

type Evidence = LinkExplanation['evidence'][number];
type Details = ReturnType<typeof PersonDetails.parse>;

/** A record's field as a row of the side-by-side table, and the evidence that weighs it (none: shown, not weighed). */
type RowSpec = { field: string; label: string; evidence?: Evidence['evidence']; values: (document: Record<string, unknown>, details: Details) => string[] };

const words = (...parts: unknown[]) =>
  parts
    .filter((part): part is string | number => (typeof part === 'string' && part.trim() !== '') || typeof part === 'number')
    .join(' ');
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? [value] : []);
const twoDigits = (value: number | null | undefined) => (value ? String(value).padStart(2, '0') : '??');

/** The rows in the order an analyst compares people: who, born when, where, then the identifiers. */
const ROWS: RowSpec[] = [
  {
    field: 'name',
    label: 'Name',
    evidence: 'name',
    values: (document, details) => {
      const parts = words(details.name?.given, details.name?.family);
      return parts ? [parts] : text(details.name?.full ?? document.fullName);
    },
  },
  {
    field: 'birthday',
    label: 'Birthday',
    evidence: 'birthday',
    values: (_, details) => {
      const born = details.age?.birthday;
      return born && (born.year || born.month || born.day) ? [`${born.year ?? '????'}-${twoDigits(born.month)}-${twoDigits(born.day)}`] : [];
    },
  },
  {
    field: 'address',
    label: 'Address',
    evidence: 'address',
    values: (_, details) =>
      details.locations
        .map((place) => place.formatted?.trim() || [place.addressLine1, place.addressLine2, place.city, words(place.regionCode ?? place.region, place.postalCode), place.countryCode ?? place.country].filter((part) => part).join(', '))
        .filter((line) => line !== ''),
  },
  { field: 'email', label: 'Emails', evidence: 'email', values: (_, details) => details.emails.map((email) => email.value) },
  { field: 'phone', label: 'Phones', evidence: 'phone', values: (_, details) => details.phones.map((phone) => phone.value) },
  {
    field: 'profile',
    label: 'Profiles',
    evidence: 'profile',
    values: (_, details) => Object.entries(details.profiles).map(([service, profile]) => `${service}: ${profile.username ?? profile.userid ?? profile.url ?? ''}`),
  },
  { field: 'maid', label: 'Mobile ad ids', evidence: 'maid', values: (_, details) => details.identifiers.maids.map((maid) => maid.id) },
  { field: 'li_nonid', label: 'LinkedIn non-ids', evidence: 'li_nonid', values: (_, details) => details.identifiers.li_nonid },
  { field: 'placekey', label: 'Placekey', evidence: 'name_placekey', values: (document) => text(document.placekey) },
  { field: 'gender', label: 'Gender', values: (_, details) => text(details.gender) },
  { field: 'employment', label: 'Employment', values: (_, details) => details.employment.map((job) => [job.title, job.name].filter((part) => part).join(', ')).filter((job) => job !== '') },
];

/** How a field of a record fared in the link shown: agreeing levels (exact, nickname, initial, close, home, similar, town), different, or both. */
export type Mark = 'agrees' | 'partly' | 'differs';

const AGREEING_LEVELS = new Set(['exact', 'nickname', 'initial', 'close', 'home', 'similar', 'town']);

/**
 * The mark of a field, from the evidence of the link shown, and its levels in words; undefined when that evidence was
 * not weighed (one side lacks the field). An identifier a typo apart (an email) agrees as `close` does.
 */
export function markOf(evidence: readonly Evidence[], category: Evidence['evidence'] | undefined): { mark: Mark; levels: string } | undefined {
  const item = category && evidence.find((one) => one.evidence === category);
  if (!item) return undefined;
  if (item.agrees !== undefined) {
    if (item.agrees) return { mark: 'agrees', levels: item.mobile ? 'the same (a mobile)' : 'the same' };
    return item.close ? { mark: 'agrees', levels: 'close (a typo apart)' } : { mark: 'differs', levels: 'different' };
  }
  const levels = (item.fields ?? []).filter((field) => field.level !== 'missing');
  if (levels.length === 0) return undefined;
  const agreeing = levels.filter((field) => AGREEING_LEVELS.has(field.level)).length;
  const mark: Mark = agreeing === levels.length ? 'agrees' : agreeing === 0 ? 'differs' : 'partly';
  const named = levels.length > 1 || item.evidence === 'name';
  return { mark, levels: levels.map((field) => (named ? `${field.field} ${field.level}` : field.level)).join(', ') };
}

export type FieldRow = { field: string; label: string; evidence?: Evidence['evidence']; values: string[][] };

/** The rows of the records' table: each field any of the records holds, with every record's values in order. */
export function fieldRows(documents: readonly Record<string, unknown>[]): FieldRow[] {
  const details = documents.map((document) => {
    const parsed = PersonDetails.safeParse(document.details ?? {});
    return parsed.success ? parsed.data : PersonDetails.parse({});
  });
  return ROWS.flatMap(({ field, label, evidence, values }) => {
    const perRecord = documents.map((document, index) => values(document, details[index]!));
    return perRecord.some((held) => held.length > 0) ? [{ field, label, ...(evidence && { evidence }), values: perRecord }] : [];
  });
}
