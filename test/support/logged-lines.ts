import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../adapters/logger.ts';

/** Kith's logger at `level`, with every line it writes kept, parsed. */
export function loggedLines(level = 'info'): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger(level, sink), lines };
}
