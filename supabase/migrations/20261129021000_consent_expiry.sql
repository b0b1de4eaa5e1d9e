-- Consent expires and is renewed (issue 30). Email consent is valid for the organisation's
-- consent_valid_months from the moment it is granted (a grant in the ledger); the ledger's trigger writes
-- candidates.email_consent_expires_at with each grant and clears it with each withdrawal, so a change of the
-- setting applies to consent granted from then on. contact_blockers() names an expired consent
-- 'consent_expired': the candidate stays, but no outreach goes. The worker's consent-renewal job sends one
-- renewal email renewal_lead_days before the day (consent_renewal_sent_at claims it); the candidate's own
-- "Keep me informed" is a new grant. Nothing else renews consent: a campaign never does.

-- ---------------------------------------------------------------- settings

alter table public.organisation_settings
  add column consent_valid_months integer default 24 not null check (consent_valid_months between 1 and 120),
  add column renewal_lead_days integer default 30 not null check (renewal_lead_days between 1 and 365);
comment on column public.organisation_settings.consent_valid_months is
  'How long a candidate''s email consent lasts from its grant; applies to consent granted from the change on.';
comment on column public.organisation_settings.renewal_lead_days is
  'How many days before email consent expires the worker sends the one renewal email.';
grant update (consent_valid_months, renewal_lead_days) on public.organisation_settings to authenticated;

-- ---------------------------------------------------------------- candidates

alter table public.candidates
  add column email_consent_expires_at timestamp with time zone,
  add column consent_renewal_sent_at timestamp with time zone;
comment on column public.candidates.email_consent_expires_at is
  'When the email consent lapses: the last grant plus organisation_settings.consent_valid_months; null without '
  'consent. Written only by the consent ledger''s trigger (apply_consent_event).';
comment on column public.candidates.consent_renewal_sent_at is
  'When the consent-renewal job queued the renewal email for the current consent (its claim); cleared by the '
  'next grant or withdrawal.';
-- The renewal job's look-up: consent that runs out and has had no renewal email yet.
create index candidates_consent_renewal_due on public.candidates (email_consent_expires_at)
  where email_consent_expires_at is not null and consent_renewal_sent_at is null;
-- The worker claims a renewal; nobody else writes either column (the expiry comes from the ledger).
grant update (consent_renewal_sent_at) on public.candidates to service_role;

-- ---------------------------------------------------------------- messages: the renewal email is recognisable

alter table public.messages
  add column kind text check (kind in ('consent_renewal'));
comment on column public.messages.kind is
  'A message the system wrote rather than a recruiter: consent_renewal (the consent-renewal job); null: an ordinary message.';
-- Members write ordinary messages only.
drop policy messages_insert on public.messages;
create policy messages_insert on public.messages for insert to authenticated
  with check (is_member() and kind is null and ((direction = 'in'::text) or (exists ( select 1
   from candidates c
  where ((c.id = messages.candidate_id) and can_contact(c.*, messages.channel))))));

-- ---------------------------------------------------------------- meeting emails carry a privacy link too

-- The token of the privacy page's link in a meeting email (a message's reply_token in every other email).
alter table public.meeting_notifications
  add column privacy_token text default encode(gen_random_bytes(12), 'hex'::text) not null unique;

-- ---------------------------------------------------------------- the rule

create or replace function public.email_consent_expiry(p_granted_at timestamp with time zone)
  returns timestamp with time zone
  language sql
  stable
  set search_path to 'pg_catalog'
as $$
    select p_granted_at + make_interval(months => coalesce((select s.consent_valid_months from public.organisation_settings s limit 1), 24))
  $$;
grant execute on function public.email_consent_expiry(p_granted_at timestamp with time zone) to authenticated, service_role;

create or replace function public.contact_blockers(c candidates, p_channel text)
  returns text[]
  language sql
  stable
  set search_path to 'pg_catalog'
as $$
    select case p_channel
      when 'email' then array_remove(array[
        case when c.email is null or btrim(c.email::text) = '' then 'no_email' end,
        case when c.unsubscribed_at is not null then 'opted_out' end,
        case when c.unsubscribed_at is null and not c.allows_email then 'no_consent' end,
        case when c.unsubscribed_at is null and c.allows_email and c.email_consent_expires_at <= now() then 'consent_expired' end,
        case when c.unsubscribed_at is null and c.allows_email and btrim(coalesce(c.email::text, '')) <> ''
              and (public.email_suppression(c.email::text)).address_hash is not null then 'suppressed' end
      ]::text[], null)
      when 'whatsapp' then array_remove(array[
        case when btrim(coalesce(c.whatsapp_number, '')) = '' and btrim(coalesce(c.phone, '')) = '' then 'no_whatsapp_number' end,
        case when c.whatsapp_opted_out_at is not null then 'whatsapp_opted_out' end,
        case when c.whatsapp_opted_out_at is null and not c.allows_whatsapp then 'no_whatsapp_consent' end
      ]::text[], null)
      else array['unknown_channel']
    end
  $$;

create or replace function public.enforce_message_consent()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  c public.candidates;
  blockers text[];
begin
  if new.direction <> 'out' then
    return new;
  end if;
  select * into c from public.candidates where id = new.candidate_id;
  blockers := public.contact_blockers(c, new.channel);
  if blockers && array['opted_out', 'no_consent', 'consent_expired', 'suppressed'] then
    raise exception 'candidate % has not consented to email (%)', new.candidate_id, array_to_string(blockers, ', ')
      using errcode = 'check_violation', constraint = 'messages_email_consent';
  end if;
  if 'whatsapp_opted_out' = any (blockers) or 'no_whatsapp_consent' = any (blockers) then
    raise exception 'candidate % has not consented to WhatsApp (%)', new.candidate_id, array_to_string(blockers, ', ')
      using errcode = 'check_violation', constraint = 'messages_whatsapp_consent';
  end if;
  return new;
