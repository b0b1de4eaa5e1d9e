// A database shaped like a fresh Supabase project, built by the superuser of the
// test server before our migrations run (see tests/db/supabase-shaped.test.ts):
// - roles anon, authenticated, service_role, authenticator, supabase_auth_admin exist;
// - schema auth belongs to supabase_auth_admin, with Supabase's auth.uid(), auth.role(), auth.jwt(),
//   and GoTrue's auth.users, auth.identities and auth.mfa_factors (what supabase/seed.sql writes);
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

/**
 * GoTrue's tables that supabase/seed.sql writes, as GoTrue's migrations leave them (supabase/auth
 * migrations/: 00_init_auth_schema and its alter_users, create_identities_table + add_id_pkey_identities +
 * the generated email column, add_mfa_schema + phone and webauthn columns): the columns, types, defaults
 * and keys those rows touch, not every column. Owned by supabase_auth_admin with row-level security on
 * (enable_rls_update_grants); the migrating role (Supabase's postgres, BYPASSRLS) has all privileges on
 * them, as supabase/postgres's auth-schema init script grants (GRANT ALL ON ALL TABLES IN SCHEMA auth TO
 * postgres), which is what lets `supabase db reset` load a seed that creates users.
 */
const AUTH_TABLES_SQL = `
create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
create type auth.factor_status as enum ('unverified', 'verified');

create table auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index users_email_partial_key on auth.users (email) where (is_sso_user = false);

create table auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);

create table auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid
);
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where (trim(friendly_name) <> '');

alter type auth.factor_type owner to supabase_auth_admin;
alter type auth.factor_status owner to supabase_auth_admin;
alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.mfa_factors owner to supabase_auth_admin;
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.mfa_factors enable row level security;
grant all on auth.users, auth.identities, auth.mfa_factors to ${SUPABASE_OWNER_ROLE};
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
${AUTH_TABLES_SQL}
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
