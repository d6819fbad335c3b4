import { en } from '@faker-js/faker';
import type { Random } from './random.ts';

/**
 * Frequency tables of British names, so that common names are common (Smith, David, Susan) and namesakes occur as
 * they do in a real population, with a long tail of rare names (faker's English lists) behind them. The head's
 * weights are rough shares of people in England and Wales born 1940-2005: surnames per 10,000 people (the head is
 * 22% of them), given names per 2,000 of each sex (66% of men, 57% of women); the tail shares what is left evenly.
 */
export type Sex = 'female' | 'male';

const SURNAMES: Record<string, number> = {
  Smith: 126, Jones: 96, Williams: 68, Taylor: 57, Brown: 56, Davies: 48, Evans: 40, Wilson: 38, Thomas: 36,
  Johnson: 35, Roberts: 34, Robinson: 31, Thompson: 31, Wright: 30, Walker: 29, White: 29, Edwards: 28, Hughes: 28,
  Green: 27, Hall: 27, Lewis: 27, Harris: 26, Clarke: 25, Patel: 24, Jackson: 24, Wood: 23, Turner: 22, Martin: 22,
  Cooper: 21, Hill: 21, Ward: 21, Morris: 21, Moore: 20, Clark: 20, Lee: 20, King: 20, Baker: 19, Harrison: 19,
  Morgan: 19, Allen: 18, James: 18, Scott: 18, Phillips: 17, Watson: 17, Davis: 17, Parker: 17, Price: 16,
  Bennett: 16, Young: 16, Griffiths: 16, Mitchell: 16, Kelly: 16, Cook: 16, Carter: 15, Richardson: 15, Bailey: 15,
  Collins: 15, Bell: 15, Shaw: 15, Murphy: 15, Miller: 14, Cox: 14, Richards: 14, Khan: 14, Marshall: 14,
  Anderson: 14, Simpson: 13, Ellis: 13, Adams: 13, Singh: 13, Begum: 13, Wilkinson: 13, Foster: 13, Chapman: 12,
  Powell: 12, Webb: 12, Rogers: 12, Gray: 12, Mason: 12, Ali: 12, Hunt: 12, Hussain: 12, Campbell: 12, Matthews: 12,
  Owen: 12, Palmer: 11, Holmes: 11, Mills: 11, Barnes: 11, Knight: 11, Lloyd: 11, Butler: 11, Russell: 11,
  Barker: 11, Fisher: 11, Stevens: 11, Jenkins: 11, Murray: 11, Dixon: 11, Harvey: 11, McDonald: 8, "O'Brien": 6,
  MacKenzie: 5, McLean: 5, "O'Neill": 5, 'De Souza': 3, 'Van der Berg': 2, 'Le Roux': 2, 'St John': 2,
};

const MALE: Record<string, number> = {
  David: 80, John: 78, Michael: 70, Paul: 60, Andrew: 55, Peter: 50, James: 50, Robert: 45, Mark: 45, Richard: 42,
  Stephen: 40, Christopher: 40, Ian: 30, Daniel: 30, Thomas: 30, William: 28, Matthew: 28, Anthony: 26, Steven: 24,
  Simon: 22, Gary: 22, Kevin: 20, Martin: 20, Jonathan: 18, Lee: 16, Darren: 15, Neil: 15, Alan: 15, Brian: 14,
  Graham: 13, Philip: 13, Adam: 13, Benjamin: 12, Samuel: 12, Joseph: 12, Ryan: 12, Jack: 11, Luke: 11, Oliver: 10,
  Harry: 10, George: 10, Kenneth: 9, Colin: 9, Keith: 9, Nicholas: 9, Edward: 8, Mohammed: 8, Craig: 8, Jason: 8,
  Sean: 7, Scott: 7, Carl: 7, Dean: 6, Wayne: 6, Ronald: 6, Raymond: 6, Geoffrey: 5, Timothy: 5, Patrick: 5,
  Liam: 5, Jamie: 5, Callum: 4, Kieran: 4, Alexander: 4, Henry: 3,
};

