/**
 * Where a client on this machine reaches a listener on `host:port`: a wildcard host (`0.0.0.0`, `::`) by loopback,
 * an IPv6 address in brackets.
 */
export function localUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
