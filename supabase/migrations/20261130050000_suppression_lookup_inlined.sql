-- The suppression list's look-up and the eligibility rule, written so PostgreSQL can inline them (issue 31,
-- decision 063). A SECURITY DEFINER function, or one with its own search_path, is a call per row that PostgreSQL
-- cannot inline: about 10 microseconds each before it does anything. contact_blockers() (no suppression look-up
-- yet, its own search_path) cost 10.6 microseconds per candidate, inlined 0.8; with the look-up, 32-40 against
-- 17-22. Every email asks it three times (the dispatch, the consent trigger, the claim), and the candidate list's
-- consent filter once per candidate it reads. An import looked the list up twice per row (its flag and
-- candidates_suppressed_address) through public.email_suppression(): 29-37 microseconds each, 11-13 inlined.
--
-- private.address_suppressions() is the look-up now, in one place: a plain SQL set-returning function that
-- PostgreSQL inlines into the query that reads it (no SECURITY DEFINER, no SET: only SECURITY DEFINER callers
-- reach schema private). The same two hashes as email_address_hash() and legacy_email_address_hash() (entries from
-- before 20261128000100 may hold the legacy one), computed once per look-up. Its answer is the entry that explains
-- the refusal best: the candidate's own opt-out first, then the oldest.
create or replace function private.address_suppressions(p_email text)
  returns setof public.email_suppressions
  language sql stable rows 1
  as $$
    select s.* from public.email_suppressions s
      -- The hashes once per look-up, not once per entry (offset 0 keeps them apart from the list's scan).
      join (select sha256(value || convert_to(public.mailbox_key(p_email), 'UTF8')) as key_hash,
                   sha256(value || convert_to(lower(btrim(p_email)), 'UTF8')) as legacy_hash
              from private.settings where name = 'email_hash_pepper' and p_email is not null offset 0) h
        on s.address_hash in (h.key_hash, h.legacy_hash)
     order by s.by_candidate desc, s.created_at
     limit 1
  $$;
revoke all on function private.address_suppressions(text) from public, anon, authenticated, service_role;

-- The single look-ups keep their names, grants and answers.
create or replace function public.email_suppression(p_email text)
  returns public.email_suppressions
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$ select s from private.address_suppressions(p_email) s $$;

create or replace function public.email_suppressed(p_email text)
  returns boolean
  language plpgsql
  stable security definer
  set search_path to 'pg_catalog'
as $$
begin
  return exists (select 1 from private.address_suppressions(p_email));
end
$$;

-- The eligibility rule without a search_path of its own, so PostgreSQL inlines it into the query that asks
-- (its names are all qualified or built in, as in search_doc()); the suppression list stays behind
-- email_suppressed(), which members may call and whose list they may not read. can_contact() keeps its own
-- search_path on purpose: in a WHERE clause an opaque call keeps the planner's default estimate, while the
-- inlined expression is estimated at 0.5% of the rows, so the people list filtered by "can be emailed" and sorted
-- by lead score sorted the whole filter's result (535 ms at 100,000 candidates) instead of reading the sort's index.
create or replace function public.contact_blockers(c candidates, p_channel text)
  returns text[]
  language sql
  stable
as $$
    select case p_channel
      when 'email' then array_remove(array[
        case when c.email is null or btrim(c.email::text) = '' then 'no_email' end,
        case when c.unsubscribed_at is not null then 'opted_out' end,
        case when c.unsubscribed_at is null and not c.allows_email then 'no_consent' end,
        case when c.unsubscribed_at is null and c.allows_email and c.email_consent_expires_at <= now() then 'consent_expired' end,
        case when c.unsubscribed_at is null and c.allows_email and btrim(coalesce(c.email::text, '')) <> ''
              and public.email_suppressed(c.email::text) then 'suppressed' end
      ]::text[], null)
      when 'whatsapp' then array_remove(array[
        case when btrim(coalesce(c.whatsapp_number, '')) = '' and btrim(coalesce(c.phone, '')) = '' then 'no_whatsapp_number' end,
        case when c.whatsapp_opted_out_at is not null then 'whatsapp_opted_out' end,
        case when c.whatsapp_opted_out_at is null and not c.allows_whatsapp then 'no_whatsapp_consent' end
      ]::text[], null)
      else array['unknown_channel']
    end
  $$;

-- The suppression trigger on candidates: one look-up per new or changed address, inlined.
create or replace function public.suppress_listed_address()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare s public.email_suppressions;
begin
  if tg_op = 'UPDATE' and new.email is not distinct from old.email then
    return null;
  end if;
  select * into s from private.address_suppressions(new.email::text);
  if not found then
    return null;
  end if;
  insert into public.consent_events (candidate_id, channel, granted, source, wording)
  values (new.id, 'email', false, 'suppression',
          format('Address is on the suppression list since %s (%s%s): email consent withdrawn',
                 to_char(s.created_at at time zone 'UTC', 'DD Mon YYYY'),
                 case when s.by_candidate then 'the candidate opted out, ' else '' end, s.source));
  return null;
end
$$;

-- The import's flag: an address on the suppression list gets no email consent (decision 046), inlined.
create or replace function public.insert_imported_candidates(p_id bigint[], p_name text[], p_email text[], p_phone text[], p_whatsapp text[], p_contact text[], p_job text[], p_skills text[], p_seniority text[], p_location text[], p_role text[], p_lead integer[], p_notes text[], p_allows_email boolean[], p_allows_whatsapp boolean[], p_tz text[], p_language text[], p_wording text, p_default_allows_email boolean, p_default_wording text)
  returns setof bigint
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
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
    select i.*, coalesce(i.allows_email, p_default_allows_email)
                and not exists (select 1 from private.address_suppressions(i.email)) as allowed
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
