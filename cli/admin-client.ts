import { readAdminToken } from '../adapters/admin-token.ts';
import type { CliConfig } from '../adapters/config.ts';

export class CliError extends Error {
  override name = 'CliError';
}

export type AdminClient = {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
};

/**
 * Talks to a running Kith's /admin/ API, so the CLI works while the embedded server holds the database: at KITH_URL,
 * or on the admin listener that KITH_ADMIN_PORT (and KITH_ADMIN_HOST) name, read as the server reads them.
 */
export async function adminClient(config: CliConfig): Promise<AdminClient> {
  const token = config.adminToken ?? (await readAdminToken(config.dataDir));
  if (!token) {
    throw new CliError(
      `No admin token: set KITH_ADMIN_TOKEN, or KITH_DATA_DIR to the data directory of the server (${config.dataDir} has none)`,
    );
  }
  /** A server that serves /admin/ on a port of its own answers on KITH_URL as if it had none. */
  const hint = (status: number, payload: { message?: string }) =>
    status === 404 && config.adminUrlFrom === 'KITH_URL' && payload.message?.startsWith('No such endpoint')
      ? ' (when the server serves /admin/ on a port of its own, set KITH_ADMIN_PORT, and KITH_ADMIN_HOST if it has one, as it has them)'
      : '';
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.adminUrl}/admin${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      const why = (error as Error).message;
      throw new CliError(`Cannot reach Kith's admin API at ${config.adminUrl} (${why}); is it running? (${config.adminUrlFrom})`);
    }
    const payload = (await response.json().catch(() => ({}))) as { message?: string };
    if (!response.ok) throw new CliError(`${response.status}: ${payload.message ?? response.statusText}${hint(response.status, payload)}`);
    return payload as T;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
  };
}
