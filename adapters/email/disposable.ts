import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SortedStrings } from './sorted-strings.ts';

const require = createRequire(import.meta.url);

/**
 * Whether a domain belongs to a disposable-address service, by the disposable-email-domains package (a list
 * kept up to date upstream; about 120,000 domains). A subdomain of a listed domain is one too. The list is read
 * from its file and not `require`d, so that the array is not kept in the module cache beside the set made of it.
 */
export function disposableDomains(): (domain: string) => boolean {
  const listed = new SortedStrings(JSON.parse(readFileSync(require.resolve('disposable-email-domains'), 'utf8')) as string[]);
  return (domain) => {
    const labels = domain.toLowerCase().split('.');
    for (let start = 0; start < labels.length - 1; start += 1) {
      if (listed.has(labels.slice(start).join('.'))) return true;
    }
    return false;
  };
}
