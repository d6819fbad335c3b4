import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** How many generated persons and companies the demo loads, and from which seed (the README's examples are the first). */
export const DEMO_DATA = { persons: { count: 1000, seed: 1 }, companies: { count: 1000, seed: 1 } };

/** What the demo's start-up message offers to look up: the first person and company generated. */
export type DemoExamples = { persons: number; personEmail: string; companies: number; companyDomain: string; companyName: string };

/** The child's entry: compiled to .js beside this file by the build, run through tsx from the sources. */
const ENTRY = fileURLToPath(new URL('./demo-data-main.ts', import.meta.url));

/**
 * Generates the demo's persons and companies into `dir` (persons.ndjson, companies.ndjson) in a child process.
 * The generators (faker and its locales) stay loaded in whatever process imports them, about 15 MB of an idle
 * embedded Kith for data it loads once; in a child they go when it exits.
 */
export async function generateDemoData(dir: string): Promise<{ persons: string; companies: string; examples: DemoExamples }> {
  const loader = ENTRY.endsWith('.ts') ? ['--import', 'tsx'] : [];
  try {
    const { stdout } = await run(process.execPath, [...loader, ENTRY, dir], { maxBuffer: 1 << 20 });
    return { persons: join(dir, 'persons.ndjson'), companies: join(dir, 'companies.ndjson'), examples: JSON.parse(stdout) as DemoExamples };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`could not generate the demo data${stderr ? `: ${stderr}` : ''}`, { cause: error });
  }
}
