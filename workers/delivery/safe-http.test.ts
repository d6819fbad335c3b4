import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  checkNetworkPolicy,
  deliverOnce,
  refusedUrl,
  WEBHOOK_USER_AGENT,
  type DeliveryOptions,
  type NetworkPolicy,
  type ResolvedAddress,
} from './safe-http.ts';

// Real receivers on loopback, started by each test. Loopback is refused by default, so most tests allow it.
const loopback: NetworkPolicy = { allowedNetworks: ['127.0.0.1/32'] };
const strict: NetworkPolicy = { allowedNetworks: [] };
const elsewhere: NetworkPolicy = { allowedNetworks: ['10.9.0.0/16'] };

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Respond = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type Receiver = { port: number; url: (path?: string) => string; seen: Seen[]; connections: () => number };

/** A receiver on 127.0.0.1 (and on ::1 at the same port when asked) that records requests and counts connections. */
async function startReceiver(respond: Respond, options: { alsoIpv6?: boolean } = {}): Promise<Receiver> {
  const seen: Seen[] = [];
  let connections = 0;
  const servers: http.Server[] = [];
  const handle: Respond = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      respond(req, res);
    });
  };
  const listen = (host: string, port: number) =>
    new Promise<http.Server>((resolve, reject) => {
      const server = http.createServer(handle);
      server.on('connection', () => (connections += 1));
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });
  servers.push(await listen('127.0.0.1', 0));
  const port = (servers[0]!.address() as AddressInfo).port;
  if (options.alsoIpv6) servers.push(await listen('::1', port));
  onTestFinished(async () => {
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      ),
    );
  });
  return { port, url: (path = '/') => `http://127.0.0.1:${port}${path}`, seen, connections: () => connections };
}

function answer(status: number, body = '', headers: Record<string, string> = {}): Respond {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

function post(url: string, options: Partial<DeliveryOptions> = {}, headers: Record<string, string> = {}) {
  return deliverOnce({ url, body: '{"ok":true}', headers }, { policy: loopback, timeoutMs: 5000, ...options });
}

/** A resolver for names that real DNS does not know, counting its calls. */
function fakeDns(names: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const addresses = names[hostname];
    if (addresses === undefined) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    }
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls, names };
}

