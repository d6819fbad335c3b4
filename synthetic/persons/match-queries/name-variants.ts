import type { Random } from './text-errors.ts';

/**
 * Given names as people shorten them, for corrupting test queries only: this table is test data, not knowledge
 * the matcher may use (it would measure its own table). Common English, German and French names, since those are
 * the generated countries' names; a formal name may have several short forms.
 */
const NICKNAMES: Record<string, string[]> = {
  William: ['Bill', 'Will', 'Billy'], Elizabeth: ['Liz', 'Beth', 'Betty'], Robert: ['Bob', 'Rob', 'Bobby'],
  Richard: ['Rick', 'Dick'], James: ['Jim', 'Jimmy'], John: ['Jack', 'Johnny'], Michael: ['Mike', 'Mick'],
  Thomas: ['Tom', 'Tommy'], Joseph: ['Joe'], Charles: ['Charlie', 'Chuck'], Christopher: ['Chris'], Daniel: ['Dan', 'Danny'],
  Matthew: ['Matt'], Anthony: ['Tony'], Andrew: ['Andy', 'Drew'], Joshua: ['Josh'], Edward: ['Ed', 'Ted', 'Eddie'],
  Benjamin: ['Ben'], Samuel: ['Sam'], Alexander: ['Alex', 'Sandy'], Nicholas: ['Nick'], Jonathan: ['Jon'],
  Timothy: ['Tim'], Steven: ['Steve'], Stephen: ['Steve'], Kenneth: ['Ken'], Patrick: ['Pat'], Gregory: ['Greg'],
  Raymond: ['Ray'], Lawrence: ['Larry'], Douglas: ['Doug'], Jennifer: ['Jen', 'Jenny'], Margaret: ['Maggie', 'Peggy'],
  Katherine: ['Kate', 'Kathy'], Catherine: ['Cathy', 'Cat'], Susan: ['Sue'], Deborah: ['Debbie', 'Deb'],
  Rebecca: ['Becky'], Patricia: ['Pat', 'Patty', 'Trish'], Jessica: ['Jess'], Victoria: ['Vicky', 'Tori'],
  Kimberly: ['Kim'], Christine: ['Chris', 'Chrissy'], Barbara: ['Barb'], Dorothy: ['Dot', 'Dottie'],
  Samantha: ['Sam'], Alexandra: ['Alex', 'Sandra'], Josephine: ['Jo', 'Josie'], Abigail: ['Abby'], Isabella: ['Bella'],
  Johannes: ['Hans'], Friedrich: ['Fritz'], Wolfgang: ['Wolf'], Maximilian: ['Max'], Franziska: ['Franzi'],
  Guillaume: ['Guy'], Frederic: ['Fred'], Frederick: ['Fred'],
};

const FORMAL_OF = new Map<string, string[]>();
for (const [formal, shorts] of Object.entries(NICKNAMES)) {
  for (const short of shorts) FORMAL_OF.set(short, [...(FORMAL_OF.get(short) ?? []), formal]);
}

const titleCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();

/** The given name as a short form (`William` → `Bill`) or, for a short form, a formal one (`Sam` → `Samuel`). */
export function nicknameOf(given: string, r: Random): string | undefined {
  const key = titleCase(given.trim());
  const others = NICKNAMES[key] ?? FORMAL_OF.get(key);
  return others ? r.helpers.arrayElement(others) : undefined;
}

/** The given name cut to its initial, with or without a full stop (`William` → `W.` or `W`). */
export function initialOf(given: string, r: Random): string | undefined {
  const first = given.trim().charAt(0);
  if (!first || given.trim().length < 2) return undefined;
  return r.datatype.boolean() ? `${first.toUpperCase()}.` : first.toUpperCase();
}
