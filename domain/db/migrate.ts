// Applies supabase/migrations/*.sql in name order, each in its own transaction,
// under an advisory lock so that two processes never migrate at once.
// A changed checksum of an applied file stops everything: history is not rewritten.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../supabase/migrations');
const LOCK_KEY = 727_001;

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

    for (const migration of listMigrations(dir)) {
      const known = applied.get(migration.file);
      if (known !== undefined) {
        if (known !== migration.checksum) {
          throw new Error(`Migration ${migration.file} was changed after it was applied ` +
            `(checksum ${known.slice(0, 12)} recorded, ${migration.checksum.slice(0, 12)} now). ` +
            'Add a new migration instead of editing an applied one.');
        }
        result.skipped.push(migration.file);
        continue;
      }
      try {
        await client.query('begin');
        await client.query(migration.sql);
        await client.query('insert into talentloop_meta.migrations (file, checksum) values ($1, $2)',
          [migration.file, migration.checksum]);
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
