// The migrations on a database shaped like a Supabase project (tests/support/supabase-shape.ts),
// applied by a role that is not a superuser, then the row-level-security suites on it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { listMigrations, migrate, supabaseVersion, type MigrationResult } from '#platform/db/migrate.server.ts';
import { appRolePassword, ensureAppRole, withUser, type Pools } from '#platform/db/pools.server.ts';
import { withClaims } from '#platform/db/request.server.ts';
import { createAuth } from '#platform/auth/better-auth.server.ts';
import { seedDemoData } from '#demo/demo.server.ts';
import { AUTH_SECRET, TEST_SECRET } from '../support/constants.ts';
import { createTestDatabase, type TestDatabase } from '../support/harness.ts';
import {
  cloneSupabaseShapedDatabase, createSupabaseShapedDatabase, dropDatabase,
} from '../support/supabase-shape.ts';
import { rowLevelSecuritySuite } from './suites/row-level-security.suite.ts';
import { consentLockdownSuite } from './suites/consent-lockdown.suite.ts';

const suffix = randomBytes(4).toString('hex');
/** A login role of this file's own: talentloop_app exists already, created by the test server's superuser. */
const APP_ROLE = `talentloop_app_sb_${suffix}`;
const TEMPLATE = `sb_template_${suffix}`;
const created: string[] = [];
const serverUrl = () => inject('pgServerUrl');

let template: Promise<{ migrations: MigrationResult }> | undefined;

/** Shaped, migrated as supabase_postgres, app role and better-auth added, demo data seeded: once per file. */
function shapedTemplate() {
  template ??= (async () => {
    const ownerUrl = await createSupabaseShapedDatabase(serverUrl(), TEMPLATE);
    created.push(TEMPLATE);
    const owner = new pg.Pool({ connectionString: ownerUrl, max: 2 });
    try {
      const migrations = await migrate(owner);
      await ensureAppRole(owner, appRolePassword(TEST_SECRET), APP_ROLE);
      const authService = await createAuth({
        ownerUrl, secret: AUTH_SECRET, baseURL: 'http://127.0.0.1:4400', trustedOrigins: [], secureCookies: false,
      });
      await seedDemoData(authService, owner);
      await authService.close();
      return { migrations };
    } finally {
      await owner.end();
    }
  })();
  return template;
}

async function openShapedDatabase(): Promise<TestDatabase> {
  await shapedTemplate();
  const name = `sb_${randomBytes(6).toString('hex')}`;
  const ownerUrl = await cloneSupabaseShapedDatabase(serverUrl(), TEMPLATE, name);
  created.push(name);
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 4 });
  const password = appRolePassword(TEST_SECRET);
  await ensureAppRole(owner, password, APP_ROLE); // the clone's connect grant
  const app = new pg.Pool({ connectionString: withUser(ownerUrl, APP_ROLE, password), max: 4 });
  // As in openDatabase: an idle client that loses its server (the drop below) is no test failure.
  for (const pool of [owner, app]) pool.on('error', () => undefined);
  const pools: Pools = { owner, app, close: async () => { await Promise.allSettled([owner.end(), app.end()]); } };
  return {
    ownerUrl,
    pools,
    appRole: APP_ROLE,
    async drop() {
      await pools.close();
      await dropDatabase(serverUrl(), name);
    },
  };
}

afterAll(async () => {
  for (const name of created) await dropDatabase(serverUrl(), name);
});

/**
 * What anon, authenticated and service_role may do on our objects, as "kind object privilege role" lines: every table,
 * sequence and function of schemas public and private (not an extension's).
 */
