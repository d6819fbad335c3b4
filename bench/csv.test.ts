import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

describe('parseCsv', () => {
  it('splits rows and fields, keeping empty fields', () => {
    expect(parseCsv('a,b,c\n1,,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });

  it('reads CRLF line breaks, a last row without one, and skips a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads quoted fields with commas, line breaks and doubled quotes', () => {
    expect(parseCsv('name,note\n"Smith, Jo","said ""hi""\nthen left"\n"",x\n')).toEqual([
      ['name', 'note'],
      ['Smith, Jo', 'said "hi"\nthen left'],
      ['', 'x'],
    ]);
  });

  it('keeps an empty last field', () => {
    expect(parseCsv('a,\n')).toEqual([['a', '']]);
  });

  it('refuses stray and unclosed quotes with the row', () => {
    expect(() => parseCsv('a,b\n1,x"y\n')).toThrow('CSV row 2: a quote must open or close a whole field');
    expect(() => parseCsv('a,b\n"1"x,2\n')).toThrow('CSV row 2: a quote must open or close a whole field');
    expect(() => parseCsv('a,"b\n')).toThrow('CSV row 1: a quoted field is not closed');
  });
});
