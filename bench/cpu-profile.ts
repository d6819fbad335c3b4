import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { repoRoot } from './processes.ts';

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};

export type ProfileSummary = {
  process: string;
  file: string;
  /** Sampled time that was not idle, in ms. */
  busyMs: number;
  /** Self time by where the code lives: a package, a Kith file, node internals, GC. Percent of busy time. */
  byModule: { module: string; percent: number }[];
  /** Self time by function. */
  byFunction: { fn: string; percent: number }[];
  /**
   * Self time charged to the nearest Kith function on the stack (a repository file outside node_modules):
   * which of our code the time in libraries is spent for. `(no Kith frame)` is time with none on the stack,
   * such as work a library queued and ran later (PGlite runs its queries that way).
   */
  byKithCaller: { fn: string; percent: number }[];
};

/** Where a frame's code lives: `pkg:<name>`, a repository path, `node:<internal>`, or V8's own buckets. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg:${pkg[1]}`;
  if (url.startsWith('node:')) return url;
  const path = url.replace(/^file:\/\//, '');
  return path.startsWith(repoRoot) ? path.slice(repoRoot.length) : path;
}

const top = (totals: Map<string, number>, busy: number, count: number) =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, percent: Math.round((us / busy) * 1000) / 10 }));

export function summarizeProfile(profile: CpuProfile, processName: string, file: string): ProfileSummary {
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byKithCaller = new Map<string, number>();
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const kithFrame = (id: number | undefined): string => {
    for (let at = id; at !== undefined; at = parents.get(at)) {
      // No line numbers: tsx's transpiled code has other lines than the source, and V8 reports those.
      const { url, functionName } = nodes.get(at)!.callFrame;
      const module = moduleOf(url, functionName);
      if (url.startsWith('file://') && !module.startsWith('pkg:') && !module.startsWith('/')) return `${functionName || '(anonymous)'} ${module}`;
    }
    return '(no Kith frame)';
  };
  let busy = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (us === 0 || functionName === '(idle)') continue;
    busy += us;
    const module = moduleOf(url, functionName);
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    const fn = `${functionName || '(anonymous)'} ${module}${module.startsWith('pkg:') || module.startsWith('node:') ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const caller = kithFrame(node.id);
    byKithCaller.set(caller, (byKithCaller.get(caller) ?? 0) + us);
  }
  return {
    process: processName,
    file,
    busyMs: Math.round(busy / 1000),
    byModule: top(byModule, busy, 15).map(({ name, percent }) => ({ module: name, percent })),
    byFunction: top(byFunction, busy, 20).map(({ name, percent }) => ({ fn: name, percent })),
    byKithCaller: top(byKithCaller, busy, 20).map(({ name, percent }) => ({ fn: name, percent })),
  };
}

/** Summaries of the profiles `node --cpu-prof` wrote into `dir`, matched to processes by the pid in the name. */
export async function summarizeProfiles(dir: string, processes: { name: string; pid: number }[]): Promise<ProfileSummary[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.cpuprofile'));
  return Promise.all(
    files.map(async (file) => {
      const [pid, thread] = file.split('.').slice(3, 5).map(Number); // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile
      const name = processes.find((proc) => proc.pid === pid)?.name ?? `pid ${pid}`;
      // Thread 0 serves; others are workers, such as the module-loader thread of `--import tsx`.
      const label = thread === 0 ? name : `${name} (thread ${thread})`;
      const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
      return summarizeProfile(profile, label, relative(repoRoot, join(dir, file)));
    }),
  );
}
