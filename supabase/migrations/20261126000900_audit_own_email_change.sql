-- An account's email is where password resets and security mail would go: a change to
-- it is a security event, so the database itself writes it to the audit log (admins read
-- it in the Admin Portal), with the old and the new address. Only an actual change is
-- written; saving the same address again is not.
create or replace function public.save_own_account(p_email text, p_language text) returns void
  language plpgsql security definer set search_path = public
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
