import { readFileSync } from 'node:fs';
import type { Logger } from '../adapters/logger.ts';

/** Whether process `pid` is npm, where /proc says (Linux); elsewhere, where pid 1 is never npm, false. */
function isNpm(pid: number): boolean {
  try {
    return /(^|[/\0 ])npm([\0 .]|-cli|$)/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return false;
  }
}

/** How often a Kith started by npm looks whether npm is still there. */
const PARENT_CHECK_MS = 1000;

/**
 * npm runs a script as its child (`exec` in package.json makes Kith that child, not a shell's) and passes on
 * SIGTERM and SIGINT, but a SIGKILL of npm reaches no one: Kith would go on, orphaned, holding the data
 * directory. So a Kith whose environment says npm started it stops as soon as its parent changes. Started
 * otherwise (a service manager, a container, `nohup`), it outlives whoever started it, as a server should.
 */
export function stopWithNpm(log: Logger, stop: () => void): void {
  if (!process.env['npm_lifecycle_event']) return;
  const parent = process.ppid;
  const gone = () => {
    log.warn({ parentPid: parent }, 'the npm process that started kith is gone: stopping');
    stop();
  };
  // Adopted by init already: npm died before this line ran (unless npm is itself pid 1, in a container).
  if (parent === 1 && !isNpm(1)) return gone();
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    gone();
  }, PARENT_CHECK_MS);
  timer.unref();
}

