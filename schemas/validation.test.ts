import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { invalidField, unstorableText, validate } from './validation.ts';

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

  it('answers 400 naming the field for a string holding a lone UTF-16 surrogate, which UTF-8 cannot encode', () => {
    // "sur\ud800x" and "sur\udfffx" were both stored as "sur\ufffdx": two records became one.
    for (const recordId of ['sur\ud800x', 'sur\udfffx', 'x\ude00\ud83d']) {
      expect(validate(Schema, { recordId, tags: [] })).toEqual({
        ok: false,
        status: 400,
        message: 'Invalid request: recordId: must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF)',
      });
    }
    expect(validate(Schema, { recordId: 'sur\u{1F600}x', tags: [] })).toEqual({ ok: true, data: { recordId: 'sur\u{1F600}x', tags: [] } });
  });

  it('finds U+0000 and lone surrogates at any depth, in keys too, and nothing in other values', () => {
    expect(unstorableText({ a: [1, { b: 'ok' }, { c: '\u0000' }] })).toEqual({ path: ['a', 2, 'c'], problem: 'must not contain the NUL character (U+0000)' });
    expect(unstorableText({ a: { ['k\ud800']: 1 } })?.path).toEqual(['a', 'k\ud800']);
    expect(unstorableText({ a: [1, null, true, { b: 'ok \u{1F600}' }], d: new Date(0) })).toBeUndefined();
  });

  it('names a field by at most the first 100 characters of each key', () => {
    expect(invalidField(['requests', 0, 'metadata', 'k'.repeat(900_000)], 'a problem')).toBe(`Invalid request: requests[0].metadata.${'k'.repeat(100)}…: a problem`);
  });
});
