import { describe, expect, it } from 'vitest';
import { CORRUPTIONS, corruptDraft } from './corruptions.ts';
import type { Corruption } from './draft-edits.ts';
import { context, PERSON, plain, seeded, valid } from './draft-fixtures.ts';
import { draftOf, renderQuery, type QueryDraft } from './query-draft.ts';

const corruption = (kind: string, field: string): Corruption => {
  const found = CORRUPTIONS.find((c) => c.kind === kind && c.field === field);
  if (!found) throw new Error(`no corruption ${kind}:${field}`);
  return found;
};

describe('corruptions', () => {
  it('change only the field they name', () => {
    const typo = corruption('typo-delete', 'family').apply(plain, context(1))!;
    expect(typo.family).toHaveLength(PERSON.family.length - 1);
    expect({ ...typo, family: PERSON.family }).toEqual(plain);

    const street = corruption('typo-substitute', 'street').apply(plain, context(1))!;
    expect(street.location.addressLine1).toMatch(/^978 [A-Za-z]+ [A-Za-z]+$/);
    expect(street.location.addressLine1).not.toBe(plain.location.addressLine1);

    expect(corruption('swap', 'name').apply(plain, context(1))).toMatchObject({ given: 'Delittle', family: 'William' });
    expect(corruption('split', 'family').apply(plain, context(1))!.family).toBe('De Little');
    expect(['Bill', 'Will', 'Billy']).toContain(corruption('nickname', 'given').apply(plain, context(1))!.given);
    expect(['W', 'W.']).toContain(corruption('initial', 'given').apply(plain, context(1))!.given);
    expect(['978 Coy St', '978 Coy St.']).toContain(corruption('abbreviation', 'street').apply(plain, context(1))!.location.addressLine1);
  });

  it('drop a value, and the house number but not the street name', () => {
    expect(corruption('missing', 'streetNumber').apply(plain, context(1))!.location.addressLine1).toBe('Coy Street');
    expect(corruption('missing', 'postalCode').apply(plain, context(1))!.location).not.toHaveProperty('postalCode');
    expect(corruption('missing', 'city').apply(plain, context(1))!.location).not.toHaveProperty('city');
    const noRegion = corruption('missing', 'region').apply(plain, context(1))!.location;
    expect(noRegion).not.toHaveProperty('region');
    expect(noRegion).not.toHaveProperty('regionCode');
  });

  it('change digits of the postal code and the house number, or replace a value by another person’s', () => {
    const transposed = corruption('transpose-digits', 'postalCode').apply(plain, context(1))!.location.postalCode!;
    expect([...transposed].sort()).toEqual([...'73135'].sort());
    expect(transposed).not.toBe('73135');
    expect(corruption('change-digit', 'streetNumber').apply(plain, context(1))!.location.addressLine1).toMatch(/^\d{3} Coy Street$/);
    expect(corruption('replaced', 'city').apply(plain, context(1))!.location.city).toBe('Springfield');
    expect(corruption('replaced', 'postalCode').apply(plain, context(1))!.location.postalCode).toBe('62701');
  });

  it('apply one to three, each to a different field, keeping the query usable and changed', () => {
    const labels = new Set<string>();
    for (let seed = 1; seed <= 800; seed += 1) {
      const draft = draftOf(PERSON, seeded(seed));
      const count = (seed % 3) + 1;
      const result = corruptDraft(draft, count, context(seed));
      expect(result.labels).toHaveLength(count);
      const fields = result.labels.map((label) => label.split(':')[1]);
      expect(new Set(fields).size).toBe(count);
      if (fields.includes('name')) expect(fields.filter((field) => field === 'given' || field === 'family')).toEqual([]);
      expect(valid(result.draft), JSON.stringify(renderQuery(result.draft))).toBe(true);
      expect(renderQuery(result.draft)).not.toEqual(renderQuery(draft));
      for (const label of result.labels) labels.add(label);
    }
    // Every corruption happens, but joining words of a value that has only one.
    const oneWord = ['join:given', 'join:family', 'join:city'];
    for (const { kind, field } of CORRUPTIONS) if (!oneWord.includes(`${kind}:${field}`)) expect(labels).toContain(`${kind}:${field}`);
  });

  it('refuse a corruption that would make the query unusable', () => {
    const postalOnly: QueryDraft = { ...plain, location: { addressLine1: '978 Coy Street', postalCode: '73135' } };
    for (let seed = 1; seed <= 200; seed += 1) {
      const { draft, labels } = corruptDraft(postalOnly, 3, context(seed));
      expect(labels).not.toContain('missing:postalCode');
      expect(valid(draft)).toBe(true);
    }
  });

  it('make the same query under the same seed', () => {
    const make = () => corruptDraft(draftOf(PERSON, seeded(5)), 3, context(5));
    expect(make()).toEqual(make());
  });
});
