import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/** How the stub answers MX queries for a domain: mail servers, no MX record, no such domain, or no answer at all. */
export type MxAnswer = 'mx' | 'no-mx' | 'nxdomain' | 'silent';

const encodeName = (name: string) =>
  Buffer.concat([...name.split('.').map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])), Buffer.from([0])]);

/** The queried name and where the question ends, read from a DNS query. */
function question(query: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (query[offset]! > 0) {
    labels.push(query.subarray(offset + 1, offset + 1 + query[offset]!).toString());
    offset += query[offset]! + 1;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5 };
}

/**
 * A DNS server on 127.0.0.1 (UDP) that answers MX queries from a table, so that email verification's
 * deliverability is tested against real DNS traffic without the network. Unlisted domains do not exist.
 */
export async function startDnsStub(table: Record<string, MxAnswer>) {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    const { name, end } = question(query);
    const answer = table[name] ?? 'nxdomain';
    if (answer === 'silent') return;
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(answer === 'nxdomain' ? 0x8183 : 0x8180, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answer === 'mx' ? 1 : 0, 6);
    const parts = [header, query.subarray(12, end)];
    if (answer === 'mx') {
      const exchange = encodeName(`mx.${name}`);
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(15, 2); // MX
      record.writeUInt16BE(1, 4); // IN
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(2 + exchange.length, 10);
      parts.push(record, Buffer.from([0, 10]), exchange);
    }
    socket.send(Buffer.concat(parts), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { server: `127.0.0.1:${(socket.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}
