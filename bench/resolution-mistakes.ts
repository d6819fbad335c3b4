import type { GeneratedRecord, GeneratedSet } from '../synthetic/resolution/generate.ts';
import type { Person } from '../synthetic/resolution/population.ts';
import { recordKey } from './resolution-data.ts';

/**
 * What a resolver got wrong on a generated set, from how the set was made: which persons it split and what the
 * records it left apart had (the errors made in them, an earlier surname, home or mailbox, fields missing, nothing
 * in common with the rest), and which persons it put together and how they are related (a household, twins, a
 * junior, namesakes). Shown for the dev set only: the held-out set's mistakes are not looked at.
 */
export type Mistakes = {
  /** Persons whose records the resolver put in two persons or more. */
  splitPersons: number;
  /** Of those, the parts beside each one's largest: the records left apart. */
  strayParts: number;
  /** What stray parts had, most common first; a part may have several. */
  strays: { what: string; parts: number }[];
  /** Pairs of persons the resolver put in one, by how they are related, most common first. */
  merged: { relation: string; pairs: number }[];
};

const count = <T>(values: T[]) => {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || String(a).localeCompare(String(b)));
};

const digits = (phone: string) => phone.replace(/\D/g, '').replace(/^44/, '0');
const identifiers = (records: GeneratedRecord[]) =>
  new Set(records.flatMap(({ record }) => [record.email?.toLowerCase(), record.phone && digits(record.phone)].filter(Boolean)));

/** What the records of a stray part had that the person's largest part did not. */
function strayOf(person: Person, stray: GeneratedRecord[], main: GeneratedRecord[]): string[] {
  const what = stray.flatMap(({ errors }) => errors.map((error) => `${error.kind} (${error.field})`));
  if (person.earlier && stray.some((record) => record.stale) && !main.some((record) => record.stale)) {
    if (person.earlier.surname !== person.current.surname) what.push('earlier surname');
    if (person.earlier.address !== person.current.address) what.push('earlier home');
    if (person.earlier.email !== person.current.email) what.push('earlier mailbox');
  }
  if (stray.every(({ record }) => record.dob === null)) what.push('no birth date');
  if (stray.every(({ record }) => record.firstName === null)) what.push('no first name');
  const shared = identifiers(main);
  if (![...identifiers(stray)].some((value) => shared.has(value))) what.push('no email or phone in common');
  return [...new Set(what)];
}

function relationOf(a: Person, b: Person): string {
  if (a.relation?.of === b.id) return a.relation.kind;
  if (b.relation?.of === a.id) return b.relation.kind;
  if (a.household !== null && a.household === b.household) return 'household';
  const sameName = a.given === b.given && a.current.surname === b.current.surname;
  if (sameName) return 'namesake';
  if (a.current.surname === b.current.surname) return a.current.address.town === b.current.address.town ? 'surname and town' : 'surname';
  return 'unrelated';
}

export function mistakesOf(set: GeneratedSet, clusters: readonly (readonly string[])[]): Mistakes {
  const byKey = new Map(set.records.map((record) => [recordKey(record.record), record]));
  const persons = new Map(set.persons.map((person) => [person.id, person]));
  const clusterOf = new Map(clusters.flatMap((keys, at) => keys.map((key) => [key, at] as const)));
  const partsOf = new Map<string, Map<number | string, GeneratedRecord[]>>();
  for (const [key, record] of byKey) {
    const parts = partsOf.get(record.record.cluster) ?? new Map<number | string, GeneratedRecord[]>();
    const part = clusterOf.get(key) ?? `alone:${key}`;
    parts.set(part, [...(parts.get(part) ?? []), record]);
    partsOf.set(record.record.cluster, parts);
  }
  let splitPersons = 0;
  const strays: string[][] = [];
  for (const [id, parts] of partsOf) {
    if (parts.size < 2) continue;
    splitPersons += 1;
    const [main, ...rest] = [...parts.values()].sort((a, b) => b.length - a.length);
    for (const stray of rest) strays.push(strayOf(persons.get(id)!, stray, main!));
  }
  const merged = clusters.flatMap((keys) => {
    const ids = [...new Set(keys.flatMap((key) => byKey.get(key)?.record.cluster ?? []))];
    return ids.flatMap((a, at) => ids.slice(at + 1).map((b) => relationOf(persons.get(a)!, persons.get(b)!)));
  });
  return {
    splitPersons,
    strayParts: strays.length,
    strays: count(strays.flat()).map(([what, parts]) => ({ what, parts })),
    merged: count(merged).map(([relation, pairs]) => ({ relation, pairs })),
  };
}

/** The mistakes in Markdown: the ten most common things of stray parts, and the merged pairs by relation. */
export function mistakesMarkdown(name: string, system: string, mistakes: Mistakes): string[] {
  const strays = mistakes.strays.slice(0, 10).map(({ what, parts }) => `${what} ${parts}`);
  const merged = mistakes.merged.map(({ relation, pairs }) => `${relation} ${pairs}`);
  return [
    `${system}'s mistakes on ${name}: ${mistakes.splitPersons} persons split, ${mistakes.strayParts} parts left apart, which had ` +
      `(a part may have several): ${strays.join(', ') || 'nothing'}. Pairs of persons put together, by relation: ${merged.join(', ') || 'none'}.`,
  ];
}
