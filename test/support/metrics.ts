/**
 * Reads one sample of Prometheus's text exposition format: the value of `name` with exactly these labels
 * (label order as written), 0 when the series is absent (a counter never incremented is not written).
 */
export function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(',');
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = (match[2] ?? '').split(/,(?=[a-zA-Z_]+=")/).filter(Boolean).sort().join(',');
    if (found === wanted) return Number(match[3]);
  }
  return 0;
}

/** Every label set `name` is written with. */
export function series(exposition: string, name: string): Record<string, string>[] {
  return exposition
    .split('\n')
    .flatMap((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)\{(.*)\} \S+$/.exec(line);
      if (!match || match[1] !== name) return [];
      return [Object.fromEntries([...match[2]!.matchAll(/([a-zA-Z_]+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!]))];
    });
}

/** GET /metrics of a running Kith. */
export async function scrape(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`);
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}`);
  return response.text();
}
