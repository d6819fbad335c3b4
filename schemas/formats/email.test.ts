import { describe, expect, it } from 'vitest';
import { emailAddressParts } from './email.ts';

describe('emailAddressParts', () => {
  it('splits a valid address, lower-cased, keeping www. in the domain', () => {
    expect(emailAddressParts(' Ada.Lovelace+kith@Example.COM ')).toEqual({ username: 'ada.lovelace+kith', domain: 'example.com' });
    expect(emailAddressParts('a@www.example.co.uk')).toEqual({ username: 'a', domain: 'www.example.co.uk' });
  });

  it.each(['plainaddress', '@example.com', 'a@', 'a@localhost', 'a..b@example.com', '.a@example.com', 'a b@example.com', 'a@example.com/x', 'a@10.0.0.1', `${'x'.repeat(65)}@example.com`])(
    'refuses %j',
    (address) => expect(emailAddressParts(address)).toBeUndefined(),
  );
});
