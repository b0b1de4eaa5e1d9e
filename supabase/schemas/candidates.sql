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
  constraint candidates_time_zone_manual_set check ((time_zone_source = 'location'::text) or (time_zone is not null)),
  constraint candidates_time_zone_source check (time_zone_source in ('location', 'manual'))
);
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
    time_zone_source),
  update (name, email, phone, whatsapp_number, preferred_contact_method, job_function, skill_tags,
    seniority_level, location, preferred_role, lead_score, engagement_score, notes, engagement_scored_at,
    time_zone, time_zone_source)
  on public.candidates to service_role;
revoke all on sequence public.candidates_id_seq from anon, authenticated, service_role;
grant usage on sequence public.candidates_id_seq to authenticated, service_role;
create policy candidates_members on public.candidates for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));
