import { randomBytes, randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { CLI_SUITE_TEST_TIMEOUT_MS, GRAPH_DATABASES, graphCliOfSuite } from '../support/graph-cli.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { MODES } from '../support/modes.ts';

vi.setConfig({ testTimeout: CLI_SUITE_TEST_TIMEOUT_MS });

/** Letters only, random after the prefix: a name no other test, nor an earlier run, gave anybody. */
const randomName = (prefix: string) => prefix + randomBytes(5).toString('hex').replace(/./g, (digit) => 'abcdefghijklmnop'[parseInt(digit, 16)]!);

/**
 * A CSV file as a CRM exports one: a UTF-8 byte-order mark, CRLF line ends, headers in odd case with spaces,
 * underscores and synonyms, quoted commas, doubled quotes and line breaks inside quotes, two columns no field is
 * known for, and three bad rows among good ones (line numbers in `rejected`), then a blank line and a last row.
 */
function crmExport() {
  const tag = randomBytes(6).toString('hex');
  const email = (name: string) => `${name}.${tag}@example.org`;
  const [grace, ada, alan] = [someone('Grace'), someone('Ada'), someone('Alan')];
  const phone = `+1 (404) ${randomInt(200, 1000)}-${randomInt(1000, 10000)}`;
  const zip = String(randomInt(10000, 100000));
  const rows = [
    ' Record_ID ,FIRST NAME,last_name,E-Mail,Work Email,phone number,Street Address,CITY,State/Province,ZIP_CODE,Country,Date of Birth,Sex,Shoe Size,Notes',
    `${tag}-1,${grace.given},${grace.family},${email(grace.given)},,${phone},"${grace.street}, Apt 4",Arlington,VA,${zip},US,${grace.dob},F,7,"said ""hi"""`,
    `${tag}-2,"${ada.given} ""Countess""",${ada.family},${email(ada.given)},${email(`${ada.given}.work`)},,"${ada.street}\r\nFlat 2",London,,,United Kingdom,${ada.dob},f,,"two\r\nlines"`,
    `${tag}-3,Bad,Date,${email('bad')},,,,,,,,12/09/1906,,,`,
    `,Missing,Id,${email('missing')},,,,,,,,,,,`,
    `${tag}-4,Short,Row`,
    '',
    `${tag}-5,${alan.given},${alan.family},${email(alan.given)},,,,,,,,${alan.born.year},M,,last row`,
  ];
  return {
    text: `\uFEFF${rows.join('\r\n')}\r\n`,
    emails: { grace: email(grace.given), ada: email(ada.given), adaWork: email(`${ada.given}.work`), alan: email(alan.given), bad: email('bad') },
    persons: { grace, ada, alan },
    phone,
    zip,
    ids: [`${tag}-1`, `${tag}-2`, `${tag}-5`],
  };
}

/**
 * Somebody of random names, street and birthday: a person an earlier run imported into the same database with some
 * of them would be resolved into one person with this one.
 */
function someone(given: string) {
  const born = { year: randomInt(1900, 2000), month: randomInt(1, 13), day: randomInt(1, 29) };
  const dob = `${born.year}-${String(born.month).padStart(2, '0')}-${String(born.day).padStart(2, '0')}`;
  return { given: randomName(given), family: randomName('By'), street: `${randomInt(1, 9999)} ${randomName('Elm')} Street`, born, dob };
}

/** What importing crmExport() says, however it is imported. */
const CRM_SUMMARY = {
  lines: 10,
  rejectedCount: 3,
  rejected: [
    { line: 6, error: 'column "Date of Birth": "12/09/1906" is not a date written YYYY-MM-DD' },
    { line: 7, error: 'column "Record_ID" is empty: every row needs an id' },
    { line: 8, error: '3 values where the header has 15 columns' },
  ],
  columns: {
    Record_ID: 'id',
    'FIRST NAME': 'given',
    last_name: 'family',
    'E-Mail': 'email',
    'Work Email': 'email',
    'phone number': 'phone',
    'Street Address': 'address1',
    CITY: 'city',
    'State/Province': 'region',
    ZIP_CODE: 'postalCode',
    Country: 'country',
    'Date of Birth': 'birthDate',
    Sex: 'gender',
  },
  ignoredColumns: ['Shoe Size', 'Notes'],
};

/**
 * `kith import persons` of CSV files as an operator runs it, a process of its own, on a database of this suite's
 * alone (the embedded one in KITH_DATA_DIR, or PostgreSQL with DATABASE_URL, so the COPY writer).
 */
describe.each(GRAPH_DATABASES)('kith import persons of a CSV file ($name)', ({ database }) => {
  const cli = graphCliOfSuite(database);
  const kith = (...args: string[]) => cli().kith(...args);
  const fileOf = async (name: string, text: string) => {
    const file = join(cli().dir, name);
    await writeFile(file, text);
    return file;
  };
  const exportedIds = async () => (await cli().exported()).flatMap((person) => person.records.map((record) => `${record.source}/${record.id}`)).sort();
  const crm = crmExport();

  it('imports a CRM export: odd headers, quoting, a BOM and CRLF; each bad row reported with its line and why, the rest imported', async () => {
    const run = await kith('--json', 'import', 'persons', '--source', 'crm', await fileOf('crm.csv', crm.text));
    expect(run.code, 'a rejected row makes the exit non-zero').toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ ...CRM_SUMMARY, imported: 3, updated: 0 });
    expect(await exportedIds()).toEqual(crm.ids.map((id) => `crm/${id}`).sort());
  });

  it('says the same in words, and replaces the records imported again', async () => {
    const run = await kith('import', 'persons', '--source', 'crm', await fileOf('crm.csv', crm.text));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Imported 0 new and 3 updated persons from 10 lines; 3 rejected.\n');
    expect(run.stdout).toContain('  columns read: Record_ID as id, FIRST NAME as given, last_name as family, E-Mail as email, Work Email as email,');
    expect(run.stdout).toContain('  columns ignored: Shoe Size, Notes\n');
    for (const { line, error } of CRM_SUMMARY.rejected) expect(run.stdout).toContain(`  line ${line}: ${error}`);
    expect(await exportedIds()).toEqual(crm.ids.map((id) => `crm/${id}`).sort());
  });

  it('reads the columns --map names, ignores the one it maps to nothing, and takes --format csv whatever the file is named', async () => {
    const file = await fileOf('partner.txt', 'Cust No,Nick,Mail,Name,Phone,Title\np-1,Grace,grace@partner.example,Hopper Org,404-666-2516,Ms\n');
    const run = await kith('--json', 'import', 'persons', '--source', 'partner', '--format', 'csv', '--map', 'cust_no=id', '--map', 'Nick=first name', '--map', 'NAME=organization', '--map', 'phone=', file);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      lines: 2,
      imported: 1,
      rejectedCount: 0,
      columns: { 'Cust No': 'id', Nick: 'given', Mail: 'email', Name: 'organization' },
      ignoredColumns: ['Phone', 'Title'],
    });
    expect(await exportedIds()).toContain('partner/p-1');
  });

  it('refuses a header without an id column, and a --map of no field, saying why, and imports nothing', async () => {
    const before = await exportedIds();
    const file = await fileOf('no-id.csv', 'Name,Email\nNobody,nobody@example.org\n');
    const noId = await kith('import', 'persons', file);
    expect(noId.code).not.toBe(0);
    expect(noId.stderr).toContain('no id column: ');
    expect(noId.stderr).toContain('or map one with --map "COLUMN=id"');

    const noField = await kith('import', 'persons', '--map', 'Name=shoe size', file);
    expect(noField.code).not.toBe(0);
    expect(noField.stderr).toContain('--map "Name=shoe size": no field "shoe size"; the fields are id, given,');

    const ndjson = await kith('import', 'persons', '--map', 'Name=id', await fileOf('records.ndjson', '{"id":"n-1"}\n'));
    expect(ndjson.code).not.toBe(0);
    expect(ndjson.stderr).toContain('--map reads the columns of a CSV file');
    expect(await exportedIds()).toEqual(before);
  });
});

