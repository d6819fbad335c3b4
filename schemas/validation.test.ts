import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { nulCharacterPath, validate } from './validation.ts';

describe('validate', () => {
  const Schema = z.object({ recordId: z.string(), tags: z.array(z.object({ key: z.string(), value: z.string() })) });

  it('answers 400 naming the field for a string holding U+0000, which PostgreSQL text cannot store', () => {
    // Found by schemathesis: audience.create with such a tag value failed the members query in the worker.
    const body = { recordId: 'r1', tags: [{ key: 'k', value: 'v' }, { key: 'k', value: 'a\u0000b' }] };
    expect(validate(Schema, body)).toEqual({
      ok: false,
      status: 400,
      message: 'Invalid request: tags[1].value: must not contain the NUL character (U+0000)',
    });
  });

  it('looks only at what the schema keeps: an unknown property may hold U+0000', () => {
    expect(validate(Schema, { recordId: 'r1', tags: [], 'x\u0000': 'y\u0000' })).toEqual({ ok: true, data: { recordId: 'r1', tags: [] } });
  });

  it('finds U+0000 at any depth, and nothing in other values', () => {
    expect(nulCharacterPath({ a: [1, { b: 'ok' }, { c: '\u0000' }] })).toEqual(['a', 2, 'c']);
    expect(nulCharacterPath({ a: [1, null, true, { b: 'ok' }], d: new Date(0) })).toBeUndefined();
  });
});
