import { birthdaysApart } from '../matching/birthday.ts';
import { compareIds } from '../matching/id-order.ts';
import type { MatchModel } from '../matching/model.ts';
import { compareWithPerson, type RecordMatch } from './compare.ts';
import { decisionBetween, holdsNeverPair } from './decisions.ts';
import { readsBirthdaysApart } from './home-pairs.ts';
import { holdsIdentifier, type Decision, type RecordFields } from './record-fields.ts';

/**
 * The least match weight at which a record is one person with others: odds of 9 to 1 that it is (docs/
 * identity-graph.md, "When records are one person").
 */
export const LINK_WEIGHT = Math.log2(9);

/** A person as the resolver sees it: its id and its records (without the one being resolved). */
export type PersonCandidate = { personId: string; records: RecordFields[] };

/** A person a record is linked to, and the evidence that links them. */
export type Link = { personId: string; match: RecordMatch };

/**
 * Whether a record and a person are one: odds of 9 to 1 or more, and no birthdays that tell them apart (every
 * pair further apart than one person's slips, in data that writes birth dates right: compare.ts birthdayEvidence)
 * unless an identifier they share says they are one all the same. Namesakes are common, and their names weigh
 * more the rarer they are; a differing birthday is the data saying they are two.
 */
export function isLink(match: RecordMatch): boolean {
  return match.weight >= LINK_WEIGHT && !birthdaysForbid(match);
}

/** Whether a match's birthdays tell the two apart (birthdaysApart on every pair) and no identifier they share overrules them. */
export function birthdaysForbid(match: RecordMatch): boolean {
  const birthday = match.evidence.find((item) => item.evidence === 'birthday');
  const toldApart = birthday !== undefined && 'apart' in birthday && birthday.apart;
  return toldApart && !match.evidence.some((item) => 'agrees' in item && item.agrees);
}

/**
 * Whether a record joins these records: what an operator decided of it and one of them (./decisions.ts) if
 * anything, else the evidence (isLink).
 */
export function joins(match: RecordMatch, decided: Decision | undefined): boolean {
  return decided === undefined ? isLink(match) : decided === 'always';
}

/**
 * The record's match with these records when it joins them (joins), else undefined. Birthdays that tell them apart
 * (toldApartByBirthday, which isLink would find too) settle it before the rest is weighed, unless an operator
 * decided: among namesakes, they settle about half of the candidates a record has.
 */
function joiningMatch(model: MatchModel, record: RecordFields, records: readonly RecordFields[]): RecordMatch | undefined {
  const decided = decisionBetween([record], records);
  if (decided === undefined && toldApartByBirthday(model, [record], records)) return undefined;
  const match = compareWithPerson(model, record, records);
  return joins(match, decided) ? match : undefined;
}

/**
 * What the evidence of a match adds up to before the household's cap (compare.ts householdEvidence). Two matches of
 * one weight are not alike when one is capped: in data of few persons the cap takes a family name, a street and a
 * phone shared down to what a family name and a town weigh, so the record's own household ties with a namesake of
 * its town, and the one that agrees in more is the better.
 */
const uncappedWeight = (match: RecordMatch) => match.weight - (match.evidence.find((item) => item.evidence === 'household')?.weight ?? 0);

/** Weights this close are one: sums of the same terms in another order differ in their last bits. */
const SAME_WEIGHT = 1e-9;

/** Best first: the most weight, then the most before the household's cap (uncappedWeight). */
function byStrength(a: RecordMatch, b: RecordMatch): number {
  const heavier = b.weight - a.weight;
  return Math.abs(heavier) > SAME_WEIGHT ? heavier : uncappedWeight(b) - uncappedWeight(a);
}

/** The persons (of those with records) that the record joins (joins), best first (byStrength, then the oldest id). */
export function linksOf(model: MatchModel, record: RecordFields, candidates: readonly PersonCandidate[]): Link[] {
  return candidates
    .filter((candidate) => candidate.records.length > 0)
    .flatMap((candidate) => {
      const match = joiningMatch(model, record, candidate.records);
      return match ? [{ personId: candidate.personId, match }] : [];
    })
    .sort((a, b) => byStrength(a.match, b.match) || compareIds(a.personId, b.personId));
}

/** Whether a record of one set holds an identifier that a record of the other holds. */
export const sharesIdentifier = (a: readonly RecordFields[], b: readonly RecordFields[]) =>
  b.some((record) => [...record.identifiers].some(([category, values]) => [...values].some((value) => holdsIdentifier(a, category, value))));

