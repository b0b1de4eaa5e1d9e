-- An admin chooses for themselves whether the staff emails the organisation sends (the weekly erasure preview,
-- new access requests: domain/mail/staff-mail.server.ts) reach them; the organisation's switches decide whether
-- they go at all. Written through public.save_own_staff_emails, as the rest of one's own profile is (only an
-- admin may update profiles directly, and then anyone's).
alter table public.profiles add column staff_emails boolean default true not null;
comment on column public.profiles.staff_emails is
  'Whether this admin gets the staff emails the organisation sends (erasure preview, access requests); their own choice.';

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
