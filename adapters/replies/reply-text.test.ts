import { describe, expect, it } from 'vitest';
import { decodeReply, encodeReply } from './reply-text.ts';

describe('replies as text on the bus', () => {
  it('keeps the body of an encoded reply as its JSON text, parsing it only when read', () => {
    const body = { fullName: 'Ada "Lovelace" }', emails: [{ value: 'ada@example.org' }], nested: { braces: '{"status":1}' } };
    const reply = decodeReply(encodeReply({ status: 200, body }))!;
    expect(reply.status).toBe(200);
    expect(reply.json).toBe(JSON.stringify(body));
    expect(reply.body).toEqual(body);
  });

  it('reads a reply in any other JSON form whole, and answers undefined for what is no reply', () => {
    expect(decodeReply(encodeReply({ status: 204, body: null }))!.body).toBeNull();
    const bodyFirst = decodeReply(JSON.stringify({ body: { id: 1 }, status: 404 }))!;
    expect([bodyFirst.status, bodyFirst.body, bodyFirst.json]).toEqual([404, { id: 1 }, undefined]);
    expect(decodeReply('{"status":200,"body":')).toBeUndefined();
    expect(decodeReply('not json')).toBeUndefined();
    expect(decodeReply(JSON.stringify({ status: 'ok', body: 1 }))).toBeUndefined();
  });

  it('sends the same bytes as the body serialised again', () => {
    const body = [{ lookupDomain: 'vector.fr', unicode: 'Zürich ✓', number: 1.5e-7 }];
    expect(decodeReply(encodeReply({ status: 200, body }))!.json).toBe(JSON.stringify(JSON.parse(JSON.stringify(body))));
  });
});
