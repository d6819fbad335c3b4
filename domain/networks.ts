import ipaddr from 'ipaddr.js';

/**
 * Networks as operators write them in Kith's settings (the webhooks' allowed networks, the trusted proxies): CIDR
 * notation or a single address, checked one way for every setting that takes them.
 */

export type Address = ipaddr.IPv4 | ipaddr.IPv6;
/** A network as it was written, and the range it stands for. */
export type Network = { cidr: string; range: [Address, number] };

export function inNetwork(address: Address, [network, bits]: [Address, number]): boolean {
  return address.kind() === network.kind() && address.match(network, bits);
}

/**
 * One network, validated: CIDR notation or a single address, no host bits set (`10.0.0.5/8` is refused: did the
 * operator mean the one address or the whole /8?). Throws a RangeError naming the entry.
 */
export function parseNetwork(entry: string): Network {
  const text = entry.trim();
  const [host = '', prefix] = text.split('/');
  const valid =
    text.split('/').length <= 2 &&
    (ipaddr.IPv4.isValidFourPartDecimal(host) || ipaddr.IPv6.isValid(host)) &&
    (prefix === undefined || /^\d{1,3}$/.test(prefix));
  if (!valid) throw new RangeError(`"${entry}" is not an address or a CIDR range (e.g. 10.1.0.0/16)`);
  const parsed = ipaddr.parse(host);
  const maxBits = parsed.kind() === 'ipv4' ? 32 : 128;
  const bits = prefix === undefined ? maxBits : Number(prefix);
  if (bits > maxBits) throw new RangeError(`"${entry}" has a prefix longer than ${maxBits} bits`);
  const network =
    parsed.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${host}/${bits}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${host}/${bits}`);
  if (network.toString() !== parsed.toString()) {
    throw new RangeError(`"${entry}" has host bits set: did you mean ${network.toString()}/${bits}?`);
  }
  // ::ffff:127.0.0.1/128 stands for the same address as 127.0.0.1/32: addresses are compared in that form.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    return { cidr: text, range: [(parsed as ipaddr.IPv6).toIPv4Address(), bits - 96] };
  }
  return { cidr: text, range: [parsed, bits] };
}
