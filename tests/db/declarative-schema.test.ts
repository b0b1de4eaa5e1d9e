// supabase/schemas/ holds the schema as it is now, one file per concept (decision 031).
// The migrations are applied to one empty database, the schema files (in the order
// supabase/config.toml lists them) to another, and the two are compared object by object
// from PostgreSQL's catalogs (tests/support/schema-snapshot.ts), on a plain PostgreSQL and
// on one shaped like a Supabase project: a migration without the matching change to the
// files, or an edit of a file that no migration made, fails here and names the object.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '#platform/db/migrate.server.ts';
import { appSchemas, describeDrift, snapshotSchema } from '../support/schema-snapshot.ts';
import { createSupabaseShapedDatabase } from '../support/supabase-shape.ts';

const SUPABASE_DIR = path.resolve(import.meta.dirname, '../../supabase');
const SCHEMAS_DIR = path.join(SUPABASE_DIR, 'schemas');

/** The files of `[db.migrations] schema_paths` in supabase/config.toml, in their order. */
function schemaPaths(): string[] {
  const config = readFileSync(path.join(SUPABASE_DIR, 'config.toml'), 'utf8');
  const list = /^schema_paths\s*=\s*\[([^\]]*)\]/m.exec(config);
  if (!list) throw new Error('supabase/config.toml has no schema_paths');
  return [...list[1].matchAll(/"([^"]+)"/g)].map((match) => path.normalize(match[1]));
}

const created: string[] = [];

/** A new, empty database on the test server, with a pool of one connection. */
async function emptyDatabase(prefix: string): Promise<pg.Pool> {
  const name = `${prefix}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(inject('pgServerUrl'));
  url.pathname = `/${name}`;
  return new pg.Pool({ connectionString: url.toString(), max: 1 });
}

afterAll(async () => {
  const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** Runs one schema file; a failure names the file and the line. */
async function applySchemaFile(pool: pg.Pool, file: string) {
  const sql = readFileSync(path.join(SUPABASE_DIR, file), 'utf8');
  try {
    await pool.query(sql);
  } catch (error) {
    const position = Number((error as { position?: string }).position);
    const line = Number.isFinite(position) ? `, line ${sql.slice(0, position).split('\n').length}` : '';
    throw new Error(`supabase/${file}${line}: ${(error as Error).message}`, { cause: error });
  }
}

/** Migrations into `migrated`, the schema files into `declared`, then both compared; fails naming each object that differs. */
async function expectSameSchema(migrated: pg.Pool, declared: pg.Pool) {
  try {
    await migrate(migrated);
    for (const file of schemaPaths()) await applySchemaFile(declared, file);
    const [a, b] = await Promise.all([migrated.connect(), declared.connect()]);
    try {
      const schemas = [...new Set([...await appSchemas(a), ...await appSchemas(b)])];
      expect(schemas).toEqual(expect.arrayContaining(['public', 'private']));
      const drift = describeDrift(await snapshotSchema(a, schemas), await snapshotSchema(b, schemas));
      if (drift.length > 0) {
        expect.fail(`supabase/schemas/ no longer matches the migrations in ${drift.length} object(s). Change the schema `
          + 'files as the migration does (by hand, or with npm run schema:files; docs/decisions/031-declarative-schema-files.md).'
          + `\n\n${drift.join('\n\n')}`);
      }
    } finally {
      a.release();
      b.release();
    }
  } finally {
    await Promise.all([migrated.end(), declared.end()]);
  }
}

describe('supabase/schemas/', () => {
  it('are all listed, in the order they build on each other, in supabase/config.toml', () => {
    const listed = schemaPaths();
    const present = readdirSync(SCHEMAS_DIR).filter((file) => file.endsWith('.sql')).map((file) => path.join('schemas', file));
    expect([...listed].sort()).toEqual(present.sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('each start by saying what they hold', () => {
    for (const file of schemaPaths()) {
      expect(readFileSync(path.join(SUPABASE_DIR, file), 'utf8'), file).toMatch(/^-- \S/);
    }
  });

  it('hold what the migrations make, object by object', async () => {
    await expectSameSchema(await emptyDatabase('migrated'), await emptyDatabase('declared'));
  });

  it('hold the same on a database shaped like a Supabase project, applied by a role that is not a superuser', async () => {
    // Extensions in schema extensions and Supabase's own auth schema: the shim's other branch.
    const shaped = async (prefix: string) => {
      const name = `${prefix}_${Math.random().toString(16).slice(2, 10)}`;
      created.push(name);
      return new pg.Pool({ connectionString: await createSupabaseShapedDatabase(inject('pgServerUrl'), name), max: 1 });
    };
    await expectSameSchema(await shaped('sb_migrated'), await shaped('sb_declared'));
  });
});
