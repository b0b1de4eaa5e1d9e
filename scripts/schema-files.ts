// `npm run schema:files`: writes supabase/schemas/<concept>.sql, the schema as the
// migrations leave it, one file per concept (decision 031). It applies every migration
// to a fresh embedded PostgreSQL of its own, reads the catalogs, and writes each object
// into the file scripts/schema-files/concepts.ts names for it; it also keeps the file
// list of schema_paths in supabase/config.toml. tests/db/declarative-schema.test.ts
// checks the committed files, however they were written.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '#platform/db/embedded.server.ts';
import { migrate } from '#platform/db/migrate.server.ts';
import { readCatalog } from './schema-files/catalog.ts';
import { CONCEPT_FILES } from './schema-files/concepts.ts';
import { renderFiles } from './schema-files/render.ts';

const SUPABASE_DIR = path.resolve(import.meta.dirname, '../supabase');
const SCHEMAS_DIR = path.join(SUPABASE_DIR, 'schemas');
/** Not the app's: the migration runner's bookkeeping (better-auth's app_auth and pg-boss's pgboss are made at run time). */
const NOT_WRITTEN = ['talentloop_meta'];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'schema-files-'));
const server = await startEmbeddedPostgres({ dataDir, password: 'schema-files', fast: true, log: () => undefined });
try {
  const pool = new pg.Pool({ connectionString: server.ownerUrl, max: 1 });
  pool.on('error', () => undefined); // the server stopping at the end is no failure
  try {
    await migrate(pool);
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>(
        `select nspname from pg_namespace where nspname !~ '^pg_' and nspname <> all ($1) order by 1`,
        [['information_schema', ...NOT_WRITTEN]]);
      const files = renderFiles(await readCatalog(client, rows.map((row) => row.nspname)), CONCEPT_FILES);
      for (const stale of readdirSync(SCHEMAS_DIR).filter((file) => file.endsWith('.sql') && !files.has(file))) {
        rmSync(path.join(SCHEMAS_DIR, stale));
      }
      for (const [file, sql] of files) writeFileSync(path.join(SCHEMAS_DIR, file), sql);
      writeSchemaPaths([...files.keys()]);
      console.log(`Wrote ${files.size} files in supabase/schemas/: ${[...files.keys()].join(', ')}`);
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** The files, in the order they apply, as `[db.migrations] schema_paths` of supabase/config.toml. */
function writeSchemaPaths(files: string[]) {
  const configFile = path.join(SUPABASE_DIR, 'config.toml');
  const config = readFileSync(configFile, 'utf8');
  const list = `schema_paths = [\n${files.map((file) => `  "./schemas/${file}",`).join('\n')}\n]`;
  if (!/^schema_paths\s*=\s*\[[^\]]*\]/m.test(config)) throw new Error('supabase/config.toml has no schema_paths under [db.migrations]');
  writeFileSync(configFile, config.replace(/^schema_paths\s*=\s*\[[^\]]*\]/m, list));
}
