import { lookup as systemLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { inNetwork, parseNetwork, type Address, type Network } from '../../domain/networks.ts';

/**
 * One webhook POST, guarded against server-side request forgery: only http and https, no credentials in the
 * URL, no redirects followed, and no connection to a non-public address unless the operator allowed its
 * network. Host names are checked when the socket connects, on the very addresses it connects to, so a name
 * that changes its address between a check and the connection (DNS rebinding) gains nothing.
 */

export const WEBHOOK_USER_AGENT = 'Kith-Webhooks/1.0';
export const DEFAULT_DELIVERY_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

type RefusedRange = Network & { label: string };

function refused(label: string, cidrs: readonly string[]): RefusedRange[] {
  return cidrs.map((cidr) => ({ cidr, label, range: ipaddr.parseCIDR(cidr) }));
}

// First match names the reason. IANA's special-purpose registries and the ranges svix-server refuses.
const REFUSED_IPV4: readonly RefusedRange[] = [
  ...refused('"this network" (unspecified)', ['0.0.0.0/8']),
  ...refused('private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16']),
  ...refused('shared address space (CGNAT)', ['100.64.0.0/10']),
  ...refused('loopback', ['127.0.0.0/8']),
  ...refused('link-local (cloud metadata lives here)', ['169.254.0.0/16']),
  ...refused('reserved for IETF protocol assignments', ['192.0.0.0/24']),
  ...refused('documentation', ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24']),
  ...refused('the deprecated 6to4 relay anycast', ['192.88.99.0/24']),
  ...refused('benchmarking', ['198.18.0.0/15']),
  ...refused('multicast', ['224.0.0.0/4']),
  ...refused('broadcast', ['255.255.255.255/32']),
  ...refused('reserved', ['240.0.0.0/4']),
];

// IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) addresses are judged as the IPv4 address they carry.
const REFUSED_IPV6: readonly RefusedRange[] = [
  ...refused('unspecified', ['::/128']),
  ...refused('loopback', ['::1/128']),
  ...refused('IPv4-compatible (deprecated)', ['::/96']),
  ...refused('IPv4-translated', ['::ffff:0:0:0/96']),
  ...refused('discard-only', ['100::/64']),
  ...refused('NAT64 local use', ['64:ff9b:1::/48']),
  ...refused('reserved for IETF protocol assignments (Teredo, benchmarking, ORCHID)', ['2001::/23']),
  ...refused('documentation', ['2001:db8::/32', '3fff::/20']),
  ...refused('6to4 (deprecated)', ['2002::/16']),
  ...refused('SRv6 segment identifiers', ['5f00::/16']),
  ...refused('unique local (private)', ['fc00::/7']),
  ...refused('link-local', ['fe80::/10']),
  ...refused('site-local (deprecated)', ['fec0::/10']),
  ...refused('multicast', ['ff00::/8']),
];
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');
const NAT64_PREFIX = ipaddr.parseCIDR('64:ff9b::/96');

/** The address an IPv6 address stands for when it carries an IPv4 one; otherwise the address itself. */
function effective(address: Address): Address {
  if (address.kind() === 'ipv4') return address;
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  if (v6.match(NAT64_PREFIX)) {
    const [high = 0, low = 0] = v6.parts.slice(6);
    return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  return v6;
}

/**
 * Which addresses webhooks may reach: every public address, plus the networks the operator allows, in CIDR
 * notation or as single addresses (a private receiver, or `127.0.0.1/32` in tests).
 */
export type NetworkPolicy = { readonly allowedNetworks: readonly string[] };

const parsedNetworks = new WeakMap<readonly string[], readonly Network[]>();

function allowedRanges(policy: NetworkPolicy): readonly Network[] {
  let networks = parsedNetworks.get(policy.allowedNetworks);
  if (networks === undefined) {
    networks = policy.allowedNetworks.map(parseNetwork);
    parsedNetworks.set(policy.allowedNetworks, networks);
  }
  return networks;
}

/**
 * Throws a RangeError naming the first allowed network that is not one (`10.0.0.0/33`, `10.0.0.5/8`, `foo`).
 * Call it at start-up: a policy is otherwise checked when first used, and a bad one fails every check.
 */
export function checkNetworkPolicy(policy: NetworkPolicy): void {
  allowedRanges(policy);
}

/** Why a connection to `address` is refused, or undefined when it may be made. */
export function addressRefusal(address: string, policy: NetworkPolicy): string | undefined {
  const allowed = allowedRanges(policy);
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const target = effective(ipaddr.parse(address));
  if (allowed.some((network) => inNetwork(target, network.range))) return undefined;
  const shown = target.toString() === address ? address : `${address} (${target.toString()})`;
  const ranges = target.kind() === 'ipv4' ? REFUSED_IPV4 : REFUSED_IPV6;
  const hit = ranges.find((range) => inNetwork(target, range.range));
  if (hit) return `${shown} is ${hit.label} (${hit.cidr})`;
  if (target.kind() === 'ipv6' && !inNetwork(target, GLOBAL_UNICAST_IPV6)) {
    return `${shown} is reserved (outside global unicast 2000::/3)`;
  }
  return undefined;
}

function bareHost(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

/** The addresses a loopback name stands for; a resolver may answer either. */
const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'] as const;

/**
 * Whether `host` (lower-cased, as the URL parser leaves it) names this machine whatever DNS says: `localhost` and
 * every name under it (RFC 6761), and the old `localhost.localdomain`, with or without the root's trailing dot.
 */
function isLoopbackName(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  return name === 'localhost' || name.endsWith('.localhost') || name === 'localhost.localdomain';
}

/** Why a host that is no IP address is refused before it is resolved: only a loopback name can be. */
function nameRefusal(host: string, policy: NetworkPolicy): string | undefined {
  if (!isLoopbackName(host)) return undefined;
  const refusal = LOOPBACK_ADDRESSES.map((address) => addressRefusal(address, policy)).find((found) => found !== undefined);
  return refusal && `${host} is a loopback name: ${refusal}`;
}

/**
 * Why `url` may not receive webhooks, as far as that can be known without resolving it, or undefined when
 * delivery may be attempted. Synchronous, for request validation (400). Refuses a malformed URL, a scheme
 * other than http and https, credentials in the URL, and a literal address the policy refuses; decimal, octal
 * and hex IPv4 forms (`http://2130706433/`, `http://0x7f.1/`) are normalised by the URL parser first.
 * Loopback names (`localhost`, `*.localhost`) are judged as the loopback addresses they stand for; other host
 * names are checked at delivery, when they are resolved.
 */
export function refusedUrl(url: string, policy: NetworkPolicy): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a valid URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `the ${parsed.protocol.slice(0, -1)} scheme is not allowed: only http and https`;
  }
  if (parsed.username !== '' || parsed.password !== '') return 'credentials in the URL are not allowed';
  const host = bareHost(parsed.hostname);
  if (host === '') return 'the URL has no host';
  return isIP(host) === 0 ? nameRefusal(host, policy) : addressRefusal(host, policy);
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to. */
export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

const resolveWithSystem: ResolveHost = async (hostname) => {
  const addresses = await systemLookup(hostname, { all: true });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  readonly code = 'ERR_KITH_ADDRESS_REFUSED';
}

/**
 * The `lookup` the socket calls just before it connects. It refuses the name when ANY of its addresses is
 * refused (svix drops those and keeps the rest): a name that mixes public and private answers is a rebinding
 * setup more often than a real receiver, and trying the "good" one first would let the socket fall back to the
 * other. The socket only ever connects to addresses returned here.
 */
function guardedLookup(policy: NetworkPolicy, resolve: ResolveHost): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        for (const { address } of addresses) {
          const refusal = addressRefusal(address, policy);
          if (refusal !== undefined) {
            callback(new RefusedAddressError(`${hostname} resolves to ${refusal}`), '', 0);
            return;
          }
        }
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = family === 4 || family === 6 ? addresses.filter((entry) => entry.family === family) : addresses;
        const first = usable[0];
        if (first === undefined) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
        } else if (options.all) {
          callback(null, usable.map((entry) => ({ address: entry.address, family: entry.family })));
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

export type DeliveryRequest = {
  url: string;
  /** The JSON body, sent as UTF-8. */
  body: string;
  /** Extra headers (the signature headers). Content-Type, User-Agent, Host and Content-Length are set here. */
  headers: Readonly<Record<string, string>>;
};

export type DeliveryOptions = {
  policy: NetworkPolicy;
  /** The whole attempt: connecting, sending, the response headers and the kept part of the body. */
  timeoutMs?: number;
  /** Bytes of the response body kept; the rest is not read. */
  maxResponseBytes?: number;
  /** How host names are resolved; the system resolver by default. Tests inject one. */
  resolve?: ResolveHost;
};

/** Why an attempt failed: the receiver's status, no answer in time, a network error, or the network policy. */
export type FailureReason = 'status' | 'timeout' | 'network' | 'policy';

/**
 * One attempt, serialisable as it is (an attempt row). `status` is there whenever the receiver answered;
 * `reason` and `error` only on `failed`; `retryAfter` only on a failed status that carried the header.
 */
export type AttemptResult = {
  outcome: 'delivered' | 'failed' | 'gone';
  reason?: FailureReason;
  status?: number;
  retryAfter?: string;
  latencyMs: number;
  error?: string;
  responseSnippet?: string;
};

// Set from the URL and the body by node; a caller's value could only contradict them.
const OWN_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

function callerHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())));
}

