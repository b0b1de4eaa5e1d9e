-- Consent that no code path can get around (decision 008).
--
-- 1. The flags allows_email, allows_whatsapp, unsubscribed_at and
--    whatsapp_opted_out_at change only through consent_events: no role that
--    requests or jobs use may write them (column privileges).
-- 2. The ledger is append-only; `source` is checked against the role writing it.
-- 3. An opt-out made by the candidate stands until the candidate reverses it.
-- 4. Every email opt-out also lands on a suppression list, kept as a peppered
--    hash, that outlives the candidate.
-- 5. One rule says whether and why a candidate can be contacted now:
--    public.contact_blockers(). domain/consent/eligibility.ts mirrors it.
-- 6. Outbound messages are immutable once queued, but for the delivery path.
-- 7. Candidates are erased only through public.erase_candidates() (audited).

-- ---------------------------------------------------------------- sources
-- Who can write which source: requests (role authenticated) write only the
-- recruiter's own sources; the candidate's come from trusted server paths.
create or replace function public.candidate_consent_sources() returns text[]
  language sql immutable parallel safe
  as $$ select array['candidate', 'unsubscribe_link', 'one_click', 'list_unsubscribe_mailto', 'reply',
                     'whatsapp_reply', 'complaint', 'bounce']::text[] $$;

alter table public.consent_events drop constraint if exists consent_events_source_check;
alter table public.consent_events add constraint consent_events_source_check check (source in (
  'recruiter', 'import', 'seed', 'system', 'suppression',
  'candidate', 'unsubscribe_link', 'one_click', 'list_unsubscribe_mailto', 'reply', 'whatsapp_reply', 'complaint', 'bounce'));

alter table public.candidates add column whatsapp_opted_out_at timestamptz;
-- Without a ledger entry nobody is contactable: consent must be demonstrable.
alter table public.candidates alter column allows_email set default false;

-- ---------------------------------------------------------------- suppression list
create table if not exists private.settings (
  name text primary key,
  value bytea not null
);
revoke all on private.settings from public;
-- 32 random bytes from core PostgreSQL (no extension needed).
insert into private.settings (name, value)
values ('email_hash_pepper', uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()))
on conflict (name) do nothing;

-- The normalised address (trimmed, lower case), hashed with the database's pepper:
-- the list keeps no readable address, and a leaked list cannot be brute-forced
-- without the pepper.
create or replace function public.email_address_hash(p_email text) returns bytea
  language sql stable security definer set search_path = pg_catalog
  as $$
    select sha256((select value from private.settings where name = 'email_hash_pepper')
                  || convert_to(lower(btrim(p_email)), 'UTF8'))
  $$;
revoke all on function public.email_address_hash(text) from public;
grant execute on function public.email_address_hash(text) to authenticated, service_role;

create table public.email_suppressions (
  address_hash bytea primary key,
  -- The consent source of the opt-out that put the address here.
  source text not null,
  -- True when the candidate opted out themselves: only they can lift it.
  by_candidate boolean not null,
  reason text,
  created_at timestamptz not null default now()
);
comment on table public.email_suppressions is
  'Addresses that opted out, hashed (public.email_address_hash). Written by the consent ledger''s trigger; '
  'read by members as a count only (through email_suppression_count); an admin removes one through remove_email_suppression().';
alter table public.email_suppressions enable row level security;
-- No direct access for any API role: the functions below are the only way in.
revoke all on public.email_suppressions from public, anon, authenticated, service_role;

/** The suppression entry for an address, if any. */
create or replace function public.email_suppression(p_email text)
  returns public.email_suppressions
  language sql stable security definer set search_path = pg_catalog
  as $$
    select s from public.email_suppressions s
     where p_email is not null and s.address_hash = public.email_address_hash(p_email)
  $$;
revoke all on function public.email_suppression(text) from public;
grant execute on function public.email_suppression(text) to authenticated, service_role;

create or replace function public.email_suppression_count() returns bigint
  language sql stable security definer set search_path = pg_catalog
  as $$ select count(*) from public.email_suppressions where public.is_admin() or auth.role() = 'service_role' $$;
revoke all on function public.email_suppression_count() from public;
grant execute on function public.email_suppression_count() to authenticated, service_role;

