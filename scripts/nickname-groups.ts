/**
 * npx tsx scripts/nickname-groups.ts NAMES_CSV: writes domain/matching/nickname-groups.ts from the `names.csv` of
 * the `nicknames` package on PyPI (Carlton Northern and Nick Crews, Apache-2.0; `pip download --no-deps
 * nicknames==1.0.1`, then unzip the wheel): one group a name, the name first and then its nicknames. Forms that are
 * not letters alone (the initials `k.c.`, `l.b.`) are left out: the matcher compares initials apart.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const [csvPath] = process.argv.slice(2);
if (!csvPath) throw new Error('usage: npx tsx scripts/nickname-groups.ts path/to/names.csv');

const LETTERS = /^[a-z]+$/;
const groups = new Map<string, string[]>();
for (const line of readFileSync(csvPath, 'utf8').split(/\r?\n/).slice(1)) {
  const [name, relationship, nickname] = line.split(',');
  if (relationship !== 'has_nickname' || !LETTERS.test(name!) || !LETTERS.test(nickname!)) continue;
  groups.set(name!, [...(groups.get(name!) ?? []), nickname!]);
}

const lines = [...groups].map(([name, nicknames]) => `  '${[name, ...nicknames].join(' ')}',`);
writeFileSync(
  new URL('../domain/matching/nickname-groups.ts', import.meta.url),
  `/**
 * English given names and their nicknames: the \`names.csv\` of the \`nicknames\` package 1.0.1 (PyPI; Carlton
 * Northern and Nick Crews, https://github.com/carltonnorthern/nicknames, Apache License 2.0), one group a name,
 * the name first. Written by scripts/nickname-groups.ts; not edited by hand.
 */
export const NICKNAME_GROUPS: readonly string[] = [
${lines.join('\n')}
];
`,
);
console.log(`wrote ${groups.size} groups`);