describe('deliverOnce', () => {
  it('POSTs the body with every query parameter and the headers, and a 2xx is delivered', async () => {
    const receiver = await startReceiver(answer(200, 'thanks'));
    const body = JSON.stringify({ fullName: 'Zoë Ångström', requestId: 'r-1' });
    const result = await deliverOnce(
      {
        url: receiver.url('/hooks/kith?requestId=r-1&tag=a&tag=b&empty=#fragment'),
        body,
        headers: { 'webhook-id': 'msg_1', 'webhook-signature': 'v1,abc', Host: 'evil.example', 'Content-Length': '1' },
      },
      { policy: loopback, timeoutMs: 5000 },
    );
    expect(result).toMatchObject({ outcome: 'delivered', status: 200, responseSnippet: 'thanks' });
    expect(result.error).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(receiver.seen).toHaveLength(1);
    const [request] = receiver.seen;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/kith?requestId=r-1&tag=a&tag=b&empty=', body });
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'content-length': String(Buffer.byteLength(body)),
      host: `127.0.0.1:${receiver.port}`,
      'webhook-id': 'msg_1',
      'webhook-signature': 'v1,abc',
    });
    expect(WEBHOOK_USER_AGENT).toBe('Kith-Webhooks/1.0');
  });

  it('counts any 2xx as delivered', async () => {
    const receiver = await startReceiver(answer(204));
    expect(await post(receiver.url())).toMatchObject({ outcome: 'delivered', status: 204, responseSnippet: '' });
  });

  it('reports a 500 as failed, with the status and what the receiver said', async () => {
    const receiver = await startReceiver(answer(500, 'database down'));
    expect(await post(receiver.url())).toMatchObject({
      outcome: 'failed',
      reason: 'status',
      status: 500,
      error: 'the receiver answered 500',
      responseSnippet: 'database down',
    });
  });

  it('reports 410 as gone', async () => {
    const receiver = await startReceiver(answer(410, 'no such hook'));
    const result = await post(receiver.url());
    expect(result).toMatchObject({ outcome: 'gone', status: 410 });
    expect(result.reason).toBeUndefined();
  });

  it('passes Retry-After through, as sent', async () => {
    const busy = await startReceiver(answer(503, '', { 'Retry-After': '120' }));
    expect(await post(busy.url())).toMatchObject({ outcome: 'failed', status: 503, retryAfter: '120' });
    const limited = await startReceiver(answer(429, '', { 'Retry-After': 'Wed, 21 Oct 2026 07:28:00 GMT' }));
    expect(await post(limited.url())).toMatchObject({ status: 429, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT' });
  });

  it('does not follow a redirect: it is a failure, and the target receives nothing', async () => {
    const target = await startReceiver(answer(200));
    const receiver = await startReceiver(answer(302, '', { Location: target.url('/elsewhere') }));
    const result = await post(receiver.url());
    expect(result).toMatchObject({ outcome: 'failed', reason: 'status', status: 302 });
    expect(result.error).toBe(`redirect (302) not followed: Location ${target.url('/elsewhere')}`);
    expect(target.connections()).toBe(0);
  });

  it('gives up on a receiver that never answers within the timeout', async () => {
    const receiver = await startReceiver(() => {});
    const started = Date.now();
    const result = await post(receiver.url(), { timeoutMs: 300 });
    const took = Date.now() - started;
    expect(result).toMatchObject({ outcome: 'failed', reason: 'timeout', error: 'no response within 300 ms' });
    expect(result.status).toBeUndefined();
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2000);
    expect(receiver.seen).toHaveLength(1);
  });

  it('keeps the first bytes of a large response and does not read the rest', async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(200, { 'Content-Length': String(8 * megabyte.length) });
      for (let index = 0; index < 8; index += 1) res.write(megabyte);
      res.end();
    });
    const started = Date.now();
    const result = await post(receiver.url(), { maxResponseBytes: 64 * 1024 });
    expect(result).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(result.responseSnippet).toHaveLength(64 * 1024);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops reading an endless response once the cap is reached', async () => {
    let closed = false;
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(500);
      res.on('close', () => (closed = true));
      const more = () => {
        while (!closed && res.write(Buffer.alloc(16 * 1024, 'x')));
        if (!closed) res.once('drain', more);
      };
      more();
    });
    const result = await post(receiver.url(), { maxResponseBytes: 1000, timeoutMs: 10_000 });
    expect(result).toMatchObject({ outcome: 'failed', reason: 'status', status: 500 });
    expect(result.responseSnippet).toBe('x'.repeat(1000));
    expect(result.latencyMs).toBeLessThan(2000);
    await expect.poll(() => closed).toBe(true);
  });

  it('settles on the status line when the body stalls, keeping what came', async () => {
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    const result = await post(receiver.url(), { timeoutMs: 300 });
    expect(result).toMatchObject({ outcome: 'delivered', status: 200, responseSnippet: 'partial' });
  });

  it('reports a refused connection as a network failure', async () => {
    const receiver = await startReceiver(answer(200));
    const unused = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const result = await post(`http://127.0.0.1:${unused}/`);
    expect(result).toMatchObject({ outcome: 'failed', reason: 'network' });
    expect(result.error).toMatch(/^ECONNREFUSED/);
    expect(receiver.connections()).toBe(0);
  });
});

