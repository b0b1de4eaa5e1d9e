-- Users and who may do what (decisions 002, 003, 012). profiles is what the app and every policy
-- read about a user (better-auth keeps the credentials in schema app_auth, which it makes at run time);
-- is_admin() and is_member() are what the policies ask. Also the requests for access, the audit log,
-- and the TOTP steps already used (a code works once).
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.profiles (
  id uuid primary key,
  username citext not null unique check (username ~ '^[a-zA-Z0-9_.-]{3,32}$'::citext),
  display_name text not null check (length(display_name) between 1 and 120),
  email citext not null unique,
  role text default 'recruiter'::text not null check (role in ('admin', 'recruiter')),
  two_factor_enabled boolean default false not null,
  banned boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  title text check (length(title) between 1 and 120),
  signature text check (length(signature) between 1 and 2000),
  language text check (language in ('en', 'nl')),
  staff_emails boolean default true not null
);
comment on table public.profiles is
  'Users of the product. Policies: profiles_read_own (a user reads their own row; admins read all), '
  'profiles_admin_insert, profiles_admin_update, profiles_admin_delete (admins only; nobody deletes '
  'themselves).';
comment on column public.profiles.staff_emails is
  'Whether this admin gets the staff emails the organisation sends (erasure preview, access requests); '
  'their own choice.';

create table public.access_requests (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 120),
  email citext not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::citext),
  company text,
  message text check (length(message) <= 2000),
  status text default 'pending'::text not null check (status in ('pending', 'approved', 'rejected')),
  handled_by uuid references public.profiles (id) on delete set null,
  handled_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  admins_told_at timestamp with time zone
);
create unique index access_requests_one_pending on public.access_requests (lower((email)::text)) where (status = 'pending'::text);
create index access_requests_pending on public.access_requests (created_at desc) where (status = 'pending'::text);
create index access_requests_untold on public.access_requests (created_at) where ((status = 'pending'::text) and (admins_told_at is null));
comment on table public.access_requests is
  'Requests for access. Policies: access_requests_file (anon and members file a pending request), '
  'access_requests_admin_read, access_requests_admin_update, access_requests_admin_delete (admins '
  'only).';
comment on column public.access_requests.admins_told_at is 'When the admins were emailed about this request; null: not yet.';

create table public.audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid references public.profiles (id) on delete set null,
  action text not null,
  entity text not null,
  entity_id text,
  details jsonb default '{}'::jsonb not null,
  created_at timestamp with time zone default now() not null
);
create index audit_log_created on public.audit_log (created_at desc);
comment on table public.audit_log is
  'Audit log. Policies: audit_log_write (members write entries in their own name), audit_log_admin_read '
  '(admins read).';

create table private.totp_used_steps (
  user_id uuid primary key,
  last_step bigint not null,
  used_at timestamp with time zone default now() not null
);

create table private.auth_sessions (
  id uuid primary key,
  user_id uuid not null,
  user_agent text,
  ip_address text,
  created_at timestamp with time zone default now() not null,
  last_seen_at timestamp with time zone default now() not null
);
create index auth_sessions_user on private.auth_sessions (user_id);

create table private.totp_factors (
  user_id uuid primary key,
  factor_id uuid not null,
  secret text,
  verified boolean default false not null,
  created_at timestamp with time zone default now() not null
);

create table private.backup_codes (
  user_id uuid not null,
  code_hash text not null,
  constraint backup_codes_pkey primary key (user_id, code_hash)
);

-- ---------------------------------------------------------------- functions

create or replace function public.is_admin()
  returns boolean
  language sql
  stable security definer
  set search_path to 'public'
as $$
    select exists (select 1 from public.profiles
                    where id = auth.uid() and role = 'admin' and not banned)
  $$;
grant execute on function public.is_admin() to anon, authenticated, service_role;

create or replace function public.is_member()
  returns boolean
  language sql
  stable security definer
  set search_path to 'public'
as $$
    select exists (select 1 from public.profiles where id = auth.uid() and not banned)
  $$;
grant execute on function public.is_member() to anon, authenticated, service_role;

create or replace function private.profile_for_auth_user()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public', 'extensions', 'pg_temp'
as $$
declare
  wanted text := lower(coalesce(nullif(new.raw_user_meta_data ->> 'username', ''), split_part(new.email, '@', 1)));
  base text;
  chosen text;
  suffix integer := 1;
