import { givenNameOf, surnameOf, type Sex } from './names.ts';
import { addressIn, landlineOf, mobileOf, randomTown, townOf, type Address } from './places.ts';
import type { Random } from './random.ts';

/**
 * The population the sources record: persons with a birth date, a name, a home, a mailbox and phones, and, for
 * some, an earlier state (the surname before marriage, the home before a move, the mailbox before the current
 * one) that a source may still hold. Households (partners, grown-up children at home), twins, a son named after
 * his father, and namesakes are the decoys: persons who share much with another and are not them.
 */
export type Birth = { year: number; month: number; day: number };
/** What a person was known by at one time. */
export type Snapshot = { surname: string; address: Address; email: string | null };
export type Relation = 'partner' | 'child' | 'twin' | 'junior' | 'namesake';
export type Person = {
  id: string;
  sex: Sex;
  given: string;
  middle: string | null;
  born: Birth;
  mobile: string | null;
  /** The household's phone, shared by its members. */
  landline: string | null;
  current: Snapshot;
  /** Before a marriage, a move or a new mailbox; null when nothing changed. */
  earlier: Snapshot | null;
  household: string | null;
  /** The decoy this person is of another (`of`, a person id): what makes the two easy to take for one. */
  relation: { kind: Relation; of: string } | null;
};

/**
 * The rates the population is drawn at. Shares of households hold more than one person of the population (their
 * members share the address, the surname mostly and the landline); the rest are persons living alone.
 */
export const POPULATION_RATES = {
  /** A household of two or more persons, of households started. */
  sharedHousehold: 0.1,
  /** Of shared households: a partner (else a parent and grown-up children). */
  partner: 0.8,
  /** A partner who took the other's surname (the one whose surname changed, by marriage). */
  partnerTookSurname: 0.75,
  /** A person living alone whose surname changed (marriage or divorce) since an earlier record. */
  surnameChangedAlone: 0.04,
  /** Grown-up children at home: 0, 1 or 2, by these weights. */
  children: [0.45, 0.4, 0.15],
  /** A son given his father's first name (a `junior`: same name, same address, born 20-40 years later). */
  junior: 0.3,
  /** A person with a twin: same birth date and birth surname, another first name. */
  twin: 0.01,
  /** A person with a namesake: same first name and surname, another birth date and address. */
  namesake: 0.03,
  /** A namesake in the same town (else another). */
  namesakeSameTown: 0.5,
  /** A household that moved since an earlier record (within its town 40% of the time). */
  moved: 0.3,
  /** A person whose mailbox changed since an earlier record. */
  emailChanged: 0.12,
  noEmail: 0.08,
  noMobile: 0.15,
  /** A household with a landline. */
  landline: 0.35,
  middleName: 0.3,
  /** Household members with their mailbox at the same provider. */
  sameMailProvider: 0.5,
} as const;

const MAIL_PROVIDERS = [
  { value: 'gmail.com', weight: 30 }, { value: 'hotmail.co.uk', weight: 15 }, { value: 'yahoo.co.uk', weight: 10 },
  { value: 'hotmail.com', weight: 8 }, { value: 'outlook.com', weight: 8 }, { value: 'btinternet.com', weight: 8 },
  { value: 'icloud.com', weight: 6 }, { value: 'sky.com', weight: 5 }, { value: 'live.co.uk', weight: 4 },
  { value: 'aol.com', weight: 3 }, { value: 'googlemail.com', weight: 3 },
];
const LATEST_BIRTH = 2005;

const ascii = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]/g, '');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function birthIn(random: Random, from: number, to: number): Birth {
  const year = random.int(from, Math.min(to, LATEST_BIRTH));
  const month = random.int(1, 12);
  return { year, month, day: random.int(1, daysIn(year, month)) };
}

