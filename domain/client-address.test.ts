import { describe, expect, it } from 'vitest';
import { clientAddress, UNKNOWN_CLIENT } from './client-address.ts';
import { parseNetwork } from './networks.ts';

const trusting = (...entries: string[]) => entries.map(parseNetwork);

describe('clientAddress', () => {
  it('is the peer when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', [])).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7', undefined, [])).toBe('203.0.113.7');
    expect(clientAddress('2001:db8::1', '198.51.100.1', [])).toBe('2001:db8::1');
    expect(clientAddress(undefined, '198.51.100.1', [])).toBe(UNKNOWN_CLIENT);
  });

  it('ignores the header of a peer that is not a trusted proxy', () => {
    const proxies = trusting('10.0.0.0/8');
    expect(clientAddress('203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7', '10.0.0.1, 198.51.100.1', proxies)).toBe('203.0.113.7');
  });

  it('takes from a trusted proxy the right-most address that is not itself a trusted proxy', () => {
    const proxies = trusting('10.0.0.0/8', '192.168.1.5');
    // A client's own header, then the client as the edge proxy saw it, then the edge proxy as the inner one saw it.
    expect(clientAddress('192.168.1.5', '1.1.1.1, 203.0.113.7, 10.0.0.9', proxies)).toBe('203.0.113.7');
    expect(clientAddress('::ffff:10.0.0.2', '203.0.113.7', proxies)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.2', ' 2001:db8::7 ', proxies)).toBe('2001:db8::7');
    // Several X-Forwarded-For headers reach the application joined by commas: read as one list.
    expect(clientAddress('10.0.0.2', '1.1.1.1, 203.0.113.8,10.0.0.3', proxies)).toBe('203.0.113.8');
  });

  it('takes the peer of a trusted proxy that forwarded no header', () => {
    expect(clientAddress('10.0.0.2', undefined, trusting('10.0.0.0/8'))).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '', trusting('10.0.0.0/8'))).toBe('10.0.0.2');
  });

  it('takes the left-most address when every one is a trusted proxy', () => {
    expect(clientAddress('10.0.0.2', '10.0.0.7, 10.0.0.8', trusting('10.0.0.0/8'))).toBe('10.0.0.7');
  });

  it('stops at an entry that is no address, naming the client by the last address believed', () => {
    const proxies = trusting('10.0.0.0/8');
    expect(clientAddress('10.0.0.2', 'not-an-address', proxies)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '203.0.113.7, unknown, 10.0.0.3', proxies)).toBe('10.0.0.3');
    expect(clientAddress('10.0.0.2', '203.0.113.7:4711', proxies)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.2', '0x7f.1', proxies)).toBe('10.0.0.2');
  });

  it('trusts an IPv6 proxy by its network, and an IPv4 one written as IPv4-mapped IPv6', () => {
    expect(clientAddress('fd00::1', '203.0.113.7', trusting('fd00::/8'))).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '203.0.113.7', trusting('::ffff:127.0.0.1'))).toBe('203.0.113.7');
  });
});
