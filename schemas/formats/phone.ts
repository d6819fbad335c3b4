import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** Phones written without a country code are read as numbers of this country. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/**
 * The E.164 form of a phone number (`+12125550123`), or undefined when it cannot be a number. A number
 * without a country code is read as one of `defaultCountry`. Possible numbers are accepted, not only those
 * in ranges known to be allocated, so that a number is stored and looked up the same way either way.
 */
export function phoneE164(phone: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | undefined {
  const trimmed = phone.trim();
  const parsed = parsePhoneNumberFromString(trimmed, { defaultCountry });
  if (parsed?.isPossible()) return parsed.number;
  return undefined;
}
