import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** What one process used while a window was open. */
export type ProcessUsage = {
  name: string;
  pid: number;
  /** Highest resident set size seen by sampling /proc/<pid>/status VmRSS during the window. */
  peakRssMb: number;
  /** The kernel's lifetime high-water mark (VmHWM) at the window's end: includes start-up. */
  hwmMb: number;
  /** CPU time (user + system) over wall time: 100 = one core busy for the whole window. */
  cpuPercent: number;
};

export type WindowUsage = {
  processes: ProcessUsage[];
  /** This process, which runs the load generator (autocannon) and nothing else during a window. */
  loadGeneratorCpuPercent: number;
  /** Every core of the machine (from /proc/stat), services included: 100 = all cores busy. */
  machineCpuBusyPercent: number;
};

const SAMPLE_MS = 200;
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the process has gone
  }
}

/** utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; total: number } {
  const values = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** Kilobytes as megabytes, to a tenth. */
export const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * Samples the resident memory of each process every 200 ms while a window is open, and measures the CPU
 * each used over the window. Reads only small /proc files, so it costs the load generator next to nothing.
 */
export function openWindow(processes: { name: string; pid: number }[]): { close(): WindowUsage } {
  const startedAt = performance.now();
  const startCpu = processes.map((proc) => cpuTicks(proc.pid));
  const startMachine = machineTicks();
  const startSelf = process.cpuUsage();
  const peaks = processes.map((proc) => statusKb(proc.pid, 'VmRSS'));
  const timer = setInterval(() => {
    processes.forEach((proc, i) => (peaks[i] = Math.max(peaks[i]!, statusKb(proc.pid, 'VmRSS'))));
  }, SAMPLE_MS);
  return {
    close() {
      clearInterval(timer);
      const wallS = (performance.now() - startedAt) / 1000;
      const endMachine = machineTicks();
      const self = process.cpuUsage(startSelf);
      return {
        processes: processes.map((proc, i) => ({
          name: proc.name,
          pid: proc.pid,
          peakRssMb: mb(Math.max(peaks[i]!, statusKb(proc.pid, 'VmRSS'))),
          hwmMb: mb(statusKb(proc.pid, 'VmHWM')),
          cpuPercent: percent((cpuTicks(proc.pid) - startCpu[i]!) / clockTicks, wallS),
        })),
        loadGeneratorCpuPercent: percent((self.user + self.system) / 1e6, wallS),
        machineCpuBusyPercent: percent(endMachine.busy - startMachine.busy, endMachine.total - startMachine.total),
      };
    },
  };
}

/** How busy the machine is with nothing of ours under load: other work here skews every figure. */
export async function machineBusyPercent(ms: number): Promise<number> {
  const start = machineTicks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const end = machineTicks();
  return percent(end.busy - start.busy, end.total - start.total);
}

/** Samples one process's resident memory every 200 ms until `stop()`, which returns the highest seen, in MB. */
export function watchPeakRss(pid: number): { stop(): number } {
  let peak = statusKb(pid, 'VmRSS');
  const timer = setInterval(() => (peak = Math.max(peak, statusKb(pid, 'VmRSS'))), SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      return mb(peak);
    },
  };
}
