import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The official Python client, for the conformance suite under test/clients/. */
function ensurePythonClient() {
  try {
    execFileSync('python3', ['-c', 'import fullcontact'], { stdio: 'ignore' });
  } catch {
    execFileSync(
      'python3',
      ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--root-user-action=ignore', 'python-fullcontact'],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  }
}

/**
 * Integration tests run against a real PostgreSQL 15. When DATABASE_URL is not set, start the one from
 * deploy/ (installing it with apt when missing), so `npm test` works on a fresh machine.
 */
export default function setup() {
  ensurePythonClient();
  if (!process.env.DATABASE_URL) {
    const script = `${repoRoot}deploy/services/postgres.sh`;
    execFileSync('bash', [script, 'start'], { stdio: ['ignore', 'inherit', 'inherit'] });
    const env = execFileSync('bash', [script, 'env'], { encoding: 'utf8' });
    const url = /DATABASE_URL=(\S+)/.exec(env)?.[1];
    if (!url) throw new Error(`deploy/services/postgres.sh env printed no DATABASE_URL: ${env}`);
    process.env.DATABASE_URL = url;
  }
}
