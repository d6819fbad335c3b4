import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseChunk, parseLines, wholeLines } from './parse-lines.ts';

const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

const echo = (text: string) => ({ key: text, row: text });

describe('runs of whole lines', () => {
  it('cuts only at newlines, whatever the parts, a character of several bytes split between two', async () => {
    const text = 'é1\nüber2\n€3 long line\n4\n\n5 no newline';
    const bytes = Buffer.from(text);
    // Parts of three bytes cut "é", "ü" and "€" in the middle.
    const parts = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.subarray(i * 3, i * 3 + 3));
    const runs = await collect(wholeLines(Readable.from(parts), 4));
    expect(Buffer.concat(runs).toString()).toBe(text);
    for (const run of runs.slice(0, -1)) expect(run.at(-1)).toBe(10);
    expect(runs.length).toBeGreaterThan(2);
    for (const run of runs) expect(run.byteOffset === 0 && run.byteLength === run.buffer.byteLength).toBe(true);
  });

  it('splits lines as readline did: \\r\\n is one end, blank lines count, no line after the last newline', () => {
    expect(parseChunk(Buffer.from('a\r\nb\n\n  \nc\n'), echo)).toEqual([echo('a'), echo('b'), null, null, echo('c')]);
    expect(parseChunk(Buffer.from('a\nb'), echo)).toEqual([echo('a'), echo('b')]);
    expect(parseChunk(Buffer.from(''), echo)).toEqual([]);
  });

  it('gives every line once, in order, in small runs', async () => {
    const texts = Array.from({ length: 300 }, (_, i) => `line ${i} ${'x'.repeat(i % 17)}`);
    const chunks = await collect(parseLines(Readable.from([`${texts.join('\n')}\n`]), { parse: echo }, 0, 64));
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.flatMap((chunk) => chunk.lines)).toEqual(texts.map(echo));
    expect(chunks.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBe(Buffer.byteLength(`${texts.join('\n')}\n`));
  });
});
