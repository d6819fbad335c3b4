import { Resolver } from 'node:dns/promises';

/** Whether a domain receives mail: true (it has mail servers), false (it says it has none), undefined (DNS did not answer). */
export type MxLookup = (domain: string) => Promise<boolean | undefined>;

/** Answers that are the domain's own word: it does not exist, or publishes no MX record. */
const NO_MAIL = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * MX lookups with one try and a timeout, so that a slow resolver makes an answer "unknown" rather than late.
 * A domain whose only MX is the null MX (`.`, RFC 7505) receives no mail.
 */
export function mxLookup(options: { servers: string[]; timeoutMs: number }): MxLookup {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 1 });
  if (options.servers.length > 0) resolver.setServers(options.servers);
  return async (domain) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), options.timeoutMs + 100)));
    try {
      const records = await Promise.race([resolver.resolveMx(domain), late]);
      return records && records.some((record) => record.exchange !== '' && record.exchange !== '.');
    } catch (error) {
      return NO_MAIL.has((error as NodeJS.ErrnoException).code ?? '') ? false : undefined;
    } finally {
      clearTimeout(timer);
    }
  };
}
