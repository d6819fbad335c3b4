import { describe, expect, it } from 'vitest';
import { CENSOR, censorSecrets } from './log-redaction.ts';

describe('censorSecrets', () => {
  it('gives back the very object when nothing in it is secret', () => {
    const line = { method: 'POST', path: '/v3/person.enrich', status: 200, ms: 3.1, nested: { status: 'ok', list: [1, { a: 2 }] } };
    expect(censorSecrets(line)).toBe(line);
  });

  it('censors secret keys at the top, one level down and two levels down, in objects and arrays', () => {
    const line = {
      email: 'ann@example.com',
      apiKey: 'kith_live_x',
      request: { phone: '+15555550100', path: '/v3/person.enrich' },
      headers: { authorization: 'Bearer x' },
      call: { headers: { authorization: 'Bearer y' } },
      persons: [{ emails: ['ann@example.com'] }],
    };
    expect(censorSecrets(line)).toEqual({
      email: CENSOR,
      apiKey: CENSOR,
      request: { phone: CENSOR, path: '/v3/person.enrich' },
      headers: { authorization: CENSOR },
      call: { headers: { authorization: CENSOR } },
      persons: [{ emails: CENSOR }],
    });
  });

  it('copies what it censors and leaves the logged object as it was', () => {
    const shared = { kept: true };
    const line = { request: { token: 't' }, shared };
    const result = censorSecrets(line);
    expect(line.request.token).toBe('t');
    expect(result.shared).toBe(shared);
  });

  it('stops three levels down, and leaves class instances such as errors to their serializer', () => {
    const error = Object.assign(new Error('boom'), { key: 'k' });
    const line = { a: { b: { c: { email: 'deep@example.com' } } }, err: error };
    const result = censorSecrets(line);
    expect(result).toBe(line);
    expect(result.err).toBe(error);
  });
});
