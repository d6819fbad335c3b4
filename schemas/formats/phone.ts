import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { parsePhoneNumberFromString as parseWithNumberTypes } from 'libphonenumber-js/max';

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

/**
 * Whether a number in E.164 form is a mobile's, by its country's numbering plan (libphonenumber's full metadata):
 * one person's, where a landline is a household's. A number that may be either is not; so are all of the North
 * American plan's (`+1`), whose numbers say nothing of it, which spares their parse.
 */
export function isMobileNumber(e164: string): boolean {
  return !e164.startsWith('+1') && parseWithNumberTypes(e164)?.getType() === 'MOBILE';
}
