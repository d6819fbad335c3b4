import { describe, expect, it } from 'vitest';
import { generatePersons } from '../../synthetic/persons/generate.ts';
import { checkPersonRecord, CheckedPersonRecord } from './person-record-check.ts';
import { PersonRecord } from './person-record.ts';

const generated = [...generatePersons({ count: 200, seed: 5 })].map((record) => JSON.stringify(record));

/** Values of every JSON type and a few edge cases, to put in each field in turn. */
const ODD_VALUES: unknown[] = [undefined, null, '', ' ', 'x', '2026-01-01', 0, 1.5, -1, 2 ** 60, true, [], [{}], [''], ['x'], {}, { value: 'x' }, { id: 'x' }];

/** Every path of a record, down to the fields of objects inside arrays. */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value !== 'object' || value === null) return [prefix];
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => paths(item, [...prefix, key]))];
}

function withValue(json: string, path: Array<string | number>, value: unknown): unknown {
  const record = JSON.parse(json);
  if (path.length === 0) return value;
  let parent = record;
  for (const key of path.slice(0, -1)) parent = parent[key];
  if (value === undefined) delete parent[path.at(-1)!];
  else parent[path.at(-1)!] = value;
  return record;
}

/** The check must never accept what zod rejects, and must give what zod gives when it accepts. */
function expectSameAsZod(input: unknown) {
  const zod = PersonRecord.safeParse(structuredClone(input));
  const checked = checkPersonRecord(structuredClone(input));
  if (checked === undefined) return;
  expect(zod.success).toBe(true);
  expect(checked).toEqual(zod.data);
}

describe('the fast person record check', () => {
  it('accepts generated records, giving what zod gives', () => {
    for (const json of generated) {
      expect(checkPersonRecord(JSON.parse(json))).toBeDefined();
      expectSameAsZod(JSON.parse(json));
    }
  });

  it('accepts nothing zod rejects, whatever value any field holds', () => {
    for (const json of generated.slice(0, 5)) {
      for (const path of paths(JSON.parse(json))) {
        for (const value of ODD_VALUES) expectSameAsZod(withValue(json, path, value));
      }
    }
  });

  it('trims the id and fills in the defaults, as zod does', () => {
    const minimal = { id: '  p-1 ', details: {} };
    expect(checkPersonRecord(structuredClone(minimal))).toEqual(PersonRecord.parse(minimal));
  });

  it('leaves bad records to zod, whose error names the field', () => {
    const result = CheckedPersonRecord.safeParse({ id: 'x', details: { emails: 'no' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['details', 'emails']);
  });
});
