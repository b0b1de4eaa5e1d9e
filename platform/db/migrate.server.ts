// Applies supabase/migrations/*.sql in name order, each in its own transaction,
// under an advisory lock so that two processes never migrate at once.
// A changed checksum of an applied file stops everything: history is not rewritten,
// except for the few documented edits in EQUIVALENT_CHECKSUMS.
// Where the Supabase CLI's history table exists, each applied file is recorded
// there too, so that `supabase db push` and this runner agree on what ran.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../supabase/migrations');
const LOCK_KEY = 727_001;

/**
 * Applied files that were edited afterwards, with the earlier checksums that
 * still count as the same migration. Only for edits that give the same result
 * on a plain PostgreSQL; anything else needs a new migration.
 */
export const EQUIVALENT_CHECKSUMS: Readonly<Record<string, readonly string[]>> = {
  // Edited for portability: extensions that are missing are created in schema extensions
  // where that exists (Supabase), and the grants on schema auth run only where we own it
  // (on Supabase, supabase_auth_admin does). Same result on a plain PostgreSQL.
  '20261121000001_supabase_shim.sql': ['568822c508543bca9f17f643e658951b4325ed3950089d242ef290712e5b6b77'],
  // Edited for portability: four search functions got `set search_path = public, extensions`
  // (on Supabase pg_trgm and citext live in schema extensions, and the file failed there).
  // Same result on a plain PostgreSQL; 20261123000070 gives databases migrated with
  // the earlier file the same search_path.
  '20261121000010_people_search.sql': ['8913d76f81054117c5a1edf3ca6d29cfab69d1cd7f13a93ecb963123636671ad'],
};

function sameMigration(file: string, recorded: string, current: string): boolean {
  return recorded === current || (EQUIVALENT_CHECKSUMS[file] ?? []).includes(recorded);
}

/** The Supabase CLI's version of a file: its numeric prefix (20261121000010_people_search.sql -> 20261121000010). */
export function supabaseVersion(file: string): string {
  return /^(\d+)_/.exec(file)?.[1] ?? file.replace(/\.sql$/, '');
}

/** The Supabase CLI's name of a file: what follows the version (people_search). */
function supabaseName(file: string): string {
  return file.replace(/^\d+_/, '').replace(/\.sql$/, '');
}

export interface MigrationResult {
  applied: string[];
  skipped: string[];
}

export function listMigrations(dir = MIGRATIONS_DIR) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const sql = readFileSync(path.join(dir, file), 'utf8');
      return { file, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/** What `supabase db push` writes for a file it applies (the whole file as one statement). */
async function recordForCli(client: pg.PoolClient, migration: { file: string; sql: string }) {
  await client.query(
    `insert into supabase_migrations.schema_migrations (version, statements, name)
     values ($1, array[$2::text], $3) on conflict (version) do nothing`,
    [supabaseVersion(migration.file), migration.sql, supabaseName(migration.file)]);
}

export async function migrate(ownerPool: pg.Pool, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const client = await ownerPool.connect();
  const result: MigrationResult = { applied: [], skipped: [] };
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`
      create schema if not exists talentloop_meta;
      create table if not exists talentloop_meta.migrations (
        file text primary key,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`);
    const { rows } = await client.query<{ file: string; checksum: string }>(
      'select file, checksum from talentloop_meta.migrations');
    const applied = new Map(rows.map((row) => [row.file, row.checksum]));
    const cliHistory = (await client.query<{ table: string | null }>(
      `select to_regclass('supabase_migrations.schema_migrations')::text as table`)).rows[0].table !== null;
    // Versions `supabase db push` applied: not run again here.
    const pushed = new Set(cliHistory ? (await client.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations')).rows.map((row) => row.version) : []);

    for (const migration of listMigrations(dir)) {
      const known = applied.get(migration.file);
      if (known !== undefined) {
        if (!sameMigration(migration.file, known, migration.checksum)) {
          throw new Error(`Migration ${migration.file} was changed after it was applied ` +
            `(checksum ${known.slice(0, 12)} recorded, ${migration.checksum.slice(0, 12)} now). ` +
            'Add a new migration instead of editing an applied one.');
        }
        // Applied before the CLI's table existed: recorded there now.
        if (cliHistory && !pushed.has(supabaseVersion(migration.file))) await recordForCli(client, migration);
        result.skipped.push(migration.file);
        continue;
      }
      if (pushed.has(supabaseVersion(migration.file))) {
        await client.query('insert into talentloop_meta.migrations (file, checksum) values ($1, $2)',
          [migration.file, migration.checksum]);
        result.skipped.push(migration.file);
        continue;
      }
      try {
        await client.query('begin');
        await client.query(migration.sql);
        await client.query('insert into talentloop_meta.migrations (file, checksum) values ($1, $2)',
          [migration.file, migration.checksum]);
        if (cliHistory) await recordForCli(client, migration);
        await client.query('commit');
        result.applied.push(migration.file);
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    return result;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
