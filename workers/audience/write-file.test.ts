import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AudienceStore } from '../../adapters/db/port.ts';
import type { BlobStore } from '../../adapters/blobs/port.ts';
import { writeAudienceFile } from './write-file.ts';

describe('writeAudienceFile', () => {
  it('rejects, without an unhandled stream error, when the first page fails before the blob store reads', async () => {
    // Found by schemathesis: a members query failing at once (a tag holding U+0000) destroyed the gzip stream
    // with its error before the blob store had piped it, and the unhandled 'error' event ended the process.
    const failure = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const store = { members: () => Promise.reject(failure), sharedRecords: async () => [] } as unknown as AudienceStore;
    const blobs: BlobStore = {
      async put(_key, content) {
        await nextTurn();
        await nextTurn();
        await pipeline(content, new Writable({ write: (_chunk, _encoding, done) => done() }));
        return 0;
      },
      get: async () => undefined,
      delete: async () => {},
    };
    const audience = { id: 'a1', accountId: 'acc', tags: [{ key: 'k', value: 'v' }], taggedBefore: new Date(), identitySharing: false, createdAt: '2026-01-01T00:00:00Z' };
    await expect(
      writeAudienceFile({ store, blobs, encodePersonId: (_account, id) => id, partnerLabel: () => 'p' }, audience),
    ).rejects.toBe(failure);
    await nextTurn();
  });
});