describe('refusedUrl', () => {
  const refusals: [url: string, reason: RegExp][] = [
    ['http://127.0.0.1/', /^127\.0\.0\.1 is loopback \(127\.0\.0\.0\/8\)$/],
    ['http://10.0.0.1/', /is private \(10\.0\.0\.0\/8\)/],
    ['http://172.16.5.4/', /is private \(172\.16\.0\.0\/12\)/],
    ['http://192.168.1.1/', /is private \(192\.168\.0\.0\/16\)/],
    ['http://169.254.169.254/latest/meta-data/', /^169\.254\.169\.254 is link-local .*\(169\.254\.0\.0\/16\)/],
    ['http://100.64.0.1/', /CGNAT/],
    ['http://0.0.0.0/', /unspecified/],
    ['http://0/', /^0\.0\.0\.0 is "this network"/],
    ['http://224.0.0.1/', /multicast/],
    ['http://255.255.255.255/', /broadcast/],
    ['http://240.0.0.1/', /reserved \(240\.0\.0\.0\/4\)/],
    ['http://192.0.2.10/', /documentation/],
    ['http://198.51.100.7/', /documentation/],
    ['http://203.0.113.9/', /documentation/],
    ['http://198.18.0.1/', /benchmarking/],
    ['http://192.0.0.8/', /IETF/],
    // Other spellings of 127.0.0.1, normalised by the URL parser.
    ['http://2130706433/', /^127\.0\.0\.1 is loopback/],
    ['http://0x7f.0.0.1/', /^127\.0\.0\.1 is loopback/],
    ['http://0x7f.1/', /^127\.0\.0\.1 is loopback/],
    ['http://0177.0.0.1/', /^127\.0\.0\.1 is loopback/],
    ['http://127.1/', /^127\.0\.0\.1 is loopback/],
    ['http://127.0.0.1./', /^127\.0\.0\.1 is loopback/],
    ['http://%30x7f.1/', /^127\.0\.0\.1 is loopback/],
    // IPv6, and IPv4 inside IPv6.
    ['http://[::1]/', /^::1 is loopback/],
    ['http://[::]/', /^:: is unspecified/],
    ['http://[::ffff:127.0.0.1]/', /^::ffff:7f00:1 \(127\.0\.0\.1\) is loopback/],
    ['http://[::ffff:a9fe:a9fe]/', /\(169\.254\.169\.254\) is link-local/],
    ['http://[64:ff9b::a00:1]/', /\(10\.0\.0\.1\) is private/],
    ['http://[::127.0.0.1]/', /IPv4-compatible/],
    ['http://[fc00::1]/', /unique local/],
    ['http://[fd12:3456::1]/', /unique local/],
    ['http://[fe80::1]/', /link-local \(fe80::\/10\)/],
    ['http://[ff02::1]/', /multicast/],
    ['http://[2001:db8::1]/', /documentation/],
    ['http://[2002:7f00:1::1]/', /6to4/],
    ['http://[2001::1]/', /Teredo/],
    ['http://[4000::1]/', /outside global unicast/],
    // Not addresses at all.
    ['ftp://example.com/file', /^the ftp scheme is not allowed: only http and https$/],
    ['file:///etc/passwd', /the file scheme is not allowed/],
    ['gopher://example.com/', /the gopher scheme/],
    ['javascript:alert(1)', /the javascript scheme/],
    ['http://user:secret@example.com/', /^credentials in the URL are not allowed$/],
    ['https://token@example.com/', /credentials/],
    ['https://:secret@example.com/', /credentials/],
    ['not a url', /^not a valid URL$/],
    ['//example.com/hook', /not a valid URL/],
    ['http://[::1/', /not a valid URL/],
    ['http://256.0.0.1/', /not a valid URL/],
  ];

  it.each(refusals)('refuses %s', (url, reason) => {
    expect(refusedUrl(url, strict)).toMatch(reason);
  });

  it.each([
    'https://example.com/hooks?requestId=1',
    'http://hooks.example.com:8080/a/b',
    'http://hooks.localhost.example.com/', // a name under a real domain: judged when it is resolved, at delivery
    'http://93.184.215.14/',
    'http://[2606:4700:4700::1111]/',
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::808:808]/',
  ])('lets %s be attempted', (url) => {
    expect(refusedUrl(url, strict)).toBeUndefined();
  });

  // RFC 6761: localhost and every name under it are loopback, whatever DNS says; so is the old localhost.localdomain.
  it.each(['http://localhost:3000/', 'http://LOCALHOST./', 'http://hooks.localhost/', 'http://a.b.localhost./x', 'http://localhost.localdomain/'])(
    'refuses the loopback name in %s',
    (url) => {
      expect(refusedUrl(url, strict)).toMatch(/^[a-z.]+ is a loopback name: 127\.0\.0\.1 is loopback \(127\.0\.0\.0\/8\)$/);
    },
  );

  it('lets a loopback name through only when the allow-list opens both of its loopback addresses', () => {
    expect(refusedUrl('http://localhost/', loopback)).toMatch(/^localhost is a loopback name: ::1 is loopback/);
    expect(refusedUrl('http://localhost/', { allowedNetworks: ['127.0.0.1/32', '::1/128'] })).toBeUndefined();
  });

  it('opens exactly the allowed networks, whatever the spelling of the address', () => {
    expect(refusedUrl('http://127.0.0.1:8080/', loopback)).toBeUndefined();
    expect(refusedUrl('http://2130706433/', loopback)).toBeUndefined();
    expect(refusedUrl('http://[::ffff:127.0.0.1]/', loopback)).toBeUndefined();
    expect(refusedUrl('http://127.0.0.2/', loopback)).toMatch(/loopback/);
    expect(refusedUrl('http://[::1]/', loopback)).toMatch(/loopback/);
    expect(refusedUrl('http://10.1.2.3/', { allowedNetworks: ['10.1.0.0/16'] })).toBeUndefined();
    expect(refusedUrl('http://10.2.0.1/', { allowedNetworks: ['10.1.0.0/16'] })).toMatch(/private/);
    expect(refusedUrl('http://[fd00::5]/', { allowedNetworks: ['fd00::/8'] })).toBeUndefined();
    expect(refusedUrl('http://127.0.0.1/', { allowedNetworks: ['::ffff:127.0.0.1/128'] })).toBeUndefined();
  });

  it('never lets the allow-list open another scheme or credentials', () => {
    expect(refusedUrl('ftp://127.0.0.1/', loopback)).toMatch(/scheme/);
    expect(refusedUrl('http://a:b@127.0.0.1/', loopback)).toMatch(/credentials/);
  });
});