async function apiRolePrivileges(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ line: string }>(`
    with roles(role) as (values ('anon'), ('authenticated'), ('service_role')),
    tables as (
      select format('table %s %s %s', c.oid::regclass, p.privilege, r.role) as line
        from pg_class c cross join roles r
        cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER', 'MAINTAIN']) as p(privilege)
       where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace) and c.relkind in ('r', 'v', 'p')
         and has_table_privilege(r.role, c.oid, p.privilege)),
    sequences as (
      select format('sequence %s %s %s', c.oid::regclass, p.privilege, r.role) as line
        from pg_class c cross join roles r cross join unnest(array['USAGE', 'SELECT', 'UPDATE']) as p(privilege)
       where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace) and c.relkind = 'S'
         and has_sequence_privilege(r.role, c.oid, p.privilege)),
    columns as (
      -- Column grants (what a table-level grant does not already give): revoking on the table takes them too.
      select format('column %s.%I %s %s', c.oid::regclass, a.attname, p.privilege, r.role) as line
        from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        cross join roles r cross join unnest(array['SELECT', 'INSERT', 'UPDATE']) as p(privilege)
       where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace) and c.relkind in ('r', 'p')
         and has_column_privilege(r.role, c.oid, a.attnum, p.privilege) and not has_table_privilege(r.role, c.oid, p.privilege)),
    functions as (
      select format('function %s EXECUTE %s', f.oid::regprocedure, r.role) as line
        from pg_proc f cross join roles r
       where f.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
         -- An extension's own functions (in public on a plain database, in extensions on Supabase) are not ours.
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = f.oid and d.deptype = 'e')
         and has_function_privilege(r.role, f.oid, 'EXECUTE'))
    select line from tables union all select line from columns union all select line from sequences
    union all select line from functions order by 1`);
  return rows.map((row) => row.line);
}

