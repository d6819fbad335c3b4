import { normaliseDomain } from './domain-name.ts';
import { isMd5, isSha256 } from './hashes.ts';

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;

/**
 * The user name and domain of an address with valid syntax (RFC 5321's dot-atom local part of at most 64
 * characters, `@`, and a domain name with a real top-level label), lower-cased; undefined otherwise.
 * Quoted local parts and IP-literal domains are not accepted: no mailbox a person gives out uses them.
 */
export function emailAddressParts(address: string): { username: string; domain: string } | undefined {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  const username = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (at < 1 || username.length > 64 || !LOCAL_PART.test(username)) return undefined;
  // The domain as written: normaliseDomain would also drop `www.`, which is part of a mail domain.
  if (normaliseDomain(domain) === undefined || /[/:?#]/.test(domain)) return undefined;
  return { username, domain: domain.replace(/\.$/, '') };
}

/** The lower-cased, trimmed address, or undefined when it is not one (`local@domain`). */
export function normaliseEmail(email: string): string | undefined {
  const value = email.trim().toLowerCase();
  const at = value.indexOf('@');
  return at > 0 && at < value.length - 1 && !/\s/.test(value) ? value : undefined;
}

/** An email as a lookup takes it: a clear address, or the MD5 or SHA-256 hex of one. */
export const isEmailOrHash = (value: string): boolean => isMd5(value) || isSha256(value) || normaliseEmail(value) !== undefined;