-- ---------------------------------------------------------------- eligibility
-- Whether and why a candidate can be contacted on a channel now: an empty
-- array means yes. The reasons, in this order, are mirrored one for one by
-- domain/consent/eligibility.ts (a test runs both over the same cases).
create or replace function public.contact_blockers(c public.candidates, p_channel text) returns text[]
  language sql stable set search_path = pg_catalog
  as $$
    select case p_channel
      when 'email' then array_remove(array[
        case when c.email is null or btrim(c.email::text) = '' then 'no_email' end,
        case when c.unsubscribed_at is not null then 'opted_out' end,
        case when c.unsubscribed_at is null and not c.allows_email then 'no_consent' end,
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
grant execute on function public.contact_blockers(public.candidates, text) to authenticated, service_role;

create or replace function public.can_contact(c public.candidates, p_channel text) returns boolean
  language sql stable set search_path = pg_catalog
  as $$ select cardinality(public.contact_blockers(c, p_channel)) = 0 $$;
grant execute on function public.can_contact(public.candidates, text) to authenticated, service_role;

-- ---------------------------------------------------------------- the ledger's rules
-- Before an entry is written: the candidate's own opt-out stands until the
-- candidate reverses it; a suppressed address is not granted by an import.
create or replace function public.check_consent_event() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare
  c public.candidates;
  s public.email_suppressions;
begin
  select * into c from public.candidates where id = new.candidate_id;
  if not found then
    return new; -- the foreign key reports it
  end if;
  if not new.granted or new.source = 'candidate' then
    return new;
  end if;
  if new.channel = 'email' then
    s := public.email_suppression(c.email::text);
    if c.unsubscribed_at is not null or coalesce(s.by_candidate, false) then
      raise exception 'The candidate opted out of email themselves on %; only the candidate can opt back in',
          to_char(coalesce(c.unsubscribed_at, s.created_at) at time zone 'UTC', 'DD Mon YYYY')
        using errcode = 'check_violation', constraint = 'consent_opt_out_stands';
    end if;
    if s.address_hash is not null and new.source <> 'recruiter' then
      raise exception 'This email address is on the suppression list; an import cannot grant consent for it'
        using errcode = 'check_violation', constraint = 'consent_address_suppressed';
    end if;
  elsif c.whatsapp_opted_out_at is not null then
    raise exception 'The candidate opted out of WhatsApp themselves on %; only the candidate can opt back in',
        to_char(c.whatsapp_opted_out_at at time zone 'UTC', 'DD Mon YYYY')
      using errcode = 'check_violation', constraint = 'consent_opt_out_stands';
  end if;
  return new;
end
$$;
create trigger consent_events_check before insert on public.consent_events
  for each row execute function public.check_consent_event();

-- After an entry is written: the candidate's flags follow it, and the
-- suppression list with them.
create or replace function public.apply_consent_event() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare
  c public.candidates;
  by_candidate boolean := new.source = any (public.candidate_consent_sources());
  suppressed public.email_suppressions;
begin
  select * into c from public.candidates where id = new.candidate_id;
  if new.channel = 'email' then
    if not new.granted and new.source = 'suppression' then
      suppressed := public.email_suppression(c.email::text);
      by_candidate := coalesce(suppressed.by_candidate, false);
    end if;
    -- Written only when it changes something: an import records both channels for
    -- every new candidate, and most of those entries confirm the default.
    update public.candidates
       set allows_email = new.granted,
           unsubscribed_at = case when new.granted then null
                                  when by_candidate then coalesce(unsubscribed_at, suppressed.created_at, new.created_at)
                                  else unsubscribed_at end
     where id = new.candidate_id
       and (allows_email is distinct from new.granted or (new.granted and unsubscribed_at is not null)
            or (by_candidate and not new.granted and unsubscribed_at is null));
    if btrim(coalesce(c.email::text, '')) <> '' then
      if new.granted then
        delete from public.email_suppressions where address_hash = public.email_address_hash(c.email::text);
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

-- The ledger is append-only for everyone. Its rows go only with their
-- candidate, which only erase_candidates() deletes.
create or replace function public.consent_events_append_only() returns trigger
  language plpgsql set search_path = pg_catalog
  as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.candidates where id = old.candidate_id) then
    return old;
  end if;
  raise exception 'The consent ledger is append-only: record a new entry instead'
    using errcode = 'insufficient_privilege';
end
$$;
create trigger consent_events_append_only before update or delete on public.consent_events
  for each row execute function public.consent_events_append_only();
revoke update, delete, truncate on public.consent_events from service_role, authenticated;

drop policy if exists consent_events_append on public.consent_events;
create policy consent_events_append on public.consent_events for insert to authenticated
  with check (public.is_member() and created_by = auth.uid() and source in ('recruiter', 'import'));

-- A new or changed address that is on the suppression list is withdrawn at once,
-- with a ledger line that says why.
create or replace function public.suppress_listed_address() returns trigger
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare s public.email_suppressions;
begin
  if tg_op = 'UPDATE' and new.email is not distinct from old.email then
    return null;
  end if;
  s := public.email_suppression(new.email::text);
  if s.address_hash is null then
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
create trigger candidates_suppressed_address after insert or update of email on public.candidates
  for each row execute function public.suppress_listed_address();

-- ---------------------------------------------------------------- column privileges
-- Requests and jobs write every field of a candidate but the consent flags.
revoke insert, update, delete on public.candidates from authenticated, service_role;
grant insert (id, name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags, seniority_level,
              location, preferred_role, lead_score, notes, created_by)
  on public.candidates to authenticated, service_role;
grant update (name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags, seniority_level,
              location, preferred_role, lead_score, notes)
  on public.candidates to authenticated, service_role;
-- The engagement score is computed by the worker.
grant update (engagement_score) on public.candidates to service_role;

-- Messages: fixed once written. Members mark replies read; the delivery path
-- moves status and records the provider's id, times and errors; the sentiment
-- job labels inbound messages.
revoke update, delete, truncate on public.messages from authenticated, service_role;
grant update (read_at) on public.messages to authenticated;
grant update (status, provider_message_id, sent_at, error, attempts, read_at, sentiment, removal_requested)
  on public.messages to service_role;

-- The consent check on every outbound message now uses the one rule (for every
-- role, owner included), suppression list and the candidate's own opt-out included.
create or replace function public.enforce_message_consent() returns trigger
  language plpgsql security definer set search_path = pg_catalog
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
  if 'opted_out' = any (blockers) or 'no_consent' = any (blockers) or 'suppressed' = any (blockers) then
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

drop policy if exists messages_insert on public.messages;
create policy messages_insert on public.messages for insert to authenticated
  with check (
    public.is_member()
    and (direction = 'in' or exists (
      select 1 from public.candidates c where c.id = candidate_id and public.can_contact(c, channel)))
  );

-- ---------------------------------------------------------------- erasure
-- The one way to delete candidates: their opt-outs stay on the suppression
-- list (as hashes), and the erasure is audited. Members may erase; the
-- caller's own rights are checked here because the function bypasses RLS.
revoke delete on public.candidates from authenticated, service_role;
create or replace function public.erase_candidates(p_ids bigint[], p_reason text) returns bigint[]
  language plpgsql security definer set search_path = pg_catalog
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
revoke all on function public.erase_candidates(bigint[], text) from public;
grant execute on function public.erase_candidates(bigint[], text) to authenticated, service_role;

-- An admin lifts one suppression (e.g. the address now belongs to someone
-- else), with a reason; audited. The candidate's own opt-out flags stay.
create or replace function public.remove_email_suppression(p_email text, p_reason text) returns boolean
  language plpgsql security definer set search_path = pg_catalog
  as $$
declare removed integer;
begin
  if not public.is_admin() then
    raise exception 'only admins can remove a suppression' using errcode = 'insufficient_privilege';
  end if;
  if btrim(coalesce(p_reason, '')) = '' then
    raise exception 'a reason is required' using errcode = 'check_violation', constraint = 'suppression_reason_required';
  end if;
  delete from public.email_suppressions where address_hash = public.email_address_hash(p_email);
  get diagnostics removed = row_count;
  if removed > 0 then
    insert into public.audit_log (actor_id, action, entity, entity_id, details)
    values (auth.uid(), 'suppression.remove', 'email_suppression', null,
            jsonb_build_object('reason', left(p_reason, 500)));
  end if;
  return removed > 0;
end
$$;
revoke all on function public.remove_email_suppression(text, text) from public;
grant execute on function public.remove_email_suppression(text, text) to authenticated;

comment on table public.consent_events is
  'Consent ledger, append-only for every role. Members append recruiter/import entries in their own name '
  '(policy consent_events_append); candidate-originated entries come from service_role paths. '
  'Triggers: consent_events_check (opt-outs stand), consent_events_apply (flags + suppression list).';