/**
 * Whether two sets of records are told apart by their birthdays: the model reads birthdays apart as two people
 * (./home-pairs.ts readsBirthdaysApart), both hold some, every pair is apart, and they share no identifier that
 * says they are one all the same (the rule isLink applies to a record).
 */
export function toldApartByBirthday(model: MatchModel, a: readonly RecordFields[], b: readonly RecordFields[]): boolean {
  const birthdays = (records: readonly RecordFields[]) => records.flatMap((record) => (record.birthday ? [record.birthday] : []));
  const [ofA, ofB] = [birthdays(a), birthdays(b)];
  if (!readsBirthdaysApart(model) || ofA.length === 0 || ofB.length === 0) return false;
  return ofA.every((one) => ofB.every((other) => birthdaysApart(one, other))) && !sharesIdentifier(a, b);
}

/**
 * Of the persons (or groups) a record links to, best first, those it may make one: each in turn unless its
 * birthdays tell it apart from one taken before. A record without a birthday, linking to two namesakes born
 * decades apart, joins the better and never merges them (#45: no merge the data could have told apart).
 */
export function mergeable<T>(model: MatchModel, linked: readonly T[], recordsOf: (item: T) => readonly RecordFields[]): T[] {
  const taken: T[] = [];
  for (const item of linked) if (taken.every((other) => !keptApart(model, recordsOf(other), recordsOf(item)))) taken.push(item);
  return taken;
}

/**
 * Whether two sets of records may not be one person: an operator decided two of them never one, or, unless one
 * decided two of them always one, their birthdays tell them apart.
 */
export function keptApart(model: MatchModel, a: readonly RecordFields[], b: readonly RecordFields[]): boolean {
  const decided = decisionBetween(a, b);
  return decided === 'never' || (decided === undefined && toldApartByBirthday(model, a, b));
}

/** Of persons merged into one, the one whose id lives on: the one with the most records, then the oldest id. */
export function survivorOf(persons: ReadonlyArray<{ personId: string; records: number }>): string {
  const [first] = [...persons].sort((a, b) => b.records - a.records || compareIds(a.personId, b.personId));
  if (!first) throw new Error('a merge needs a person');
  return first.personId;
}

/**
 * Whether some two of a person's records are kept apart (keptApart: decided never one, or told apart by their
 * birthdays): the person holds two individuals, and must be checked again (groupsOf).
 */
export function holdsTwoIndividuals(model: MatchModel, records: readonly RecordFields[]): boolean {
  if (holdsNeverPair(records)) return true;
  const born = records.filter((record) => record.birthday);
  return born.some((one, at) => born.slice(at + 1).some((other) => keptApart(model, [one], [other])));
}

/**
 * The groups a person's records form on their own (the validity check of a person): each record joins the groups
 * it links to and may make one (mergeable), merging them, or starts a group; the same rule by which they were
 * resolved. Records with a birthday go first, in the order they came (by id), then the others: the birthdays
 * anchor who is who, and a record without one joins the individual it matches best. One group: the person holds
 * together; more: it splits into them.
 */
export function groupsOf(model: MatchModel, records: readonly RecordFields[]): RecordFields[][] {
  let groups: RecordFields[][] = [];
  const anchorsFirst = (a: RecordFields, b: RecordFields) => Number(!a.birthday) - Number(!b.birthday) || compareIds(a.id, b.id);
  for (const record of [...records].sort(anchorsFirst)) {
    const matches = groups
      .flatMap((group) => {
        const match = joiningMatch(model, record, group);
        return match ? [{ group, match }] : [];
      })
      .sort((a, b) => byStrength(a.match, b.match));
    const linked = mergeable(model, matches, (candidate) => candidate.group).map((candidate) => candidate.group);
    groups = [...groups.filter((group) => !linked.includes(group)), [...linked.flat(), record]];
  }
  return groups;
}

/** Of the groups a person splits into, the one that keeps its id: the most records, then the oldest record. */
export function keeperOf(groups: readonly RecordFields[][]): number {
  const oldest = (group: readonly RecordFields[]) => group.map((record) => record.id).sort(compareIds)[0]!;
  let keeper = 0;
  groups.forEach((group, at) => {
    const current = groups[keeper]!;
    if (group.length > current.length || (group.length === current.length && compareIds(oldest(group), oldest(current)) < 0)) keeper = at;
  });
  return keeper;
}
