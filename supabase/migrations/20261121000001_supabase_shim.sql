-- Supabase-style roles and auth helpers. On a Supabase project these already
-- exist, so every object is created only where it is missing.

-- Extensions go where the project keeps them: schema extensions on Supabase
-- (where most already are), the default (public) on a plain PostgreSQL.
do $$
declare ext text;
begin
  foreach ext in array array['pgcrypto', 'citext', 'pg_trgm', 'unaccent', 'btree_gist'] loop
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
