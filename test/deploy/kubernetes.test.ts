import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadServerConfig } from '../../adapters/config.ts';
import { workerSubscriptions } from '../../composition/metrics.ts';
import { topicNames, WORKER_NAMES } from '../../schemas/events/topics.ts';
import { repoRoot, runProcess } from '../support/processes.ts';

const FOLDER = join(repoRoot, 'deploy/kubernetes');
/** The oldest Kubernetes the manifests are for (the preStop sleep action is on by default from 1.30), and the newest the validator knows. */
const KUBERNETES_VERSIONS = ['1.30.0', '1.37.0'];
/** Custom resources the validator has no schema for: checked below, against the code, instead. */
const KEDA_WARNING = /^WARN \S+ Couldn't find schema for kind ScaledObject with api version keda\.sh\/v1alpha1 /;

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; data?: Record<string, string>; stringData?: Record<string, string> };

async function manifestFiles(): Promise<string[]> {
  const entries = await readdir(FOLDER, { recursive: true });
  // kustomization.yaml is kustomize's, not a resource of the cluster: checked on its own below.
  return entries.filter((entry) => entry.endsWith('.yaml') && entry !== 'kustomization.yaml').sort();
}

/** Every document of the files, as JSON, read by PyYAML (which the validator brings along). */
async function load(files: string[]): Promise<Manifest[]> {
  const script = 'import json, sys, yaml; print(json.dumps([d for f in sys.argv[1:] for d in yaml.safe_load_all(open(f)) if d]))';
  const result = await runProcess('python3', ['-c', script, ...files.map((file) => join(FOLDER, file))], {});
  if (result.code !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as Manifest[];
}

const KafkaTrigger = z.strictObject({
  type: z.literal('kafka'),
  metadata: z.strictObject({
    bootstrapServers: z.string(),
    consumerGroup: z.string(),
    topic: z.string(),
    lagThreshold: z.string().regex(/^\d+$/),
    offsetResetPolicy: z.literal('earliest'),
  }),
});
const PostgresTrigger = z.strictObject({
  type: z.literal('postgresql'),
  metadata: z.strictObject({ connectionFromEnv: z.literal('DATABASE_URL'), query: z.string(), targetQueryValue: z.string().regex(/^\d+$/) }),
});
/** The part of KEDA's ScaledObject these manifests use, strictly: a misspelt field fails here as the validator would. */
const ScaledObject = z.strictObject({
  apiVersion: z.literal('keda.sh/v1alpha1'),
  kind: z.literal('ScaledObject'),
  metadata: z.strictObject({ name: z.string(), namespace: z.literal('kith') }),
  spec: z.strictObject({
    scaleTargetRef: z.strictObject({ name: z.string() }),
    minReplicaCount: z.number().int().min(1),
    maxReplicaCount: z.number().int(),
    pollingInterval: z.number().int(),
    cooldownPeriod: z.number().int(),
    advanced: z.strictObject({
      horizontalPodAutoscalerConfig: z.strictObject({
        behavior: z.strictObject({ scaleDown: z.strictObject({ stabilizationWindowSeconds: z.number().int() }) }),
      }),
    }),
    triggers: z.array(z.union([KafkaTrigger, PostgresTrigger])).min(1),
  }),
});

describe('deploy/kubernetes', () => {
  let files: string[];
  let manifests: Manifest[];
  beforeAll(async () => {
    files = await manifestFiles();
    manifests = await load(files);
  });
  const named = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);
  const config = () => named('ConfigMap', 'kith-config')!.data!;

  it.each(KUBERNETES_VERSIONS)('passes kubernetes-validate --strict for Kubernetes %s, offline, KEDA resources aside', async (version) => {
    const result = await runProcess('python3', ['-m', 'kubernetes_validate', '--strict', '--kubernetes-version', version, ...files.map((file) => join(FOLDER, file))], {});
    const lines = `${result.stdout}\n${result.stderr}`.split('\n').filter(Boolean);
    const problems = lines.filter((line) => !line.startsWith('INFO ') && !KEDA_WARNING.test(line));
    expect(problems, lines.join('\n')).toEqual([]);
    expect(result.code, lines.join('\n')).toBe(0);
    expect(lines.filter((line) => KEDA_WARNING.test(line))).toHaveLength(WORKER_NAMES.length);
  });

  it('lists every manifest in kustomization.yaml', async () => {
    const [kustomization] = (await load(['kustomization.yaml'])) as unknown as { resources: string[] }[];
    expect([...kustomization!.resources].sort()).toEqual(files);
  });

  it('gives Kith a configuration it starts with', () => {
    const secret = named('Secret', 'kith-secrets')!.stringData!;
    const loaded = loadServerConfig({ ...config(), ...secret });
    expect(loaded.kafkaBrokers?.length).toBeGreaterThan(0);
    expect(loaded.metricsPort).toBe(9464);
    expect(loaded.databaseUrl).toMatch(/^postgres:/);
  });

  it('runs the ingress and every worker role, each probed on its health routes, with resources and /metrics scraped', () => {
    const deployments = manifests.filter((m) => m.kind === 'Deployment');
    const roles = deployments.map((d) => d.spec.template.spec.containers[0].env.find((e: { name: string }) => e.name === 'KITH_ROLES').value);
    expect(roles.sort()).toEqual(['ingress', ...WORKER_NAMES.map((name) => `worker:${name}`)].sort());
    for (const deployment of deployments) {
      const container = deployment.spec.template.spec.containers[0];
      expect(container.livenessProbe.httpGet.path, deployment.metadata.name).toBe('/healthz');
      expect(container.readinessProbe.httpGet.path, deployment.metadata.name).toBe('/readyz');
      expect(Object.keys(container.resources).sort()).toEqual(['limits', 'requests']);
      expect(container.envFrom.map((source: Record<string, { name: string }>) => Object.values(source)[0]!.name)).toEqual(['kith-config', 'kith-secrets']);
      const annotations = deployment.spec.template.metadata.annotations;
      expect(annotations['prometheus.io/port']).toBe(config().KITH_METRICS_PORT);
      expect(container.ports.find((port: { name: string }) => port.name === 'metrics').containerPort).toBe(Number(config().KITH_METRICS_PORT));
      expect(deployment.spec.replicas, 'the autoscaler owns the count').toBeUndefined();
    }
  });

  it('serves the ingress through its Service and scales it on CPU', () => {
    const ingress = named('Deployment', 'kith-ingress')!;
    const service = named('Service', 'kith')!;
    expect(ingress.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    expect(service.spec.ports.map((port: { targetPort: string }) => port.targetPort)).toEqual(['http']);
    const hpa = named('HorizontalPodAutoscaler', 'kith-ingress')!;
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'kith-ingress' });
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
  });

  it("scales every worker with KEDA on the lag of the very groups and topics its code consumes", () => {
    const topics = topicNames(config().KITH_TOPIC_PREFIX!);
    for (const name of WORKER_NAMES) {
      const scaled = ScaledObject.parse(named('ScaledObject', `kith-worker-${name}`));
      expect(named('Deployment', scaled.spec.scaleTargetRef.name), name).toBeDefined();
      expect(scaled.spec.maxReplicaCount).toBeLessThanOrEqual(Number(config().KITH_TOPIC_PARTITIONS));
      const kafka = scaled.spec.triggers.flatMap((trigger) => (trigger.type === 'kafka' ? [trigger.metadata] : []));
      expect(kafka.map(({ consumerGroup, topic }) => ({ group: consumerGroup, topic })), name).toEqual(workerSubscriptions(name, topics));
      for (const trigger of kafka) expect(trigger.bootstrapServers).toBe(config().KAFKA_BROKERS);
    }
    expect(manifests.filter((m) => m.kind === 'ScaledObject')).toHaveLength(WORKER_NAMES.length);
  });
});
