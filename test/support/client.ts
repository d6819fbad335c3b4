import { v3Operations, type V3OperationName } from '../../domain/operations.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies loosely
export type Answer<T = any> = { status: number; headers: Headers; body: T; text: string };

type CallOptions = { key?: string; headers?: Record<string, string>; query?: string; raw?: string };

/**
 * A typed client for tests. Every 200 from a v3 operation is checked against the operation's response
 * schema, so an answer that breaks its schema fails the test that received it.
 */
export class KithClient {
  private next = 0;

  /**
   * With several ingress replicas, requests go to each in turn; admin requests go to `adminUrls`, the admin
   * listeners when KITH_ADMIN_PORT gives /admin/ its own (the same addresses otherwise).
   */
  constructor(
    readonly urls: readonly string[],
    private readonly adminToken: string,
    readonly adminUrls: readonly string[] = urls,
  ) {}

  get url(): string {
    return this.urls[0]!;
  }

  async request<T = any>(method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}, urls = this.urls) {
    const base = urls[this.next++ % urls.length]!;
    const response = await fetch(`${base}${path}`, { method, headers: init.headers, body: init.body });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: the test sees the text
    }
    return { status: response.status, headers: response.headers, body: body as T, text } satisfies Answer<T>;
  }

  async v3<T = any>(operation: V3OperationName | string, body: unknown, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
    if (options.key) headers.Authorization = `Bearer ${options.key}`;
    const answer = await this.request<T>('POST', `/v3/${operation}${options.query ?? ''}`, {
      headers,
      body: options.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const spec = (v3Operations as Record<string, { response: { parse(value: unknown): unknown } }>)[operation];
    if (spec && answer.status === 200) spec.response.parse(answer.body);
    return answer;
  }

  admin<T = any>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
    return this.request<T>(
      method,
      `/admin${path}`,
      {
        headers: { Authorization: `Bearer ${this.adminToken}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      this.adminUrls,
    );
  }
}
