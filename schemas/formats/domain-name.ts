const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The domain a company is known by: `https://www.Acme.com:443/about?x=1`, `acme.com.` and `ACME.COM` are all
 * `acme.com`; international names in their ASCII (punycode) form. Undefined for what is not a domain name:
 * one label (`fullcontact`), an IP address, an email address, spaces.
 */
export function normaliseDomain(input: string): string | undefined {
  const text = input.trim();
  if (text === '' || /\s/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  const host = url.hostname.replace(/\.$/, '');
  const labels = host.split('.');
  if (host.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) return undefined;
  if (!TOP_LEVEL.test(labels.at(-1)!)) return undefined;
  // `www.` names the same company; `www.com` itself stays a domain.
  return labels[0] === 'www' && labels.length > 2 ? labels.slice(1).join('.') : host;
}
