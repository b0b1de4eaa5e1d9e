// CPU of a process and all its descendants (a bench server: Node, its embedded PostgreSQL and every backend), in
// core-seconds, from /proc/<pid>/stat: less sensitive to neighbours on a shared machine than wall time.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux (getconf CLK_TCK)

interface Stat { pid: number; ppid: number; own: number; children: number }

function stat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ... utime stime cutime cstime": comm may hold spaces, so read after the last ')'.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(rest[1]), own: Number(rest[11]) + Number(rest[12]), children: Number(rest[13]) + Number(rest[14]) };
  } catch {
    return null;
  }
}

/** One process's own CPU (user + system), in seconds. */
export function processCpuSeconds(pid: number): number {
  return (stat(pid)?.own ?? 0) / TICKS_PER_SECOND;
}

/**
 * Core-seconds used so far by `root` (Node) and by its descendants (PostgreSQL: the postmaster and its backends).
 * An exited process's time is in its parent's children's time (cutime, cstime), so backends that come and go count too.
 */
export function treeCpu(root: number): { node: number; postgres: number } {
  const all = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map((name) => stat(Number(name))).filter((s): s is Stat => !!s);
  const byParent = new Map<number, Stat[]>();
  for (const s of all) byParent.set(s.ppid, [...(byParent.get(s.ppid) ?? []), s]);
  const top = all.find((s) => s.pid === root);
  if (!top) return { node: 0, postgres: 0 };
  let descendants = top.children;
  const visit = (s: Stat) => {
    for (const child of byParent.get(s.pid) ?? []) {
      descendants += child.own + child.children;
      visit(child);
    }
  };
  visit(top);
  return { node: top.own / TICKS_PER_SECOND, postgres: descendants / TICKS_PER_SECOND };
}

/** A process and everything under it, in core-seconds. */
export function treeCpuSeconds(root: number): number {
  const { node, postgres } = treeCpu(root);
  return node + postgres;
}
