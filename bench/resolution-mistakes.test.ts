import { describe, expect, it } from 'vitest';
import { generateSources } from '../synthetic/resolution/generate.ts';
import { recordKey } from './resolution-data.ts';
import { mistakesMarkdown, mistakesOf } from './resolution-mistakes.ts';

const set = generateSources({ seed: 'mistakes', persons: 400 });
const truth = () => {
  const byPerson = new Map<string, string[]>();
  for (const { record } of set.records) byPerson.set(record.cluster, [...(byPerson.get(record.cluster) ?? []), recordKey(record)]);
  return [...byPerson.values()];
};

describe('mistakesOf', () => {
  it('finds none in the truth', () => {
    expect(mistakesOf(set, truth())).toEqual({ splitPersons: 0, strayParts: 0, strays: [], merged: [] });
  });

  it('says what the records left apart had', () => {
    const person = set.persons.find((p) => p.earlier && p.earlier.surname !== p.current.surname && set.records.filter((r) => r.record.cluster === p.id && r.stale).length > 0 && set.records.some((r) => r.record.cluster === p.id && !r.stale))!;
    const stale = set.records.filter((r) => r.record.cluster === person.id && r.stale).map((r) => recordKey(r.record));
    const clusters = truth().flatMap((keys) => (keys.includes(stale[0]!) ? [keys.filter((key) => !stale.includes(key)), stale] : [keys]));
    const mistakes = mistakesOf(set, clusters);
    expect(mistakes).toMatchObject({ splitPersons: 1, strayParts: 1, merged: [] });
    expect(mistakes.strays.map((stray) => stray.what)).toContain('earlier surname');
  });

  it('names how the persons put together are related', () => {
    const member = set.persons.find((p) => p.relation?.kind === 'partner' && set.records.some((r) => r.record.cluster === p.id) && set.records.some((r) => r.record.cluster === p.relation!.of))!;
    const couple = new Set([member.id, member.relation!.of]);
    const together = set.records.filter((r) => couple.has(r.record.cluster)).map((r) => recordKey(r.record));
    const clusters = [...truth().filter((keys) => !keys.some((key) => together.includes(key))), together];
    expect(mistakesOf(set, clusters).merged).toEqual([{ relation: 'partner', pairs: 1 }]);
    expect(mistakesMarkdown('generated-dev', 'Kith', mistakesOf(set, clusters))[0]).toContain('by relation: partner 1.');
  });
});
