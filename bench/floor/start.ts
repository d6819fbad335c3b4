import type { BenchMode } from '../kith-processes.ts';
import { spawnServer, type BenchProcess } from '../processes.ts';

const READY = /"port":(\d+)/;

/**
 * Starts the floor of `mode`, what the architecture costs without Kith's logic: embedded, one process with the
 * route and a PGlite lookup; distributed, an ingress and a worker doing Kith's request-reply over Kafka around a
 * PostgreSQL lookup, on topics under the run's prefix (deleted with Kith's at the end of the run).
 */
export async function startFloor(options: {
  mode: BenchMode;
  operation: string;
  services: Record<string, string>;
  topicPrefix: string | undefined;
  logDir: string;
  /** Flags for node itself (--cpu-prof), as Kith's processes get them. */
  nodeFlags: string[];
}): Promise<{ processes: BenchProcess[]; url: string }> {
  const { operation, logDir, nodeFlags } = options;
  if (options.mode === 'embedded') {
    const floor = await spawnServer({ name: 'floor', entry: 'bench/floor/embedded.ts', args: [operation], env: {}, logDir, nodeFlags, ready: READY });
    return { processes: [floor], url: `http://127.0.0.1:${floor.port}` };
  }
  const env = { DATABASE_URL: options.services.DATABASE_URL!, KAFKA_BROKERS: options.services.KAFKA_BROKERS!, FLOOR_TOPIC_PREFIX: options.topicPrefix! };
  const worker = await spawnServer({ name: 'floor-worker', entry: 'bench/floor/distributed-worker.ts', env, logDir, nodeFlags, ready: READY });
  const ingress = await spawnServer({ name: 'floor-ingress', entry: 'bench/floor/distributed-ingress.ts', args: [operation], env, logDir, nodeFlags, ready: READY });
  return { processes: [ingress, worker], url: `http://127.0.0.1:${ingress.port}` };
}
