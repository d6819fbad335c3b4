import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_PAYLOADS } from './operation-payloads.ts';
import { decodeRequest } from './operation-requested.ts';

/** One request event per operation as the version before the typed contract (21d6261) published it. */
const previous: Record<string, Record<string, unknown>> = JSON.parse(
  readFileSync(new URL('./fixtures/events-written-by-21d6261.json', import.meta.url), 'utf8'),
);

const decoded = (event: unknown) => decodeRequest(JSON.stringify(event), OPERATION_PAYLOADS);

describe('decodeRequest: the bus contract', () => {
  it('has an event of the previous version for every operation', () => {
    expect(Object.keys(previous).sort()).toEqual(Object.keys(OPERATION_PAYLOADS).sort());
  });

  it.each(Object.keys(OPERATION_PAYLOADS))('reads %s as the previous version wrote it, body and all', (operation) => {
    const result = decoded(previous[operation]);
    expect(result).toEqual({ request: previous[operation] });
  });

  it('types the body by the operation it reads', () => {
    const result = decoded(previous['person.enrich']);
    if (!('request' in result) || result.request.operation !== 'person.enrich') throw new Error('not read');
    expect(result.request.body.evidence.map((item) => item.category)).toEqual(['email', 'phone', 'name_address']);
  });

  it('reads an event a newer ingress wrote with a field this version does not know, leaving the field out', () => {
    const event = previous['tags.create']!;
    const newer = { ...event, traceparent: '00-abc-def-01', body: { ...(event.body as object), source: 'crm' } };
    expect(decoded(newer)).toEqual({ request: event });
  });

  it('refuses a payload that misses a field, naming it', () => {
    const event = previous['company.enrich']!;
    expect(decoded({ ...event, body: {} })).toEqual({ problem: 'company.enrich: body.domain: Invalid input: expected string, received undefined' });
  });

  it('refuses an operation it does not know, an envelope without its ids, and text that is not JSON', () => {
    expect(decoded({ ...previous['tags.get'], operation: 'tags.rename' })).toEqual({ problem: 'unknown operation "tags.rename"' });
    expect(decoded({ ...previous['tags.get'], accountId: undefined })).toMatchObject({ problem: expect.stringMatching(/^accountId: /) });
    expect(decodeRequest('{"eventId":', OPERATION_PAYLOADS)).toEqual({ problem: 'not JSON' });
  });
});
