import { readAdminToken } from '../adapters/admin-token.ts';
import type { CliConfig } from '../adapters/config.ts';

export class CliError extends Error {
  override name = 'CliError';
}

export type AdminClient = {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
};

/** Talks to a running Kith's /admin/ API, so the CLI works while the embedded server holds the database. */
export async function adminClient(config: CliConfig): Promise<AdminClient> {
  const token = config.adminToken ?? (await readAdminToken(config.dataDir));
  if (!token) {
    throw new CliError(
      `No admin token: set KITH_ADMIN_TOKEN, or KITH_DATA_DIR to the data directory of the server (${config.dataDir} has none)`,
    );
  }
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.url}/admin${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw new CliError(`Cannot reach Kith at ${config.url} (${(error as Error).message}); is it running? (KITH_URL)`);
    }
    const payload = (await response.json().catch(() => ({}))) as { message?: string };
    if (!response.ok) throw new CliError(`${response.status}: ${payload.message ?? response.statusText}`);
    return payload as T;
  }
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
  };
}
