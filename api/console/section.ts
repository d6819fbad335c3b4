import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../adapters/clock.ts';
import type { ConsoleEnv } from './env.ts';

/** What every signed-in section of the console gets: the clock, and the guard its routes run behind. */
export type SectionOptions = {
  clock: Clock;
  /** A live session, then the CSRF check of POSTs. */
  signedIn: readonly [MiddlewareHandler<ConsoleEnv>, MiddlewareHandler<ConsoleEnv>];
};

/**
 * The fixed notices a page shows after a POST redirected to it with `?done=<what>` (never text from the query,
 * nor a property every object inherits, such as `constructor`).
 */
export const noticeOf = (notices: Record<string, string>, done: string | undefined) =>
  done !== undefined && Object.hasOwn(notices, done) ? notices[done] : undefined;