type Received = { status: number; retryAfter: string | undefined; location: string | undefined };

function fromResponse(received: Received, snippet: string, latencyMs: number): AttemptResult {
  const { status, retryAfter, location } = received;
  if (status >= 200 && status < 300) return { outcome: 'delivered', status, latencyMs, responseSnippet: snippet };
  if (status === 410) return { outcome: 'gone', status, latencyMs, responseSnippet: snippet };
  const error =
    status >= 300 && status < 400
      ? `redirect (${status}) not followed${location === undefined ? '' : `: Location ${location.slice(0, 200)}`}`
      : `the receiver answered ${status}`;
  return {
    outcome: 'failed',
    reason: 'status',
    error,
    latencyMs,
    status,
    ...(retryAfter === undefined ? {} : { retryAfter }),
    responseSnippet: snippet,
  };
}

const agents = new WeakMap<NetworkPolicy, { http: http.Agent; https: https.Agent }>();

/**
 * The agents keeping connections to receivers open between attempts (a new TCP and TLS handshake per webhook
 * cost the delivery worker more than the POST). One pair per policy: a connection is reused only under the
 * policy that checked its address when it was opened, and it stays with that address, so a host name that
 * changes its address later (DNS rebinding) still gains nothing.
 */
function keptAliveAgent(policy: NetworkPolicy, secure: boolean): http.Agent {
  let pair = agents.get(policy);
  if (pair === undefined) {
    const options = { keepAlive: true, scheduling: 'lifo' as const, timeout: IDLE_CONNECTION_MS };
    pair = { http: new http.Agent(options), https: new https.Agent(options) };
    agents.set(policy, pair);
  }
  return secure ? pair.https : pair.http;
}

