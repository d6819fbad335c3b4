/**
 * Common given names and the short forms people go by. A nickname is weaker evidence than the name itself
 * (./model.ts), but is no disagreement: `Bill Turner` is very likely `William Turner` at the same address.
 * Each group is one name's forms; a form may belong to several names (`al`: albert, alfred, alexander).
 */
const GROUPS: readonly string[] = [
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

const NAMES_OF = new Map<string, Set<string>>();
for (const [index, group] of GROUPS.entries()) {
  for (const form of group.split(' ')) NAMES_OF.set(form, (NAMES_OF.get(form) ?? new Set()).add(String(index)));
}

/** Whether two reduced given names (./text.ts) are forms of one name: `bill` and `william`. */
export function areNicknames(a: string, b: string): boolean {
  const groups = NAMES_OF.get(a);
  if (!groups || a === b) return false;
  for (const group of NAMES_OF.get(b) ?? []) if (groups.has(group)) return true;
  return false;
}
