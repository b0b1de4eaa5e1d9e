// Freezing a PostgreSQL as an operator sees it freeze (a stalled disk, a paused VM):
// SIGSTOP to the postmaster and every backend of the server in `pgDir`, SIGCONT to
// thaw it. Linux: the processes are read from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** The postmaster of the server in `pgDir` (line 1 of postmaster.pid) and all its children. */
export function postgresProcesses(pgDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number)
    .filter((pid) => parentOf(pid) === postmaster);
  return [postmaster, ...children];
}

export function signalAll(pids: number[], signal: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of pids) {
    try { process.kill(pid, signal); } catch { /* a backend that ended meanwhile */ }
  }
}
