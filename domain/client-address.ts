import ipaddr from 'ipaddr.js';
import { inNetwork, type Address, type Network } from './networks.ts';

/** The proxies whose X-Forwarded-For Kith believes (KITH_TRUSTED_PROXIES). */
export type TrustedProxies = readonly Network[];

/** How a request's client is named when the connection has no usable peer address. */
export const UNKNOWN_CLIENT = 'unknown';

const IPV4_MAPPED = '::ffff:';

/** An address as the connection reports it, IPv4-mapped IPv6 (a dual-stack listener's) written as the IPv4 address. */
function plain(peer: string): string {
  return peer.startsWith(IPV4_MAPPED) && peer.includes('.') ? peer.slice(IPV4_MAPPED.length) : peer;
}

/** An address in the forms proxies write (dotted quad, IPv6), or undefined: `1.2` and `0x7f.1` are not taken. */
function parsed(text: string): Address | undefined {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text) ? ipaddr.process(text) : undefined;
}

const trusts = (proxies: TrustedProxies, address: Address) => proxies.some((proxy) => inNetwork(address, proxy.range));

/**
 * The address a request came from. The connection's peer, unless the peer is a trusted proxy: each proxy appends
 * the address it was connected from to X-Forwarded-For, so the header is read from the right, past the trusted
 * proxies, and the first address that is not one is the client's (what Express's `trust proxy` and nginx's
 * `real_ip_recursive` take). What stands left of it was written by the client and is never believed. When every
 * address is a trusted proxy, the left-most is the client; an entry that is no address ends the walk at the
 * last address believed, so that nothing a client writes becomes its name.
 * From a peer that is not trusted the header is ignored: there it is the client's word.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  if (peer === undefined || peer === '') return UNKNOWN_CLIENT;
  if (trusted.length === 0 || forwardedFor === undefined) return plain(peer);
  let client = parsed(peer);
  if (client === undefined || !trusts(trusted, client)) return plain(peer);
  const hops = forwardedFor.split(',');
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = parsed(hops[index]!.trim());
    if (hop === undefined) break;
    client = hop;
    if (!trusts(trusted, hop)) break;
  }
  return client.toString();
}
