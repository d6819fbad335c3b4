import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { method: string; url: string; headers: IncomingHttpHeaders; body: string; at: number };

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /** The status the next deliveries get (200 by default). */
  respondWith(status: number, headers?: Record<string, string>): void;
  /** From now on, never answer (a receiver that hangs)... */
  stall(): void;
  /** ...until this: later requests are answered again (those already held stay unanswered)... */
  resume(): void;
  /** ...unless this answers them, as a receiver that was only slow. */
  answerHeld(): void;
  /** Waits until this many requests have arrived, answered or not. */
  waitForConnections(count: number, timeoutMs?: number): Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  /** Waits for the delivery whose JSON body answers this request, however many others arrive before or after it. */
  waitForRequest(requestId: string, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
};

/** A real HTTP receiver on 127.0.0.1 that records every delivery, with a status the test can change. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let reply = { status: 200, headers: {} as Record<string, string> };
  let stalled = false;
  let arrived = 0;
  /** Requests that came while stalled, each as the function that would answer it. */
  let held: (() => void)[] = [];
  const server = createServer((request, response) => {
    arrived += 1;
    const answer = () => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        response.writeHead(reply.status, reply.headers).end();
      });
    };
    if (stalled) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    respondWith(status, headers = {}) {
      reply = { status, headers };
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
    },
    answerHeld() {
      const answers = held;
      held = [];
      for (const answer of answers) answer();
    },
    async waitForConnections(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (arrived < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${arrived}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received.slice(0, count);
    },
    async waitForRequest(requestId, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const answers = (webhook: ReceivedWebhook) => (JSON.parse(webhook.body) as { requestId?: unknown }).requestId === requestId;
      for (;;) {
        const delivery = received.find(answers);
        if (delivery) return delivery;
        if (Date.now() > deadline) throw new Error(`expected a webhook for request ${requestId}, got ${received.length} others`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
