-- Organisation and personal settings (issue 12, "Drafts that use the recruiter's words";
-- domain/settings/). The bounds below are the rule; domain/settings/schemas.ts mirrors
-- them (SETTINGS_LIMITS) and tests/api/settings.test.ts compares both.

-- The organisation's one row (20261124000010_tracking.sql) gains what drafts and mails
-- say about the organisation. Members read it; admins change it (the existing policies).
alter table public.organisation_settings
  add column company_name text check (length(company_name) between 1 and 120),
  add column website text check (length(website) between 1 and 300 and website ~* '^https?://'),
  add column industry text check (length(industry) between 1 and 120),
  add column sender_name text check (length(sender_name) between 1 and 120),
  add column sender_email text check (length(sender_email) between 3 and 254 and sender_email ~ '^[^@\s]+@[^@\s]+$'),
  add column signature text check (length(signature) between 1 and 2000),
  add column default_language text not null default 'english' check (default_language in ('english', 'dutch')),
  -- The sequences' send windows read this zone for candidates without their own ("if not exists": one column, whoever adds it).
  add column if not exists time_zone text not null default 'Europe/Amsterdam';

grant update (company_name, website, industry, sender_name, sender_email, signature, default_language, time_zone)
  on public.organisation_settings to authenticated;

comment on table public.organisation_settings is
  'The organisation''s settings, one row. Policies: organisation_settings_read (members read), '
  'organisation_settings_admin_update (admins change them: tracking_enabled, company and sender details, '
  'signature, default language, time_zone).';

-- A user's own title and signature, next to their display name. Their time zone is
-- booking_settings.time_zone (one zone per recruiter, kept once).
alter table public.profiles
  add column title text check (length(title) between 1 and 120),
  add column signature text check (length(signature) between 1 and 2000);

-- profiles_admin_update lets only admins change a profile (role, banned, ...). A user
-- changes their own display name, title and signature through this function, and
-- nothing else of their row. better-auth's copy of the name is kept by the caller
-- (domain/settings/profile.ts), as the admin portal does (domain/auth/users.ts).
create function public.save_own_profile(p_display_name text, p_title text, p_signature text) returns void
  language plpgsql security definer set search_path = public
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
revoke execute on function public.save_own_profile(text, text, text) from public;
grant execute on function public.save_own_profile(text, text, text) to authenticated;
