import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Whether a domain belongs to a disposable-address service, by the disposable-email-domains package (a list
 * kept up to date upstream; about 120,000 domains, held in a Set). A subdomain of a listed domain is one too.
 */
export function disposableDomains(): (domain: string) => boolean {
  const listed = new Set<string>(require('disposable-email-domains') as string[]);
  return (domain) => {
    const labels = domain.toLowerCase().split('.');
    for (let start = 0; start < labels.length - 1; start += 1) {
      if (listed.has(labels.slice(start).join('.'))) return true;
    }
    return false;
  };
}
