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

const isBlockingKey = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'match_block';

/** The blocking keys anywhere in a body, and the body without them: keys are derived, and a release may add some. */
const blockingKeysIn = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((item) => (isBlockingKey(item) ? [(item as { value: string }).value] : blockingKeysIn(item)))
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(blockingKeysIn)
      : [];
const withoutBlockingKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.filter((item) => !isBlockingKey(item)).map(withoutBlockingKeys)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withoutBlockingKeys(field)]))
      : value;

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

  it.each(Object.keys(registry))('%s: the payload the ingress makes is the one its schema takes, as the previous version made it (with any blocking keys added since)', (name) => {
    const payload = payloadOf(name);
    const schema = OPERATION_PAYLOADS[name as keyof typeof OPERATION_PAYLOADS];
    expect(schema.parse(payload)).toEqual(payload);
    const written = JSON.parse(JSON.stringify(payload)) as unknown;
    expect(withoutBlockingKeys(written)).toEqual(withoutBlockingKeys(previous[name]!.body));
    expect(blockingKeysIn(written)).toEqual(expect.arrayContaining(blockingKeysIn(previous[name]!.body)));
  });
});
