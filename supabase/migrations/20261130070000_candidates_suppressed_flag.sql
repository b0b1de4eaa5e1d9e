-- Whether a candidate's address is on the suppression list, kept on the candidate (issue 31, decision 064).
-- The eligibility rule asked the list through email_suppressed() for every candidate it judged: a SECURITY DEFINER
-- call (members may not read the list or its pepper) that hashes the address twice, about 20 microseconds. The
-- people list filtered by "can be emailed" asks it for every candidate the other filters leave: about 1 s at
-- 100,000 candidates, growing with the table; a campaign's reach and every email's dispatch and claim ask it too.
--
-- Now the candidate carries the answer, email_suppressed, and the hash of its mailbox key, email_hash, which finds
-- the candidates an entry of the list covers. Triggers keep both true:
-- - a new or changed address looks the list up once (candidates_email_suppression, before the row is written);
-- - an entry added flags the candidates with its hash (every entry is written with email_address_hash());
-- - an entry removed looks the candidates it flagged up again (by either hash: entries from before 20261128000100
--   may hold the legacy one), since another entry may still cover them.
-- contact_blockers() reads the flag. The list stays the truth: private.address_suppressions() is the look-up.

-- The two hashes of an address, written once: email_address_hash(), legacy_email_address_hash() and the look-up read
-- them. Plain SQL, so PostgreSQL inlines it (only SECURITY DEFINER callers reach schema private).
create or replace function private.address_hashes(p_email text)
  returns table (key_hash bytea, legacy_hash bytea)
  language sql stable rows 1
  as $$
    select sha256(value || convert_to(public.mailbox_key(p_email), 'UTF8')),
           sha256(value || convert_to(lower(btrim(p_email)), 'UTF8'))
      from private.settings where name = 'email_hash_pepper'
  $$;
revoke all on function private.address_hashes(text) from public, anon, authenticated, service_role;

create or replace function public.email_address_hash(p_email text)
  returns bytea
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$ select key_hash from private.address_hashes(p_email) $$;

create or replace function public.legacy_email_address_hash(p_email text)
  returns bytea
  language sql
  stable security definer
  set search_path to 'pg_catalog'
as $$ select legacy_hash from private.address_hashes(p_email) $$;

create or replace function private.address_suppressions(p_email text)
  returns setof public.email_suppressions
  language sql stable rows 1
  as $$
    select s.* from public.email_suppressions s
      -- The hashes once per look-up, not once per entry (offset 0 keeps them apart from the list's scan).
      join (select * from private.address_hashes(p_email) where p_email is not null offset 0) h
        on s.address_hash in (h.key_hash, h.legacy_hash)
     order by s.by_candidate desc, s.created_at
     limit 1
  $$;

alter table public.candidates
  add column email_hash bytea,
  add column email_suppressed boolean default false not null;
comment on column public.candidates.email_hash is
  'email_address_hash(email), kept by candidates_email_suppression: finds the candidates a suppression-list entry covers.';
comment on column public.candidates.email_suppressed is
  'The address is on the suppression list (private.address_suppressions), kept by the triggers of candidates and '
  'email_suppressions; the eligibility rule contact_blockers() reads it.';

-- An edit is a change a person made: the flag follows the list, the hash follows the address.
create or replace function public.candidates_touch()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $$
begin
  if (to_jsonb(new) - array['updated_at', 'engagement_score', 'engagement_scored_at', 'search_text', 'email_hash', 'email_suppressed'])
     is distinct from (to_jsonb(old) - array['updated_at', 'engagement_score', 'engagement_scored_at', 'search_text', 'email_hash', 'email_suppressed']) then
    new.updated_at := now();
  end if;
  return new;
end
$$;

-- The candidates already there, without their triggers: nobody edited them.
alter table public.candidates disable trigger user;
update public.candidates c
   set email_hash = (select key_hash from private.address_hashes(c.email::text)),
       email_suppressed = exists (select 1 from private.address_suppressions(c.email::text))
 where btrim(coalesce(c.email::text, '')) <> '';
alter table public.candidates enable trigger user;

create index candidates_email_hash on public.candidates (email_hash) where email_hash is not null;
create index candidates_email_suppressed on public.candidates (id) where email_suppressed;

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

create trigger candidates_email_suppression before insert on public.candidates
  for each row execute function candidates_email_suppression();
create trigger candidates_email_suppression_changed before update of email on public.candidates
  for each row when (old.email is distinct from new.email) execute function candidates_email_suppression();

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

create trigger email_suppressions_flag_added after insert on public.email_suppressions
  referencing new table as added
  for each statement execute function private.flag_suppressed_candidates();
create trigger email_suppressions_flag_removed after delete on public.email_suppressions
  referencing old table as removed
  for each statement execute function private.flag_suppressed_candidates();

-- The rule reads the flag.
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

-- can_contact() stays opaque to the planner (migration 20261130050000: inlined, its estimate of 0.5% made the people
-- list sort the whole filter's result instead of reading the sort's index), now as PL/pgSQL without a search_path
-- of its own: an SQL function that is not inlined cost about 25 microseconds per call, this one about 2.5 (16,000
-- candidates judged: 425 against 95 ms). It runs with the caller's rights, like the rule it reads.
create or replace function public.can_contact(c candidates, p_channel text)
  returns boolean
  language plpgsql
  stable
as $$
begin
  return cardinality(public.contact_blockers(c, p_channel)) = 0;
end
$$;

-- The suppression trigger on candidates runs only for a flagged address: its entry explains the withdrawal.
drop trigger candidates_suppressed_address on public.candidates;
create trigger candidates_suppressed_address after insert or update of email on public.candidates
  for each row when (new.email_suppressed) execute function suppress_listed_address();

-- The rule was email_suppressed()'s only caller.
drop function public.email_suppressed(text);
