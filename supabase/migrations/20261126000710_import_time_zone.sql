-- CSV import (issue 12): a time zone column sets the candidate's zone by hand, as the
-- candidate form does (candidates_infer_time_zone makes a zone given on insert
-- 'manual' and checks it). The function gains p_tz; the rest is as in
-- 20261123000090_import_with_consent.sql.
drop function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text);

create function public.insert_imported_candidates(
  p_id bigint[], p_name text[], p_email text[], p_phone text[], p_whatsapp text[], p_contact text[], p_job text[],
  p_skills text[], p_seniority text[], p_location text[], p_role text[], p_lead integer[], p_notes text[],
  p_allows_email boolean[], p_allows_whatsapp boolean[], p_tz text[], p_wording text
) returns setof bigint
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare
  inserted bigint[];
begin
  if not public.is_member() then
    raise exception 'permission denied to import candidates' using errcode = 'insufficient_privilege';
  end if;
  with rows as (
    select * from unnest(p_id, p_name, p_email, p_phone, p_whatsapp, p_contact, p_job, p_skills, p_seniority, p_location,
                         p_role, p_lead, p_notes, p_allows_email, p_allows_whatsapp, p_tz)
      as i(id, name, email, phone, whatsapp, contact, job, skills, seniority, location, role, lead, notes, allows_email, allows_whatsapp, tz)
  ), written as (
    insert into public.candidates (id, name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
                                   seniority_level, location, preferred_role, lead_score, notes, created_by, allows_email, allows_whatsapp,
                                   time_zone)
    overriding system value
    select i.id, i.name, i.email, i.phone, i.whatsapp, coalesce(i.contact, 'email'), i.job,
           coalesce(string_to_array(i.skills, chr(31)), '{}'), i.seniority, i.location, i.role, coalesce(i.lead, 0), i.notes,
           auth.uid(),
           coalesce(i.allows_email, true) and (public.email_suppression(i.email)).address_hash is null,
           coalesce(i.allows_whatsapp, false),
           i.tz
      from rows i
    on conflict (email) where email is not null do nothing
    returning id
  )
  select coalesce(array_agg(id), '{}') into inserted from written;

  -- The entries behind the flags: every email grant, and each value the file gave
  -- (a grant held back for a suppressed address is explained by that trigger's entry).
  insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by)
  select c.id, x.channel, x.granted, 'import', p_wording, auth.uid()
    from unnest(p_id, p_allows_email, p_allows_whatsapp) as i(id, allows_email, allows_whatsapp)
    join public.candidates c on c.id = i.id and c.id = any (inserted)
    cross join lateral (values ('email', c.allows_email,
                                c.allows_email = coalesce(i.allows_email, true) and (c.allows_email or i.allows_email is not null)),
                               ('whatsapp', c.allows_whatsapp, i.allows_whatsapp is not null)) as x(channel, granted, recorded)
   where x.recorded;
  return query select unnest(inserted);
end
$$;
revoke all on function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text[], text) from public;
grant execute on function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text[], text) to authenticated;