/** `POST /admin/persons` with a CSV body, as an operator loads a running Kith, in every mode. */
describe.each(MODES)('the admin import of persons as CSV (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  const enrich = (email: string) => kith.client.v3('person.enrich', { email }, { key: account.key });
  const postCsv = (query: string, text: string, contentType = 'text/csv') =>
    kith.client.request('POST', `/admin/persons${query}`, { headers: { Authorization: `Bearer ${kith.adminToken}`, 'Content-Type': contentType }, body: text });

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  it('imports a CRM export: odd headers, quoting, a BOM and CRLF; each bad row reported with its line and why, the rest imported', async () => {
    const crm = crmExport();
    const answer = await postCsv('?source=crm', crm.text);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ ...CRM_SUMMARY, imported: 3, updated: 0, resolution: { resolved: expect.any(Number) } });

    const grace = await enrich(crm.emails.grace);
    expect(grace.status, grace.text).toBe(200);
    const { grace: g, ada: a, alan: t } = crm.persons;
    expect(grace.body).toMatchObject({ fullName: `${g.given} ${g.family}`, gender: 'Female' });
    expect(grace.body.details).toMatchObject({
      name: { given: g.given, family: g.family },
      age: { birthday: g.born },
      phones: [{ value: crm.phone }],
      locations: [{ addressLine1: `${g.street}, Apt 4`, city: 'Arlington', region: 'VA', postalCode: crm.zip, countryCode: 'US' }],
    });
    expect(grace.text, 'an ignored column is not imported').not.toContain('said');

    const ada = await enrich(crm.emails.adaWork);
    expect(ada.status, ada.text).toBe(200);
    expect(ada.body.details).toMatchObject({
      name: { given: `${a.given} "Countess"`, family: a.family },
      age: { birthday: a.born },
      emails: [{ value: crm.emails.ada }, { value: crm.emails.adaWork, label: 'work' }],
      locations: [{ addressLine1: `${a.street}\r\nFlat 2`, city: 'London', country: 'United Kingdom' }],
    });

    const alan = await enrich(crm.emails.alan);
    expect(alan.status, alan.text).toBe(200);
    expect(alan.body).toMatchObject({ gender: 'Male', details: { age: { birthday: { year: t.born.year } } } });
    expect((await enrich(crm.emails.bad)).status, 'a rejected row imports nothing').toBe(404);
  });

  it('reads the columns ?map= names, repeated, and ignores the one it maps to nothing', async () => {
    const [tag, email] = [randomBytes(6).toString('hex'), `mapped.${randomBytes(6).toString('hex')}@example.org`];
    const name = randomName('Grace');
    const query = `?source=partner&map=${encodeURIComponent('Cust No=id')}&map=${encodeURIComponent('Nick=given')}&map=${encodeURIComponent('Employer Name=organization')}&map=Phone=`;
    const answer = await postCsv(query, `Cust No,Nick,Mail,Employer Name,Phone,Title\n${tag},${name},${email},Hopper Org,404-666-2516,Ms\n`, 'text/csv; charset=utf-8');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ imported: 1, rejectedCount: 0, columns: { 'Cust No': 'id', Nick: 'given', Mail: 'email', 'Employer Name': 'organization' }, ignoredColumns: ['Phone', 'Title'] });
    const found = await enrich(email);
    expect(found.status, found.text).toBe(200);
    expect(found.body).toMatchObject({ fullName: name, organization: 'Hopper Org', details: { name: { given: name }, phones: [] } });
  });

  it('refuses a header without an id column and a ?map= of no field with 400 naming them, and imports nothing', async () => {
    const email = `refused.${randomBytes(6).toString('hex')}@example.org`;
    const noId = await postCsv('', `Name,Email\nNobody,${email}\n`);
    expect(noId.status, noId.text).toBe(400);
    expect(noId.body).toMatchObject({ status: 400, message: expect.stringContaining('no id column') });
    expect(noId.body.message).toContain('or map one with ?map=COLUMN=id');

    const noField = await postCsv('?map=Name=shoe%20size', `Name,Email\nNobody,${email}\n`);
    expect(noField.status, noField.text).toBe(400);
    expect(noField.body.message).toContain('?map=Name=shoe size: no field "shoe size"');

    const missing = await postCsv('?map=Ident=id', `id,Email\nr-${randomBytes(4).toString('hex')},${email}\n`);
    expect(missing.status, missing.text).toBe(400);
    expect(missing.body.message).toContain('?map= names column "Ident", which the header does not have (its columns: id, Email)');
    expect((await enrich(email)).status).toBe(404);
  });

  it('refuses ?map= on NDJSON, CSV in another charset, and CSV of companies', async () => {
    const ndjson = await postCsv('?map=a=id', '{"id":"x"}\n', 'application/x-ndjson');
    expect(ndjson.status, ndjson.text).toBe(400);
    expect(ndjson.body.message).toContain('map reads the columns of a CSV body');

    const latin1 = await postCsv('', 'id\nx\n', 'text/csv; charset=iso-8859-1');
    expect(latin1.status, latin1.text).toBe(415);
    expect(latin1.body.message).toBe('CSV is read as UTF-8: charset=iso-8859-1 is not taken');

    const companies = await kith.client.request('POST', '/admin/companies', {
      headers: { Authorization: `Bearer ${kith.adminToken}`, 'Content-Type': 'text/csv' },
      body: 'domain\nexample.org\n',
    });
    expect(companies.status, companies.text).toBe(415);
    expect(companies.body.message).toBe('Send company records as NDJSON, with Content-Type: application/x-ndjson');
  });
});
