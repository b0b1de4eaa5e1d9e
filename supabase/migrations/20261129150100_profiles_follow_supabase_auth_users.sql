-- On a Supabase project (decision 050) admins may manage users in Supabase's dashboard: a user made
-- there gets a profile (the app's user record), and a ban, an email change or a deletion there is
-- seen by the app. Where schema auth has no users table (better-auth, the embedded default) nothing
-- is attached. A trigger on auth.users must never fail GoTrue's own write: what cannot be done is
-- skipped with a warning.

-- A new auth user's profile: username from user_metadata.username, else the email's local part
-- (made valid and unique), display name from user_metadata, role admin only when app_metadata says so.
create or replace function private.profile_for_auth_user()
  returns trigger
  language plpgsql
  security definer
  set search_path = public, extensions, pg_temp
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

-- A ban, an email or a deletion at Supabase Auth reaches the profile (a deleted user is banned:
-- what they own stays).
create or replace function private.profile_follows_auth_user()
  returns trigger
  language plpgsql
  security definer
  set search_path = public, extensions, pg_temp
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

revoke all on function private.profile_for_auth_user(), private.profile_follows_auth_user() from public, anon, authenticated, service_role;

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
