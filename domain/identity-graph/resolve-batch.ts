import { compareIds } from '../matching/id-order.ts';
import type { MatchModel } from '../matching/model.ts';
import type { RecordFields } from './record-fields.ts';
import { compareWithPerson } from './compare.ts';
import { decisionBetween, holdsNeverPair } from './decisions.ts';
import { groupsOf, holdsTwoIndividuals, joins, keeperOf, linksOf, mergeable, sharesIdentifier, survivorOf, type PersonCandidate } from './resolve.ts';

/**
 * What a round of resolution did (docs/identity-graph.md): records resolved, persons merged away, persons split off,
 * and records moved to a person they now match better.
 */
export type ResolutionCounts = { resolved: number; merged: number; split: number; moved: number };

/**
 * The part of the graph a batch of queued records can touch, as read before it: the batch's records (those that
 * still exist), every record of every person they are in or share a key with, and who is in whom.
 */
export type BatchGraph = {
  /** The queued records, in id order: the order they are resolved in. */
  queued: readonly string[];
  /** The fields of every record read: the batch's (a deleted one has none) and their persons'. */
  fields: ReadonlyMap<string, RecordFields>;
  /** Each person read, with its records. */
  members: ReadonlyMap<string, readonly string[]>;
  /** The queued records resolved before, each with the person it is in. */
  current: ReadonlyMap<string, string>;
  /**
   * For each queued record, the records sharing a key with it (graph-reads.ts): resolved, or not waiting for their
   * first resolution outside the batch.
   */
  matched: ReadonlyMap<string, readonly string[]>;
};

/**
 * A change of the graph a batch made (docs/identity-graph.md, "Change feed"): persons merged, a person split, or a
 * record moved to another person; the persons before and after (ids), and the records that went.
 */
export type GraphChange = { kind: 'merged' | 'split' | 'moved'; before: string[]; after: string[]; records: string[] };

/** The batch's outcome, to be written: where records now are, records gone, and each merge in order. */
export type BatchChanges = {
  assigned: Map<string, string>;
  removed: Set<string>;
  merges: Array<{ from: string[]; into: string }>;
  counts: ResolutionCounts;
  /** Each person whose records changed, with its records after the batch (none: merged away or emptied). */
  touched: Map<string, string[]>;
  /** Every merge, split and move, in the order made. */
  events: GraphChange[];
};

/**
 * Resolves a batch of queued records in memory, one after another in id order, exactly as each would be on its own
 * against the graph as the ones before it left it (docs/identity-graph.md, "How a record is resolved"): it joins the
 * persons it links to, merging them when it links to several, or stays in (or starts) a person of its own; the
 * person it left, or that it changed, is checked again and split when its records no longer hold together, and so
 * is the person it joined when that now holds birthdays that tell two individuals apart; the records sharing an
 * identifier with it that now match its person better move there. New person ids come from `newPersonId`.
 */
