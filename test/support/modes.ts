/**
 * The ways Kith runs, each of which must pass the same contract suite: embedded (PGlite and the embedded
 * bus, one process), postgres (a real PostgreSQL carrying the embedded bus, one process) and distributed
 * (PostgreSQL and Kafka, the ingress and the workers as separate processes, two ingress replicas).
 */
export const MODES = ['embedded', 'postgres', 'distributed'] as const;
export type Mode = (typeof MODES)[number];

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the global setup starts PostgreSQL');
  return url;
}
