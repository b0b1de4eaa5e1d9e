// A PostgreSQL server of a test file's own (embedded, in a temporary folder), for tests
// that stop, freeze or re-key a server: doing that to the test run's shared server
// would break every other file. One empty database `talentloop` on it.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#platform/db/embedded.server.ts';
import { postgresProcesses, signalAll } from './postgres-processes.ts';

export interface OwnPostgres {
  /** Owner connection to the database `talentloop`. */
  url: string;
  /** A folder for the test's other files (server data folders). */
  root: string;
  /** The postgres processes now (postmaster first). */
  processes(): number[];
  /** Stops the server (a fast shutdown). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with its data. */
  start(): Promise<void>;
  /** Thaws it if frozen, stops it and removes its folder. */
  remove(): Promise<void>;
}

export async function ownPostgres(name: string): Promise<OwnPostgres> {
  const root = mkdtempSync(path.join(os.tmpdir(), `talentloop-${name}-`));
  // As root, PostgreSQL runs as the OS user postgres, which must reach its folder inside this one.
  chmodSync(root, 0o755);
  const dataDir = path.join(root, 'db');
  const pgDir = path.join(dataDir, 'pg');
  let server: EmbeddedDatabase | null = null;
  const start = async (port?: number) => {
    server = await startEmbeddedPostgres({ dataDir, port, password: `${name}-owner`, fast: true, log: () => undefined });
  };
  await start();
  const port = server!.port;
  const admin = new pg.Client({ connectionString: server!.ownerUrl });
  await admin.connect();
  await admin.query('create database talentloop');
  await admin.end();
  const url = new URL(server!.ownerUrl);
  url.pathname = '/talentloop';
  return {
    url: url.toString(),
    root,
    processes: () => postgresProcesses(pgDir),
    async stop() {
      await server?.stop();
      server = null;
    },
    start: () => start(port),
    async remove() {
      if (server) {
        signalAll(postgresProcesses(pgDir), 'SIGCONT');
        await server.stop();
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
