/**
 * The ways Kith runs, each of which must pass the same contract suite: embedded (PGlite) and with a real
 * PostgreSQL. The Kafka pipeline adds the distributed mode.
 */
export const MODES = ['embedded', 'postgres'] as const;
export type Mode = (typeof MODES)[number];

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the global setup starts PostgreSQL');
  return url;
}
