import type { Consumer } from '../../adapters/bus/port.ts';
import type { Logger } from '../../adapters/logger.ts';

/**
 * Runs `work` now and every `everyMs`, one run at a time (a run still going when the next is due is not doubled);
 * a failure is logged with `failure` and tried again at the next. `stop` waits for the run under way.
 */
export function startPeriodic(work: () => Promise<void>, options: { everyMs: number; log: Logger; failure: string }): Consumer {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work()
      .catch((error: unknown) => options.log.warn({ err: error }, options.failure))
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, options.everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
