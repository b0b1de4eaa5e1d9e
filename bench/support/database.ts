// A throwaway embedded PostgreSQL with one empty database, for one benchmark:
// its own data folder and a random port, so a bench never touches `.data`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '#platform/db/embedded.server.ts';

export interface BenchDatabase {
  /** Owner connection to the empty database. */
  url: string;
  stop(): Promise<void>;
}

export async function benchDatabase(name: string, options: { fast?: boolean } = {}): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `talentloop-bench-${name}-`));
  const server = await startEmbeddedPostgres({
    dataDir, password: 'bench', fast: options.fast, log: () => undefined,
  });
  const admin = new pg.Client({ connectionString: server.ownerUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(server.ownerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
