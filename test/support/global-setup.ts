import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** schemathesis for test/fuzz/, pinned: its checks and CLI flags change between versions. */
export const SCHEMATHESIS_VERSION = '4.32.5';
/** kubernetes-validate for test/deploy/, pinned: it carries the Kubernetes schemas it checks against, offline. */
export const KUBERNETES_VALIDATE_VERSION = '1.37.0';

const pipInstall = (...packages: string[]) =>
  execFileSync(
    'python3',
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--root-user-action=ignore', ...packages],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );

/** The official Python client, for the conformance suite under test/clients/, schemathesis and kubernetes-validate. */
function ensurePythonPackages() {
  try {
    execFileSync('python3', ['-c', 'import fullcontact'], { stdio: 'ignore' });
  } catch {
    pipInstall('python-fullcontact');
  }
  try {
    execFileSync('python3', ['-c', `import schemathesis, sys; sys.exit(schemathesis.__version__ != '${SCHEMATHESIS_VERSION}')`], { stdio: 'ignore' });
  } catch {
    pipInstall(`schemathesis==${SCHEMATHESIS_VERSION}`);
  }
  try {
    execFileSync('python3', ['-c', `import kubernetes_validate, sys; sys.exit(kubernetes_validate.__version__ != '${KUBERNETES_VALIDATE_VERSION}')`], { stdio: 'ignore' });
  } catch {
    pipInstall(`kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`);
  }
}

/** Debian's Chromium for test/browser/ (deploy/services/chromium.sh installs it when missing). */
const ensureChromium = () => execFileSync('bash', [`${repoRoot}deploy/services/chromium.sh`], { stdio: ['ignore', 'inherit', 'inherit'] });

/** The variables each service's `env` prints, and the deploy script that starts it. */
const SERVICES = [
  { name: 'postgres', variable: 'DATABASE_URL' },
  { name: 'kafka', variable: 'KAFKA_BROKERS' },
  { name: 'clickhouse', variable: 'CLICKHOUSE_URL' },
] as const;

/**
 * Integration tests run against a real PostgreSQL 15, Apache Kafka and ClickHouse. Those whose variable is not set are
 * started from deploy/ (installing what is missing), so `npm test` works on a fresh machine; so are the Python
 * packages and the browser some suites drive.
 */
export default function setup() {
  // Suites share one PostgreSQL: a match model trained on one suite's persons would change the weights every
  // other suite's answers come from. Kith processes the tests start inherit this; a suite testing training sets it.
  process.env.KITH_MATCH_TRAINING ??= 'manual';
  ensurePythonPackages();
  ensureChromium();
  const missing = SERVICES.filter((service) => !process.env[service.variable]);
  if (missing.length === 0) return;
  const names = missing.map((service) => service.name);
  const env = execFileSync('bash', [`${repoRoot}deploy/services/all.sh`, 'start', ...names], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for (const service of missing) {
    const value = new RegExp(`${service.variable}=(\\S+)`).exec(env)?.[1];
    if (!value) throw new Error(`deploy/services/all.sh printed no ${service.variable}: ${env}`);
    process.env[service.variable] = value;
  }
}
