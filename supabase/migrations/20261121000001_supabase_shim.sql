-- Supabase-style roles and auth helpers. On a Supabase project these already
-- exist, so every object is created only where it is missing.

create extension if not exists pgcrypto;
create extension if not exists citext;
create extension if not exists pg_trgm;
create extension if not exists unaccent;
create extension if not exists btree_gist;

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
grant usage on schema auth to anon, authenticated, service_role;

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

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;
