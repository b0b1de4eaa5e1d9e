// CPU seconds of given processes, from /proc/<pid>/stat: less sensitive to other work on a shared machine than
// wall time or the machine's busy cores. A process tree counts its exited children (reaped: cutime, cstime)
// and its live ones, which is how PostgreSQL's backends add up under the postmaster.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Stat { ppid: number; ticks: number; childTicks: number }

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), childTicks: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/** One process's own CPU (user + system), in seconds. */
export function processCpuSeconds(pid: number): number {
  return (stat(pid)?.ticks ?? 0) / TICKS_PER_SECOND;
}

/** A process, its reaped children and its live children (one level: PostgreSQL's backends), in seconds. */
export function treeCpuSeconds(rootPid: number): number {
  const root = stat(rootPid);
  if (!root) return 0;
  let ticks = root.ticks + root.childTicks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.ppid === rootPid) ticks += child.ticks + child.childTicks;
  }
  return ticks / TICKS_PER_SECOND;
}
