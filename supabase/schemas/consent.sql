-- Consent that no code path can get around (decision 008): the append-only ledger consent_events and
-- the triggers that apply each entry to the candidate; the suppression list, kept as hashes of the mailbox
-- key with the database's pepper (private.settings; the pepper row is data a migration inserts), and each
-- candidate's flag email_suppressed that its triggers keep (decision 064); and
-- contact_blockers(), the one rule for whether and why a candidate can be contacted on a channel, which
-- domain/consent/eligibility.ts mirrors; email consent expires (email_consent_expiry(), set by the ledger's trigger)
-- and is renewed only by a new grant. Candidates are erased only through erase_candidates() (audited).
-- The trigger that checks every outbound message is on messages (messages.sql). Candidates' data requests
-- (access, correction, erasure) with their deadline and state (decision 042).
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.consent_events (
  id bigint generated always as identity primary key,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp')),
  granted boolean not null,
  source text not null check (source in ('recruiter', 'import', 'seed', 'system', 'suppression', 'candidate',
    'unsubscribe_link', 'one_click', 'list_unsubscribe_mailto', 'reply', 'whatsapp_reply', 'complaint', 'bounce')),
  wording text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null,
  applied_in_bulk boolean default false not null,
  constraint consent_events_bulk_is_import check ((not applied_in_bulk) or (source = 'import'::text))
);
create index consent_events_candidate on public.consent_events (candidate_id, created_at desc);
comment on table public.consent_events is
  'Consent ledger, append-only for every role. Members append recruiter/import entries in their own '
  'name (policy consent_events_append); candidate-originated entries come from service_role paths. '
  'Triggers: consent_events_check (opt-outs stand), consent_events_apply (flags + suppression list).';
comment on column public.consent_events.applied_in_bulk is
  'True only for entries insert_imported_candidates() wrote for the candidates it inserted, having '
  'applied them itself, set-based; the triggers check and apply every other entry. Not writable by '
  'members or the service role.';

create table private.settings (
  name text primary key,
  value bytea not null
);

create table public.email_suppressions (
  address_hash bytea primary key,
  source text not null,
  by_candidate boolean not null,
  reason text,
  created_at timestamp with time zone default now() not null
);
comment on table public.email_suppressions is
  'Mailboxes that opted out, hashed (public.email_address_hash of public.mailbox_key; entries from '
  'before 20261128000100 may hold public.legacy_email_address_hash). Written by the consent ledger''s '
  'trigger; read by members as a count only (through email_suppression_count); an admin removes one '
  'through remove_email_suppression().';

create table public.data_requests (
  id bigint generated always as identity primary key,
  candidate_id bigint references public.candidates (id) on delete set null,
  requester_name text check (length(requester_name) <= 200),
  requester_email citext check (length((requester_email)::text) <= 254),
  kind text not null check (kind in ('access', 'correction', 'erasure')),
  source text not null check (source in ('privacy_page', 'email', 'phone', 'letter', 'other')),
  details text check (length(details) <= 4000),
  state text default 'open'::text not null check (state in ('open', 'scheduled', 'done', 'refused',
    'withdrawn')),
  received_at timestamp with time zone default now() not null,
  due_at timestamp with time zone default (now() + '1 mon'::interval) not null,
  execute_after timestamp with time zone,
  handled_by uuid references public.profiles (id) on delete set null,
  handled_at timestamp with time zone,
  resolution text check (length(resolution) <= 2000),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null,
  constraint data_requests_refusal_says_why check ((state <> 'refused'::text) or (resolution is not null))
);
create index data_requests_candidate on public.data_requests (candidate_id);
create index data_requests_open on public.data_requests (due_at) where (state = any (array['open'::text, 'scheduled'::text]));
comment on table public.data_requests is
  'Candidates'' data requests (access, correction, erasure) with their deadline and state. Policies: '
  'data_requests_admin (admins read and handle all), data_requests_enter (members enter one by hand in '
  'their own name), data_requests_own (members read the ones they entered); the privacy page and the '
  'worker write as service_role.';

-- ---------------------------------------------------------------- functions

create or replace function public.candidate_consent_sources()
  returns text[]
  language sql
  immutable parallel safe
as $$ select array['candidate', 'unsubscribe_link', 'one_click', 'list_unsubscribe_mailto', 'reply',
                     'whatsapp_reply', 'complaint', 'bounce']::text[] $$;

create or replace function public.mailbox_key(p_email text)
  returns text
  language plpgsql
  immutable parallel safe strict
  set search_path to 'pg_catalog'
as $$
declare
  address text := lower(btrim(p_email) collate "C");
  domain_part text;
  local_part text;
begin
  if strpos(address, '@') = 0 then
    return address;
  end if;
  domain_part := split_part(address, '@', -1);
  local_part := left(address, length(address) - length(domain_part) - 1);
  if strpos(local_part, '+') > 1 then
    local_part := left(local_part, strpos(local_part, '+') - 1);
  end if;
  if domain_part in ('gmail.com', 'googlemail.com') then
    return replace(local_part, '.', '') || '@gmail.com';
  end if;
  return local_part || '@' || domain_part;
end
$$;
grant execute on function public.mailbox_key(p_email text) to authenticated, service_role;

create or replace function private.address_hashes(p_email text)
  returns table(key_hash bytea, legacy_hash bytea)
  language sql
  stable rows 1
as $$
    select sha256(value || convert_to(public.mailbox_key(p_email), 'UTF8')),
           sha256(value || convert_to(lower(btrim(p_email)), 'UTF8'))
      from private.settings where name = 'email_hash_pepper'
  $$;
revoke all on function private.address_hashes(p_email text) from public, anon, authenticated, service_role;

create or replace function public.email_address_hash(p_email text)
  returns bytea
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$ select key_hash from private.address_hashes(p_email) $$;
revoke all on function public.email_address_hash(p_email text) from public, anon, authenticated, service_role;
grant execute on function public.email_address_hash(p_email text) to authenticated, service_role;

create or replace function public.legacy_email_address_hash(p_email text)
  returns bytea
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$ select legacy_hash from private.address_hashes(p_email) $$;
revoke all on function public.legacy_email_address_hash(p_email text) from public, anon, authenticated, service_role;

create or replace function private.address_suppressions(p_email text)
  returns setof email_suppressions
  language sql
  stable rows 1
as $$
    select s.* from public.email_suppressions s
      -- The hashes once per look-up, not once per entry (offset 0 keeps them apart from the list's scan).
      join (select * from private.address_hashes(p_email) where p_email is not null offset 0) h
        on s.address_hash in (h.key_hash, h.legacy_hash)
     order by s.by_candidate desc, s.created_at
     limit 1
  $$;
revoke all on function private.address_suppressions(p_email text) from public, anon, authenticated, service_role;

create or replace function public.email_suppression(p_email text)
  returns email_suppressions
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$ select s from private.address_suppressions(p_email) s $$;
revoke all on function public.email_suppression(p_email text) from public, anon, authenticated, service_role;
grant execute on function public.email_suppression(p_email text) to authenticated, service_role;

create or replace function public.candidates_email_suppression()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  if btrim(coalesce(new.email::text, '')) = '' then
    new.email_hash := null;
    new.email_suppressed := false;
  else
    new.email_hash := (select key_hash from private.address_hashes(new.email::text));
    new.email_suppressed := exists (select 1 from private.address_suppressions(new.email::text));
  end if;
  return new;
end
$$;
revoke all on function public.candidates_email_suppression() from public, anon, authenticated, service_role;

create or replace function private.flag_suppressed_candidates()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
begin
  if tg_op = 'INSERT' then
    update public.candidates c set email_suppressed = true
      from added a
     where c.email_hash = a.address_hash and not c.email_suppressed;
  else
    update public.candidates c set email_suppressed = false
     where c.email_suppressed
       and exists (select 1 from removed r, private.address_hashes(c.email::text) h
                    where r.address_hash in (h.key_hash, h.legacy_hash))
       and not exists (select 1 from private.address_suppressions(c.email::text));
  end if;
  return null;
end
$$;
revoke all on function private.flag_suppressed_candidates() from public, anon, authenticated, service_role;

create or replace function public.email_suppression_count()
  returns bigint
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$ select count(*) from public.email_suppressions where public.is_admin() or auth.role() = 'service_role' $$;
revoke all on function public.email_suppression_count() from public, anon, authenticated, service_role;
grant execute on function public.email_suppression_count() to authenticated, service_role;

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
as $$
    select case p_channel
      when 'email' then array_remove(array[
        case when c.email is null or btrim(c.email::text) = '' then 'no_email' end,
        case when c.unsubscribed_at is not null then 'opted_out' end,
        case when c.unsubscribed_at is null and not c.allows_email then 'no_consent' end,
        case when c.unsubscribed_at is null and c.allows_email and c.email_consent_expires_at <= now() then 'consent_expired' end,
        case when c.unsubscribed_at is null and c.allows_email and btrim(coalesce(c.email::text, '')) <> ''
              and c.email_suppressed then 'suppressed' end
      ]::text[], null)
      when 'whatsapp' then array_remove(array[
        case when btrim(coalesce(c.whatsapp_number, '')) = '' and btrim(coalesce(c.phone, '')) = '' then 'no_whatsapp_number' end,
        case when c.whatsapp_opted_out_at is not null then 'whatsapp_opted_out' end,
        case when c.whatsapp_opted_out_at is null and not c.allows_whatsapp then 'no_whatsapp_consent' end
      ]::text[], null)
      else array['unknown_channel']
    end
  $$;
grant execute on function public.contact_blockers(c candidates, p_channel text) to authenticated, service_role;

create or replace function public.can_contact(c candidates, p_channel text)
  returns boolean
  language plpgsql
  stable
as $$
begin
  return cardinality(public.contact_blockers(c, p_channel)) = 0;
end
$$;
grant execute on function public.can_contact(c candidates, p_channel text) to authenticated, service_role;

create or replace function public.check_consent_event()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
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

create or replace function public.consent_events_append_only()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $$
begin
  if tg_op = 'DELETE' and not exists (select 1 from public.candidates where id = old.candidate_id) then
    return old;
  end if;
  if tg_op = 'UPDATE' and current_setting('talentloop.merging', true) = old.candidate_id || '>' || new.candidate_id
     and (to_jsonb(new) - 'candidate_id') = (to_jsonb(old) - 'candidate_id') then
    return new;
  end if;
  raise exception 'The consent ledger is append-only: record a new entry instead'
    using errcode = 'insufficient_privilege';
end
$$;

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
revoke all on function public.erase_candidates(p_ids bigint[], p_reason text) from public, anon, authenticated, service_role;
grant execute on function public.erase_candidates(p_ids bigint[], p_reason text) to authenticated, service_role;

create or replace function public.remove_email_suppression(p_email text, p_reason text)
  returns boolean
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare removed integer;
begin
  if not public.is_admin() then
    raise exception 'only admins can remove a suppression' using errcode = 'insufficient_privilege';
  end if;
  if btrim(coalesce(p_reason, '')) = '' then
    raise exception 'a reason is required' using errcode = 'check_violation', constraint = 'suppression_reason_required';
  end if;
  delete from public.email_suppressions
   where address_hash in ((select public.email_address_hash(p_email)), (select public.legacy_email_address_hash(p_email)));
  get diagnostics removed = row_count;
  if removed > 0 then
    insert into public.audit_log (actor_id, action, entity, entity_id, details)
    values (auth.uid(), 'suppression.remove', 'email_suppression', null,
            jsonb_build_object('reason', left(p_reason, 500)));
  end if;
  return removed > 0;
end
$$;
revoke all on function public.remove_email_suppression(p_email text, p_reason text) from public, anon, authenticated, service_role;
grant execute on function public.remove_email_suppression(p_email text, p_reason text) to authenticated;

create or replace function public.merge_consent_outcome(p_kept bigint, p_other bigint, p_channel text)
  returns jsonb
  language plpgsql
  stable
  set search_path to 'pg_catalog'
as $$
declare
  result jsonb;
begin
  with standing as (
    select c.id, c.id = p_kept as kept,
           case p_channel when 'email' then c.allows_email else c.allows_whatsapp end as allowed,
           case p_channel when 'email' then c.unsubscribed_at else c.whatsapp_opted_out_at end as opted_out_at,
           (select max(e.created_at) from public.consent_events e
             where e.candidate_id = c.id and e.channel = p_channel and not e.granted) as withdrawn_at,
           exists (select 1 from public.consent_events e
                    where e.candidate_id = c.id and e.channel = p_channel and e.granted) as ever_granted
      from public.candidates c
     where c.id in (p_kept, p_other)
  ), judged as (
    select s.*, case when s.allowed then 'allowed' when s.opted_out_at is not null then 'opted_out'
                     when s.ever_granted then 'withdrawn' else 'none' end as state
      from standing s
  )
  select jsonb_build_object('channel', p_channel, 'state', j.state,
           'candidateId', case when j.state <> 'allowed' then j.id end,
           'since', case j.state when 'opted_out' then j.opted_out_at when 'withdrawn' then j.withdrawn_at end)
    into result
    from judged j
   order by array_position(array['opted_out', 'withdrawn', 'none', 'allowed'], j.state), j.kept desc
   limit 1;
  return result;
end $$;
grant execute on function public.merge_consent_outcome(p_kept bigint, p_other bigint, p_channel text) to authenticated, service_role;

-- ---------------------------------------------------------------- triggers

create trigger candidates_email_suppression before insert on public.candidates
  for each row execute function candidates_email_suppression();

create trigger candidates_email_suppression_changed before update of email on public.candidates
  for each row
  when (old.email is distinct from new.email)
  execute function candidates_email_suppression();

create trigger candidates_suppressed_address after insert or update of email on public.candidates
  for each row
  when (new.email_suppressed)
  execute function suppress_listed_address();

create trigger consent_events_append_only before delete or update on public.consent_events
  for each row execute function consent_events_append_only();

create trigger consent_events_apply after insert on public.consent_events
  for each row
  when (not new.applied_in_bulk)
  execute function apply_consent_event();

create trigger consent_events_check before insert on public.consent_events
  for each row
  when (not new.applied_in_bulk)
  execute function check_consent_event();

create trigger email_suppressions_flag_added after insert on public.email_suppressions
  referencing new table as added
  for each statement execute function private.flag_suppressed_candidates();

create trigger email_suppressions_flag_removed after delete on public.email_suppressions
  referencing old table as removed
  for each statement execute function private.flag_suppressed_candidates();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.consent_events enable row level security;
revoke all on public.consent_events from anon, authenticated, service_role;
grant select on public.consent_events to authenticated, service_role;
grant insert (candidate_id, channel, granted, source, wording, created_by, created_at)
  on public.consent_events to authenticated, service_role;
revoke all on sequence public.consent_events_id_seq from anon, authenticated, service_role;
grant usage on sequence public.consent_events_id_seq to authenticated, service_role;
create policy consent_events_append on public.consent_events for insert to authenticated
  with check (is_member() and (created_by = auth.uid()) and (source in ('recruiter', 'import')));
create policy consent_events_read on public.consent_events for select to authenticated
  using ((select is_member()));

revoke all on private.settings from anon, authenticated, service_role;

alter table public.email_suppressions enable row level security;
revoke all on public.email_suppressions from anon, authenticated, service_role;

alter table public.data_requests enable row level security;
revoke all on public.data_requests from anon, authenticated, service_role;
grant select, insert, update on public.data_requests to authenticated;
grant select, insert, update, delete on public.data_requests to service_role;
revoke all on sequence public.data_requests_id_seq from anon, authenticated, service_role;
create policy data_requests_admin on public.data_requests for all to authenticated
  using ((select is_admin()))
  with check ((select is_admin()));
create policy data_requests_enter on public.data_requests for insert to authenticated
  with check ((select is_member()) and (created_by = (select auth.uid())) and (source <> 'privacy_page'::text) and (state = 'open'::text));
create policy data_requests_own on public.data_requests for select to authenticated
  using (created_by = (select auth.uid()));
