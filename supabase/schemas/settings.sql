-- The organisation's settings, one row (the row is data: a migration inserts it), and a user's own
-- profile and account, which only they change, through two functions (decisions 020, 024; tracking_enabled:
-- decision 017). private.organisation_zone() is the zone sender limits count days in.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.organisation_settings (
  id boolean default true primary key check (id),
  tracking_enabled boolean default true not null,
  updated_at timestamp with time zone default now() not null,
  updated_by uuid references public.profiles (id) on delete set null,
  company_name text check (length(company_name) between 1 and 120),
  website text check ((length(website) between 1 and 300) and (website ~* '^https?://'::text)),
  industry text check (length(industry) between 1 and 120),
  sender_name text check (length(sender_name) between 1 and 120),
  sender_email text check ((length(sender_email) between 3 and 254) and (sender_email ~ '^[^@\s]+@[^@\s]+$'::text)),
  signature text check (length(signature) between 1 and 2000),
  default_language text check (default_language in ('english', 'dutch')),
  time_zone text default 'Europe/Amsterdam'::text not null,
  send_from text default 'shared'::text not null check (send_from in ('shared', 'recruiter')),
  consent_valid_months integer default 24 not null check (consent_valid_months between 1 and 120),
  renewal_lead_days integer default 30 not null check (renewal_lead_days between 1 and 365),
  retention_digest boolean default true not null,
  access_request_emails boolean default true not null
);
comment on table public.organisation_settings is
  'The organisation''s settings, one row. Policies: organisation_settings_read (members read), '
  'organisation_settings_admin_update (admins change them: tracking_enabled, company and sender '
  'details, signature, default language, time_zone).';
comment on column public.organisation_settings.send_from is
  'shared: mail leaves the configured mailbox (MS_MAILBOX, MAIL_FROM); recruiter: each recruiter''s mail '
  'leaves their own Microsoft 365 mailbox (their profile email) through Microsoft Graph (decision 039).';
comment on column public.organisation_settings.consent_valid_months is
  'How long a candidate''s email consent lasts from its grant; applies to consent granted from the '
  'change on.';
comment on column public.organisation_settings.renewal_lead_days is 'How many days before email consent expires the worker sends the one renewal email.';
comment on column public.organisation_settings.retention_digest is 'Whether admins get the weekly email of whom the retention rules erase in the week ahead.';
comment on column public.organisation_settings.access_request_emails is 'Whether admins get an email when someone asks for access.';

-- ---------------------------------------------------------------- functions

create or replace function public.save_own_profile(p_display_name text, p_title text, p_signature text)
  returns void
  language plpgsql
  security definer
  set search_path to 'public'
as $$
  begin
    if not public.is_member() then
      raise exception 'not signed in' using errcode = '42501';
    end if;
    update public.profiles
       set display_name = p_display_name, title = p_title, signature = p_signature
     where id = auth.uid();
  end
  $$;
revoke all on function public.save_own_profile(p_display_name text, p_title text, p_signature text) from public, anon, authenticated, service_role;
grant execute on function public.save_own_profile(p_display_name text, p_title text, p_signature text) to authenticated;

create or replace function public.save_own_account(p_email text, p_language text)
  returns void
  language plpgsql
  security definer
  set search_path to 'public'
as $$
  declare
    before record;
  begin
    if not public.is_member() then
      raise exception 'not signed in' using errcode = '42501';
    end if;
    select username::text as username, email::text as email into before from public.profiles where id = auth.uid();
    update public.profiles set email = p_email, language = p_language where id = auth.uid();
    if lower(before.email) is distinct from lower(p_email) then
      insert into public.audit_log (actor_id, action, entity, entity_id, details)
      values (auth.uid(), 'auth.account.email_change', 'user', auth.uid()::text,
              jsonb_build_object('username', before.username, 'from', before.email, 'to', p_email));
    end if;
  end
  $$;
revoke all on function public.save_own_account(p_email text, p_language text) from public, anon, authenticated, service_role;
grant execute on function public.save_own_account(p_email text, p_language text) to authenticated;

create or replace function public.save_own_staff_emails(p_staff_emails boolean)
  returns void
  language plpgsql
  security definer
  set search_path to 'public'
as $$
  begin
    if not public.is_member() then
      raise exception 'not signed in' using errcode = '42501';
    end if;
    update public.profiles set staff_emails = p_staff_emails where id = auth.uid();
  end
  $$;
revoke all on function public.save_own_staff_emails(p_staff_emails boolean) from public, anon, authenticated, service_role;
grant execute on function public.save_own_staff_emails(p_staff_emails boolean) to authenticated;

create or replace function private.organisation_zone()
  returns text
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog'
as $$
declare zone text;
begin
  select to_jsonb(s) ->> 'time_zone' into zone from public.organisation_settings s limit 1;
  if zone is null then return 'UTC'; end if;
  perform now() at time zone zone;
  return zone;
exception when invalid_parameter_value then
  return 'UTC';
end
$$;

create or replace function public.organisation_today(p_now timestamp with time zone default now())
  returns date
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$ select (p_now at time zone private.organisation_zone())::date $$;
revoke all on function public.organisation_today(p_now timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.organisation_today(p_now timestamp with time zone) to authenticated, service_role;
comment on function public.organisation_today(p_now timestamp with time zone) is 'The date at p_now in the organisation''s time zone (private.organisation_zone()).';

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.organisation_settings enable row level security;
revoke all on public.organisation_settings from anon, authenticated, service_role;
grant select on public.organisation_settings to authenticated, service_role;
grant update (tracking_enabled, updated_at, updated_by, company_name, website, industry, sender_name,
    sender_email, signature, default_language, time_zone, send_from, consent_valid_months,
    renewal_lead_days, retention_digest, access_request_emails)
  on public.organisation_settings to authenticated;
create policy organisation_settings_admin_update on public.organisation_settings for update to authenticated
  using ((select is_admin()))
  with check ((select is_admin()));
create policy organisation_settings_read on public.organisation_settings for select to authenticated
  using ((select is_member()));
