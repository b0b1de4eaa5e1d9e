-- An erased candidate leaves nothing of theirs on a meeting (issue 30): the meeting stays in the recruiter's
-- calendar history (candidate_id set null by the foreign key), but the name, address and note the candidate
-- typed on the booking page go with them.
create or replace function public.erase_candidates(p_ids bigint[], p_reason text)
  returns bigint[]
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  erased bigint[];
  suppressed integer;
begin
  if not (public.is_member() or auth.role() = 'service_role' or current_setting('role', true) = 'service_role') then
    raise exception 'permission denied to erase candidates' using errcode = 'insufficient_privilege';
  end if;
  select count(*) into suppressed
    from public.candidates c
   where c.id = any (p_ids) and (public.email_suppression(c.email::text)).address_hash is not null;
  update public.meetings set attendee_name = null, attendee_email = null, candidate_note = null
   where candidate_id = any (p_ids) and (attendee_name is not null or attendee_email is not null or candidate_note is not null);
  with gone as (delete from public.candidates where id = any (p_ids) returning id)
  select coalesce(array_agg(id order by id), '{}') into erased from gone;
  if cardinality(erased) > 0 then
    insert into public.audit_log (actor_id, action, entity, entity_id, details)
    values (auth.uid(), 'candidate.erase', 'candidate', case when cardinality(erased) = 1 then erased[1]::text end,
            jsonb_build_object('count', cardinality(erased), 'ids', erased[1:100], 'reason', left(p_reason, 500),
                               'suppressedAddressesKept', suppressed));
  end if;
  return erased;
end
$$;
