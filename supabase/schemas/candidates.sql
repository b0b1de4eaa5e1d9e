-- Candidates: who they are, how to reach them, their time zone (inferred from the location, or set
-- by hand) and their scores. Their consent flags change only through the ledger and candidates are deleted
-- only by erase_candidates(), both in consent.sql (decision 008); their search words are in search.sql.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- functions that the tables and indexes below use

create or replace function public.candidate_search_doc(name text, email text, job_function text, skill_tags text[], location text, preferred_role text)
  returns text
  language sql
  immutable parallel safe
as $$ select public.search_doc(name, email, job_function, array_to_string(skill_tags, ' '), location, preferred_role) $$;

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
  search_text text generated always as (candidate_search_doc(name, (email)::text, job_function, skill_tags,
    location, preferred_role)) stored,
  whatsapp_opted_out_at timestamp with time zone,
  engagement_scored_at timestamp with time zone,
  time_zone text,
  time_zone_source text default 'location'::text not null,
  language text check (language in ('english', 'dutch')),
  email_consent_expires_at timestamp with time zone,
  consent_renewal_sent_at timestamp with time zone,
  constraint candidates_time_zone_manual_set check ((time_zone_source = 'location'::text) or (time_zone is not null)),
  constraint candidates_time_zone_source check (time_zone_source in ('location', 'manual'))
);
create index candidates_consent_renewal_due on public.candidates (email_consent_expires_at) where ((email_consent_expires_at is not null) and (consent_renewal_sent_at is null));
create index candidates_created_at on public.candidates (created_at desc, id desc);
create unique index candidates_email_key on public.candidates (email) where (email is not null);
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
  if (to_jsonb(new) - array['updated_at', 'engagement_score', 'engagement_scored_at', 'search_text'])
     is distinct from (to_jsonb(old) - array['updated_at', 'engagement_score', 'engagement_scored_at', 'search_text']) then
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
  create temporary table found_pairs on commit drop as select * from public.find_duplicate_pairs();
  delete from public.candidate_duplicates d
   where d.dismissed_at is null
     and not exists (select 1 from found_pairs f where f.low_id = d.low_id and f.high_id = d.high_id);
  insert into public.candidate_duplicates (low_id, high_id, reason, similarity)
    select low_id, high_id, reason, similarity from found_pairs
  on conflict (low_id, high_id) do update set reason = excluded.reason, similarity = excluded.similarity;
  select count(*) into found from found_pairs;
  drop table found_pairs;
  return found;
end $$;
revoke all on function public.refresh_candidate_duplicates() from public, anon, authenticated, service_role;
grant execute on function public.refresh_candidate_duplicates() to service_role;

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
