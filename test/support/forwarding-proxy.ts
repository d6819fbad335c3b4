import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Linux routes the whole of 127.0.0.0/8 to the loopback interface: a test connection from 127.0.0.2 and one from
 * 127.0.0.3 reach a server on 127.0.0.1 as two clients with addresses of their own.
 */
export const loopbackClient = (n: number) => `127.0.0.${n}`;

export type Answered = { status: number; headers: IncomingHttpHeaders; body: string };

/** One HTTP request over a connection of its own from `localAddress`, as a client on that address would make it. */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answered> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}

export type ForwardingProxy = { url: string; close(): Promise<void> };

/**
 * A reverse proxy on 127.0.0.1 in front of `target`, as nginx with `proxy_set_header X-Forwarded-For
 * $proxy_add_x_forwarded_for` is: it forwards each request, its headers and body, appending the address of the
 * client it came from to whatever X-Forwarded-For the client sent, and connects to `target` from 127.0.0.1.
 */
export async function startForwardingProxy(target: string): Promise<ForwardingProxy> {
  const server = createServer((incoming, outgoing) => {
    const sent = incoming.headers['x-forwarded-for'];
    const client = incoming.socket.remoteAddress!;
    const headers = { ...incoming.headers, 'x-forwarded-for': sent ? `${String(sent)}, ${client}` : client };
    const forwarded = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers, localAddress: '127.0.0.1', agent: false },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
