-- What every concept stands on. First what a Supabase project has already, made here only where it
-- is missing: the extensions, the API roles anon, authenticated and service_role, and the stand-in for
-- Supabase's auth.jwt(), auth.uid() and auth.role() (decision 002). Then the text helpers that search
-- indexes use, schema private (server bookkeeping that no API role may read) and what the platform keeps
-- there: sign-in rate limits (decision 012), process heartbeats (decisions 011, 029) and the known time
-- zone names (decision 028; the names are data a migration copies from the server). The RLS helpers
-- is_admin() and is_member() read profiles: they are in auth.sql.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- what Supabase has already
-- Extensions go where the project keeps them: schema extensions on Supabase
-- (where most already are), the default (public) on a plain PostgreSQL.
do $$
declare ext text;
begin
  foreach ext in array array['pgcrypto', 'citext', 'pg_trgm', 'unaccent', 'btree_gist', 'fuzzystrmatch'] loop
    if not exists (select 1 from pg_extension where extname = ext) then
      if to_regnamespace('extensions') is not null then
        execute format('create extension %I with schema extensions', ext);
      else
        execute format('create extension %I', ext);
      end if;
    end if;
  end loop;
end
$$;

-- The API roles (cluster-wide): requests run as anon or authenticated, the worker and
-- trusted server paths as service_role; the login role talentloop_app, made by the app at
-- start-up, switches to them per transaction (decision 002).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

create schema if not exists auth;

-- request.jwt.claims is set per transaction by the API (set_config(..., true)).
-- After a transaction a pooled connection returns '' rather than NULL, hence nullif.
do $$
begin
  if to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb
      language sql stable
      as $f$ select coalesce(nullif(current_setting('request.jwt.claims', true), '')::jsonb, '{}'::jsonb) $f$;
  end if;
  if to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid
      language sql stable
      as $f$ select nullif(auth.jwt() ->> 'sub', '')::uuid $f$;
  end if;
  if to_regprocedure('auth.role()') is null then
    create function auth.role() returns text
      language sql stable
      as $f$ select nullif(auth.jwt() ->> 'role', '') $f$;
  end if;
end
$$;

-- Only where we own schema auth: on Supabase it belongs to supabase_auth_admin,
-- which has granted this already, and the migrating role may not grant it.
do $$
begin
  if exists (select 1 from pg_namespace where nspname = 'auth' and pg_has_role(nspowner, 'USAGE')) then
    grant usage on schema auth to anon, authenticated, service_role;
    grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;
  end if;
end
$$;

grant usage on schema public to anon, authenticated, service_role;

-- unaccent() is only STABLE; an IMMUTABLE wrapper is needed for indexes and
-- generated columns. The extension's schema differs (public here, extensions on
-- Supabase), so the wrapper names it explicitly.
do $$
declare ext_schema text;
begin
  select n.nspname into ext_schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'unaccent';
  execute format(
    'create or replace function public.f_unaccent(text) returns text
       language sql immutable parallel safe strict
       as %L',
    format('select %I.unaccent(%L::regdictionary, $1)', ext_schema, ext_schema || '.unaccent'));
end
$$;
grant execute on function public.f_unaccent(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------- schemas

create schema private;
revoke all on schema private from anon, authenticated, service_role;

-- ---------------------------------------------------------------- tables

create table private.rate_limits (
  key text primary key,
  window_started_at timestamp with time zone not null,
  hits integer not null
);

create table private.worker_heartbeats (
  worker_id text primary key,
  started_at timestamp with time zone default now() not null,
  seen_at timestamp with time zone default now() not null
);

create table private.time_zone_names (
  name text primary key
);

-- ---------------------------------------------------------------- functions

create or replace function public.search_doc(variadic parts text[])
  returns text
  language sql
  immutable parallel safe
as $$ select public.f_unaccent(lower(array_to_string(parts, ' '))) $$;
grant execute on function public.search_doc(variadic parts text[]) to anon, authenticated, service_role;

create or replace function public.touch_updated_at()
  returns trigger
  language plpgsql
as $$ begin new.updated_at := now(); return new; end $$;

create or replace function public.touch_worker_heartbeat(p_worker_id text)
  returns void
  language sql
  security definer
  set search_path to 'pg_catalog'
as $$
    insert into private.worker_heartbeats (worker_id) values (p_worker_id)
    on conflict (worker_id) do update set seen_at = now()
  $$;
revoke all on function public.touch_worker_heartbeat(p_worker_id text) from public, anon, authenticated, service_role;
grant execute on function public.touch_worker_heartbeat(p_worker_id text) to service_role;

create or replace function public.forget_worker(p_worker_id text)
  returns void
  language sql
  security definer
  set search_path to 'pg_catalog'
as $$
    delete from private.worker_heartbeats where worker_id = p_worker_id
  $$;
revoke all on function public.forget_worker(p_worker_id text) from public, anon, authenticated, service_role;
grant execute on function public.forget_worker(p_worker_id text) to service_role;

create or replace function public.worker_seen_within(p_worker_id text, p_seconds integer)
  returns boolean
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$
    select exists (select 1 from private.worker_heartbeats
                    where worker_id = p_worker_id and seen_at > now() - make_interval(secs => p_seconds))
  $$;
revoke all on function public.worker_seen_within(p_worker_id text, p_seconds integer) from public, anon, authenticated, service_role;
grant execute on function public.worker_seen_within(p_worker_id text, p_seconds integer) to service_role;

create or replace function public.is_iana_time_zone(zone text)
  returns boolean
  language sql
  stable parallel safe security definer
  set search_path to 'pg_catalog'
as $$
  select zone is not null and zone !~ '^[+-]'
     and (exists (select 1 from private.time_zone_names t where t.name = zone)
          or exists (select 1 from pg_catalog.pg_timezone_names n where n.name = zone))
$$;
revoke all on function public.is_iana_time_zone(zone text) from public, anon, authenticated, service_role;
grant execute on function public.is_iana_time_zone(zone text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------- row-level security, privileges and policies

revoke all on private.rate_limits from anon, authenticated, service_role;

revoke all on private.worker_heartbeats from anon, authenticated, service_role;

revoke all on private.time_zone_names from anon, authenticated, service_role;
