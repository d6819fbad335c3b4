import { describe, expect, it } from 'vitest';
import { presentCompany } from '../companies/present.ts';
import { presentPerson } from './present.ts';

// The official Go client declares a profile's `userid` a string; encoding/json fails the whole answer on a
// number there (APIResponse.Err set, no status). Records may give it as a number: the answer has a string.
describe('profiles as the clients decode them', () => {
  const accountIds = { personIds: [], recordIds: [], partnerIds: [] };

  it('person.enrich answers a numeric userid as a string, other profile fields untouched', () => {
    const answer = presentPerson(
      { id: 'p1', details: { profiles: { twitter: { service: 'twitter', userid: 1234567890, username: 'ada' }, github: { userid: '42' } } } },
      { hashedQuery: false, accountIds },
    );
    expect(answer.details.profiles).toEqual({
      twitter: { service: 'twitter', userid: '1234567890', username: 'ada' },
      github: { userid: '42' },
    });
  });

  it('company.enrich does the same', () => {
    const answer = presentCompany({ domain: 'example.com', details: { profiles: { twitter: { userid: 7043154082, followers: 12 } } } }, null, []);
    expect((answer.details as { profiles: unknown }).profiles).toEqual({ twitter: { userid: '7043154082', followers: 12 } });
  });

});

// docs/company-records.md and docs/person-records.md let a record leave out every list: the import keeps the
// record as given, and the answer fills them in, so that the clients (and the v2 answers built from these)
// find every documented key.
describe('sparse records', () => {
  const accountIds = { personIds: [], recordIds: [], partnerIds: [] };

  it('a company with only a domain and a name answers every list empty and every summary field null', () => {
    const answer = presentCompany({ domain: 'example.com', name: 'Example' }, null, ['keypeople', 'traffic']);
    expect(answer).toMatchObject({ name: 'Example', bio: null, logo: null, founded: null, updated: null });
    expect(answer.details).toEqual({
      entity: null,
      locales: [],
      categories: [],
      industries: [],
      emails: [],
      phones: [],
      profiles: {},
      locations: [],
      images: [],
      urls: [],
      keywords: [],
      keyPeople: [],
      traffic: null,
    });
  });

  it('companies share the empty lists, which no answer can change', () => {
    const [first, second] = [1, 2].map(() => presentCompany({ domain: 'example.com' }, null, []));
    expect(() => (first!.details.keywords as unknown[]).push('tea')).toThrow(TypeError);
    expect(second!.details.keywords).toEqual([]);
  });

  it("a company's own values are kept over the empty ones", () => {
    const answer = presentCompany({ domain: 'example.com', name: 'Example', details: { keywords: ['tea'], entity: { founded: 1990 } } }, null, []);
    expect(answer.details).toMatchObject({ keywords: ['tea'], entity: { founded: 1990 }, emails: [] });
  });

  it('a person with empty details answers every list empty, name and age null, and every summary field null', () => {
    const answer = presentPerson({ id: 'p2', details: {} }, { hashedQuery: false, accountIds });
    expect(answer).toMatchObject({ fullName: null, ageRange: null, location: null, avatar: null, updated: null });
    expect(answer.details).toEqual({
      name: null,
      age: null,
      emails: [],
      phones: [],
      profiles: {},
      locations: [],
      employment: [],
      photos: [],
      urls: [],
      identifiers: { maids: [], li_nonid: [], ...accountIds },
    });
  });

  it('answers share the empty lists, which no answer can change', () => {
    const [first, second] = [1, 2].map(() => presentPerson({ id: 'p4', details: {} }, { hashedQuery: false, accountIds }));
    expect(() => (first!.details.phones as unknown[]).push({ value: '+1 555 0100' })).toThrow(TypeError);
    expect(second!.details.phones).toEqual([]);
  });

  it("a dataFilter still keeps only its groups' keys", () => {
    const answer = presentPerson({ id: 'p3', details: {} }, { hashedQuery: false, accountIds, dataFilter: ['social'] });
    expect(answer.details).toEqual({ profiles: {} });
  });
});
