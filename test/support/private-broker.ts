import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './processes.ts';

const run = promisify(execFile);

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type PrivateBroker = {
  /** `host:port`, for KAFKA_BROKERS. */
  brokers: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its data directory. */
  remove(): Promise<void>;
};

/**
 * A Kafka broker of a test's own, under a services directory and ports of its own, stopped and started at
 * will: the shared broker must keep serving the test files running beside it, so it is never the one stopped.
 */
export async function startPrivateBroker(name: string): Promise<PrivateBroker> {
  const servicesDir = await mkdtemp(join(tmpdir(), `kith-${name}-`));
  const [port, controllerPort] = [await freePort(), await freePort()];
  const env = { ...process.env, KITH_SERVICES_DIR: servicesDir, KITH_KAFKA_PORT: String(port), KITH_KAFKA_CONTROLLER_PORT: String(controllerPort) };
  const script = `${repoRoot}deploy/services/kafka.sh`;
  const broker: PrivateBroker = {
    brokers: `127.0.0.1:${port}`,
    start: async () => void (await run('bash', [script, 'start'], { env, timeout: 120_000 })),
    stop: async () => void (await run('bash', [script, 'stop'], { env, timeout: 60_000 })),
    async remove() {
      await broker.stop().catch(() => {});
      await rm(servicesDir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}
