/**
 * npm run bench:audiences [-- --members 100000,1000000]
 *
 * How long the audience worker takes to build a file, and how much memory it needs, for audiences of the given
 * sizes, on PostgreSQL (the distributed mode's database). Each size gets an account of its own whose records are
 * made in the database (one tag each, old enough), then the file is written through the same code the audience
 * worker runs (workers/audience/write-file.ts) into a local blob directory. Beside it, the baseline: as many
 * distinct member lines of the same shape made, JSON-encoded and gzipped in memory, no database.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { Writable } from 'node:stream';
import { localBlobStore } from '../adapters/blobs/local.ts';
import { migrate } from '../adapters/db/migrate.ts';
import { createStores } from '../adapters/db/open.ts';
import { createPgClient } from '../adapters/db/pg.ts';
import { partnerLabeller, personIdCodec } from '../adapters/identity/person-ids.ts';
import { writeAudienceFile } from '../workers/audience/write-file.ts';
import { gitState, machine } from './machine.ts';
import { resultsDir } from './report.ts';
import { startServices } from './services.ts';

const { values } = parseArgs({ options: { members: { type: 'string', default: '100000,1000000' } } });
const sizes = values.members.split(',').map(Number);
const progress = (line: string) => process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const TAG = { key: 'segment', value: 'bench' };

/** Samples this process's RSS while `work` runs; resolves with its result and the peak. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakRssMb: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  try {
    const result = await work();
    return { result, peakRssMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1048576) };
  } finally {
    clearInterval(timer);
  }
}

const services = await startServices(['postgres']);
const db = createPgClient(services.DATABASE_URL!, 4);
await migrate(db);
const stores = createStores(db, () => 'unused');
const blobDir = await mkdtemp(join(tmpdir(), 'kith-bench-audiences-'));
const blobs = localBlobStore(blobDir);
const codec = personIdCodec('bench secret');
const runs = [];

const standard = (await stores.plans.findByName('Standard'))!;

for (const members of sizes) {
  // A real account: audience.create counts the audiences it holds against its plan.
  const accountId = (await stores.accounts.create({ name: 'bench', planId: standard.id, identitySharing: false, billingAnchor: '2026-01-01' })).id;
  progress(`making ${members.toLocaleString('en')} tagged records for account ${accountId}`);
  await db.query(
    `INSERT INTO identity_records (account_id, record_id, person_id, emails, maids)
     SELECT $1, 'r' || lpad(n::text, 9, '0'), n,
            json_build_array(json_build_object('md5', md5(n::text), 'sha1', md5('s' || n), 'sha256', encode(sha256(n::text::bytea), 'hex'))),
            json_build_array(md5('m' || n))
       FROM generate_series(1, $2) AS n`,
    [accountId, members],
  );
  await db.query(
    `INSERT INTO record_tags (account_id, record_id, key, value, created_at)
     SELECT $1, 'r' || lpad(n::text, 9, '0'), $3, $4, now() - interval '2 days' FROM generate_series(1, $2) AS n`,
    [accountId, members, TAG.key, TAG.value],
  );
  await db.query('ANALYZE identity_records');
  await db.query('ANALYZE record_tags');

  const id = randomUUID();
  if (!(await stores.audiences.create(accountId, id, [TAG])).created) throw new Error('the audience was not recorded');
  progress(`building the file of ${members.toLocaleString('en')} members`);
  const started = performance.now();
  const { result, peakRssMb } = await withPeakRss(() =>
    writeAudienceFile(
      { store: stores.audiences, blobs, encodePersonId: codec.encode, partnerLabel: partnerLabeller('bench secret') },
      { id, accountId, tags: [TAG], taggedBefore: new Date(), identitySharing: false, createdAt: new Date().toISOString() },
    ),
  );
  const seconds = (performance.now() - started) / 1000;

  // Distinct lines of the same shape and size, so that gzip works as hard as on the real file.
  const line = (n: number) =>
    JSON.stringify({
      recordid: `r${n}`,
      partnerid: null,
      personid: createHash('md5').update(`p${n}`).digest('base64url'),
      firstParty: {
        emails: [{ md5: createHash('md5').update(`e${n}`).digest('hex'), sha1: createHash('sha1').update(`e${n}`).digest('hex'), sha256: createHash('sha256').update(`e${n}`).digest('hex') }],
        maids: [createHash('md5').update(`m${n}`).digest('hex')],
      },
    });
  const baselineStarted = performance.now();
  await pipeline(
    Readable.from((function* () {
      for (let start = 0; start < members; start += 10_000) {
        yield Array.from({ length: Math.min(10_000, members - start) }, (_, i) => line(start + i)).join(',');
      }
    })()),
    createGzip(),
    new Writable({ write: (_chunk, _encoding, done) => done() }),
  );
  const baselineSeconds = (performance.now() - baselineStarted) / 1000;

  progress(
    `${result.members.toLocaleString('en')} members, ${(result.bytes / 1048576).toFixed(1)} MB gzip in ${seconds.toFixed(1)} s ` +
      `(${Math.round(result.members / seconds).toLocaleString('en')} members/s), peak RSS ${peakRssMb} MB; ` +
      `baseline (make, encode and gzip in memory) ${baselineSeconds.toFixed(1)} s: ${(seconds / baselineSeconds).toFixed(2)}× its time`,
  );
  runs.push({ members: result.members, bytes: result.bytes, seconds, peakRssMb, baselineSeconds, ratio: seconds / baselineSeconds });
  await db.query('DELETE FROM record_tags WHERE account_id = $1', [accountId]);
  await db.query('DELETE FROM identity_records WHERE account_id = $1', [accountId]);
  await db.query('DELETE FROM audiences WHERE account_id = $1', [accountId]);
}

const file = join(resultsDir, `audiences-distributed-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}Z.json`);
await writeFile(file, `${JSON.stringify({ scenario: 'audiences', machine: machine(), git: await gitState(), runs }, null, 2)}\n`);
progress(`wrote ${file}`);
await db.close();
await rm(blobDir, { recursive: true, force: true });
