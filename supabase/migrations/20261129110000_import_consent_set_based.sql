-- CSV import at scale (issue 31, decision 046): the import writes its new candidates' consent set-based.
--
-- Profiled on 20,000 rows, 60% of PostgreSQL's time was the ledger's two row triggers on the import's
-- 2 entries per row (check_consent_event, apply_consent_event: each reading the candidate, hashing the address
-- twice, and an UPDATE of the candidate that fired its own triggers). For a candidate the import has just
-- inserted they change nothing: its flags are written with it, an email grant is made only for an address not
-- on the suppression list (so nothing is lifted from it), and no opt-out can stand yet. What is left, the
-- suppression list entry of an email refusal, the import function now writes itself, set-based.
--
-- applied_in_bulk marks those entries; the row triggers skip only them. Members and the service role cannot set
-- it (column privileges): only a SECURITY DEFINER function, insert_imported_candidates, writes it, so every other
-- entry is checked and applied exactly as before.

alter table public.consent_events add column applied_in_bulk boolean not null default false;
alter table public.consent_events add constraint consent_events_bulk_is_import check (not applied_in_bulk or source = 'import');
comment on column public.consent_events.applied_in_bulk is
  'True only for entries insert_imported_candidates() wrote for the candidates it inserted, having applied them '
  'itself, set-based; the triggers check and apply every other entry. Not writable by members or the service role.';

revoke insert on public.consent_events from authenticated, service_role;
grant insert (candidate_id, channel, granted, source, wording, created_by, created_at) on public.consent_events to authenticated, service_role;

drop trigger consent_events_apply on public.consent_events;
create trigger consent_events_apply after insert on public.consent_events
  for each row when (not new.applied_in_bulk) execute function public.apply_consent_event();

drop trigger consent_events_check on public.consent_events;
create trigger consent_events_check before insert on public.consent_events
  for each row when (not new.applied_in_bulk) execute function public.check_consent_event();

-- 20261129021000_consent_expiry.sql re-created the overload without p_language, which 20261129011000 had replaced
-- (and meant to give the expiry to the one in use); that stray one, executable by everyone, goes.
drop function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text[], text, boolean, text);

create or replace function public.insert_imported_candidates(
  p_id bigint[], p_name text[], p_email text[], p_phone text[], p_whatsapp text[], p_contact text[], p_job text[],
  p_skills text[], p_seniority text[], p_location text[], p_role text[], p_lead integer[], p_notes text[],
  p_allows_email boolean[], p_allows_whatsapp boolean[], p_tz text[], p_language text[], p_wording text,
  p_default_allows_email boolean, p_default_wording text
) returns setof bigint
  language plpgsql security definer set search_path = pg_catalog
as $$
declare
  inserted bigint[];
  emails text[];
  allowed_email boolean[];
  allowed_whatsapp boolean[];
  file_email boolean[];
  file_whatsapp boolean[];
  expires timestamp with time zone := public.email_consent_expiry(now());
begin
  if not public.is_member() then
    raise exception 'permission denied to import candidates' using errcode = 'insufficient_privilege';
  end if;
  -- Each new row with its final flags (an address on the suppression list gets no email consent; the list's own
  -- trigger on candidates records why) and the expiry the ledger's trigger would give its grant.
  with rows as (
    select * from unnest(p_id, p_name, p_email, p_phone, p_whatsapp, p_contact, p_job, p_skills, p_seniority, p_location,
                         p_role, p_lead, p_notes, p_allows_email, p_allows_whatsapp, p_tz, p_language)
      as i(id, name, email, phone, whatsapp, contact, job, skills, seniority, location, role, lead, notes, allows_email, allows_whatsapp, tz,
           language)
  ), flagged as (
    select i.*, coalesce(i.allows_email, p_default_allows_email) and (public.email_suppression(i.email)).address_hash is null as allowed
      from rows i
  ), written as (
    insert into public.candidates (id, name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
                                   seniority_level, location, preferred_role, lead_score, notes, created_by, allows_email, allows_whatsapp,
                                   time_zone, language, email_consent_expires_at)
    overriding system value
    select i.id, i.name, i.email, i.phone, i.whatsapp, coalesce(i.contact, 'email'), i.job,
           coalesce(string_to_array(i.skills, chr(31)), '{}'), i.seniority, i.location, i.role, coalesce(i.lead, 0), i.notes,
           auth.uid(), i.allowed, coalesce(i.allows_whatsapp, false), i.tz, i.language,
           case when i.allowed then expires end
      from flagged i
    on conflict (email) where email is not null do nothing
    returning id, email::text as email, allows_email, allows_whatsapp
  )
  select coalesce(array_agg(w.id order by w.id), '{}'), array_agg(w.email order by w.id), array_agg(w.allows_email order by w.id),
         array_agg(w.allows_whatsapp order by w.id), array_agg(i.allows_email order by w.id), array_agg(i.allows_whatsapp order by w.id)
    into inserted, emails, allowed_email, allowed_whatsapp, file_email, file_whatsapp
    from written w join rows i on i.id = w.id;

  -- The entries behind the flags: the email consent of every new row (the file's value, else the recruiter's
  -- choice, with its words) and each WhatsApp value the file gave. A grant held back for a suppressed address
  -- is explained by the suppression trigger's own entry. Applied here (applied_in_bulk): the flags are written
  -- already, and all apply_consent_event would still do for a new candidate is the suppression list entry of an
  -- email refusal, written below.
  insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by, applied_in_bulk)
  select c.id, x.channel, x.granted, 'import', x.wording, auth.uid(), true
    from unnest(inserted, allowed_email, allowed_whatsapp, file_email, file_whatsapp)
      as c(id, allows_email, allows_whatsapp, file_email, file_whatsapp)
    cross join lateral (values ('email', c.allows_email, c.allows_email = coalesce(c.file_email, p_default_allows_email),
                                case when c.file_email is null then p_default_wording else p_wording end),
                               ('whatsapp', c.allows_whatsapp, c.file_whatsapp is not null, p_wording))
      as x(channel, granted, recorded, wording)
   where x.recorded
   order by c.id, x.channel;

  -- As apply_consent_event does for a recorded email refusal: the mailbox goes on the suppression list (not as
  -- the candidate's own opt-out); an address already there stays as it is.
  insert into public.email_suppressions (address_hash, source, by_candidate, reason, created_at)
  select distinct on (h.address_hash) h.address_hash, 'import', false, left(h.wording, 500), now()
    from (select public.email_address_hash(c.email) as address_hash, c.id,
                 case when c.file_email is null then p_default_wording else p_wording end as wording
            from unnest(inserted, emails, allowed_email, file_email) as c(id, email, allows_email, file_email)
           where not c.allows_email and not coalesce(c.file_email, p_default_allows_email) and btrim(coalesce(c.email, '')) <> '') h
   order by h.address_hash, h.id
  on conflict (address_hash) do nothing;
  return query select unnest(inserted);
end
$$;
revoke all on function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text[], text[], text, boolean, text) from public, anon, authenticated, service_role;
grant execute on function public.insert_imported_candidates(bigint[], text[], text[], text[], text[], text[], text[], text[], text[],
  text[], text[], integer[], text[], boolean[], boolean[], text[], text[], text, boolean, text) to authenticated;
