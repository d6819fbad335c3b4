import { runCommand } from './processes.ts';

/**
 * Starts the real services a run needs with the same script as the tests and CI (idempotent: running ones
 * are left alone and not stopped afterwards) and returns the environment they print (DATABASE_URL, ...).
 */
export async function startServices(names: readonly string[]): Promise<Record<string, string>> {
  if (names.length === 0) return {};
  const printed = await runCommand('bash', ['deploy/services/all.sh', 'start', ...names]);
  const env: Record<string, string> = {};
  for (const line of printed.split('\n')) {
    const match = /^export ([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}
