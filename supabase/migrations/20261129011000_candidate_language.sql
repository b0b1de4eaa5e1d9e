-- The candidate's language (issue 29; the column is 20261129010000_team_scheduling.sql's).
-- The server (service_role) writes it too: read from a candidate's reply while it is unknown
-- (domain/messages/inbound-reply.server.ts), as it writes the other columns it may.
grant insert (language), update (language) on public.candidates to service_role;

-- CSV import: a language column sets the candidate's language (english or dutch), as the candidate
-- form does; a blank cell leaves it unknown, to be read from the candidate's first reply.
-- The function gains p_language; the rest is as in 20261129000710_import_email_consent.sql.
drop function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text[], text, boolean, text);

create function public.insert_imported_candidates(
  p_id bigint[], p_name text[], p_email text[], p_phone text[], p_whatsapp text[], p_contact text[], p_job text[],
  p_skills text[], p_seniority text[], p_location text[], p_role text[], p_lead integer[], p_notes text[],
  p_allows_email boolean[], p_allows_whatsapp boolean[], p_tz text[], p_language text[], p_wording text,
  p_default_allows_email boolean, p_default_wording text
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
                         p_role, p_lead, p_notes, p_allows_email, p_allows_whatsapp, p_tz, p_language)
      as i(id, name, email, phone, whatsapp, contact, job, skills, seniority, location, role, lead, notes, allows_email, allows_whatsapp, tz,
           language)
  ), written as (
    insert into public.candidates (id, name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
                                   seniority_level, location, preferred_role, lead_score, notes, created_by, allows_email, allows_whatsapp,
                                   time_zone, language)
    overriding system value
    select i.id, i.name, i.email, i.phone, i.whatsapp, coalesce(i.contact, 'email'), i.job,
           coalesce(string_to_array(i.skills, chr(31)), '{}'), i.seniority, i.location, i.role, coalesce(i.lead, 0), i.notes,
           auth.uid(),
           coalesce(i.allows_email, p_default_allows_email) and (public.email_suppression(i.email)).address_hash is null,
           coalesce(i.allows_whatsapp, false),
           i.tz, i.language
      from rows i
    on conflict (email) where email is not null do nothing
    returning id
  )
  select coalesce(array_agg(id), '{}') into inserted from written;

  -- The entries behind the flags: the email consent of every new row (the file's value, else the recruiter's
  -- choice, with its words) and each WhatsApp value the file gave. A grant held back for a suppressed address
  -- is explained by the suppression trigger's own entry.
  insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by)
  select c.id, x.channel, x.granted, 'import', x.wording, auth.uid()
    from unnest(p_id, p_allows_email, p_allows_whatsapp) as i(id, allows_email, allows_whatsapp)
    join public.candidates c on c.id = i.id and c.id = any (inserted)
    cross join lateral (values ('email', c.allows_email, c.allows_email = coalesce(i.allows_email, p_default_allows_email),
                                case when i.allows_email is null then p_default_wording else p_wording end),
                               ('whatsapp', c.allows_whatsapp, i.allows_whatsapp is not null, p_wording))
      as x(channel, granted, recorded, wording)
   where x.recorded;
  return query select unnest(inserted);
end
$$;
revoke all on function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text[], text[], text, boolean, text) from public, anon, authenticated, service_role;
grant execute on function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text[], text[], text, boolean, text) to authenticated;
