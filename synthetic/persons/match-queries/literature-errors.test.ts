import { describe, expect, it } from 'vitest';
import type { Corruption } from './draft-edits.ts';
import { context, PERSON, plain, seeded, valid } from './draft-fixtures.ts';
import { corruptAsLiterature, LITERATURE_FIELDS, MAX_PER_FIELD, MODIFICATIONS_PER_QUERY } from './literature-errors.ts';
import { draftOf, renderQuery, type SourcePerson } from './query-draft.ts';

const corruptor = (kind: string, field: string): Corruption => {
  const found = LITERATURE_FIELDS.flatMap((entry) => entry.corruptors).find((c) => c.kind === kind && c.field === field);
  if (!found) throw new Error(`no corruptor ${kind}:${field}`);
  return found;
};

const BORN: SourcePerson = { ...PERSON, birthday: { year: 1980, month: 3, day: 9 } };

/** `count` corrupted drafts of the person (with a birthday unless told) and their labels, one seed each. */
const runs = (count: number, person = BORN) =>
  Array.from({ length: count }, (_, index) => {
    const seed = index + 1;
    return corruptAsLiterature(draftOf(person, seeded(seed)), context(seed));
  });

describe('the literature error model', () => {
  it('replaces a name or a street by another person’s, keeping the house number', () => {
    expect(corruptor('replaced', 'given').apply(plain, context(1))!.given).toBe('Maria');
    expect(corruptor('replaced', 'family').apply(plain, context(1))!.family).toBe('Lopez');
    expect(corruptor('replaced', 'street').apply(plain, context(1))!.location.addressLine1).toBe('978 Elm Road');
  });

  it('moves the street line to the second address line, and leaves a name out', () => {
    const swapped = renderQuery(corruptor('swap', 'addressLines').apply(plain, context(1))!);
    expect(swapped.location).not.toHaveProperty('addressLine1');
    expect(swapped.location.addressLine2).toBe('978 Coy Street');
    expect(corruptor('missing', 'given').apply(plain, context(1))!.given).toBe('');
  });

  it('makes one to five modifications, at most two on a field, every one a usable and changed query', () => {
    const results = runs(1_500);
    const byCount = new Map<number, number>();
    for (const { draft, labels } of results) {
      byCount.set(labels.length, (byCount.get(labels.length) ?? 0) + 1);
      const fields = labels.map((label) => label.split(':')[1]!);
      for (const field of new Set(fields)) expect(fields.filter((f) => f === field).length).toBeLessThanOrEqual(MAX_PER_FIELD);
      // The names are swapped only before either is touched otherwise.
      const firstName = fields.findIndex((field) => field === 'given' || field === 'family');
      if (fields.includes('name')) expect(firstName === -1 || firstName > fields.indexOf('name')).toBe(true);
      expect(valid(draft)).toBe(true);
    }
    expect(byCount.get(0)).toBeUndefined();
    // Each count about as often as its weight says: within a third of it.
    const total = MODIFICATIONS_PER_QUERY.reduce((sum, entry) => sum + entry.weight, 0);
    for (const { value, weight } of MODIFICATIONS_PER_QUERY) {
      expect(byCount.get(value) ?? 0).toBeGreaterThan(((results.length * weight) / total) * (2 / 3));
    }
  });

  it('uses every corruptor of every field, a value replaced among the most frequent on a name', () => {
    const results = runs(3_000);
    const labels = results.flatMap((result) => result.labels);
    for (const { corruptors } of LITERATURE_FIELDS) {
      for (const { kind, field, weight } of corruptors) {
        // One-word values cannot be joined.
        if (weight > 0 && !(kind === 'join' && (field === 'given' || field === 'family'))) expect(labels).toContain(`${kind}:${field}`);
      }
    }
    const given = labels.filter((label) => label.endsWith(':given'));
    expect(given.filter((label) => label === 'replaced:given').length / given.length).toBeGreaterThan(0.08);
  });

  it('corrupts a birthday where the query gives one, and none where it does not', () => {
    const birthdays = runs(600).flatMap(({ draft, labels }) => (labels.some((label) => label.endsWith(':birthday')) ? [draft.birthday] : []));
    expect(birthdays).toContainEqual({ year: 1980, month: 9, day: 3 });
    expect(birthdays).toContainEqual({ year: 1980 });
    expect(birthdays).toContain(undefined);
    expect(runs(600, PERSON).flatMap(({ labels }) => labels).filter((label) => label.endsWith(':birthday'))).toEqual([]);
  });

  it('makes the same queries under the same seed', () => {
    expect(corruptAsLiterature(plain, context(9))).toEqual(corruptAsLiterature(plain, context(9)));
  });
});