/** A connection left idle this long is closed. */
const IDLE_CONNECTION_MS = 30_000;

/**
 * POST the body to the URL once. 2xx is `delivered`, 410 is `gone` (stop sending to this URL), anything else,
 * including a redirect, is `failed`; so are a timeout, a network error and an address the policy refuses.
 * The outcome is settled by the status line: a body that stops or stalls afterwards shortens the snippet only.
 * Whatever the receiver or the network does is a result; it rejects only on a caller's mistake (an allowed
 * network that is not one, a header value with a line break).
 */
export async function deliverOnce(request: DeliveryRequest, options: DeliveryOptions): Promise<AttemptResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const refusal = refusedUrl(request.url, options.policy);
  if (refusal !== undefined) return { outcome: 'failed', reason: 'policy', error: refusal, latencyMs: 0 };

  const url = new URL(request.url);
  const body = Buffer.from(request.body, 'utf8');
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const secure = url.protocol === 'https:';
  const send = secure ? https.request : http.request;

  // A kept connection that the receiver closed meanwhile fails before any answer, the POST not received: it goes
  // again at once, on a new connection. (A receiver that did get it drops the repeat by its webhook-id.)
  const first = await post(keptAliveAgent(options.policy, secure));
  return first.keptConnectionBroke ? (await post(false)).result : first.result;

  function post(agent: http.Agent | false) {
    return new Promise<{ result: AttemptResult; keptConnectionBroke: boolean }>((resolve) => {
      let settled = false;
      let received: Received | undefined;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      const snippet = () => Buffer.concat(kept).toString('utf8');

      const req = send({
        method: 'POST',
        hostname: bareHost(url.hostname),
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: {
          ...callerHeaders(request.headers),
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'content-length': String(body.length),
        },
        agent,
        lookup: guardedLookup(options.policy, options.resolve ?? resolveWithSystem),
      });
      /** An answer read to its end leaves its connection to the agent, for the next attempt; any other is closed. */
      const finish = (result: AttemptResult, answeredInFull = false, keptConnectionBroke = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (!answeredInFull) req.destroy();
        resolve({ result, keptConnectionBroke });
      };
      const timer = setTimeout(() => {
        finish(
          received === undefined
            ? { outcome: 'failed', reason: 'timeout', error: `no response within ${timeoutMs} ms`, latencyMs: elapsed() }
            : fromResponse(received, snippet(), elapsed()),
        );
      }, timeoutMs);

      req.on('error', (error: NodeJS.ErrnoException) => {
        if (received !== undefined) return finish(fromResponse(received, snippet(), elapsed()));
        const policy = error instanceof RefusedAddressError;
        const keptConnectionBroke = req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        finish(
          {
            outcome: 'failed',
            reason: policy ? 'policy' : 'network',
            error: policy || error.code === undefined ? error.message : `${error.code}: ${error.message}`,
            latencyMs: elapsed(),
          },
          false,
          keptConnectionBroke,
        );
      });
      req.on('response', (res) => {
        const retryAfter = res.headers['retry-after'];
        received = { status: res.statusCode ?? 0, retryAfter, location: res.headers.location };
        const done = (answeredInFull = false) => finish(fromResponse(received!, snippet(), elapsed()), answeredInFull);
        res.on('error', () => done());
        res.on('end', () => done(true));
        res.on('data', (chunk: Buffer) => {
          const room = maxResponseBytes - keptBytes;
          if (room > 0) {
            kept.push(chunk.subarray(0, room));
            keptBytes += Math.min(room, chunk.length);
          }
          if (keptBytes >= maxResponseBytes) done();
        });
        if (maxResponseBytes === 0) done();
      });
      req.end(body);
    });
  }
}