describe('checkNetworkPolicy', () => {
  it('accepts CIDR ranges and single addresses', () => {
    expect(() =>
      checkNetworkPolicy({ allowedNetworks: ['10.0.0.0/8', ' 192.168.1.0/24 ', '127.0.0.1', 'fd00::/8', '::1/128'] }),
    ).not.toThrow();
  });

  it.each([
    ['foo', /"foo" is not an address or a CIDR range/],
    ['', /is not an address/],
    ['10.0.0.0/33', /prefix longer than 32 bits/],
    ['::/129', /prefix longer than 128 bits/],
    ['10.0.0.0/8/1', /is not an address/],
    ['10.0.0.0/x', /is not an address/],
    ['0x7f.1/32', /is not an address/],
    ['10.0.0.5/8', /host bits set: did you mean 10\.0\.0\.0\/8\?/],
    ['fd00::1/8', /did you mean fd00::\/8\?/],
  ])('refuses %j', (network, message) => {
    expect(() => checkNetworkPolicy({ allowedNetworks: ['10.0.0.0/8', network] })).toThrow(message);
    expect(() => refusedUrl('http://10.0.0.1/', { allowedNetworks: [network] })).toThrow(RangeError);
  });
});

describe('deliverOnce against server-side request forgery', () => {
  it('never connects to a refused address, however it is written', async () => {
    const receiver = await startReceiver(answer(200), { alsoIpv6: true });
    const dns = fakeDns({ 'evil.example': ['127.0.0.1'], 'private.example': ['10.0.0.5'] });
    const port = receiver.port;
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://evil.example:${port}/`,
      `https://evil.example:${port}/`,
      `http://private.example:${port}/`,
    ];
    for (const url of urls) {
      const result = await post(url, { policy: elsewhere, resolve: dns.resolve });
      expect(result, url).toMatchObject({ outcome: 'failed', reason: 'policy', latencyMs: expect.any(Number) });
      expect(result.status, url).toBeUndefined();
    }
    expect(receiver.connections()).toBe(0);
    expect(dns.calls).toEqual(['evil.example', 'evil.example', 'private.example']);
  });

  it('checks a literal address before connecting, without resolving anything', async () => {
    const dns = fakeDns({});
    const result = await post('http://10.0.0.1/', { policy: strict, resolve: dns.resolve });
    expect(result).toEqual({
      outcome: 'failed',
      reason: 'policy',
      error: '10.0.0.1 is private (10.0.0.0/8)',
      latencyMs: 0,
    });
    expect(dns.calls).toEqual([]);
  });

  it('says which name resolved to which refused address', async () => {
    const dns = fakeDns({ 'evil.example': ['10.0.0.5'] });
    const result = await post('http://evil.example/hook', { policy: strict, resolve: dns.resolve });
    expect(result.error).toBe('evil.example resolves to 10.0.0.5 is private (10.0.0.0/8)');
  });

  it('refuses a name when any of its addresses is refused, even if another is allowed', async () => {
    const receiver = await startReceiver(answer(200));
    const dns = fakeDns({ 'mixed.example': ['127.0.0.1', '169.254.169.254'] });
    const result = await post(`http://mixed.example:${receiver.port}/`, { policy: loopback, resolve: dns.resolve });
    expect(result).toMatchObject({ outcome: 'failed', reason: 'policy' });
    expect(result.error).toMatch(/169\.254\.169\.254 is link-local/);
    expect(receiver.connections()).toBe(0);
  });

  it('resolves for every new connection and connects to the address it checked: nothing can rebind in between', async () => {
    // The receiver closes each connection after its answer, so every attempt opens one.
    const receiver = await startReceiver(answer(200, 'ok', { connection: 'close' }));
    const dns = fakeDns({ 'hooks.example': ['127.0.0.1'] });
    const url = `http://hooks.example:${receiver.port}/in?x=1`;
    // hooks.example exists only in the injected resolver: reaching the receiver proves the socket used its answer.
    expect(await post(url, { resolve: dns.resolve })).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(receiver.seen[0]!.headers.host).toBe(`hooks.example:${receiver.port}`);
    dns.names['hooks.example'] = ['10.0.0.5'];
    expect(await post(url, { resolve: dns.resolve })).toMatchObject({ outcome: 'failed', reason: 'policy' });
    expect(dns.calls).toEqual(['hooks.example', 'hooks.example']);
    expect(receiver.connections()).toBe(1);
  });

  it('keeps a connection for later attempts, to the address it checked: rebinding the name moves nothing', async () => {
    const receiver = await startReceiver(answer(200, 'ok'));
    const dns = fakeDns({ 'kept.example': ['127.0.0.1'] });
    const url = `http://kept.example:${receiver.port}/in`;
    expect(await post(url, { resolve: dns.resolve })).toMatchObject({ outcome: 'delivered' });
    dns.names['kept.example'] = ['10.0.0.5'];
    expect(await post(url, { resolve: dns.resolve })).toMatchObject({ outcome: 'delivered' });
    expect(receiver.seen).toHaveLength(2);
    expect(receiver.connections()).toBe(1);
    expect(dns.calls).toEqual(['kept.example']);
  });

  it('sends again on a new connection when a kept one turns out closed before any answer', async () => {
    const served = new WeakMap<object, number>();
    // Answers the first request of each connection, and drops the connection on the next, as a receiver does that
    // closes idle connections just as one is reused.
    const receiver = await startReceiver((req, res) => {
      const count = (served.get(req.socket) ?? 0) + 1;
      served.set(req.socket, count);
      if (count > 1) req.socket.destroy();
      else answer(200, 'ok')(req, res);
    });
    expect(await post(receiver.url())).toMatchObject({ outcome: 'delivered' });
    expect(await post(receiver.url())).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(receiver.connections()).toBe(2);
  });

  it('never lends a connection kept under one policy to an attempt under another', async () => {
    const receiver = await startReceiver(answer(200, 'ok'));
    const dns = fakeDns({ 'shared.example': ['127.0.0.1'] });
    const url = `http://shared.example:${receiver.port}/in`;
    expect(await post(url, { policy: loopback, resolve: dns.resolve })).toMatchObject({ outcome: 'delivered' });
    expect(await post(url, { policy: strict, resolve: dns.resolve })).toMatchObject({ outcome: 'failed', reason: 'policy' });
    expect(receiver.seen).toHaveLength(1);
    expect(receiver.connections()).toBe(1);
  });

  it('keeps allowed-listed addresses to the networks listed', async () => {
    const receiver = await startReceiver(answer(200), { alsoIpv6: true });
    const dns = fakeDns({ 'six.example': ['::1'] });
    const wrong = ['[::1]', 'six.example', '127.0.0.2'].map((host) => `http://${host}:${receiver.port}/`);
    for (const url of wrong) {
      expect(await post(url, { policy: loopback, resolve: dns.resolve }), url).toMatchObject({ reason: 'policy' });
    }
    expect(receiver.connections()).toBe(0);
    expect(await post(receiver.url(), { policy: loopback })).toMatchObject({ outcome: 'delivered' });
    expect(receiver.connections()).toBe(1);
  });

  it('refuses localhost as the loopback name it is, before resolving it', async () => {
    const receiver = await startReceiver(answer(200), { alsoIpv6: true });
    const result = await post(`http://localhost:${receiver.port}/`, { policy: strict });
    expect(result).toMatchObject({ outcome: 'failed', reason: 'policy' });
    expect(result.error).toMatch(/^localhost is a loopback name: 127\.0\.0\.1 is loopback/);
    expect(receiver.connections()).toBe(0);
  });

  it('reports a name that does not resolve as a network failure', async () => {
    const dns = fakeDns({});
    const result = await post('http://nowhere.example/', { resolve: dns.resolve });
    expect(result).toMatchObject({ outcome: 'failed', reason: 'network' });
    expect(result.error).toMatch(/ENOTFOUND/);
  });
});