export const isoDate = ({ year, month, day }: Birth) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Builds persons one household at a time; mailboxes stay one person's each. */
export function populationOf(random: Random, count: number): Person[] {
  const persons: Person[] = [];
  const mailboxes = new Set<string>();
  let households = 0;

  function mailbox(given: string, surname: string, provider?: string): string | null {
    const [first, last] = [ascii(given), ascii(surname)];
    const local = random.pick([`${first}.${last}`, `${first}${last}`, `${first[0]}${last}`, `${first}_${last}`, `${last}.${first}`, `${first}${random.int(1, 99)}`]);
    const domain = provider ?? random.weighted(MAIL_PROVIDERS);
    let address = `${local}@${domain}`;
    while (mailboxes.has(address)) address = `${local}${random.int(1, 999)}@${domain}`;
    mailboxes.add(address);
    return address;
  }

  type Draft = { sex: Sex; given?: string; surname: string; born: Birth; address: Address; household: string | null; relation: Person['relation']; provider?: string };
  function add(draft: Draft, landline: string | null, before?: { surname?: string; address?: Address }): Person {
    const given = draft.given ?? givenNameOf(random, draft.sex);
    const middle = random.chance(POPULATION_RATES.middleName) ? givenNameOf(random, draft.sex) : null;
    const email = random.chance(POPULATION_RATES.noEmail) ? null : mailbox(given, draft.surname, draft.provider);
    const current: Snapshot = { surname: draft.surname, address: draft.address, email };
    const oldEmail = email && random.chance(POPULATION_RATES.emailChanged) ? mailbox(given, before?.surname ?? draft.surname) : null;
    const changed = before?.surname !== undefined || before?.address !== undefined || oldEmail !== null;
    const earlier = changed ? { surname: before?.surname ?? draft.surname, address: before?.address ?? draft.address, email: oldEmail ?? email } : null;
    const person: Person = {
      id: `p${persons.length}`,
      sex: draft.sex,
      given,
      middle: middle === given ? null : middle,
      born: draft.born,
      mobile: random.chance(POPULATION_RATES.noMobile) ? null : mobileOf(random),
      landline,
      current,
      earlier,
      household: draft.household,
      relation: draft.relation,
    };
    persons.push(person);
    return person;
  }

  /** The home before a move: in the same town 40% of the time. */
  const movedFrom = (address: Address) => addressIn(random, random.chance(0.4) ? townOf(address.town) : randomTown(random));

  function household() {
    const id = `h${households++}`;
    const town = randomTown(random);
    const address = addressIn(random, town);
    const before = random.chance(POPULATION_RATES.moved) ? movedFrom(address) : undefined;
    const landline = random.chance(POPULATION_RATES.landline) ? landlineOf(random, town) : null;
    const provider = random.chance(POPULATION_RATES.sameMailProvider) ? random.weighted(MAIL_PROVIDERS) : undefined;
    const surname = surnameOf(random);
    const sex: Sex = random.chance(0.5) ? 'female' : 'male';
    const head = add({ sex, surname, born: birthIn(random, 1940, 1985), address, household: id, relation: null, provider }, landline, { address: before });
    const partnered = random.chance(POPULATION_RATES.partner);
    if (partnered) {
      const partnerSex: Sex = random.chance(0.95) ? (sex === 'female' ? 'male' : 'female') : sex;
      const took = random.chance(POPULATION_RATES.partnerTookSurname);
      const born = birthIn(random, head.born.year - 6, head.born.year + 6);
      const beforePartner = took ? { surname: surnameOf(random), address: movedFrom(address) } : { address: before };
      add({ sex: partnerSex, surname: took ? surname : surnameOf(random), born, address, household: id, relation: { kind: 'partner', of: head.id }, provider }, landline, beforePartner);
    }
    const children = random.weighted(POPULATION_RATES.children.map((weight, count) => ({ value: count, weight })));
    const names = new Set([head.given]);
    for (let child = 0; child < children && head.born.year <= 1983; child += 1) {
      const childSex: Sex = random.chance(0.5) ? 'female' : 'male';
      const junior = childSex === 'male' && head.sex === 'male' && random.chance(POPULATION_RATES.junior);
      let given = junior ? head.given : givenNameOf(random, childSex);
      while (!junior && names.has(given)) given = givenNameOf(random, childSex);
      names.add(given);
      const born = birthIn(random, head.born.year + 20, head.born.year + 40);
      if (born.year > LATEST_BIRTH) continue;
      const relation = { kind: junior ? ('junior' as const) : ('child' as const), of: head.id };
      const person = add({ sex: childSex, given, surname, born, address, household: id, relation, provider }, landline, { address: before });
      if (random.chance(POPULATION_RATES.twin)) {
        let twinName = givenNameOf(random, childSex);
        while (names.has(twinName)) twinName = givenNameOf(random, childSex);
        names.add(twinName);
        add({ sex: childSex, given: twinName, surname, born, address, household: id, relation: { kind: 'twin', of: person.id }, provider }, landline, { address: before });
      }
    }
  }

  function alone() {
    const sex: Sex = random.chance(0.5) ? 'female' : 'male';
    const surname = surnameOf(random);
    const address = addressIn(random, randomTown(random));
    const changedSurname = random.chance(POPULATION_RATES.surnameChangedAlone) ? surnameOf(random) : undefined;
    const before = { surname: changedSurname !== surname ? changedSurname : undefined, address: random.chance(POPULATION_RATES.moved) ? movedFrom(address) : undefined };
    const person = add({ sex, surname, born: birthIn(random, 1940, LATEST_BIRTH), address, household: null, relation: null }, null, before);
    if (random.chance(POPULATION_RATES.twin)) {
      const town = random.chance(0.5) ? townOf(address.town) : randomTown(random);
      const birthSurname = person.earlier?.surname ?? surname;
      add({ sex: random.chance(0.5) ? sex : sex === 'female' ? 'male' : 'female', surname: birthSurname, born: person.born, address: addressIn(random, town), household: null, relation: { kind: 'twin', of: person.id } }, null);
    }
  }

  const namesakes = Math.round(count * POPULATION_RATES.namesake);
  while (persons.length < count - namesakes) {
    if (random.chance(POPULATION_RATES.sharedHousehold)) household();
    else alone();
  }
  persons.splice(count - namesakes);
  for (const of of random.shuffle(persons).slice(0, namesakes)) {
    const town = random.chance(POPULATION_RATES.namesakeSameTown) ? townOf(of.current.address.town) : randomTown(random);
    let born = birthIn(random, 1940, LATEST_BIRTH);
    while (isoDate(born) === isoDate(of.born)) born = birthIn(random, 1940, LATEST_BIRTH);
    add({ sex: of.sex, given: of.given, surname: of.current.surname, born, address: addressIn(random, town), household: null, relation: { kind: 'namesake', of: of.id } }, null);
  }
  return persons;
}
