-- Candidates: who they are, how to reach them, their time zone (inferred from the location, or set
-- by hand) and their scores. Their consent flags change only through the ledger and candidates are deleted
-- only by erase_candidates(), both in consent.sql (decision 008), or merged into another by merge_candidates()
-- (decision 042: likely duplicate pairs, the refresh's state, redirects from merged ids); their search words are
-- in search.sql.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- functions that the tables and indexes below use

create or replace function public.candidate_search_doc(name text, email text, job_function text, skill_tags text[], location text, preferred_role text, seniority_level text, notes text)
  returns text
  language sql
  immutable parallel safe
as $$ select public.search_doc(name, email, job_function, array_to_string(skill_tags, ' '), location, preferred_role,
                                 seniority_level, notes) $$;

-- ---------------------------------------------------------------- tables

create table public.candidates (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  email citext,
  phone text,
  whatsapp_number text,
  allows_email boolean default false not null,
  allows_whatsapp boolean default false not null,
  preferred_contact_method text default 'email'::text not null check (preferred_contact_method in ('email',
    'whatsapp', 'phone')),
  job_function text,
  skill_tags text[] default '{}'::text[] not null,
  seniority_level text check (seniority_level in ('intern', 'junior', 'medior', 'senior', 'lead', 'principal',
    'executive')),
  location text,
  preferred_role text,
  lead_score integer default 0 not null check (lead_score between 0 and 100),
  engagement_score integer default 0 not null check (engagement_score between 0 and 100),
  unsubscribed_at timestamp with time zone,
  notes text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  whatsapp_opted_out_at timestamp with time zone,
  engagement_scored_at timestamp with time zone,
  time_zone text,
  time_zone_source text default 'location'::text not null,
  language text check (language in ('english', 'dutch')),
  email_consent_expires_at timestamp with time zone,
  consent_renewal_sent_at timestamp with time zone,
  search_text text generated always as (candidate_search_doc(name, (email)::text, job_function, skill_tags,
    location, preferred_role, seniority_level, notes)) stored,
  email_hash bytea,
  email_suppressed boolean default false not null,
  constraint candidates_time_zone_manual_set check ((time_zone_source = 'location'::text) or (time_zone is not null)),
  constraint candidates_time_zone_source check (time_zone_source in ('location', 'manual'))
);
create index candidates_consent_renewal_due on public.candidates (email_consent_expires_at) where ((email_consent_expires_at is not null) and (consent_renewal_sent_at is null));
create index candidates_created_at on public.candidates (created_at desc, id desc);
create index candidates_email_hash on public.candidates (email_hash) where (email_hash is not null);
create unique index candidates_email_key on public.candidates (email) where (email is not null);
create index candidates_email_suppressed on public.candidates (id) where email_suppressed;
create index candidates_engagement_score on public.candidates (engagement_score, id);
create index candidates_lead_score on public.candidates (lead_score, id);
create index candidates_location on public.candidates (location, id);
create index candidates_name_id on public.candidates (name, id);
create index candidates_search_trgm on public.candidates using gin (search_text gin_trgm_ops);
create index candidates_skill_tags on public.candidates using gin (skill_tags);
comment on table public.candidates is
  'Candidates. Policy candidates_members: members read, insert and update (column privileges keep the '
  'consent flags to the ledger); nobody deletes rows directly, only public.erase_candidates().';
comment on column public.candidates.engagement_scored_at is
  'When public.recompute_engagement() last changed engagement_score (it writes only scores that '
  'change).';
comment on column public.candidates.time_zone is
  'IANA time zone in use: set by hand (time_zone_source = manual) or inferred from the location when it '
  'is unambiguous; null: the organisation''s zone.';
comment on column public.candidates.time_zone_source is
  'How time_zone was set: location (public.location_time_zone; null time_zone means the organisation''s '
  'zone) or manual (by a recruiter).';
comment on column public.candidates.email_consent_expires_at is
  'When the email consent lapses: the last grant plus organisation_settings.consent_valid_months; null '
  'without consent. Written only by the consent ledger''s trigger (apply_consent_event).';
comment on column public.candidates.consent_renewal_sent_at is
  'When the consent-renewal job queued the renewal email for the current consent (its claim); cleared '
  'by the next grant or withdrawal.';
comment on column public.candidates.email_hash is
  'email_address_hash(email), kept by candidates_email_suppression: finds the candidates a '
  'suppression-list entry covers.';
comment on column public.candidates.email_suppressed is
  'The address is on the suppression list (private.address_suppressions), kept by the triggers of '
  'candidates and email_suppressions; the eligibility rule contact_blockers() reads it.';

create table public.candidate_duplicates (
  low_id bigint not null references public.candidates (id) on delete cascade,
  high_id bigint not null references public.candidates (id) on delete cascade,
  reason text not null check (reason in ('email', 'phone', 'name_place')),
  similarity real,
  found_at timestamp with time zone default now() not null,
  dismissed_at timestamp with time zone,
  dismissed_by uuid references public.profiles (id) on delete set null,
  constraint candidate_duplicates_pkey primary key (low_id, high_id),
  constraint candidate_duplicates_ordered check (low_id < high_id)
);
create index candidate_duplicates_high on public.candidate_duplicates (high_id);
comment on table public.candidate_duplicates is
  'Likely duplicate pairs (low_id < high_id) and why, refreshed by refresh_candidate_duplicates(). '
  'Policies: candidate_duplicates_read (members read), candidate_duplicates_dismiss (members dismiss '
  'one); the worker (service_role) refreshes them.';

create table public.candidate_duplicate_refresh (
  id boolean default true primary key check (id),
  requested_at timestamp with time zone,
  requested_by uuid references public.profiles (id) on delete set null,
  started_at timestamp with time zone,
  finished_at timestamp with time zone,
  pairs integer
);
comment on table public.candidate_duplicate_refresh is
  'One row: when the likely duplicate pairs were last refreshed (started_at, finished_at) and when '
  'someone last asked for a refresh (requested_at: pending while later than started_at). Policy '
  'candidate_duplicate_refresh_read: members read; written by refresh_candidate_duplicates() and '
  'request_candidate_duplicate_refresh().';

create table public.candidate_redirects (
  old_id bigint primary key,
  new_id bigint not null references public.candidates (id) on delete cascade,
  merged_at timestamp with time zone default now() not null,
  merged_by uuid references public.profiles (id) on delete set null
);
create index candidate_redirects_new on public.candidate_redirects (new_id);
comment on table public.candidate_redirects is
  'A merged candidate''s id and the candidate it was merged into (GET /api/candidates/{old} answers 301 '
  'for 90 days). Policy candidate_redirects_read: members read; written only by merge_candidates().';

-- ---------------------------------------------------------------- functions

create or replace function public.location_time_zone(location text)
  returns text
  language sql
  immutable parallel safe
  set search_path to 'pg_catalog'
as $$
  select z.zone
    from unnest(string_to_array(lower(coalesce(location, '')), ',')) with ordinality as part(name, n)
    join (values
      -- The Netherlands, Belgium, Luxembourg
      ('amsterdam', 'Europe/Amsterdam'), ('rotterdam', 'Europe/Amsterdam'), ('utrecht', 'Europe/Amsterdam'),
      ('den haag', 'Europe/Amsterdam'), ('the hague', 'Europe/Amsterdam'), ('''s-gravenhage', 'Europe/Amsterdam'),
      ('eindhoven', 'Europe/Amsterdam'), ('groningen', 'Europe/Amsterdam'), ('delft', 'Europe/Amsterdam'),
      ('leiden', 'Europe/Amsterdam'), ('haarlem', 'Europe/Amsterdam'), ('zwolle', 'Europe/Amsterdam'),
      ('nijmegen', 'Europe/Amsterdam'), ('arnhem', 'Europe/Amsterdam'), ('tilburg', 'Europe/Amsterdam'),
      ('breda', 'Europe/Amsterdam'), ('maastricht', 'Europe/Amsterdam'), ('enschede', 'Europe/Amsterdam'),
      ('amersfoort', 'Europe/Amsterdam'), ('almere', 'Europe/Amsterdam'), ('apeldoorn', 'Europe/Amsterdam'),
      ('den bosch', 'Europe/Amsterdam'), ('''s-hertogenbosch', 'Europe/Amsterdam'), ('hilversum', 'Europe/Amsterdam'),
      ('netherlands', 'Europe/Amsterdam'), ('the netherlands', 'Europe/Amsterdam'), ('nederland', 'Europe/Amsterdam'), ('nl', 'Europe/Amsterdam'),
      ('brussels', 'Europe/Brussels'), ('brussel', 'Europe/Brussels'), ('bruxelles', 'Europe/Brussels'), ('antwerp', 'Europe/Brussels'),
      ('antwerpen', 'Europe/Brussels'), ('gent', 'Europe/Brussels'), ('ghent', 'Europe/Brussels'), ('leuven', 'Europe/Brussels'),
      ('belgium', 'Europe/Brussels'), ('belgië', 'Europe/Brussels'), ('luxembourg', 'Europe/Luxembourg'),
      -- Elsewhere in Europe
      ('london', 'Europe/London'), ('manchester', 'Europe/London'), ('edinburgh', 'Europe/London'), ('bristol', 'Europe/London'),
      ('united kingdom', 'Europe/London'), ('uk', 'Europe/London'), ('dublin', 'Europe/Dublin'), ('ireland', 'Europe/Dublin'),
      ('berlin', 'Europe/Berlin'), ('munich', 'Europe/Berlin'), ('münchen', 'Europe/Berlin'), ('hamburg', 'Europe/Berlin'),
      ('cologne', 'Europe/Berlin'), ('köln', 'Europe/Berlin'), ('düsseldorf', 'Europe/Berlin'), ('frankfurt', 'Europe/Berlin'),
      ('germany', 'Europe/Berlin'), ('deutschland', 'Europe/Berlin'),
      ('paris', 'Europe/Paris'), ('lyon', 'Europe/Paris'), ('france', 'Europe/Paris'),
      ('madrid', 'Europe/Madrid'), ('barcelona', 'Europe/Madrid'), ('lisbon', 'Europe/Lisbon'), ('porto', 'Europe/Lisbon'),
      ('portugal', 'Europe/Lisbon'), ('milan', 'Europe/Rome'), ('rome', 'Europe/Rome'), ('italy', 'Europe/Rome'),
      ('zurich', 'Europe/Zurich'), ('zürich', 'Europe/Zurich'), ('geneva', 'Europe/Zurich'), ('switzerland', 'Europe/Zurich'),
      ('vienna', 'Europe/Vienna'), ('wien', 'Europe/Vienna'), ('austria', 'Europe/Vienna'),
      ('copenhagen', 'Europe/Copenhagen'), ('denmark', 'Europe/Copenhagen'), ('stockholm', 'Europe/Stockholm'), ('sweden', 'Europe/Stockholm'),
      ('oslo', 'Europe/Oslo'), ('norway', 'Europe/Oslo'), ('helsinki', 'Europe/Helsinki'), ('finland', 'Europe/Helsinki'),
      ('warsaw', 'Europe/Warsaw'), ('kraków', 'Europe/Warsaw'), ('krakow', 'Europe/Warsaw'), ('poland', 'Europe/Warsaw'),
      ('prague', 'Europe/Prague'), ('athens', 'Europe/Athens'), ('bucharest', 'Europe/Bucharest'), ('budapest', 'Europe/Budapest'),
      -- North America: cities only where the name is one place (not Portland, not "USA")
      ('new york', 'America/New_York'), ('nyc', 'America/New_York'), ('boston', 'America/New_York'), ('washington dc', 'America/New_York'),
      ('atlanta', 'America/New_York'), ('miami', 'America/New_York'), ('toronto', 'America/Toronto'), ('montreal', 'America/Toronto'),
      ('chicago', 'America/Chicago'), ('austin', 'America/Chicago'), ('dallas', 'America/Chicago'), ('houston', 'America/Chicago'),
      ('denver', 'America/Denver'), ('phoenix', 'America/Phoenix'),
      ('san francisco', 'America/Los_Angeles'), ('los angeles', 'America/Los_Angeles'), ('seattle', 'America/Los_Angeles'),
      ('san diego', 'America/Los_Angeles'), ('vancouver', 'America/Vancouver')
    ) as z(place, zone) on z.place = btrim(part.name)
   order by part.n
   limit 1
$$;
grant execute on function public.location_time_zone(location text) to anon, authenticated, service_role;

create or replace function public.candidates_infer_time_zone()
  returns trigger
  language plpgsql
  set search_path to 'pg_catalog'
as $$
begin
  if tg_op = 'INSERT' then
    if new.time_zone is not null then new.time_zone_source := 'manual'; end if;
  elsif new.time_zone is distinct from old.time_zone and new.time_zone_source is not distinct from old.time_zone_source then
    new.time_zone_source := case when new.time_zone is null then 'location' else 'manual' end;
  end if;
  if new.time_zone_source = 'manual' and new.time_zone is null then
    new.time_zone_source := 'location';
  end if;
  if new.time_zone_source = 'manual' then
    if (tg_op = 'INSERT' or new.time_zone is distinct from old.time_zone) and not public.is_iana_time_zone(new.time_zone) then
      raise exception 'time zone "%" is not known', new.time_zone
        using errcode = 'check_violation', constraint = 'candidates_time_zone_known', column = 'time_zone';
    end if;
  else
    new.time_zone := public.location_time_zone(new.location);
  end if;
  return new;
end
$$;

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
revoke all on function public.candidates_touch() from public, anon, authenticated, service_role;
comment on function public.candidates_touch() is
  'updated_at is the time of the last edit: any change but the engagement score and its time '
  '(public.recompute_engagement).';

create or replace function public.duplicate_text(p text)
  returns text
  language sql
  immutable parallel safe
as $$ select nullif(btrim(public.f_unaccent(lower(p))), '') $$;
grant execute on function public.duplicate_text(p text) to authenticated, service_role;

create or replace function public.one_typo_apart(a text, b text)
  returns boolean
  language sql
  immutable parallel safe
  set search_path to 'public', 'extensions'
as $$
  select case
    when abs(length(a) - length(b)) > 1 then false
    when levenshtein_less_equal(a, b, 1) <= 1 then true
    -- A swap of neighbours is two edits for Levenshtein: same length, and only those two letters differ.
    when length(a) <> length(b) or levenshtein_less_equal(a, b, 2) > 2 then false
    else exists (select 1 from generate_series(1, length(a) - 1) as i
                  where substr(a, i, 2) <> substr(b, i, 2) and substr(a, i, 2) = reverse(substr(b, i, 2))
                    and left(a, i - 1) = left(b, i - 1) and substr(a, i + 2) = substr(b, i + 2))
  end
$$;
grant execute on function public.one_typo_apart(a text, b text) to authenticated, service_role;

create or replace function public.find_duplicate_pairs()
  returns table(low_id bigint, high_id bigint, reason text, similarity real)
  language plpgsql
  stable
  set search_path to 'public', 'extensions'
  set work_mem to '128MB'
  set enable_mergejoin to 'off'
as $$
#variable_conflict use_column
begin
  -- plpgsql: the body names mailbox_key() and phone_digits(), which later schema files define.
  return query
  with people as materialized (
    -- Keys in the "C" collation: compared and hashed byte by byte, not by the locale's rules.
    select c.id,
           public.mailbox_key(c.email::text) collate "C" as mailbox,
           right(public.phone_digits(coalesce(c.phone, c.whatsapp_number)), 9) collate "C" as phone_tail,
           public.duplicate_text(c.name) collate "C" as name,
           public.duplicate_text(c.location) collate "C" as place
      from public.candidates c
  ),
  by_email as (
    select a.id as low_id, b.id as high_id, 'email'::text as reason, 1::real as similarity
      from people a join people b on a.mailbox = b.mailbox and a.id < b.id
  ),
  by_phone as (
    select a.id, b.id, 'phone'::text, 1::real
      from people a join people b on a.phone_tail = b.phone_tail and a.id < b.id
     where length(a.phone_tail) = 9
  ),
  named as materialized (
    select id, name, place, left(name, 2) as first, left(split_part(name, ' ', -1), 3) as head, right(name, 3) as tail
      from people where place is not null and length(name) >= 5
  ),
  -- Three blocks, each leaving out one part a typo may be in: the first name's first two letters,
  -- the surname's first three, the name's last three.
  close_names as (
    select a.id as a_id, b.id as b_id, a.name as a_name, b.name as b_name
      from named a join named b on a.place = b.place and a.first = b.first and a.head = b.head and a.id < b.id
    union
    select a.id, b.id, a.name, b.name
      from named a join named b on a.place = b.place and a.first = b.first and a.tail = b.tail and a.id < b.id
    union
    select a.id, b.id, a.name, b.name
      from named a join named b on a.place = b.place and a.head = b.head and a.tail = b.tail and a.id < b.id
  ),
  by_name as (
    select a_id, b_id, 'name_place'::text, similarity(a_name, b_name)
      from close_names where public.one_typo_apart(a_name, b_name)
  ),
  every_pair as (
    select * from by_email union all select * from by_phone union all select * from by_name
  )
  select distinct on (p.low_id, p.high_id) p.low_id, p.high_id, p.reason, p.similarity
    from every_pair as p
   order by p.low_id, p.high_id, array_position(array['email', 'phone', 'name_place'], p.reason);
end $$;
revoke all on function public.find_duplicate_pairs() from public, anon, authenticated, service_role;

create or replace function public.refresh_candidate_duplicates()
  returns integer
  language plpgsql
  security definer
  set search_path to 'public', 'extensions'
as $$
declare
  found integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.refresh_candidate_duplicates'));
  create temporary table found_pairs on commit drop as select * from public.find_duplicate_pairs();
  delete from public.candidate_duplicates d
   where d.dismissed_at is null
     and not exists (select 1 from found_pairs f where f.low_id = d.low_id and f.high_id = d.high_id);
  insert into public.candidate_duplicates (low_id, high_id, reason, similarity)
    select low_id, high_id, reason, similarity from found_pairs
  on conflict (low_id, high_id) do update set reason = excluded.reason, similarity = excluded.similarity;
  select count(*) into found from found_pairs;
  drop table found_pairs;
  -- started_at: the transaction's start, so a request made while this ran stays pending.
  insert into public.candidate_duplicate_refresh as r (id, started_at, finished_at, pairs)
  values (true, now(), clock_timestamp(), found)
  on conflict (id) do update set started_at = excluded.started_at, finished_at = excluded.finished_at, pairs = excluded.pairs;
  return found;
end $$;
revoke all on function public.refresh_candidate_duplicates() from public, anon, authenticated, service_role;
grant execute on function public.refresh_candidate_duplicates() to service_role;

create or replace function public.request_candidate_duplicate_refresh()
  returns boolean
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  recorded boolean;
begin
  if not public.is_member() then
    raise exception 'permission denied to refresh duplicates' using errcode = 'insufficient_privilege';
  end if;
  insert into public.candidate_duplicate_refresh as r (id, requested_at, requested_by)
  values (true, now(), auth.uid())
  on conflict (id) do update set requested_at = excluded.requested_at, requested_by = excluded.requested_by
   where r.requested_at is null or r.requested_at <= coalesce(r.started_at, '-infinity')
      or r.requested_at < now() - interval '15 minutes'
  returning true into recorded;
  return coalesce(recorded, false);
end $$;
revoke all on function public.request_candidate_duplicate_refresh() from public, anon, authenticated, service_role;
grant execute on function public.request_candidate_duplicate_refresh() to authenticated;

create or replace function public.merge_candidates(p_kept bigint, p_other bigint, p_fields jsonb default '{}'::jsonb)
  returns jsonb
  language plpgsql
  security definer
  set search_path to 'pg_catalog'
as $$
declare
  kept public.candidates;
  other public.candidates;
  outcome jsonb;
  ch text;
  why jsonb;
  pair record;
  winner record;
  loser record;
  campaigns jsonb := '[]';
  moved jsonb := '{}';
  n integer;
  final_email text;
  final_phone text;
  also text[];
  merge_note text;
  pick text;
  kept_allows boolean;
begin
  if not (public.is_member() or current_setting('role', true) = 'service_role') then
    raise exception 'permission denied to merge candidates' using errcode = 'insufficient_privilege';
  end if;
  if p_kept is null or p_other is null or p_kept = p_other then
    raise exception 'a candidate cannot be merged with itself'
      using errcode = 'check_violation', constraint = 'merge_other_candidate';
  end if;
  -- Both rows locked in id order: two merges of one pair wait for each other and never deadlock.
  perform 1 from public.candidates where id in (p_kept, p_other) order by id for update;
  select * into kept from public.candidates where id = p_kept;
  select * into other from public.candidates where id = p_other;
  if kept.id is null or other.id is null then
    raise exception 'candidate % not found', case when kept.id is null then p_kept else p_other end
      using errcode = 'no_data_found', constraint = case when kept.id is null then 'merge_kept_missing' else 'merge_other_missing' end;
  end if;
  outcome := jsonb_build_object('email', public.merge_consent_outcome(p_kept, p_other, 'email'),
                                'whatsapp', public.merge_consent_outcome(p_kept, p_other, 'whatsapp'));

  -- Campaigns: one recipient row per campaign. Where both are recipients, the row further along stays (the
  -- higher step, then the one sent, then the kept one's); the other's queued messages of that campaign are not
  -- sent and its messages keep the campaign without a step number, so no step is written or sent twice.
  perform 1 from public.campaign_recipients where candidate_id in (p_kept, p_other) order by id for update;
  for pair in
    select k.id as kept_row, o.id as other_row
      from public.campaign_recipients k
      join public.campaign_recipients o on o.campaign_id = k.campaign_id and o.candidate_id = p_other
     where k.candidate_id = p_kept
     order by k.campaign_id
  loop
    select * into winner from public.campaign_recipients r where r.id in (pair.kept_row, pair.other_row)
     order by r.current_step desc, (r.status = 'sent') desc, (r.candidate_id = p_kept) desc limit 1;
    select * into loser from public.campaign_recipients r where r.id in (pair.kept_row, pair.other_row) and r.id <> winner.id;
    update public.messages m
       set status = 'failed', error = 'Not sent: the candidate was merged with a duplicate further along in this campaign',
           error_code = 'delivery.merged_duplicate', error_params = null
     where m.campaign_id = loser.campaign_id and m.candidate_id = loser.candidate_id and m.direction = 'out'
       and m.status = 'queued';
    update public.messages m set campaign_step = null
     where m.campaign_id = loser.campaign_id and m.candidate_id = loser.candidate_id and m.campaign_step is not null;
    delete from public.campaign_recipients where id = loser.id;
    update public.campaign_recipients r
       set paused_until = greatest(r.paused_until, loser.paused_until),
           pause_reason = case when coalesce(r.paused_until, loser.paused_until) is not null then 'out_of_office' end
     where r.id = winner.id;
    campaigns := campaigns || jsonb_build_object('campaignId', winner.campaign_id, 'keptStep', winner.current_step,
                                                 'droppedStep', loser.current_step, 'leftBecause', loser.exit_reason);
  end loop;
  update public.campaign_recipients set candidate_id = p_kept where candidate_id = p_other;
  moved := moved || jsonb_build_object('campaigns', (select count(*) from public.campaign_recipients where candidate_id = p_kept));
  -- Someone who left a sequence as one of the two (a reply, a booking) has left it as the person.
  for pair in select (c ->> 'campaignId')::bigint as campaign_id, c ->> 'leftBecause' as reason
                from jsonb_array_elements(campaigns) c where c ->> 'leftBecause' is not null
  loop
    perform private.exit_campaign_sequences(p_kept, pair.reason, now(), null, pair.campaign_id);
  end loop;

  -- Messages and threads (a step number the kept one has already is left off the other's copy).
  update public.messages o set campaign_step = null
   where o.candidate_id = p_other and o.campaign_step is not null
     and exists (select 1 from public.messages k
                  where k.candidate_id = p_kept and k.campaign_id = o.campaign_id and k.campaign_step = o.campaign_step);
  update public.messages set candidate_id = p_kept where candidate_id = p_other;
  get diagnostics n = row_count;
  moved := moved || jsonb_build_object('messages', n);

  update public.engagement_events set candidate_id = p_kept where candidate_id = p_other;
  get diagnostics n = row_count;
  moved := moved || jsonb_build_object('engagementEvents', n);
  delete from private.engagement_pending where candidate_id = p_other;
  insert into private.engagement_pending (candidate_id) values (p_kept) on conflict do nothing;

  -- Pools: one membership per pool.
  delete from public.talent_pool_members o
   where o.candidate_id = p_other
     and exists (select 1 from public.talent_pool_members k where k.candidate_id = p_kept and k.talent_pool_id = o.talent_pool_id);
  update public.talent_pool_members set candidate_id = p_kept where candidate_id = p_other;
  moved := moved || jsonb_build_object('pools', (select count(*) from public.talent_pool_members where candidate_id = p_kept));

  update public.meetings set candidate_id = p_kept where candidate_id = p_other;
  get diagnostics n = row_count;
  moved := moved || jsonb_build_object('meetings', n);
  update public.booking_links set candidate_id = p_kept where candidate_id = p_other;
  update public.whatsapp_events set candidate_id = p_kept where candidate_id = p_other;
  update public.data_requests set candidate_id = p_kept where candidate_id = p_other;
  insert into public.retention_exemptions (candidate_id, reason, created_by, created_at)
    select p_kept, e.reason, e.created_by, e.created_at from public.retention_exemptions e where e.candidate_id = p_other
  on conflict (candidate_id) do nothing;
  delete from public.retention_exemptions where candidate_id = p_other;

  -- The consent ledger: the other's entries move with their dates and words.
  perform set_config('talentloop.merging', p_other || '>' || p_kept, true);
  update public.consent_events set candidate_id = p_kept where candidate_id = p_other;
  get diagnostics n = row_count;
  perform set_config('talentloop.merging', '', true);
  moved := moved || jsonb_build_object('consentEvents', n);
  -- The candidate's own opt-out stands on the kept one (only they can opt back in), before the entry below
  -- withdraws the flag (so the sequences it ends say unsubscribed).
  update public.candidates c
     set unsubscribed_at = coalesce(c.unsubscribed_at, other.unsubscribed_at),
         whatsapp_opted_out_at = coalesce(c.whatsapp_opted_out_at, other.whatsapp_opted_out_at)
   where c.id = p_kept
     and ((c.unsubscribed_at is null and other.unsubscribed_at is not null)
       or (c.whatsapp_opted_out_at is null and other.whatsapp_opted_out_at is not null));
  foreach ch in array array['email', 'whatsapp'] loop
    why := outcome -> ch;
    kept_allows := case ch when 'email' then kept.allows_email else kept.allows_whatsapp end;
    if why ->> 'state' <> 'allowed' and (why ->> 'candidateId')::bigint = p_other and kept_allows then
      insert into public.consent_events (candidate_id, channel, granted, source, wording, created_by)
      values (p_kept, ch, false, 'system', format('Merged with candidate %s (%s), %s: %s consent withdrawn',
        p_other, other.name,
        case why ->> 'state'
          when 'opted_out' then format('who opted out of %s on %s', case ch when 'email' then 'email' else 'WhatsApp' end,
                                       to_char((why ->> 'since')::timestamptz at time zone 'UTC', 'DD Mon YYYY'))
          when 'withdrawn' then format('whose %s consent was withdrawn on %s', case ch when 'email' then 'email' else 'WhatsApp' end,
                                       to_char((why ->> 'since')::timestamptz at time zone 'UTC', 'DD Mon YYYY'))
          else format('who had not given %s consent', case ch when 'email' then 'email' else 'WhatsApp' end) end,
        case ch when 'email' then 'email' else 'WhatsApp' end), auth.uid());
    end if;
  end loop;

  -- The likely pairs: this one is resolved; the other's pairs with third candidates become the kept one's.
  delete from public.candidate_duplicates where low_id = least(p_kept, p_other) and high_id = greatest(p_kept, p_other);
  insert into public.candidate_duplicates (low_id, high_id, reason, similarity, found_at, dismissed_at, dismissed_by)
  select least(p_kept, t.x), greatest(p_kept, t.x), d.reason, d.similarity, d.found_at, d.dismissed_at, d.dismissed_by
    from public.candidate_duplicates d
    cross join lateral (select case when d.low_id = p_other then d.high_id else d.low_id end as x) t
   where (d.low_id = p_other or d.high_id = p_other) and t.x <> p_kept
  on conflict (low_id, high_id) do nothing;
  delete from public.candidate_duplicates where low_id = p_other or high_id = p_other;

  -- The merged id answers with the kept one (and ids merged into the other follow it).
  update public.candidate_redirects set new_id = p_kept where new_id = p_other;
  insert into public.candidate_redirects (old_id, new_id, merged_by) values (p_other, p_kept, auth.uid())
  on conflict (old_id) do update set new_id = excluded.new_id, merged_at = excluded.merged_at, merged_by = excluded.merged_by;

  -- The other row goes (its address's suppression, a hash, stays); then the chosen fields.
  delete from public.candidates where id = p_other;
  pick := coalesce(p_fields ->> 'email', '');
  final_email := case pick when 'other' then other.email when 'kept' then kept.email else coalesce(kept.email, other.email) end;
  pick := coalesce(p_fields ->> 'phone', '');
  final_phone := case pick when 'other' then other.phone when 'kept' then kept.phone else coalesce(kept.phone, other.phone) end;
  -- Addresses and numbers the kept candidate no longer shows stay in the notes.
  select array_agg(distinct v order by v) into also
    from (select e::text as v from unnest(array[kept.email, other.email]) e
           where btrim(coalesce(e::text, '')) <> '' and lower(e::text) is distinct from lower(final_email)
          union all
          select p from unnest(array[kept.phone, other.phone]) p
           where btrim(coalesce(p, '')) <> ''
             and right(public.phone_digits(p), 9) is distinct from right(public.phone_digits(final_phone), 9)
             and right(public.phone_digits(p), 9) is distinct from
                 right(public.phone_digits(coalesce(kept.whatsapp_number, other.whatsapp_number)), 9)) dropped;
  merge_note := format('Merged with %s (candidate %s) on %s.', other.name, p_other, to_char(now() at time zone 'UTC', 'DD Mon YYYY'))
    || case when also is not null then ' Also reached at: ' || array_to_string(also, ', ') || '.' else '' end;
  update public.candidates c set
    name = case p_fields ->> 'name' when 'other' then other.name else kept.name end,
    email = final_email,
    phone = final_phone,
    location = case p_fields ->> 'location' when 'other' then other.location when 'kept' then kept.location
                    else coalesce(kept.location, other.location) end,
    job_function = case p_fields ->> 'jobFunction' when 'other' then other.job_function when 'kept' then kept.job_function
                        else coalesce(kept.job_function, other.job_function) end,
    whatsapp_number = coalesce(kept.whatsapp_number, other.whatsapp_number),
    skill_tags = (select coalesce(array_agg(t order by first_seen), '{}')
                    from (select t, min(o) as first_seen
                            from unnest(kept.skill_tags || other.skill_tags) with ordinality as s(t, o) group by t) u),
    seniority_level = coalesce(kept.seniority_level, other.seniority_level),
    preferred_role = coalesce(kept.preferred_role, other.preferred_role),
    lead_score = greatest(kept.lead_score, other.lead_score),
    language = coalesce(kept.language, other.language),
    notes = concat_ws(E'\n\n', nullif(btrim(kept.notes), ''), merge_note, nullif(btrim(other.notes), ''))
   where c.id = p_kept;

  insert into public.audit_log (actor_id, action, entity, entity_id, details)
  values (auth.uid(), 'candidate.merge', 'candidate', p_kept::text,
          jsonb_build_object('keptId', p_kept, 'mergedId', p_other, 'fields', coalesce(p_fields, '{}'),
                             'moved', moved, 'campaigns', campaigns, 'consent', outcome));
  return jsonb_build_object('keptId', p_kept, 'mergedId', p_other, 'moved', moved, 'campaigns', campaigns, 'consent', outcome);
end $$;
revoke all on function public.merge_candidates(p_kept bigint, p_other bigint, p_fields jsonb) from public, anon, authenticated, service_role;
grant execute on function public.merge_candidates(p_kept bigint, p_other bigint, p_fields jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------- triggers

create trigger candidates_infer_time_zone before insert or update of location, time_zone, time_zone_source on public.candidates
  for each row execute function candidates_infer_time_zone();

create trigger candidates_touch before update on public.candidates
  for each row execute function candidates_touch();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.candidates enable row level security;
revoke all on public.candidates from anon, authenticated, service_role;
grant select on public.candidates to authenticated, service_role;
grant insert (id, name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
    seniority_level, location, preferred_role, lead_score, notes, created_by, time_zone,
    time_zone_source, language),
  update (name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
    seniority_level, location, preferred_role, lead_score, notes, time_zone, time_zone_source, language)
  on public.candidates to authenticated;
grant insert (id, name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
    seniority_level, location, preferred_role, lead_score, notes, created_by, time_zone,
    time_zone_source, language),
  update (name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
    seniority_level, location, preferred_role, lead_score, engagement_score, notes, engagement_scored_at,
    time_zone, time_zone_source, language, consent_renewal_sent_at)
  on public.candidates to service_role;
revoke all on sequence public.candidates_id_seq from anon, authenticated, service_role;
grant usage on sequence public.candidates_id_seq to authenticated, service_role;
create policy candidates_members on public.candidates for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.candidate_duplicates enable row level security;
revoke all on public.candidate_duplicates from anon, authenticated, service_role;
grant select on public.candidate_duplicates to authenticated;
grant select, insert, update, delete on public.candidate_duplicates to service_role;
grant update (dismissed_at, dismissed_by)
  on public.candidate_duplicates to authenticated;
create policy candidate_duplicates_dismiss on public.candidate_duplicates for update to authenticated
  using ((select is_member()))
  with check ((select is_member()) and (dismissed_by = (select auth.uid())));
create policy candidate_duplicates_read on public.candidate_duplicates for select to authenticated
  using ((select is_member()));

alter table public.candidate_duplicate_refresh enable row level security;
revoke all on public.candidate_duplicate_refresh from anon, authenticated, service_role;
grant select on public.candidate_duplicate_refresh to authenticated, service_role;
create policy candidate_duplicate_refresh_read on public.candidate_duplicate_refresh for select to authenticated
  using ((select is_member()));

alter table public.candidate_redirects enable row level security;
revoke all on public.candidate_redirects from anon, authenticated, service_role;
grant select on public.candidate_redirects to authenticated;
grant select, delete on public.candidate_redirects to service_role;
create policy candidate_redirects_read on public.candidate_redirects for select to authenticated
  using ((select is_member()));
