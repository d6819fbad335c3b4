import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { importThroughAdmin } from './admin-import.ts';
import { namesakesInTwoTowns, newEmail, newIndividual, recordOf } from './graph-records.ts';
import type { TestKith } from './kith.ts';

/**
 * Three persons of one source that hold by a thread (docs/identity-graph.md, "Review"), loaded through the admin
 * API: two records an operator forced together though nothing they hold agrees (the most doubtful), five records
 * of namesakes in two towns made one by a bridging record, and two records of one name in two towns held by a
 * shared email. Answers the records' ids in the source.
 */
export async function importPersonsToReview(kith: TestKith, source: string) {
  const tag = randomBytes(6).toString('hex');
  const id = (name: string) => `${name}-${tag}`;
  const importSource = (records: Parameters<typeof importThroughAdmin>[2]) => importThroughAdmin(kith, `/admin/persons?source=${source}`, records);
  const [ada, grace] = [newIndividual(), newIndividual('seattle')];
  await importSource([recordOf(ada, id('forced-1'), [newEmail('f1')]), recordOf(grace, id('forced-2'), [newEmail('f2')])]);
  const forced = await kith.client.admin('POST', '/records/decisions', { a: `${source}:${id('forced-1')}`, b: `${source}:${id('forced-2')}`, decision: 'always' });
  expect(forced.status, forced.text).toBe(200);
  // Two pairs of records of namesakes in two towns, each pair sharing an email, made one by a record holding both.
  const { inPortland, inSeattle } = namesakesInTwoTowns();
  const [e1, e2] = [newEmail('b1'), newEmail('b2')];
  await importSource([recordOf(inPortland, id('left-1'), [e1]), recordOf(inPortland, id('left-2'), [e1])]);
  await importSource([recordOf(inSeattle, id('right-1'), [e2]), recordOf(inSeattle, id('right-2'), [e2])]);
  await importSource([recordOf({ given: inPortland.given, family: inPortland.family }, id('bridge'), [e1, e2])]);
  // One person held by a shared email and a name, across two towns.
  const moved = newIndividual();
  const email = newEmail('w');
  await importSource([recordOf(moved, id('weak-1'), [email]), recordOf({ ...newIndividual('seattle'), given: moved.given, family: moved.family }, id('weak-2'), [email])]);
  return { forced: [id('forced-1'), id('forced-2')], bridge: id('bridge') };
}
