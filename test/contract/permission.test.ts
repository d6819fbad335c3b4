import { hash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COLLECTION } from '../support/consent.ts';
import { createAccount, type TestAccount } from '../support/factories.ts';
import { startTestKith, type TestKith } from '../support/kith.ts';
import { databaseUrl, MODES } from '../support/modes.ts';
import { uniquePhone } from '../support/persons.ts';

const newEmail = () => `consent-${randomUUID()}@example.org`;
const purpose = (purposeId: number, channel: string[], enabled = true, ttl: number | null = null) => ({ purposeId, channel, enabled, ttl });

describe.each(MODES)('consent (%s)', (mode) => {
  let kith: TestKith;
  let account: TestAccount;
  const call = (operation: string, body: unknown, key = account.key) => kith.client.v3(operation, body, { key });
  const create = async (query: Record<string, unknown>, consentPurposes: unknown[], extra: Record<string, unknown> = {}) => {
    const answer = await call('permission.create', { query, consentPurposes, ...CONSENT_COLLECTION, ...extra });
    expect(answer.status, answer.text).toBe(202);
    return answer.body as { permissionId: string };
  };

  beforeAll(async () => {
    kith = await startTestKith(mode);
    account = await createAccount(kith);
  });
  afterAll(() => kith?.stop());

  it('records consent given with email and phone, found then by the phone alone', async () => {
    const email = newEmail();
    const phone = uniquePhone();
    const answer = await call('permission.create', {
      query: { email, phones: [phone] },
      consentPurposes: [purpose(2, ['web', 'email'], true, 365)],
      ...CONSENT_COLLECTION,
      locale: 'en-US',
      timestamp: 1_700_000_000_000,
    });
    expect(answer.status, answer.text).toBe(202);
    expect(answer.body).toEqual({ status: 202, message: 'Consent recorded', permissionId: expect.any(String) });

    const found = await call('permission.find', { phone });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toEqual([
      {
        permissionType: 'create',
        permissionId: answer.body.permissionId,
        consentPurposes: [
          { ttl: 365, enabled: true, channel: 'web', purposeId: 2, purposeName: 'Personalized Ads Profile', timestamp: 1_700_000_000_000 },
          { ttl: 365, enabled: true, channel: 'email', purposeId: 2, purposeName: 'Personalized Ads Profile', timestamp: 1_700_000_000_000 },
        ],
        locale: 'en-US',
        ipAddress: null,
        language: null,
        ...CONSENT_COLLECTION,
        timestamp: 1_700_000_000_000,
        created: expect.any(Number),
      },
    ]);
    // Any form of the email finds the same individual.
    expect((await call('permission.find', { emails: [hash('md5', email, 'hex')] })).body).toHaveLength(1);
  });

  // The embedded mode's PGlite lives inside the Kith process; the other modes' PostgreSQL the test can read.
  it.runIf(mode !== 'embedded')('stores no clear email or phone in any consent table, only their hashes', async () => {
    const email = newEmail();
    const phone = uniquePhone(); // "+1 NPA 555 NNNN"
    const e164 = phone.replaceAll(' ', '');
    await create({ email: email.toUpperCase(), phones: [phone] }, [purpose(1, ['web'])], { ipAddress: '192.0.2.7' });
    const clear = [email, e164, e164.slice(1), e164.slice(2), phone];
    const db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      const tables = (
        await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name LIKE 'consent%'")
      ).rows.map((row) => row.name);
      expect(tables.sort()).toEqual(['consent_events', 'consent_identifiers', 'consent_merges', 'consent_subjects']);
      for (const table of tables) {
        const found = await db.query(`SELECT row_to_json(t)::text AS row FROM ${table} t WHERE row_to_json(t)::text ILIKE ANY($1::text[])`, [
          clear.map((value) => `%${value}%`),
        ]);
        expect(found.rows, table).toEqual([]);
      }
      // What is stored instead: the hashes, which find the individual.
      const keys = await db.query<{ kind: string; value: string }>('SELECT kind, value FROM consent_identifiers WHERE account_id = $1', [account.account.id]);
      expect(keys.rows).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ value: hash('sha256', email, 'hex') }),
          expect.objectContaining({ value: hash('md5', email, 'hex') }),
          expect.objectContaining({ value: hash('sha256', e164, 'hex') }),
        ]),
      );
    } finally {
      await db.end();
    }
    expect((await call('permission.find', { phone })).body).toHaveLength(1);
  });

  it('takes the fields flat, as the specification lists them', async () => {
    const email = newEmail();
    const answer = await call('permission.create', { email, consentPurposes: [purpose(1, ['web'])], ...CONSENT_COLLECTION });
    expect(answer.status, answer.text).toBe(202);
    expect((await call('permission.current', { email })).body).toMatchObject({ '1': { web: { enabled: true } } });
  });

  it('merges two individuals when a third event shows they are one', async () => {
    const email = newEmail();
    const phone = uniquePhone();
    await create({ email }, [purpose(1, ['web'])], { timestamp: 1_650_000_000_000 });
    await create({ phone }, [purpose(3, ['mobile'])]);
    const before = [...(await call('permission.find', { email })).body, ...(await call('permission.find', { phone })).body];
    expect(before).toHaveLength(2);
    await create({ email, phone }, [purpose(10, ['email'], false)]);
    const byEmail = await call('permission.find', { email });
    expect(byEmail.body).toHaveLength(3);
    // The events merged are as they were: contents, given and recorded times.
    expect(byEmail.body).toEqual(expect.arrayContaining(before));
    expect((await call('permission.find', { phone })).body).toEqual(byEmail.body);
    expect(Object.keys((await call('permission.current', { phone })).body).sort()).toEqual(['1', '10', '3']);
  });

  it('keeps the latest consent per purpose and channel, and verifies one', async () => {
    const email = newEmail();
    await create({ email }, [purpose(2, ['web', 'phone'])]);
    await create({ email }, [purpose(2, ['web'], false)]);
    const current = await call('permission.current', { email });
    expect(current.body['2'].web).toMatchObject({ enabled: false, channel: 'web', purposeId: 2 });
    expect(current.body['2'].phone).toMatchObject({ enabled: true });
    const verified = await call('permission.verify', { query: { email }, purposeId: 2, channel: 'phone' });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ ttl: null, enabled: true, channel: 'phone', purposeId: 2, purposeName: 'Personalized Ads Profile', timestamp: expect.any(Number) });
    expect(await call('permission.verify', { query: { email }, purposeId: 6, channel: 'web' })).toMatchObject({
      status: 404,
      body: { status: 404, message: 'No current consent for purpose 6 on channel web' },
    });
  });

  it('answers 400 naming timestamp for a time far from now, and takes one an hour ahead', async () => {
    // The year 285,000 was taken, and recorded as when consent was given.
    const body = (timestamp: number) => ({ email: newEmail(), consentPurposes: [purpose(1, ['web'])], ...CONSENT_COLLECTION, timestamp });
    for (const timestamp of [8_931_000_000_000_000, Date.now() + 2 * 86_400_000, Math.floor(Date.now() / 1000)]) {
      const answer = await call('permission.create', body(timestamp));
      expect(answer.status, `${timestamp}: ${answer.text}`).toBe(400);
      expect(answer.body.message).toBe('Invalid request: timestamp: must be epoch milliseconds from 50 years before now to 1 day after');
    }
    const soon = await call('permission.create', body(Date.now() + 3_600_000));
    expect(soon.status, soon.text).toBe(202);
  });

  it('lets consent lapse after its ttl', async () => {
    const email = newEmail();
    const longAgo = Date.now() - 40 * 86_400_000;
    await create({ email }, [purpose(1, ['web'], true, 30), purpose(2, ['web'], true, 60), purpose(3, ['web'], true, 0)], { timestamp: longAgo });
    expect(Object.keys((await call('permission.current', { email })).body).sort()).toEqual(['2', '3']);
    expect((await call('permission.verify', { query: { email }, purposeId: 1, channel: 'web' })).status).toBe(404);
  });

  it('deletes: nothing is current, the history stays', async () => {
    const email = newEmail();
    await create({ email }, [purpose(1, ['web'])]);
    const deleted = await call('permission.delete', { email });
    expect(deleted.status, deleted.text).toBe(202);
    expect(deleted.body).toMatchObject({ status: 202, message: 'Consent deleted' });
    expect((await call('permission.current', { email })).body).toEqual({});
    const history = (await call('permission.find', { email })).body as Array<{ permissionType: string }>;
    expect(history.map((event) => event.permissionType)).toEqual(['delete', 'create']);
    await create({ email }, [purpose(2, ['web'])]);
    expect(Object.keys((await call('permission.current', { email })).body)).toEqual(['2']);
  });

  it('matches consent given by name and address exactly: never to a housemate, nor to a typo of the name (docs/decisions.md)', async () => {
    const location = { addressLine1: `${randomUUID().slice(0, 4)} Consent Street`, postalCode: '97209' };
    const given = { name: { given: 'Ada', family: 'Lovelace' }, location };
    await create(given, [purpose(3, ['web'])]);
    expect(Object.keys((await call('permission.current', given)).body)).toEqual(['3']);
    // The same address and family name, another person: person.enrich would weigh it, consent must not apply.
    expect((await call('permission.current', { name: { given: 'Grace', family: 'Lovelace' }, location })).body).toEqual({});
    expect((await call('permission.current', { name: { given: 'Adda', family: 'Lovelace' }, location })).body).toEqual({});
  });

  it('answers [] and {} for an individual nobody told Kith about, and 404 to delete them', async () => {
    const email = newEmail();
    expect(await call('permission.find', { email })).toMatchObject({ status: 200, body: [] });
    expect(await call('permission.current', { email })).toMatchObject({ status: 200, body: {} });
    expect((await call('permission.delete', { email })).status).toBe(404);
  });

  it("keeps every account's consent to itself, and needs an API key", async () => {
    const email = newEmail();
    await create({ email }, [purpose(1, ['web'])]);
    const other = await createAccount(kith);
    expect((await call('permission.find', { email }, other.key)).body).toEqual([]);
    expect((await call('permission.current', { email }, other.key)).body).toEqual({});
    const anonymous = await kith.client.v3('permission.create', { query: { email }, consentPurposes: [purpose(1, ['web'])], ...CONSENT_COLLECTION });
    expect(anonymous.status).toBe(401);
  });

  const valid = { query: { email: 'a@example.com' }, consentPurposes: [purpose(1, ['web'])], ...CONSENT_COLLECTION };
  it.each([
    ['no consentPurposes', { ...valid, consentPurposes: [] }, 'consentPurposes'],
    ['an unknown purposeId', { ...valid, consentPurposes: [purpose(99, ['web'])] }, 'consentPurposes[0].purposeId'],
    ['an unknown channel', { ...valid, consentPurposes: [purpose(1, ['fax'])] }, 'consentPurposes[0].channel'],
    ['no policyUrl', { ...valid, policyUrl: undefined }, 'policyUrl'],
    ['a name without address', { ...valid, query: { name: { full: 'Ada Lovelace' } } }, 'location'],
    ['a placekey without name', { ...valid, query: { placekey: '222-227@5vg-7gq-5mk' } }, 'name'],
    ['a bad US ZIP', { ...valid, query: { name: { full: 'Ada' }, location: { addressLine1: '1 Main St', postalCode: '9720', countryCode: 'US' } } }, 'location.postalCode'],
    ['an international phone without country code', { ...valid, query: { phone: '07911 123456' } }, 'phone'],
    ['11 hashed emails', { ...valid, query: { emails: Array.from({ length: 11 }, (_, i) => hash('md5', `${i}@x.org`, 'hex')) } }, 'emails'],
    ['a profile without service', { ...valid, query: { profiles: [{ username: 'ada' }] } }, 'profiles[0].service'],
    ['a profile by url alone', { ...valid, query: { profiles: [{ url: 'https://twitter.com/ada' }] } }, 'profiles[0].service'],
    ['an address without a name', { ...valid, query: { location: { addressLine1: '1 Main St', city: 'Portland', region: 'OR' } } }, 'name'],
    ['an address without a name beside an email', { ...valid, query: { email: 'a@example.com', location: { addressLine1: '1 Main St', postalCode: '97209' } } }, 'name'],
    ['a name with an address lacking its city', { ...valid, query: { name: { full: 'Ada' }, location: { addressLine1: '1 Main St', region: 'OR' } } }, 'location'],
    ['a recordId', { ...valid, query: { email: 'a@example.com', recordId: 'r1' } }, 'recordId'],
  ])('permission.create answers 400 naming the field for %s', async (_case, body, field) => {
    const answer = await call('permission.create', body);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.message).toContain(field);
  });

  it('records consent for a profile given as service and url, then found by the url alone (as lookups take it)', async () => {
    const handle = `consent${randomUUID().slice(0, 8)}`;
    const url = `https://twitter.com/${handle}`;
    await create({ profiles: [{ service: 'twitter', url }] }, [purpose(1, ['web'])]);
    const found = await call('permission.find', { profiles: [{ url: `https://www.twitter.com/${handle.toUpperCase()}/` }] });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toHaveLength(1);
    expect((await call('permission.current', { profiles: [{ service: 'twitter', url }] })).body).toMatchObject({ '1': { web: { enabled: true } } });
  });

  it('permission.verify answers 400 without a channel', async () => {
    const answer = await call('permission.verify', { query: { email: 'a@example.com' }, purposeId: 1 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('channel');
  });
});
