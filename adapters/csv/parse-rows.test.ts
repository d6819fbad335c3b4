import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ParsedLine } from '../ndjson/parse-lines.ts';
import { parseCsvRows } from './parse-rows.ts';

/** Each line of the input as the import numbers them: the row begun there (its values joined by |), or null. */
async function linesOf(text: string | Buffer[], maxRowChars = 1000) {
  let header: string[] | undefined;
  const lines: Array<ParsedLine<string> | null> = [];
  let bytes = 0;
  const rows = parseCsvRows(
    Readable.from(typeof text === 'string' ? [Buffer.from(text)] : text),
    (names) => {
      header = names;
      return (values) => ({ key: values[0]!, row: values.join('|') });
    },
    { maxRowChars },
  );
  for await (const chunk of rows) {
    lines.push(...chunk.lines);
    bytes += chunk.bytes;
  }
  return { header, lines: lines.map((line) => (line === null ? null : 'error' in line ? `error: ${line.error}` : line.row)), bytes };
}

describe('CSV rows as the lines an import numbers', () => {
  it('reads quoted commas, doubled quotes and quoted line breaks, each row at the line it begins on', async () => {
    const text = 'id,name,note\n1,"Hopper, Grace","said ""hi"""\n2,Ada,"two\nlines"\n3,Alan,"three\n\nlines"\n4,Bob,x\n';
    expect(await linesOf(text)).toEqual({
      header: ['id', 'name', 'note'],
      lines: [null, '1|Hopper, Grace|said "hi"', '2|Ada|two\nlines', null, '3|Alan|three\n\nlines', null, null, '4|Bob|x'],
      bytes: Buffer.byteLength(text),
    });
  });

  it('drops a UTF-8 byte-order mark, and ends lines at CRLF as at LF', async () => {
    const text = '\uFEFFid,name\r\n1,"a\r\nb"\r\n\r\n2,Zoë\r\n';
    expect((await linesOf(text)).header).toEqual(['id', 'name']);
    expect((await linesOf(text)).lines).toEqual([null, '1|a\r\nb', null, '', '2|Zoë']);
  });

  it('reads a file cut anywhere, a character of several bytes split between two parts', async () => {
    const bytes = Buffer.from('id,name\n1,"Zoë, ""Z"""\n2,Ëmil\n');
    const parts = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    expect((await linesOf(parts)).lines).toEqual([null, '1|Zoë, "Z"', '2|Ëmil']);
  });

  it('takes a quote that breaks the rules as written, and leaves a row of another length to the row parser', async () => {
    expect((await linesOf('id,height\n1,5\'10"\n2,"O"Brien"\n3\n4,5,6\n')).lines).toEqual([null, '1|5\'10"', '2|"O"Brien"', '3', '4|5|6']);
  });

  it('ends at a row it cannot read, with why, keeping the rows before', async () => {
    expect((await linesOf('id,name\n1,ok\n2,"never closed\n3,x\n')).lines).toEqual([
      null,
      '1|ok',
      'error: a quoted value begun on this row is never closed; the rest of the file was not read',
    ]);
    expect((await linesOf(`id,name\n1,ok\n2,${'x'.repeat(50)}\n3,y\n`, 40)).lines).toEqual([
      null,
      '1|ok',
      'error: a row longer than 40 characters (is a quote left open?); the rest of the file was not read',
    ]);
  });

  it('gives nothing for an empty input, and refuses what the header function refuses', async () => {
    expect(await linesOf('')).toEqual({ header: undefined, lines: [], bytes: 0 });
    const rows = parseCsvRows(Readable.from([Buffer.from('a,b\n1,2\n')]), () => {
      throw new Error('no id column');
    }, { maxRowChars: 100 });
    await expect(rows.next()).rejects.toThrow('no id column');
  });
});
