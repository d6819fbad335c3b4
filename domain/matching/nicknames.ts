import { NICKNAME_GROUPS } from './nickname-groups.ts';

/**
 * Common given names and the short forms people go by. A nickname is weaker evidence than the name itself
 * (./model.ts), but is no disagreement: `Bill Turner` is very likely `William Turner` at the same address.
 * Each group is a name and then its nicknames; a nickname may belong to several names (`al`: albert, alfred,
 * alexander). The groups are a public curated set of English names (./nickname-groups.ts) and the project's own,
 * first written by hand, which add other languages' names and forms the set lacks (`liam`, `davy`, `beppe`).
 */
const PROJECT_GROUPS: readonly string[] = [
  'abigail abby abbie gail', 'albert al bert bertie', 'alexander alex al sandy xander alec', 'alexandra alex sandra sandy lexi',
  'alfred al alf fred freddie', 'andrew andy drew', 'anthony tony ant', 'barbara barb barbie babs', 'benjamin ben benny benji',
  'catherine cathy kate katie cat kathy', 'katherine kathy kate katie kat kathryn', 'charles charlie chuck chas chaz',
  'christopher chris kit topher', 'christine chris chrissy tina', 'daniel dan danny', 'david dave davy', 'deborah debbie deb debra',
  'donald don donny', 'dorothy dot dottie dolly', 'edward ed eddie ted teddy ned', 'elizabeth liz lizzie beth betty bess eliza libby lisa',
  'eleanor ellie nell nora', 'frances fran frankie', 'francis frank frankie', 'frederick fred freddie fritz', 'gerald gerry jerry',
  'gregory greg', 'harold harry hal', 'henry harry hank hal', 'isabella bella izzy isabel', 'jacob jake', 'james jim jimmy jamie',
  'jennifer jen jenny', 'jessica jess jessie', 'john jack johnny jon', 'jonathan jon jonny', 'joseph joe joey jos',
  'joshua josh', 'judith judy jude', 'kenneth ken kenny', 'lawrence larry laurie', 'leonard leo len lenny', 'margaret maggie meg peggy marge madge greta',
  'matthew matt matty', 'michael mike mikey mick mickey', 'nathan nate nat', 'nathaniel nate nat', 'nicholas nick nicky',
  'patricia pat patty trish tricia', 'patrick pat paddy', 'peter pete', 'philip phil pip', 'rebecca becky becca',
  'richard rick ricky dick rich', 'robert rob robbie bob bobby bert', 'ronald ron ronnie', 'samuel sam sammy', 'samantha sam sammy',
  'stephen steve stevie', 'steven steve stevie', 'susan sue susie suzy', 'theodore ted teddy theo', 'thomas tom tommy',
  'timothy tim timmy', 'victoria vicky tori', 'walter walt wally', 'william will bill billy willy liam', 'zachary zach zack',
  'johann hans', 'johannes hans jo', 'wolfgang wolf', 'friedrich fritz', 'guillaume guy', 'jean jeannot', 'francois franck',
  'giuseppe beppe peppe', 'francesco franco', 'alejandro alex', 'jose pepe', 'francisco paco pancho',
];

/** Each name with its nicknames and each nickname with its names, from groups of a name then its nicknames. */
const NICKNAMES_OF = new Map<string, Set<string>>();
const relate = (a: string, b: string) => NICKNAMES_OF.set(a, (NICKNAMES_OF.get(a) ?? new Set()).add(b));
for (const group of [...NICKNAME_GROUPS, ...PROJECT_GROUPS]) {
  const [name, ...nicknames] = group.split(' ');
  for (const nickname of nicknames) {
    relate(name!, nickname);
    relate(nickname, name!);
  }
}

/**
 * Whether two reduced given names (./text.ts) are a name and its nickname: `bill` and `william`. Two nicknames
 * of one name (`bob` and `bill`, both robert's), or two names of one nickname (`albert` and `alfred`, both `al`),
 * are not.
 */
export function areNicknames(a: string, b: string): boolean {
  return a !== b && (NICKNAMES_OF.get(a)?.has(b) ?? false);
}