const FEMALE: Record<string, number> = {
  Susan: 60, Sarah: 58, Margaret: 50, Elizabeth: 48, Karen: 45, Julie: 42, Helen: 40, Patricia: 36, Jennifer: 32,
  Linda: 32, Emma: 30, Claire: 30, Nicola: 28, Lisa: 28, Michelle: 26, Rachel: 26, Laura: 24, Joanne: 24,
  Catherine: 22, Jane: 22, Mary: 22, Christine: 20, Alison: 18, Amanda: 18, Deborah: 16, Jacqueline: 15, Louise: 15,
  Rebecca: 15, Jessica: 14, Sophie: 14, Hannah: 13, Charlotte: 13, Emily: 13, Lauren: 12, Amy: 12, Gemma: 11,
  Kelly: 11, Victoria: 11, Samantha: 10, Angela: 10, Caroline: 10, Anne: 10, Janet: 9, Pauline: 9, Carol: 9,
  Barbara: 9, Sandra: 9, Kathleen: 8, Dorothy: 7, Jean: 7, Ann: 7, Katie: 7, Chloe: 6, Olivia: 6, Grace: 6, Lucy: 6,
  Zoe: 5, Stephanie: 5, Natalie: 5, Hayley: 5, Fatima: 4, Ayesha: 3,
};

/** Common English short forms of given names: what a person may give instead of the name on their papers. */
export const NICKNAMES: Record<string, readonly string[]> = {
  Robert: ['Bob', 'Rob', 'Bobby'], William: ['Bill', 'Will', 'Billy'], Richard: ['Rick', 'Dick', 'Richie'],
  James: ['Jim', 'Jimmy', 'Jamie'], John: ['Jack', 'Johnny'], Michael: ['Mike', 'Mick'], David: ['Dave', 'Davy'],
  Christopher: ['Chris', 'Kit'], Andrew: ['Andy', 'Drew'], Anthony: ['Tony'], Stephen: ['Steve'], Steven: ['Steve'],
  Thomas: ['Tom', 'Tommy'], Daniel: ['Dan', 'Danny'], Matthew: ['Matt'], Joseph: ['Joe'], Benjamin: ['Ben'],
  Samuel: ['Sam'], Edward: ['Ed', 'Eddie', 'Ted'], Peter: ['Pete'], Nicholas: ['Nick'], Jonathan: ['Jon'],
  Timothy: ['Tim'], Philip: ['Phil'], Kenneth: ['Ken', 'Kenny'], Raymond: ['Ray'], Ronald: ['Ron', 'Ronnie'],
  Geoffrey: ['Geoff'], Patrick: ['Pat', 'Paddy'], Alexander: ['Alex', 'Sandy'], Henry: ['Harry', 'Hal'],
  Elizabeth: ['Liz', 'Beth', 'Betty', 'Lizzie'], Margaret: ['Maggie', 'Peggy', 'Meg'], Catherine: ['Kate', 'Cathy'],
  Jennifer: ['Jen', 'Jenny'], Patricia: ['Pat', 'Trish'], Susan: ['Sue', 'Susie'], Deborah: ['Debbie', 'Deb'],
  Jacqueline: ['Jackie'], Rebecca: ['Becky', 'Becca'], Samantha: ['Sam'], Victoria: ['Vicky'], Christine: ['Chris'],
  Nicola: ['Nicky'], Amanda: ['Mandy'], Alison: ['Ali'], Barbara: ['Babs'], Sandra: ['Sandy'], Kathleen: ['Kath'],
  Dorothy: ['Dot'], Jessica: ['Jess'], Charlotte: ['Charlie', 'Lottie'], Stephanie: ['Steph'], Joanne: ['Jo'],
  Louise: ['Lou'], Angela: ['Angie'], Natalie: ['Nat'], Caroline: ['Carrie'],
};

const table = (weights: Record<string, number>) => Object.entries(weights).map(([value, weight]) => ({ value, weight }));
const heads = {
  surname: { rows: table(SURNAMES), per: 10_000 },
  female: { rows: table(FEMALE), per: 2_000 },
  male: { rows: table(MALE), per: 2_000 },
};
const tails = {
  surname: en.person?.last_name?.generic ?? [],
  female: en.person?.first_name?.female ?? [],
  male: en.person?.first_name?.male ?? [],
};

/** A name from the head's table by its weight, else (for the rest of the population) from the tail, evenly. */
function nameFrom(random: Random, kind: keyof typeof heads): string {
  const { rows, per } = heads[kind];
  const tail = tails[kind];
  const share = rows.reduce((sum, row) => sum + row.weight, 0) / per;
  return tail.length === 0 || random.chance(share) ? random.weighted(rows) : random.pick(tail);
}

export const surnameOf = (random: Random) => nameFrom(random, 'surname');
export const givenNameOf = (random: Random, sex: Sex) => nameFrom(random, sex);
