import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadServerConfig } from '../../adapters/config.ts';
import { createLogger } from '../../adapters/logger.ts';
import { startKith } from '../../main.ts';
import { KithClient } from './client.ts';
import { databaseUrl, type Mode } from './modes.ts';

export type TestKith = {
  mode: Mode;
  url: string;
  adminToken: string;
  client: KithClient;
  /** Every log line written so far, parsed. */
  logs(): Record<string, unknown>[];
  stop(): Promise<void>;
};

/** A Kith on 127.0.0.1:<free port> in this process, with its own data directory and captured logs. */
export async function startTestKith(mode: Mode, env: Record<string, string> = {}): Promise<TestKith> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kith-test-'));
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadServerConfig({
    PORT: '0',
    KITH_DATA_DIR: dataDir,
    KITH_DEMO: 'false',
    LOG_LEVEL: 'info',
    ...(mode === 'postgres' ? { DATABASE_URL: databaseUrl() } : {}),
    ...env,
  });
  const kith = await startKith(config, { log: createLogger('info', sink), announce: () => {} });
  return {
    mode,
    url: kith.url,
    adminToken: kith.adminToken,
    client: new KithClient([kith.url], kith.adminToken),
    logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    async stop() {
      await kith.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
