import { Option, type Command } from 'commander';
import type { z } from 'zod';
import type { LinkExplanation, PersonHow, RecordsWhy } from '../../domain/identity-graph/explain.ts';
import type { PersonToReview as PersonToReviewSchema, RecordDecision as RecordDecisionSchema } from '../../schemas/admin/identity-graph.ts';
import { CliError, type AdminClient } from '../admin-client.ts';
import { print, table, type Output } from '../output.ts';

const signed = (bits: number) => `${bits >= 0 ? '+' : ''}${bits.toFixed(2)}`;

/**
 * One piece of evidence as a phrase: `email agrees +26.56`, `phone agrees (a mobile) +14.32`, `name +15.09 (given
 * exact +6.36, family exact +8.73)`.
 */
function evidencePhrase(item: LinkExplanation['evidence'][number]): string {
  const agreed = item.mobile ? 'agrees (a mobile)' : 'agrees';
  const agreement = item.agrees === undefined ? '' : ` ${item.agrees ? agreed : item.close ? 'a typo apart' : 'differs'}`;
  const fields = item.fields ? ` (${item.fields.map((field) => `${field.field} ${field.level} ${signed(field.weight)}`).join(', ')})` : '';
  return `${item.evidence}${agreement} ${signed(item.weight)}${fields}`;
}

/** A link as two lines: its weight and verdict, then its evidence. */
export function linkLines(link: LinkExplanation): string[] {
  const decided = link.decided ? `, decided ${link.decided}` : '';
  const verdict = link.links ? `links${decided}` : `does not link (${(link.unlinked ?? []).join(', ')})`;
  return [
    `weight ${signed(link.weight)} bits (prior ${signed(link.prior)}, probability ${link.probability}): ${verdict}`,
    `  ${link.evidence.map(evidencePhrase).join('; ') || 'no evidence'}`,
  ];
}

type Named = { source: string; id: string; document: Record<string, unknown> };
const refOf = (record: { source: string; id: string }) => `${record.source}:${record.id}`;
const nameOf = (record: Named) => (typeof record.document.fullName === 'string' ? record.document.fullName : '(no name)');

export function personHowText(how: PersonHow): string {
  const byRecordId = new Map(how.records.map((record) => [record.recordId, record]));
  const merged = how.mergedIds.length > 0 ? `, merged from ${how.mergedIds.join(', ')}` : '';
  const lines = [`Person ${how.personId}${merged}: ${how.records.length} records (model ${how.model})`];
  for (const record of how.records) lines.push(`  ${refOf(record)}  ${nameOf(record)}`);
  if (how.holds.length > 0) lines.push('Each record against the others, weakest first:');
  for (const hold of how.holds) {
    const [weight, evidence] = linkLines(hold.link);
    lines.push(`  ${refOf(byRecordId.get(hold.recordId)!)}: ${weight}`, `  ${evidence}`);
  }
  return lines.join('\n');
}

export function recordsWhyText(why: RecordsWhy): string {
  const [a, b] = [refOf(why.a), refOf(why.b)];
  const verdict = why.samePerson ? `one person, ${why.a.personId}` : `two persons, ${why.a.personId} and ${why.b.personId}`;
  const section = (title: string, link: LinkExplanation) => [title, ...linkLines(link).map((line) => `  ${line}`)];
  return [
    `${a} (${nameOf(why.a)}) and ${b} (${nameOf(why.b)}): ${verdict} (model ${why.model})`,
    ...(why.birthdaysApart ? ['Their birthdays tell them apart.'] : []),
    ...section('The two records alone:', why.records),
    ...section(`${a} against the rest of person ${why.b.personId}:`, why.aToPersonOfB),
    ...section(`${b} against the rest of person ${why.a.personId}:`, why.bToPersonOfA),
  ].join('\n');
}

/** `kith persons show`, `why` and `decide`: the identity graph explained and steered, through a running Kith's admin API. */
export function registerGraphCommands(program: Command, connect: () => Promise<AdminClient>, output: () => Output) {
  const persons = program.command('persons').description('The identity graph: how a person is built, why records are one (docs/identity-graph.md)');
  persons
    .command('show')
    .description('A person of Kith\'s data: its records, and each record weighed against the others')
    .argument('<id>', 'person id (as `kith export persons` writes it); a merged-away id shows the person it went into')
    .action(async (id: string) => {
      const how = await (await connect()).get<PersonHow>(`/persons/${encodeURIComponent(id)}`);
      print(output(), how, () => personHowText(how));
    });
  persons
    .command('why')
    .description('Why two records are, or are not, one person')
    .argument('<record>', 'a record as source:id (no colon: the default source)')
    .argument('<other>', 'the other record, the same way')
    .action(async (record: string, other: string) => {
      const why = await (await connect()).get<RecordsWhy>(`/records/why?a=${encodeURIComponent(record)}&b=${encodeURIComponent(other)}`);
      print(output(), why, () => recordsWhyText(why));
    });
  persons
    .command('review')
    .description('The persons that hold by the thinnest threads, most doubtful first (docs/identity-graph.md, "Review")')
    .option('--limit <n>', 'how many, 1 to 1,000', '50')
    .option('--source <name>', 'only persons holding a record of this source')
    .action(async (options: { limit: string; source?: string }) => {
      const query = new URLSearchParams({ limit: options.limit, ...(options.source && { source: options.source }) });
      const { persons: listed } = await (await connect()).get<{ persons: PersonToReview[] }>(`/persons/review?${query}`);
      print(output(), listed, () => reviewTable(listed));
    });
  persons
    .command('decide')
    .description('Decide that two records are never one person, or always one; both are resolved again (docs/identity-graph.md, "People decide")')
    .argument('<record>', 'a record as source:id (no colon: the default source)')
    .argument('<other>', 'the other record, the same way')
    .addOption(new Option('--never', 'they are never one person').conflicts(['always', 'undo']))
    .addOption(new Option('--always', 'they are always one person').conflicts(['undo']))
    .option('--undo', 'withdraw what was decided of them')
    .action(async (record: string, other: string, options: { never?: boolean; always?: boolean; undo?: boolean }) => {
      const decision = options.never ? 'never' : options.always ? 'always' : options.undo ? 'none' : undefined;
      if (!decision) throw new CliError('Say what you decide: --never, --always or --undo');
      const decided = await (await connect()).post<RecordDecision>('/records/decisions', { a: record, b: other, decision });
      print(output(), decided, () => decisionText(decided));
    });
}

type RecordDecision = z.infer<typeof RecordDecisionSchema>;

function decisionText(decided: RecordDecision): string {
  const pair = `${refOf(decided.a)} and ${refOf(decided.b)}`;
  const said = { never: `${pair} are never one person`, always: `${pair} are always one person`, none: `Nothing is decided of ${pair} any more` }[decided.decision];
  const { resolution } = decided;
  return `${said}: ${resolution.resolved} records resolved again, ${resolution.merged} persons merged, ${resolution.split} split off, ${resolution.moved} moved.`;
}

type PersonToReview = z.infer<typeof PersonToReviewSchema>;

function reviewTable(listed: PersonToReview[]): string {
  const rows = listed.map((person) => ({ person: person.personId, records: person.records, thread: person.kind, bits: signed(person.weight), probability: person.probability, at: refOf(person.record) }));
  return table(rows, ['person', 'records', 'thread', 'bits', 'probability', 'at']);
}