begin
  if new.email is null or exists (select 1 from public.profiles where id = new.id) then
    return new;
  end if;
  base := left(regexp_replace(wanted, '[^a-z0-9_.-]', '', 'g'), 28);
  if length(base) < 3 then
    base := base || 'user';
  end if;
  chosen := base;
  while exists (select 1 from public.profiles where username = chosen) loop
    suffix := suffix + 1;
    chosen := base || suffix;
  end loop;
  insert into public.profiles (id, username, display_name, email, role)
  values (new.id, chosen,
          left(coalesce(nullif(btrim(new.raw_user_meta_data ->> 'display_name'), ''),
                        nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), chosen), 120),
          new.email,
          case when new.raw_app_meta_data ->> 'role' = 'admin' then 'admin' else 'recruiter' end)
  on conflict do nothing;
  return new;
exception when others then
  raise warning 'Talentloop could not make a profile for auth user %: %', new.id, sqlerrm;
  return new;
end;
$$;
revoke all on function private.profile_for_auth_user() from public, anon, authenticated, service_role;

create or replace function private.profile_follows_auth_user()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public', 'extensions', 'pg_temp'
as $$
begin
  if tg_op = 'DELETE' then
    update public.profiles set banned = true where id = old.id and not banned;
    return old;
  end if;
  update public.profiles
     set banned = coalesce(new.banned_until > now(), false),
         email = coalesce(new.email, email)
   where id = new.id
     and (banned is distinct from coalesce(new.banned_until > now(), false) or email is distinct from coalesce(new.email, email));
  return new;
exception when others then
  raise warning 'Talentloop could not update the profile of auth user %: %', coalesce(new.id, old.id), sqlerrm;
  return coalesce(new, old);
end;
$$;
revoke all on function private.profile_follows_auth_user() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------- triggers

create trigger profiles_touch before update on public.profiles
  for each row execute function touch_updated_at();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.profiles enable row level security;
revoke all on public.profiles from anon, authenticated, service_role;
grant select, insert, update, delete on public.profiles to authenticated, service_role;
create policy profiles_admin_delete on public.profiles for delete to authenticated
  using (is_admin() and (id <> auth.uid()));
create policy profiles_admin_insert on public.profiles for insert to authenticated
  with check (is_admin());
create policy profiles_admin_update on public.profiles for update to authenticated
  using (is_admin())
  with check (is_admin());
create policy profiles_read_own on public.profiles for select to authenticated
  using ((id = auth.uid()) or is_admin());

alter table public.access_requests enable row level security;
revoke all on public.access_requests from anon, authenticated, service_role;
grant insert on public.access_requests to anon;
grant select, insert, update, delete on public.access_requests to authenticated, service_role;
revoke all on sequence public.access_requests_id_seq from anon, authenticated, service_role;
grant usage on sequence public.access_requests_id_seq to authenticated, service_role;
create policy access_requests_admin_delete on public.access_requests for delete to authenticated
  using (is_admin());
create policy access_requests_admin_read on public.access_requests for select to authenticated
  using (is_admin());
create policy access_requests_admin_update on public.access_requests for update to authenticated
  using (is_admin())
  with check (is_admin());
create policy access_requests_file on public.access_requests for insert to anon, authenticated
  with check ((status = 'pending'::text) and (handled_by is null) and (handled_at is null));

alter table public.audit_log enable row level security;
revoke all on public.audit_log from anon, authenticated, service_role;
grant select, insert on public.audit_log to authenticated;
grant select, insert, update, delete on public.audit_log to service_role;
revoke all on sequence public.audit_log_id_seq from anon, authenticated, service_role;
grant usage on sequence public.audit_log_id_seq to authenticated, service_role;
create policy audit_log_admin_read on public.audit_log for select to authenticated
  using (is_admin());
create policy audit_log_write on public.audit_log for insert to authenticated
  with check (actor_id = auth.uid());

revoke all on private.totp_used_steps from anon, authenticated, service_role;

revoke all on private.auth_sessions from anon, authenticated, service_role;

revoke all on private.totp_factors from anon, authenticated, service_role;

revoke all on private.backup_codes from anon, authenticated, service_role;

-- ---------------------------------------------------------------- on a Supabase project

-- Users made, banned, renamed or deleted in Supabase Auth (its dashboard too) reach their profiles.
-- Where schema auth has no users table (better-auth, the embedded default) nothing is attached.
do $$
begin
  if to_regclass('auth.users') is not null then
    create trigger talentloop_profile_for_new_user after insert on auth.users
      for each row execute function private.profile_for_auth_user();
    create trigger talentloop_profile_follows_user after update of banned_until, email or delete on auth.users
      for each row execute function private.profile_follows_auth_user();
  end if;
end
$$;