export async function resolveBatch(model: MatchModel, graph: BatchGraph, newPersonId: () => Promise<string>): Promise<BatchChanges> {
  const personOf = new Map<string, string>();
  const members = new Map<string, Set<string>>();
  for (const [personId, recordIds] of graph.members) {
    members.set(personId, new Set(recordIds));
    for (const recordId of recordIds) personOf.set(recordId, personId);
  }
  // A queued record never resolved is in no person yet, even one read under its own id.
  for (const recordId of graph.queued) {
    const personId = personOf.get(recordId);
    if (personId !== undefined && !graph.current.has(recordId)) {
      members.get(personId)?.delete(recordId);
      personOf.delete(recordId);
    }
  }
  for (const [recordId, personId] of graph.current) personOf.set(recordId, personId);
  const position = new Map(graph.queued.map((recordId, at) => [recordId, at]));
  const changes: BatchChanges = { assigned: new Map(), removed: new Set(), merges: [], counts: { resolved: 0, merged: 0, split: 0, moved: 0 }, touched: new Map(), events: [] };
  const touched = new Set<string>();

  const membersOf = (personId: string) => {
    let found = members.get(personId);
    if (!found) members.set(personId, (found = new Set()));
    return found;
  };
  const recordsOf = (personId: string, except?: string): RecordFields[] =>
    [...membersOf(personId)]
      .filter((recordId) => recordId !== except)
      .sort(compareIds)
      .map((recordId) => graph.fields.get(recordId)!);

  /** Puts the records in the person (each leaves the one it was in). */
  const assign = (recordIds: readonly string[], personId: string) => {
    for (const recordId of recordIds) {
      const before = personOf.get(recordId);
      if (before !== undefined) membersOf(before).delete(recordId);
      if (before !== undefined) touched.add(before);
      touched.add(personId);
      personOf.set(recordId, personId);
      membersOf(personId).add(recordId);
      changes.assigned.set(recordId, personId);
    }
  };
  const merge = (from: string[], into: string) => {
    if (from.length === 0) return;
    const records = from.flatMap((personId) => [...membersOf(personId)]).sort(compareIds);
    assign(records, into);
    changes.merges.push({ from, into });
    changes.events.push({ kind: 'merged', before: [...from, into], after: [into], records });
  };

  /** Splits the person when its records no longer hold together; one left with none merges into `emptiedInto`. */
  const revalidate = async (personId: string, emptiedInto?: string) => {
    const records = recordsOf(personId);
    if (records.length === 0) {
      if (emptiedInto) merge([personId], emptiedInto);
      return;
    }
    const groups = groupsOf(model, records);
    const keeper = keeperOf(groups);
    for (const [at, group] of groups.entries()) {
      if (at === keeper) continue;
      const [records, splitOff] = [group.map((record) => record.id), await newPersonId()];
      assign(records, splitOff);
      changes.counts.split += 1;
      changes.events.push({ kind: 'split', before: [personId], after: [personId, splitOff], records });
    }
  };

  /**
   * The persons of the records sharing a key with it, as they are now: one resolved earlier in the batch is in
   * its person; one queued after it counts only if it was resolved before the batch.
   */
  const candidatePersons = (recordId: string, at: number): string[] =>
    (graph.matched.get(recordId) ?? []).flatMap((matchedId) => {
      const queuedAt = position.get(matchedId);
      const personId = personOf.get(matchedId);
      if (queuedAt !== undefined && queuedAt > at) return personId !== undefined && graph.current.has(matchedId) ? [personId] : [];
      return [personId ?? matchedId];
    });

  /**
   * Moves to the record's person each record sharing an identifier with it that now matches that person better than
   * its own (a link, and more weight than the rest of its own person gives it): newer records can change the
   * picture. The person it leaves is checked again (or, left empty, merged into the record's).
   */
  const moveNeighbours = async (recordId: string, at: number, target: string) => {
    const record = graph.fields.get(recordId)!;
    for (const neighbourId of graph.matched.get(recordId) ?? []) {
      const from = personOf.get(neighbourId);
      const queuedAt = position.get(neighbourId);
      const resolved = queuedAt === undefined || queuedAt < at || graph.current.has(neighbourId);
      const neighbour = graph.fields.get(neighbourId);
      if (from === undefined || from === target || !resolved || !neighbour || !sharesIdentifier([record], [neighbour])) continue;
      const there = compareWithPerson(model, neighbour, recordsOf(target));
      const rest = recordsOf(from, neighbourId);
      if (!joins(there, decisionBetween([neighbour], recordsOf(target)))) continue;
      if (decisionBetween([neighbour], rest) === 'always' || (rest.length > 0 && compareWithPerson(model, neighbour, rest).weight >= there.weight)) continue;
      assign([neighbourId], target);
      changes.counts.moved += 1;
      changes.events.push({ kind: 'moved', before: [from, target], after: [from, target], records: [neighbourId] });
      await revalidate(from, target);
    }
  };

  /** A changed record that left a person holding others: moved to another person, or split off into a new one. */
  const noteLeaving = (recordId: string, from: string, to: string, kind: 'moved' | 'split') => {
    changes.counts[kind] += 1;
    changes.events.push({ kind, before: kind === 'moved' ? [from, to] : [from], after: [from, to], records: [recordId] });
  };

  for (const [at, recordId] of graph.queued.entries()) {
    // A person holding two records decided never one since is split first, each record going its way (two
    // birthdays that tell individuals apart were split when the second joined).
    const before = personOf.get(recordId);
    if (before !== undefined && holdsNeverPair(recordsOf(before))) await revalidate(before);
    const current = personOf.get(recordId);
    const record = graph.fields.get(recordId);
    changes.counts.resolved += 1;
    if (!record) {
      if (current !== undefined) {
        membersOf(current).delete(recordId);
        touched.add(current);
        personOf.delete(recordId);
        changes.assigned.delete(recordId);
        changes.removed.add(recordId);
        await revalidate(current);
      }
      continue;
    }
    const candidateIds = [...new Set([...candidatePersons(recordId, at), ...(current !== undefined ? [current] : [])])];
    const candidates: PersonCandidate[] = candidateIds.map((personId) => ({ personId, records: recordsOf(personId, recordId) }));
    const recordsById = new Map(candidates.map((candidate) => [candidate.personId, candidate.records]));
    const links = mergeable(model, linksOf(model, record, candidates), (link) => recordsById.get(link.personId)!);
    const alone = current === undefined || recordsById.get(current)!.length === 0;
    const target =
      links.length > 0
        ? survivorOf(links.map((link) => ({ personId: link.personId, records: recordsById.get(link.personId)!.length })))
        : alone
          ? (current ?? recordId)
          : await newPersonId();
    const mergedAway = links.map((link) => link.personId).filter((personId) => personId !== target);
    merge(mergedAway, target);
    changes.counts.merged += mergedAway.length;
    assign([recordId], target);
    if (!alone && current !== target && !mergedAway.includes(current!)) noteLeaving(recordId, current!, target, links.length > 0 ? 'moved' : 'split');
    if (current !== undefined && !mergedAway.includes(current)) await revalidate(current, target);
    if (holdsTwoIndividuals(model, recordsOf(target))) await revalidate(target);
    await moveNeighbours(recordId, at, personOf.get(recordId)!);
  }
  for (const personId of touched) changes.touched.set(personId, [...membersOf(personId)].sort(compareIds));
  return changes;
}

/** Where each merged-away id answers after the batch: the end of its chain of merges. */
export function finalRedirects(merges: BatchChanges['merges']): Map<string, string> {
  const into = new Map<string, string>();
  for (const merge of merges) for (const from of merge.from) into.set(from, merge.into);
  const finalOf = (personId: string): string => {
    const next = into.get(personId);
    return next === undefined ? personId : finalOf(next);
  };
  return new Map([...into.keys()].map((from) => [from, finalOf(from)]));
}
