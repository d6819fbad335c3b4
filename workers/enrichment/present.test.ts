import { describe, expect, it } from 'vitest';
import { presentCompany } from './present-company.ts';
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

  it('a person without profiles gets none added', () => {
    const answer = presentPerson({ id: 'p2', details: {} }, { hashedQuery: false, accountIds });
    expect(answer.details).not.toHaveProperty('profiles');
  });
});