describe('a Supabase-shaped database', () => {
  it('gives the API roles exactly what a plain database gives them, Supabase’s default privileges notwithstanding', async () => {
    await shapedTemplate();
    const url = new URL(serverUrl());
    url.pathname = `/${TEMPLATE}`;
    // The template's connection ends before the other tests clone it.
    const shaped = new pg.Pool({ connectionString: url.toString(), max: 1 });
    const plain = await createTestDatabase();
    try {
      const [onSupabase, onPlain] = await Promise.all([apiRolePrivileges(shaped), apiRolePrivileges(plain.pools.owner)]);
      expect(onPlain.filter((line) => /^table .* TRUNCATE /.test(line))).toEqual([]);
      expect(onSupabase.filter((line) => !onPlain.includes(line))).toEqual([]);
      expect(onPlain.filter((line) => !onSupabase.includes(line))).toEqual([]);
    } finally {
      await shaped.end();
      await plain.drop();
    }
  });

  it('takes every migration from a role that is not a superuser, and keeps Supabase’s own objects', async () => {
    const { migrations } = await shapedTemplate();
    expect(migrations.applied).toEqual(listMigrations().map((m) => m.file));
    const db = await openShapedDatabase();
    try {
      const owner = db.pools.owner;
      const me = await owner.query(`select rolsuper, rolcreaterole, rolbypassrls from pg_roles where rolname = current_user`);
      expect(me.rows[0]).toEqual({ rolsuper: false, rolcreaterole: true, rolbypassrls: true });
      const auth = await owner.query<{ owner: string }>(`select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'auth'`);
      expect(auth.rows[0].owner).toBe('supabase_auth_admin');
      // npm start's way (better-auth made the demo users, then seed.sql ran): no user went into GoTrue's table.
      const gotrueUsers = await owner.query<{ n: number }>('select count(*)::int as n from auth.users');
      expect(gotrueUsers.rows[0].n).toBe(0);
      // Supabase's auth.uid() was not replaced by our shim.
      const uid = await owner.query<{ def: string }>(`select pg_get_functiondef('auth.uid()'::regprocedure) as def`);
      expect(uid.rows[0].def).toContain('request.jwt.claim.sub');
      const extensions = await owner.query<{ extname: string; nspname: string }>(
        `select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
          where e.extname in ('pg_trgm', 'unaccent', 'citext', 'btree_gist', 'pgcrypto') order by 1`);
      expect(extensions.rows.map((r) => r.nspname)).toEqual(Array(5).fill('extensions'));
      // Re-running is a no-op.
      const again = await migrate(owner);
      expect(again.applied).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it('records every applied file in supabase_migrations.schema_migrations, as `supabase db push` does', async () => {
    const db = await openShapedDatabase();
    try {
      const { rows } = await db.pools.owner.query<{ version: string; name: string; statements: string[] }>(
        'select version, name, statements from supabase_migrations.schema_migrations order by version');
      const files = listMigrations();
      expect(rows.map((r) => r.version)).toEqual(files.map((m) => supabaseVersion(m.file)));
      expect(rows[0]).toEqual({ version: '20261121000001', name: 'supabase_shim', statements: [files[0].sql] });
    } finally {
      await db.drop();
    }
  });

  it('the search functions (security definer) find pg_trgm and citext in schema extensions', async () => {
    const db = await openShapedDatabase();
    try {
      const recruiter = (await db.pools.owner.query<{ id: string }>(`select id from public.profiles where username = 'recruiter'`)).rows[0].id;
      const email = 'wiebe.zonnebloem@example.org';
      await db.pools.owner.query(`insert into public.candidates (name, email) values ('Wiebe Zonnebloem', $1)`, [email]);
      await withClaims(db.pools.app, { role: 'authenticated', sub: recruiter }, async (tx) => {
        const words = await tx.query<{ word: string }>(`select word from public.match_name_word('zonnebleom', 5)`);
        expect(words.rows.map((r) => r.word)).toContain('zonnebloem');
        const byEmail = await tx.query('select id from public.candidate_ids_by_email($1)', [[email.toUpperCase()]]);
        expect(byEmail.rowCount).toBe(1);
        await tx.query(`select * from public.search_campaign_ids('nurture', 5)`);
        await tx.query(`select * from public.search_template_ids('check-in', 5)`);
      });
    } finally {
      await db.drop();
    }
  });

  it('every policy is created by name in a migration file, and every table says who may do what', async () => {
    const db = await openShapedDatabase();
    try {
      const sql = listMigrations().map((m) => m.sql).join('\n');
      const policies = await db.pools.owner.query(`select policyname from pg_policies where schemaname = 'public'`);
      for (const { policyname } of policies.rows) expect(sql).toMatch(new RegExp(`create policy ${policyname}\\b`));
      const uncommented = await db.pools.owner.query(
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity and obj_description(c.oid, 'pg_class') is null`);
      expect(uncommented.rows).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it('extensions Supabase has not installed yet are created in schema extensions', async () => {
    const name = `sb_bare_${suffix}`;
    const ownerUrl = await createSupabaseShapedDatabase(serverUrl(), name, ['pgcrypto']);
    created.push(name);
    const owner = new pg.Pool({ connectionString: ownerUrl, max: 2 });
    try {
      await migrate(owner);
      const { rows } = await owner.query<{ nspname: string }>(
        `select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
          where e.extname in ('pg_trgm', 'unaccent', 'citext', 'btree_gist')`);
      expect(rows.map((r) => r.nspname)).toEqual(Array(4).fill('extensions'));
    } finally {
      await owner.end();
    }
  });

  it('ensureAppRole refreshes the login role it created, without superuser rights', async () => {
    const db = await openShapedDatabase();
    try {
      await ensureAppRole(db.pools.owner, appRolePassword(TEST_SECRET), APP_ROLE);
      const role = await db.pools.owner.query(
        `select rolsuper, rolinherit, rolcanlogin from pg_roles where rolname = $1`, [APP_ROLE]);
      expect(role.rows[0]).toEqual({ rolsuper: false, rolinherit: false, rolcanlogin: true });
      const current = await db.pools.app.query<{ u: string }>('select current_user as u');
      expect(current.rows[0].u).toBe(APP_ROLE);
    } finally {
      await db.drop();
    }
  });
});

describe('row-level security on the Supabase-shaped database', () => rowLevelSecuritySuite(openShapedDatabase));
describe('consent lockdown on the Supabase-shaped database', () => consentLockdownSuite(openShapedDatabase));