end
$$;

-- Each email grant sets the expiry (its time plus the months valid now) and clears the renewal claim;
-- each withdrawal clears both. Written only when it changes something, as before.
create or replace function public.apply_consent_event()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  c public.candidates;
  by_candidate boolean := new.source = any (public.candidate_consent_sources());
  suppressed public.email_suppressions;
  expires timestamp with time zone;
begin
  select * into c from public.candidates where id = new.candidate_id;
  if new.channel = 'email' then
    if not new.granted and new.source = 'suppression' then
      suppressed := public.email_suppression(c.email::text);
      by_candidate := coalesce(suppressed.by_candidate, false);
    end if;
    if new.granted then
      expires := public.email_consent_expiry(new.created_at);
    end if;
    -- Written only when it changes something: an import records both channels for
    -- every new candidate, and most of those entries confirm the default.
    update public.candidates
       set allows_email = new.granted,
           unsubscribed_at = case when new.granted then null
                                  when by_candidate then coalesce(unsubscribed_at, suppressed.created_at, new.created_at)
                                  else unsubscribed_at end,
           email_consent_expires_at = expires,
           consent_renewal_sent_at = null
     where id = new.candidate_id
       and (allows_email is distinct from new.granted or (new.granted and unsubscribed_at is not null)
            or (by_candidate and not new.granted and unsubscribed_at is null)
            or email_consent_expires_at is distinct from expires or consent_renewal_sent_at is not null);
    if btrim(coalesce(c.email::text, '')) <> '' then
      if new.granted then
        delete from public.email_suppressions
         where address_hash in ((select public.email_address_hash(c.email::text)),
                                (select public.legacy_email_address_hash(c.email::text)));
      else
        insert into public.email_suppressions (address_hash, source, by_candidate, reason, created_at)
        values (public.email_address_hash(c.email::text), new.source, by_candidate, left(new.wording, 500), new.created_at)
        on conflict (address_hash) do update
          set by_candidate = email_suppressions.by_candidate or excluded.by_candidate,
              source = case when excluded.by_candidate and not email_suppressions.by_candidate
                            then excluded.source else email_suppressions.source end;
      end if;
    end if;
  else
    update public.candidates
       set allows_whatsapp = new.granted,
           whatsapp_opted_out_at = case when new.granted then null
                                        when by_candidate then coalesce(whatsapp_opted_out_at, new.created_at)
                                        else whatsapp_opted_out_at end
     where id = new.candidate_id
       and (allows_whatsapp is distinct from new.granted or (new.granted and whatsapp_opted_out_at is not null)
            or (by_candidate and not new.granted and whatsapp_opted_out_at is null));
  end if;
  return new;
end
$$;

-- The CSV import writes each new row's flags with it (decision 008): now its expiry too, the value the
-- ledger's trigger would give the grant recorded with it, so the trigger has nothing left to write.
create or replace function public.insert_imported_candidates(p_id bigint[], p_name text[], p_email text[], p_phone text[], p_whatsapp text[], p_contact text[], p_job text[], p_skills text[], p_seniority text[], p_location text[], p_role text[], p_lead integer[], p_notes text[], p_allows_email boolean[], p_allows_whatsapp boolean[], p_tz text[], p_wording text, p_default_allows_email boolean, p_default_wording text)
  returns setof bigint
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  inserted bigint[];
  expires timestamp with time zone := public.email_consent_expiry(now());
begin
  if not public.is_member() then
    raise exception 'permission denied to import candidates' using errcode = 'insufficient_privilege';
  end if;
  with rows as (
    select * from unnest(p_id, p_name, p_email, p_phone, p_whatsapp, p_contact, p_job, p_skills, p_seniority, p_location,
                         p_role, p_lead, p_notes, p_allows_email, p_allows_whatsapp, p_tz)
      as i(id, name, email, phone, whatsapp, contact, job, skills, seniority, location, role, lead, notes, allows_email, allows_whatsapp, tz)
  ), flagged as (
    select i.*, coalesce(i.allows_email, p_default_allows_email) and (public.email_suppression(i.email)).address_hash is null as allowed
      from rows i
  ), written as (
    insert into public.candidates (id, name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
                                   seniority_level, location, preferred_role, lead_score, notes, created_by, allows_email, allows_whatsapp,
                                   time_zone, email_consent_expires_at)
    overriding system value
    select i.id, i.name, i.email, i.phone, i.whatsapp, coalesce(i.contact, 'email'), i.job,
           coalesce(string_to_array(i.skills, chr(31)), '{}'), i.seniority, i.location, i.role, coalesce(i.lead, 0), i.notes,
           auth.uid(), i.allowed, coalesce(i.allows_whatsapp, false), i.tz,
           case when i.allowed then expires end
      from flagged i
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

-- ---------------------------------------------------------------- what candidates have now

-- Consent granted before this: its last grant in the ledger (else the candidate's creation) plus 24 months,
-- the default. Not a change of the candidate's details: updated_at stays.
alter table public.candidates disable trigger candidates_touch;
update public.candidates c
   set email_consent_expires_at = coalesce(
         (select max(e.created_at) from public.consent_events e where e.candidate_id = c.id and e.channel = 'email' and e.granted),
         c.created_at) + interval '24 months'
 where c.allows_email;
alter table public.candidates enable trigger candidates_touch;
