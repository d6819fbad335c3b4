import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/factories.ts';
import { freshPostgresDatabase } from '../support/fresh-database.ts';
import { startTestKith } from '../support/kith.ts';
import { repoRoot, runCli, runProcess } from '../support/processes.ts';
import { scratchDir } from '../support/scratch-dir.ts';

const COUNT = 40;
type Line = Record<string, any>;
const parseLines = (text: string): Line[] => text.trim().split('\n').map((line) => JSON.parse(line));
const ndjson = (lines: Array<Line | string>) => `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`;

/**
 * `kith generate` and `kith import` as an operator runs them: real processes, writing straight into a PostgreSQL
 * database of their own (DATABASE_URL, so the COPY writer), whose data a Kith on that database then answers from.
 */
describe.each([
  { noun: 'persons', table: 'persons', key: (record: Line) => record.id as string, keyColumn: 'external_id' },
  { noun: 'companies', table: 'companies', key: (record: Line) => record.domain as string, keyColumn: 'domain' },
])('kith generate and kith import $noun', ({ noun, table, key, keyColumn }) => {
  const cleanups: (() => Promise<void>)[] = [];
  let databaseUrl: string;
  let dir: string;
  let file: string;
  let records: Line[];

  beforeAll(async () => {
    const database = await freshPostgresDatabase();
    cleanups.push(database.drop);
    databaseUrl = database.url;
    dir = await scratchDir('kith-data-', cleanups);
    file = join(dir, `${noun}.ndjson`);
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  const kith = (...args: string[]) => runCli(args, { DATABASE_URL: databaseUrl, KITH_DATA_DIR: dir });
  const query = async <T,>(sql: string, values: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const count = async () => (await query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`))[0]!.count;
  const summary = (created: number, updated: number, lines: number, rejected: number) =>
    new RegExp(`^Imported ${created} new and ${updated} updated ${noun} from ${lines} lines; ${rejected} rejected\\.[^]* \\([\\d.]+ s\\)\\n$`);

  it('generates the same bytes for the same seed, to stdout or --out, and other records for another seed', async () => {
    const first = await kith('generate', noun, '--count', String(COUNT), '--seed', '7');
    expect(first.code, first.stderr).toBe(0);
    records = parseLines(first.stdout);
    expect(records).toHaveLength(COUNT);
    expect(new Set(records.map(key)).size).toBe(COUNT);

    const toFile = await kith('generate', noun, '--count', String(COUNT), '--seed', '7', '--out', file);
    expect(toFile.code, toFile.stderr).toBe(0);
    expect(toFile.stdout).toBe('');
    expect(await readFile(file, 'utf8')).toBe(first.stdout);

    const other = await kith('generate', noun, '--count', String(COUNT), '--seed', '8');
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).not.toBe(first.stdout);
  });

  it('imports the file into PostgreSQL with COPY, the count in its summary; piped, stderr carries no progress bar', async () => {
    const run = await kith('import', noun, file);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(summary(COUNT, 0, COUNT, 0));
    expect(run.stderr).toBe('');
    expect(await count()).toBe(COUNT);
  });

  it('imports the same file again without adding anything, and a changed line updates its record', async () => {
    const again = await kith('import', noun, file);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(summary(0, COUNT, COUNT, 0));
    expect(await count()).toBe(COUNT);

    const field = noun === 'persons' ? 'fullName' : 'name';
    const changed = { ...records[2]!, [field]: 'Renamed Example' };
    const updated = join(dir, 'changed.ndjson');
    await writeFile(updated, ndjson([changed]));
    const run = await kith('import', noun, '--json', updated);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ lines: 1, imported: 0, updated: 1, rejectedCount: 0 });
    expect(await count()).toBe(COUNT);
    const [row] = await query<{ document: Line }>(`SELECT document FROM ${table} WHERE ${keyColumn} = $1`, [key(records[2]!)]);
    expect(row!.document[field]).toBe('Renamed Example');
  });

  it('reports bad lines by number, imports the good ones and exits 1, as documented', async () => {
    const fresh = parseLines((await kith('generate', noun, '--count', '2', '--seed', '99')).stdout);
    const bad = noun === 'persons' ? { ...fresh[0]!, id: undefined } : { ...fresh[0]!, domain: 'fullcontact' };
    const mixed = join(dir, 'mixed.ndjson');
    await writeFile(mixed, ndjson(['{"broken', bad, fresh[1]!, '[1, 2]']));
    const run = await kith('import', noun, mixed);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(summary(1, 0, 4, 3));
    expect(run.stdout).toMatch(/^ {2}line 1: invalid JSON/m);
    expect(run.stdout).toMatch(new RegExp(`^  line 2: ${noun === 'persons' ? 'id' : 'domain'}`, 'm'));
    expect(run.stdout).toMatch(/^ {2}line 4: /m);
    expect(run.stdout).not.toMatch(/line 3:/);
    expect(await count()).toBe(COUNT + 1);
  });

  it('draws a progress bar on stderr when it runs on a terminal, the summary still on stdout', async () => {
    const out = join(dir, 'summary.txt');
    // `script` gives the command a terminal; stdout goes to a file, so what reaches the terminal is stderr alone.
    const run = await runProcess('script', ['-qec', 'node "$KITH_BIN" import "$KITH_NOUN" "$KITH_FILE" > "$KITH_OUT"', '/dev/null'], {
      DATABASE_URL: databaseUrl,
      KITH_DATA_DIR: dir,
      KITH_BIN: `${repoRoot}bin/kith.js`,
      KITH_NOUN: noun,
      KITH_FILE: file,
      KITH_OUT: out,
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`${noun} .*100% \\| ${COUNT} lines \\| \\d+ lines/s`));
    expect(await readFile(out, 'utf8')).toMatch(summary(0, COUNT, COUNT, 0));
  });

  it('is what a Kith on that database answers from', async () => {
    const server = await startTestKith('postgres', { DATABASE_URL: databaseUrl });
    cleanups.unshift(() => server.stop());
    const account = await createAccount(server);
    // The generator puts some emails on two persons on purpose: ask by one only this person has.
    const emailOf = (person: Line) => person.details.emails[0]?.value as string | undefined;
    const record = records.find((candidate, index) =>
      noun === 'companies' ? index > 2 : emailOf(candidate) && records.filter((other) => emailOf(other) === emailOf(candidate)).length === 1,
    )!;
    const answer =
      noun === 'persons'
        ? await server.client.v3('person.enrich', { email: emailOf(record) }, { key: account.key })
        : await server.client.v3('company.enrich', { domain: record.domain }, { key: account.key });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject(noun === 'persons' ? { fullName: record.fullName } : { name: record.name });
  });
});

describe('kith generate persons --duplicates', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('writes match queries with known truth beside the persons, one in ten for a person not in the file', async () => {
    const dir = await scratchDir('kith-queries-', cleanups);
    const [persons, queries] = [join(dir, 'persons.ndjson'), join(dir, 'queries.ndjson')];
    const args = ['generate', 'persons', '--count', '200', '--seed', '3', '--countries', 'all', '--out', persons, '--duplicates', '50', '--queries-out', queries];
    const run = await runCli(args, {});
    expect(run.code, run.stderr).toBe(0);
    const ids = new Set(parseLines(await readFile(persons, 'utf8')).map((record) => record.id as string));
    const lines = parseLines(await readFile(queries, 'utf8'));
    expect(lines).toHaveLength(50);
    expect(lines.filter((line) => line.truth === null)).toHaveLength(5);
    for (const line of lines.filter((candidate) => candidate.truth !== null)) expect(ids.has(line.truth)).toBe(true);
    for (const line of lines) expect(line.corruptions.length).toBeGreaterThan(0);

    const again = await runCli([...args.slice(0, -1), join(dir, 'again.ndjson')], {});
    expect(again.code, again.stderr).toBe(0);
    expect(await readFile(join(dir, 'again.ndjson'), 'utf8')).toBe(await readFile(queries, 'utf8'));

    const alone = await runCli(['generate', 'persons', '--count', '5', '--duplicates', '2'], {});
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/--duplicates and --queries-out go together/);
  });
});
