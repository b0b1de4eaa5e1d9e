import { mkdtempSync, writeFileSync, cpSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { EQUIVALENT_CHECKSUMS, listMigrations, migrate, MIGRATIONS_DIR } from '#platform/db/migrate.server.ts';

const created: string[] = [];

async function emptyDatabase(): Promise<pg.Pool> {
  const name = `empty_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(inject('pgServerUrl'));
  url.pathname = `/${name}`;
  return new pg.Pool({ connectionString: url.toString(), max: 3 });
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('migrations', () => {
  it('apply to an empty database, then re-run as no-ops', async () => {
    const pool = await emptyDatabase();
    const first = await migrate(pool);
    expect(first.applied).toEqual(listMigrations().map((m) => m.file));
    const second = await migrate(pool);
    expect(second.applied).toEqual([]);
    expect(second.skipped).toHaveLength(first.applied.length);
    const tables = await pool.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public' and rowsecurity`);
    expect(tables.rows[0].n).toBeGreaterThanOrEqual(16);
    await pool.end();
  });

  it('two processes migrating at once apply each file once', async () => {
    const pool = await emptyDatabase();
    const [a, b] = await Promise.all([migrate(pool), migrate(pool)]);
    expect([...a.applied, ...b.applied].sort()).toEqual(listMigrations().map((m) => m.file));
    await pool.end();
  });

  it('refuse to run when an applied file was edited', async () => {
    const pool = await emptyDatabase();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    await migrate(pool, dir);
    const first = listMigrations(dir)[0];
    writeFileSync(path.join(dir, first.file), `${first.sql}\n-- edited afterwards\n`);
    await expect(migrate(pool, dir)).rejects.toThrow(/was changed after it was applied/);
    await pool.end();
  });

  it('roll back a failing migration completely', async () => {
    const pool = await emptyDatabase();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    writeFileSync(path.join(dir, '99999999999999_broken.sql'), 'create table public.half_done (id int);\nselect 1/0;');
    await expect(migrate(pool, dir)).rejects.toThrow(/99999999999999_broken.sql failed/);
    const exists = await pool.query<{ t: string | null }>(`select to_regclass('public.half_done') as t`);
    expect(exists.rows[0].t).toBeNull();
    await pool.end();
  });

  it('accept a database migrated with the files edited for portability, and leave it alone', async () => {
    // The files as they were before the edit (fixtures), and nothing that came after them.
    const before = path.join(import.meta.dirname, 'fixtures/migrations-before-supabase');
    const earlier = listMigrations(before);
    for (const file of earlier) expect(EQUIVALENT_CHECKSUMS[file.file]).toContain(file.checksum);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    cpSync(before, dir, { recursive: true });
    // Everything from the portability edit on arrives later, as it did for a real database.
    const later = listMigrations(MIGRATIONS_DIR).map((m) => m.file).filter((file) => file >= '20261123000070');
    for (const file of later) rmSync(path.join(dir, file));

    const pool = await emptyDatabase();
    await migrate(pool, dir);
    const result = await migrate(pool);
    expect(result.applied).toEqual(later);
    const recorded = await pool.query(`select file, checksum from talentloop_meta.migrations where file = any ($1) order by file`,
      [earlier.map((m) => m.file)]);
    expect(recorded.rows).toEqual(earlier.map((m) => ({ file: m.file, checksum: m.checksum })));
    // The later migration gives the old database the edited file's search_path.
    const config = await pool.query<{ proconfig: string[] }>(`select proconfig from pg_proc where oid = 'public.match_name_word(text, integer)'::regprocedure`);
    expect(config.rows[0].proconfig).toEqual(['search_path=public, extensions']);
    expect((await migrate(pool)).applied).toEqual([]);
    await pool.end();
  });
});
