-- Settings → Profile (issue 13): a user changes their own email and interface language.
-- The language is what the /app interface speaks to them ('en' or 'nl'); null follows
-- the browser. domain/settings/schemas.ts mirrors the check (INTERFACE_LANGUAGES) and
-- tests/api/settings-profile-account.test.ts compares both.
alter table public.profiles
  add column language text check (language in ('en', 'nl'));

-- profiles_admin_update lets only admins change a profile. A user changes their own
-- email and language through this function, nothing else of their row; the email stays
-- unique (profiles_email_key). better-auth's copy of the email (app_auth.user) is kept by
-- the caller in the same request (domain/settings/profile.ts), as with the display name.
create function public.save_own_account(p_email text, p_language text) returns void
  language plpgsql security definer set search_path = public
  as $$
  begin
    if not public.is_member() then
      raise exception 'not signed in' using errcode = '42501';
    end if;
    update public.profiles set email = p_email, language = p_language where id = auth.uid();
  end
  $$;
revoke execute on function public.save_own_account(text, text) from public;
grant execute on function public.save_own_account(text, text) to authenticated;
