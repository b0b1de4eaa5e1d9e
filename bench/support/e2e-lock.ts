// The shared lock of everything that uses the fixed-path build (dist/) or the
// browser: /tmp/e2e.lock, as `flock /tmp/e2e.lock ...` takes it. A bench that
// builds and serves the site holds it from start to end. Held by a `flock`
// child that lives until release() (or until this process dies and its stdin
// closes). If a process this one runs under already holds the lock (the bench
// was started as `flock /tmp/e2e.lock npm run bench ...`), it is not taken again.
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';

export const E2E_LOCK = '/tmp/e2e.lock';

export interface HeldLock {
  release(): Promise<void>;
}

/** Pids of this process and its ancestors. */
function ancestry(): Set<number> {
  const pids = new Set<number>();
  for (let pid = process.pid; pid > 1 && !pids.has(pid);) {
    pids.add(pid);
    try {
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      pid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      break;
    }
  }
  return pids;
}

/** Whether one of our ancestors holds a flock on the lock file (/proc/locks: "1: FLOCK ADVISORY WRITE <pid> <maj:min:inode> ..."). */
function heldByAncestor(): boolean {
  const inode = statSync(E2E_LOCK).ino;
  const mine = ancestry();
  return readFileSync('/proc/locks', 'utf8').split('\n').some((line) => {
    const fields = line.trim().split(/\s+/);
    return fields[1] === 'FLOCK' && Number(fields[5]?.split(':')[2]) === inode && mine.has(Number(fields[4]));
  });
}

/** Waits for the lock (as long as others hold it) and keeps it until release(). */
export async function holdE2eLock(log: (line: string) => void = () => undefined): Promise<HeldLock> {
  if (!existsSync(E2E_LOCK)) writeFileSync(E2E_LOCK, '');
  if (heldByAncestor()) return { release: () => Promise.resolve() };
  const holder = spawn('flock', [E2E_LOCK, 'sh', '-c', 'echo locked; exec cat > /dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  const waiting = setTimeout(() => log(`waiting for ${E2E_LOCK} ...`), 1000);
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout.once('data', () => resolve());
      void exited.then(() => reject(new Error(`flock ${E2E_LOCK} exited before taking the lock`)));
    });
  } finally {
    clearTimeout(waiting);
  }
  return {
    async release() {
      holder.stdin.end();
      await exited;
    },
  };
}
