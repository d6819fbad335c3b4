import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** One server process the benchmark started: a Kith role or the baseline. */
export type BenchProcess = {
  name: string;
  child: ChildProcess;
  pid: number;
  /** Where its stdout and stderr go: a file, so that logging costs the load generator nothing. */
  logFile: string;
  /** Resolves with the exit code (or the signal's name) once it has stopped; SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<number | string | null>;
};

const live = new Set<BenchProcess>();

export type SpawnOptions = {
  name: string;
  /** An entry file, relative to the repository root: TypeScript (run through tsx) or compiled JavaScript. */
  entry: string;
  args?: string[];
  env: Record<string, string>;
  logDir: string;
  /** Flags for node itself, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** Matched against the log; the first capture group is the port it listens on. */
  ready: RegExp;
  timeoutMs?: number;
};

/**
 * Runs `node <entry>`, with `--import tsx` for a TypeScript entry (the loader `npm start` uses), never through
 * a wrapper process, so that the pid sampled for RSS and CPU is the process that serves.
 */
export async function spawnServer(options: SpawnOptions): Promise<BenchProcess & { port: number }> {
  const logFile = join(options.logDir, `${options.name}.log`);
  const fd = openSync(logFile, 'w');
  const loader = options.entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...loader, options.entry, ...(options.args ?? [])], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const proc: BenchProcess = {
    name: options.name,
    child,
    pid: child.pid!,
    logFile,
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const code = await exited;
        clearTimeout(timer);
        live.delete(proc);
        return code;
      }
      live.delete(proc);
      return exited;
    },
  };
  live.add(proc);

  const logName = relative(repoRoot, logFile);
  const port = await new Promise<number>((resolve, reject) => {
    const deadline = Date.now() + (options.timeoutMs ?? 60_000);
    const look = () => {
      const match = options.ready.exec(readFileSync(logFile, 'utf8'));
      if (match) return resolve(Number(match[1]));
      if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`${options.name} exited before it was ready; see ${logName}`));
      if (Date.now() > deadline) return reject(new Error(`${options.name} was not ready in time; see ${logName}`));
      setTimeout(look, 100);
    };
    look();
  });
  return { ...proc, port };
}

/** Stops every process still running: the normal end, a failure and Ctrl-C all come through here. */
export async function stopAll(): Promise<Record<string, number | string | null>> {
  const running = [...live];
  const codes = await Promise.all(running.map((proc) => proc.stop()));
  return Object.fromEntries(running.map((proc, i) => [proc.name, codes[i] ?? null]));
}

/** Runs a command to its end and returns its stdout; rejects with its stderr on a non-zero exit. */
export function runCommand(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${stderr}`))));
  });
}
