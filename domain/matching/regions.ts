import { iso31662 } from 'iso-3166';
import { plainWords } from './text.ts';

/**
 * States, provinces and other regions meet whether written as a name or a code (`Oregon`, `OR`; `Bayern`,
 * `Bavaria` is not known, `BY` is): every ISO 3166-2 subdivision's name stands for its code, so both sides
 * are reduced to codes where the name is known. Built on first use.
 */
let codesByName: Map<string, string[]> | undefined;

function codesOf(name: string): string[] {
  if (!codesByName) {
    codesByName = new Map();
    for (const { code, name: subdivision } of iso31662) {
      const key = plainWords(subdivision).replace(/ /g, '');
      const local = code.slice(code.indexOf('-') + 1).toLowerCase();
      codesByName.set(key, [...(codesByName.get(key) ?? []), local]);
    }
  }
  return codesByName.get(name) ?? [];
}

/** The forms a region value may match by: itself, reduced, and the codes of the regions so named. */
export function regionForms(values: Array<string | null | undefined>): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    const plain = value ? plainWords(value).replace(/ /g, '') : '';
    if (!plain) continue;
    forms.add(plain);
    for (const code of codesOf(plain)) forms.add(code);
  }
  return [...forms];
}
