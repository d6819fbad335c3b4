import { describe, expect, it } from 'vitest';
import { keyQueue } from './key-queue.ts';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyQueue', () => {
  it('runs one key in call order, other keys alongside', async () => {
    const run = keyQueue();
    const log: string[] = [];
    const job = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await tick(ms);
      log.push(`end ${name}`);
    };
    await Promise.all([run('a', job('a1', 30)), run('b', job('b1', 5)), run('a', job('a2', 1))]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('end b1')).toBeLessThan(log.indexOf('end a1'));
  });

  it('goes on with a key after a failure', async () => {
    const run = keyQueue();
    await expect(run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await run('a', async () => 'next')).toBe('next');
  });
});
