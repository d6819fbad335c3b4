import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { localUrl } from '../../adapters/local-url.ts';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type KithProcess = {
  child: ChildProcess;
  url: string;
  /** Where /admin/ answers: `url` unless KITH_ADMIN_PORT gives it a listener of its own. */
  adminUrl: string;
  /** Kith's own pid, from its 'kith listening' line: `child.pid` unless a wrapper (npm) started it. */
  pid: number;
  output(): string;
  /** Resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

const npmStart = parseNpmStart();

/** `npm start`'s command from package.json (`[NAME=value …] exec node <flags> --import tsx main.ts`): node itself, so signals reach Kith directly. */
export const NPM_START = npmStart.nodeArgs;

/** `npm start`'s node flags, before its entry: the V8 settings of the embedded mode. */
export const NPM_START_FLAGS = NPM_START.slice(0, NPM_START.indexOf('--import'));

/** The variables `npm start` sets before node: the C library's settings of the embedded mode. */
export const NPM_START_ENV = npmStart.env;

function parseNpmStart(): { env: Record<string, string>; nodeArgs: string[] } {
  const { scripts } = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { scripts: { start: string } };
  const [, assignments, args] = /^((?:[A-Z_]+=\S+ )*)exec node ((?:\S+ )*--import tsx main\.ts)$/.exec(scripts.start) ?? [];
  if (assignments === undefined || args === undefined) {
    throw new Error(`npm start is not "[NAME=value …] exec node <flags> --import tsx main.ts": ${scripts.start}`);
  }
  const env = Object.fromEntries([...assignments.matchAll(/([A-Z_]+)=(\S+) /g)].map(([, name, value]) => [name!, value!]));
  return { env, nodeArgs: args.split(' ') };
}

/** The image's NODE_OPTIONS (deploy/Dockerfile): the V8 settings of the distributed processes. */
export function imageNodeOptions(): string[] {
  const dockerfile = readFileSync(`${repoRoot}deploy/Dockerfile`, 'utf8');
  const value = /^ENV NODE_OPTIONS=(.+)$/m.exec(dockerfile)?.[1];
  if (value === undefined) throw new Error('deploy/Dockerfile sets no NODE_OPTIONS');
  return value.trim().replace(/^"(.*)"$/, '$1').split(' ');
}

/**
 * Runs Kith as a real process, embedded unless `env` names a database or Kafka brokers (the test services'
 * variables are not inherited: an embedded Kith on the shared Kafka, under the default topic prefix, would take
 * other suites' requests): `npm start`'s command and variables, or node with `nodeArgs` (the compiled build's
 * entry, say).
 */
export async function startKithProcess(env: Record<string, string>, timeoutMs = 60_000, nodeArgs = NPM_START): Promise<KithProcess> {
  return startKithCommand(process.execPath, nodeArgs, { ...NPM_START_ENV, ...env }, timeoutMs);
}

/** `npm start` itself, as a user runs it: npm, then Kith as its child. */
export function startKithUnderNpm(env: Record<string, string>, timeoutMs = 60_000): Promise<KithProcess> {
  return startKithCommand('npm', ['start', '--silent'], env, timeoutMs);
}

async function startKithCommand(command: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<KithProcess> {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', KAFKA_BROKERS: '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  type Listening = { port: number; pid: number; adminPort?: number; adminHost?: string };
  const { port, pid, adminPort, adminHost } = await new Promise<Listening>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kith did not start in time:\n${output}`)), timeoutMs);
    const look = () => {
      const line = output.split('\n').find((text) => text.includes('"msg":"kith listening"') && text.endsWith('}'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as Listening);
      }
    };
    child.stdout!.on('data', look);
    child.on('exit', () => reject(new Error(`kith exited before listening:\n${output}`)));
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    adminUrl: adminPort === undefined ? `http://127.0.0.1:${port}` : localUrl(adminHost!, adminPort),
    pid,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}

export type ProcessResult = { code: number | null; stdout: string; stderr: string };

/** Runs a command to its end without blocking this process (in-process Kith servers keep answering). */
export function runProcess(command: string, args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the `kith` command (bin/kith.js) as a user would. */
export function runCli(args: string[], env: Record<string, string>): Promise<ProcessResult> {
  return runProcess(process.execPath, [`${repoRoot}bin/kith.js`, ...args], env);
}

export type ScriptProcess = {
  child: ChildProcess;
  output(): string;
  /** Resolves with the signal that ended the script (null when it exited by itself). */
  ended: Promise<NodeJS.Signals | null>;
};

/** Starts a TypeScript script of test/support/ as a process of its own (node itself, so a kill reaches it). */
export function startScript(script: string, args: string[]): ScriptProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', `${repoRoot}test/support/${script}`, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  return { child, output: () => output, ended };
}

/** Runs a script of test/support/ until it ends; resolves with its output and the signal that ended it. */
export async function runScriptToEnd(script: string, args: string[]): Promise<{ output: string; signal: NodeJS.Signals | null }> {
  const started = startScript(script, args);
  const signal = await started.ended;
  return { output: started.output(), signal };
}
