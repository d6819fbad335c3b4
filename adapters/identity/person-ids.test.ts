import { describe, expect, it } from 'vitest';
import { personIdCodec } from './person-ids.ts';

const codec = personIdCodec('a deployment secret');
const ACCOUNT = '4f1d7a30-0000-4000-8000-000000000001';
const OTHER = '4f1d7a30-0000-4000-8000-000000000002';

describe('person ids', () => {
  it('round-trips, stable across calls', () => {
    const pid = codec.encode(ACCOUNT, '42');
    expect(pid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(codec.encode(ACCOUNT, '42')).toBe(pid);
    expect(codec.decode(ACCOUNT, pid)).toBe('42');
  });

  it('differs between accounts, and one account cannot use another account\'s id', () => {
    const pid = codec.encode(ACCOUNT, '42');
    expect(codec.encode(OTHER, '42')).not.toBe(pid);
    expect(codec.decode(OTHER, pid)).toBeUndefined();
  });

  it('differs between deployments and refuses made-up values', () => {
    expect(personIdCodec('another secret').encode(ACCOUNT, '42')).not.toBe(codec.encode(ACCOUNT, '42'));
    expect(codec.decode(ACCOUNT, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
    expect(codec.decode(ACCOUNT, 'not a pid')).toBeUndefined();
  });

  it('keeps no state from one id to the next: ids made one after another, refused ones between, are those a new codec makes', () => {
    const ids = ['1', '42', '9007199254740993', '7'];
    for (const id of ids) {
      expect(codec.decode(ACCOUNT, 'AAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
      const pid = codec.encode(ACCOUNT, id);
      expect(pid).toBe(personIdCodec('a deployment secret').encode(ACCOUNT, id));
      expect(codec.decode(ACCOUNT, pid)).toBe(id);
    }
  });
});
