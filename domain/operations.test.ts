import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_PAYLOADS } from '../schemas/events/operation-payloads.ts';
import { v3Operations } from './operations.ts';
import type { OperationSpec } from './operations/spec.ts';
import { v2Operations } from './v2-operations.ts';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../schemas/events/fixtures/${name}`, import.meta.url), 'utf8'));

/** A request body per operation, and the body of the event the previous version (21d6261) published for it. */
const examples = fixture('request-examples.json');
const previous = fixture('events-written-by-21d6261.json') as Record<string, { body: unknown }>;

const registry: Record<string, OperationSpec> = { ...v3Operations, ...v2Operations };
const payloadOf = (name: string) => {
  const spec = registry[name]!;
  const body = spec.request.parse(examples[name]);
  return spec.toWorker ? (spec.toWorker as (body: unknown) => unknown)(body) : body;
};

describe('the operation registries and the bus contract', () => {
  it('give every operation a payload schema, and the contract no operation the registries lack', () => {
    expect(Object.keys(registry).sort()).toEqual(Object.keys(OPERATION_PAYLOADS).sort());
  });

  it.each(Object.keys(registry))('%s: the payload the ingress makes is the one its schema takes, as the previous version made it', (name) => {
    const payload = payloadOf(name);
    const schema = OPERATION_PAYLOADS[name as keyof typeof OPERATION_PAYLOADS];
    expect(schema.parse(payload)).toEqual(payload);
    expect(JSON.parse(JSON.stringify(payload))).toEqual(previous[name]!.body);
  });
});
