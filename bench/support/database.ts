// A throwaway embedded PostgreSQL with one empty database, for one benchmark:
// its own data folder and a random port, so a bench never touches `.data`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '#platform/db/embedded.server.ts';

export interface BenchDatabase {
  /** Owner connection to the empty database. */
  url: string;
  /** The postmaster's process id (its backends are its children): for CPU per unit of work. */
  pid(): number;
  stop(): Promise<void>;
}

/**
 * `keepIn`: a data folder kept after the run (created when missing), so a bench whose data takes minutes to
 * generate can reuse it while iterating; the database is created only when it is not there yet.
 */
export async function benchDatabase(name: string, options: { fast?: boolean; keepIn?: string } = {}): Promise<BenchDatabase> {
  const dataDir = options.keepIn ?? mkdtempSync(path.join(os.tmpdir(), `talentloop-bench-${name}-`));
  const server = await startEmbeddedPostgres({
    dataDir, password: 'bench', fast: options.fast, log: () => undefined,
    // BENCH_PG_STATEMENTS=on loads pg_stat_statements, to see where PostgreSQL's time goes.
    settings: [
      ...process.env.BENCH_PG_STATEMENTS === 'on' ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=top'] : [],
      // BENCH_PG_SHARED_BUFFERS=1GB: PostgreSQL's own cache (default 128MB), for a data set larger than that.
      ...process.env.BENCH_PG_SHARED_BUFFERS ? [`shared_buffers=${process.env.BENCH_PG_SHARED_BUFFERS}`] : [],
    ],
  });
  const admin = new pg.Client({ connectionString: server.ownerUrl });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(server.ownerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    pid: () => Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]),
    async stop() {
      await server.stop();
      if (!options.keepIn) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
