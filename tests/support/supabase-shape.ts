// A database shaped like a fresh Supabase project, built by the superuser of the
// test server before our migrations run (see tests/db/supabase-shaped.test.ts):
// - roles anon, authenticated, service_role, authenticator, supabase_auth_admin exist;
// - schema auth belongs to supabase_auth_admin, with Supabase's auth.uid(), auth.role(), auth.jwt();
// - pg_trgm, unaccent, citext, btree_gist, pgcrypto live in schema extensions;
// - the database's search_path is "$user", public, extensions;
// - the migrating role (supabase_postgres, Supabase's `postgres`) is NOT a superuser: it has
//   what Supabase gives postgres (LOGIN CREATEROLE CREATEDB REPLICATION BYPASSRLS), owns the
//   database and schema public, and holds anon, authenticated, service_role with admin option;
// - its default privileges in schema public give anon, authenticated and service_role everything
//   on every table, sequence and function it creates, as a Supabase project's do.
import pg from 'pg';

export const SUPABASE_OWNER_ROLE = 'supabase_postgres';
export const SUPABASE_OWNER_PASSWORD = 'supabase-shaped-test';
export const SUPABASE_EXTENSIONS = ['pg_trgm', 'unaccent', 'citext', 'btree_gist', 'pgcrypto'] as const;

/** Cluster-wide roles, created once (roles are shared by every database of the test server). */
const ROLES_SQL = `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin login noinherit createrole; end if;
  if not exists (select 1 from pg_roles where rolname = '${SUPABASE_OWNER_ROLE}') then
    create role ${SUPABASE_OWNER_ROLE} login createrole createdb replication bypassrls;
  end if;
end
$$;
alter role ${SUPABASE_OWNER_ROLE} with nosuperuser login createrole createdb replication bypassrls password '${SUPABASE_OWNER_PASSWORD}';
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to ${SUPABASE_OWNER_ROLE} with admin option;
`;

/** Inside the new database, as the superuser: what Supabase sets up before any user migration. */
function databaseSql(database: string, extensions: readonly string[]) {
  return `
alter database ${database} owner to ${SUPABASE_OWNER_ROLE};
alter database ${database} set search_path = "$user", public, extensions;
alter schema public owner to ${SUPABASE_OWNER_ROLE};
alter default privileges for role ${SUPABASE_OWNER_ROLE} in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role ${SUPABASE_OWNER_ROLE} in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role ${SUPABASE_OWNER_ROLE} in schema public grant all on functions to anon, authenticated, service_role;

create schema extensions;
grant usage on schema extensions to ${SUPABASE_OWNER_ROLE}, anon, authenticated, service_role;
grant create on schema extensions to ${SUPABASE_OWNER_ROLE};
${extensions.map((name) => `create extension ${name} with schema extensions;`).join('\n')}

create schema auth authorization supabase_auth_admin;
grant usage on schema auth to ${SUPABASE_OWNER_ROLE}, anon, authenticated, service_role;

-- Supabase's own definitions: the legacy per-claim settings first, then request.jwt.claims.
create function auth.uid() returns uuid language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$f$;
create function auth.role() returns text language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$f$;
create function auth.jwt() returns jsonb language sql stable as $f$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$f$;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.jwt() owner to supabase_auth_admin;

-- The Supabase CLI's migration history (supabase db push).
create schema supabase_migrations;
create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
alter schema supabase_migrations owner to ${SUPABASE_OWNER_ROLE};
alter table supabase_migrations.schema_migrations owner to ${SUPABASE_OWNER_ROLE};
`;
}

function urlFor(serverUrl: string, database: string, user?: { name: string; password: string }) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  if (user) {
    url.username = encodeURIComponent(user.name);
    url.password = encodeURIComponent(user.password);
  }
  return url.toString();
}

/**
 * Creates `database` as the superuser and shapes it like a Supabase project.
 * `extensions` are the ones Supabase already installed (in schema extensions).
 * Returns the migrating (non-superuser) role's URL.
 */
export async function createSupabaseShapedDatabase(serverUrl: string, database: string,
  extensions: readonly string[] = SUPABASE_EXTENSIONS): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two test files may shape databases at once; roles are cluster-wide.
    await admin.query('select pg_advisory_lock(727101)');
    try {
      await admin.query(ROLES_SQL);
    } finally {
      await admin.query('select pg_advisory_unlock(727101)');
    }
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const inside = new pg.Client({ connectionString: urlFor(serverUrl, database) });
  await inside.connect();
  try {
    await inside.query(databaseSql(database, extensions));
  } finally {
    await inside.end();
  }
  return urlFor(serverUrl, database, { name: SUPABASE_OWNER_ROLE, password: SUPABASE_OWNER_PASSWORD });
}

/** A copy of a shaped database, owned by the migrating role like the original. */
export async function cloneSupabaseShapedDatabase(serverUrl: string, template: string, database: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${database} template ${template} owner ${SUPABASE_OWNER_ROLE}`);
    // Per-database settings are not copied from a template.
    await admin.query(`alter database ${database} set search_path = "$user", public, extensions`);
  } finally {
    await admin.end();
  }
  return urlFor(serverUrl, database, { name: SUPABASE_OWNER_ROLE, password: SUPABASE_OWNER_PASSWORD });
}

export async function dropDatabase(serverUrl: string, database: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
  } finally {
    await admin.end();
  }
}
