-- The whole product's schema. Ids of recruiting data are bigint (the spec's
-- candidateId and talentPoolId are numbers); user ids are better-auth's uuids.

-- unaccent() is only STABLE; an IMMUTABLE wrapper is needed for indexes and
-- generated columns. The extension's schema differs (public here, extensions on
-- Supabase), so the wrapper names it explicitly.
do $$
declare ext_schema text;
begin
  select n.nspname into ext_schema
    from pg_extension e join pg_namespace n on n.oid = e.extnamespace
   where e.extname = 'unaccent';
  execute format(
    'create or replace function public.f_unaccent(text) returns text
       language sql immutable parallel safe strict
       as %L',
    format('select %I.unaccent(%L::regdictionary, $1)', ext_schema, ext_schema || '.unaccent'));
end
$$;

-- Lower-cased, accent-free text that trigram search runs on.
create or replace function public.search_doc(variadic parts text[]) returns text
  language sql immutable parallel safe
  as $$ select public.f_unaccent(lower(array_to_string(parts, ' '))) $$;

-- The text a candidate is found by. IMMUTABLE (array_to_string is only STABLE
-- in general, but for text[] its output never changes).
create or replace function public.candidate_search_doc(
  name text, email text, job_function text, skill_tags text[], location text, preferred_role text
) returns text
  language sql immutable parallel safe
  as $$ select public.search_doc(name, email, job_function, array_to_string(skill_tags, ' '), location, preferred_role) $$;

create or replace function public.touch_updated_at() returns trigger
  language plpgsql
  as $$ begin new.updated_at := now(); return new; end $$;

-- Users of the product. Credentials live in better-auth's own schema (app_auth);
-- this row is what the app and its policies read.
create table public.profiles (
  id uuid primary key,
  username citext not null unique check (username ~ '^[a-zA-Z0-9_.-]{3,32}$'),
  display_name text not null check (length(display_name) between 1 and 120),
  email citext not null unique,
  role text not null default 'recruiter' check (role in ('admin', 'recruiter')),
  two_factor_enabled boolean not null default false,
  banned boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger profiles_touch before update on public.profiles
  for each row execute function public.touch_updated_at();

create table public.talent_pools (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 120),
  description text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index talent_pools_name_key on public.talent_pools (lower(name));
create index talent_pools_name_trgm on public.talent_pools using gin (public.search_doc(name) gin_trgm_ops);
create trigger talent_pools_touch before update on public.talent_pools
  for each row execute function public.touch_updated_at();

create table public.candidates (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  email citext,
  phone text,
  whatsapp_number text,
  allows_email boolean not null default true,
  allows_whatsapp boolean not null default false,
  preferred_contact_method text not null default 'email' check (preferred_contact_method in ('email', 'whatsapp', 'phone')),
  job_function text,
  skill_tags text[] not null default '{}',
  seniority_level text check (seniority_level in ('intern', 'junior', 'medior', 'senior', 'lead', 'principal', 'executive')),
  location text,
  preferred_role text,
  lead_score integer not null default 0 check (lead_score between 0 and 100),
  -- 0-100, recomputed by the worker from engagement events.
  engagement_score integer not null default 0 check (engagement_score between 0 and 100),
  unsubscribed_at timestamptz,
  notes text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  search_text text generated always as (
    public.candidate_search_doc(name, email::text, job_function, skill_tags, location, preferred_role)
  ) stored
);
create unique index candidates_email_key on public.candidates (email) where email is not null;
create index candidates_search_trgm on public.candidates using gin (search_text gin_trgm_ops);
create index candidates_name_trgm on public.candidates using gin (public.search_doc(name) gin_trgm_ops);
create index candidates_skill_tags on public.candidates using gin (skill_tags);
create index candidates_name_id on public.candidates (name, id);
create index candidates_created_at on public.candidates (created_at desc, id desc);
create trigger candidates_touch before update on public.candidates
  for each row execute function public.touch_updated_at();

-- A candidate can be in several pools; the spec's talentPoolId is the first one.
create table public.talent_pool_members (
  talent_pool_id bigint not null references public.talent_pools (id) on delete cascade,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  added_at timestamptz not null default now(),
  added_by uuid references public.profiles (id) on delete set null,
  primary key (talent_pool_id, candidate_id)
);
create index talent_pool_members_candidate on public.talent_pool_members (candidate_id, added_at);

-- The consent ledger. Inserting a row is the only way consent changes: the
-- trigger below keeps the candidate's flags in step with the latest entry.
create table public.consent_events (
  id bigint generated always as identity primary key,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  channel text not null check (channel in ('email', 'whatsapp')),
  granted boolean not null,
  source text not null check (source in ('recruiter', 'import', 'unsubscribe_link', 'reply', 'candidate', 'seed', 'system')),
  wording text,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
create index consent_events_candidate on public.consent_events (candidate_id, created_at desc);

create or replace function public.apply_consent_event() returns trigger
  language plpgsql security definer set search_path = public
  as $$
begin
  if new.channel = 'email' then
    update public.candidates
       set allows_email = new.granted,
           unsubscribed_at = case when new.granted then null
                                  when new.source in ('unsubscribe_link', 'reply', 'candidate') then coalesce(unsubscribed_at, new.created_at)
                                  else unsubscribed_at end
     where id = new.candidate_id;
  else
    update public.candidates set allows_whatsapp = new.granted where id = new.candidate_id;
  end if;
  return new;
end
$$;
create trigger consent_events_apply after insert on public.consent_events
  for each row execute function public.apply_consent_event();

create table public.campaigns (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 200),
  campaign_type text not null check (campaign_type in ('nurture', 'announcement', 'followup', 'event', 'quick')),
  talent_pool_id bigint references public.talent_pools (id) on delete set null,
  email_subject text,
  email_content text,
  message_template text,
  whatsapp_content text,
  language text not null default 'english' check (language in ('english', 'dutch')),
  channels text[] not null default '{email}' check (channels <@ array['email', 'whatsapp']::text[] and cardinality(channels) > 0),
  primary_channel text not null default 'email' check (primary_channel in ('email', 'whatsapp')),
  status text not null default 'scheduled' check (status in ('draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed')),
  scheduled_at timestamptz not null default now(),
  started_at timestamptz,
  completed_at timestamptz,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index campaigns_due on public.campaigns (scheduled_at) where status = 'scheduled';
create index campaigns_name_trgm on public.campaigns using gin (public.search_doc(name) gin_trgm_ops);
create trigger campaigns_touch before update on public.campaigns
  for each row execute function public.touch_updated_at();

create table public.messages (
  id bigint generated always as identity primary key,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  -- The first message of a thread; null on that first message itself.
  thread_id bigint references public.messages (id) on delete cascade,
  original_message_id bigint references public.messages (id) on delete set null,
  campaign_id bigint references public.campaigns (id) on delete set null,
  direction text not null check (direction in ('in', 'out')),
  channel text not null check (channel in ('email', 'whatsapp')),
  subject text,
  content text not null,
  sentiment text check (sentiment in ('positive', 'negative', 'neutral', 'other')),
  removal_requested boolean not null default false,
  status text not null default 'queued' check (status in ('draft', 'queued', 'sending', 'sent', 'failed', 'received')),
  allow_whatsapp_replies boolean not null default true,
  provider_message_id text,
  reply_token text not null unique default encode(gen_random_bytes(12), 'hex'),
  error text,
  attempts integer not null default 0,
  sender_id uuid references public.profiles (id) on delete set null,
  read_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index messages_candidate on public.messages (candidate_id, created_at desc);
create index messages_thread on public.messages (coalesce(thread_id, id), created_at);
create index messages_created on public.messages (created_at desc, id desc);
create unique index messages_provider_id on public.messages (provider_message_id) where provider_message_id is not null;
create trigger messages_touch before update on public.messages
  for each row execute function public.touch_updated_at();

-- Consent is enforced here for every role, owner and service_role included:
-- no code path can queue an email to someone who did not agree to it.
create or replace function public.enforce_message_consent() returns trigger
  language plpgsql security definer set search_path = public
  as $$
declare c public.candidates;
begin
  if new.direction <> 'out' then
    return new;
  end if;
  select * into c from public.candidates where id = new.candidate_id;
  if new.channel = 'email' and (not c.allows_email or c.unsubscribed_at is not null) then
    raise exception 'candidate % has not consented to email', new.candidate_id
      using errcode = 'check_violation', constraint = 'messages_email_consent';
  end if;
  if new.channel = 'whatsapp' and not c.allows_whatsapp then
    raise exception 'candidate % has not consented to WhatsApp', new.candidate_id
      using errcode = 'check_violation', constraint = 'messages_whatsapp_consent';
  end if;
  return new;
end
$$;
create trigger messages_consent before insert on public.messages
  for each row execute function public.enforce_message_consent();

create table public.campaign_recipients (
  id bigint generated always as identity primary key,
  campaign_id bigint not null references public.campaigns (id) on delete cascade,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  message_id bigint references public.messages (id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'skipped', 'failed')),
  skip_reason text,
  created_at timestamptz not null default now(),
  unique (campaign_id, candidate_id)
);
create index campaign_recipients_candidate on public.campaign_recipients (candidate_id);

create table public.engagement_events (
  id bigint generated always as identity primary key,
  candidate_id bigint not null references public.candidates (id) on delete cascade,
  message_id bigint references public.messages (id) on delete set null,
  campaign_id bigint references public.campaigns (id) on delete set null,
  kind text not null check (kind in ('open', 'click', 'reply', 'bounce', 'unsubscribe')),
  url text,
  occurred_at timestamptz not null default now(),
  metadata jsonb not null default '{}'
);
create index engagement_events_candidate on public.engagement_events (candidate_id, occurred_at desc);
create index engagement_events_campaign on public.engagement_events (campaign_id, kind);

create table public.ai_templates (
  id bigint generated always as identity primary key,
  template_id text not null unique check (template_id ~ '^[a-z0-9_-]{2,64}$'),
  name text not null,
  description text,
  category text not null check (category in ('nurture', 'announcement', 'followup', 'event', 'general')),
  language text not null check (language in ('english', 'dutch')),
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index ai_templates_name_trgm on public.ai_templates using gin (public.search_doc(name, description) gin_trgm_ops);

create table public.ai_template_suggestions (
  id bigint generated always as identity primary key,
  template_id text not null references public.ai_templates (template_id) on delete cascade,
  campaign_type text not null check (campaign_type in ('nurture', 'announcement', 'followup', 'event')),
  name text not null,
  description text,
  sort_order integer not null default 0,
  unique (campaign_type, template_id)
);

create table public.recruiter_availability (
  id bigint generated always as identity primary key,
  recruiter_id uuid not null references public.profiles (id) on delete cascade,
  weekday smallint not null check (weekday between 0 and 6),
  start_time time not null,
  end_time time not null,
  timezone text not null default 'Europe/Amsterdam',
  check (start_time < end_time)
);
create index recruiter_availability_recruiter on public.recruiter_availability (recruiter_id, weekday);

create table public.booking_links (
  id bigint generated always as identity primary key,
  -- 32 random bytes: unguessable, safe to put in a URL.
  token text not null unique default translate(encode(gen_random_bytes(32), 'base64'), '+/=', '-_'),
  recruiter_id uuid not null references public.profiles (id) on delete cascade,
  candidate_id bigint references public.candidates (id) on delete cascade,
  title text not null default 'Introduction call',
  duration_minutes integer not null default 30 check (duration_minutes between 10 and 240),
  expires_at timestamptz not null default now() + interval '14 days',
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create table public.meetings (
  id bigint generated always as identity primary key,
  recruiter_id uuid not null references public.profiles (id) on delete cascade,
  candidate_id bigint references public.candidates (id) on delete set null,
  booking_link_id bigint references public.booking_links (id) on delete set null,
  title text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null default 'confirmed' check (status in ('confirmed', 'cancelled')),
  teams_status text not null default 'pending' check (teams_status in ('pending', 'created', 'not_configured', 'failed')),
  teams_join_url text,
  teams_event_id text,
  teams_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (starts_at < ends_at),
  -- One recruiter can never have two overlapping confirmed meetings.
  constraint meetings_no_overlap exclude using gist (
    recruiter_id with =, tstzrange(starts_at, ends_at) with &&
  ) where (status = 'confirmed')
);
create trigger meetings_touch before update on public.meetings
  for each row execute function public.touch_updated_at();

create table public.access_requests (
  id bigint generated always as identity primary key,
  name text not null check (length(btrim(name)) between 1 and 120),
  email citext not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  company text,
  message text check (length(message) <= 2000),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  handled_by uuid references public.profiles (id) on delete set null,
  handled_at timestamptz,
  created_at timestamptz not null default now()
);
create index access_requests_pending on public.access_requests (created_at desc) where status = 'pending';

create table public.audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid references public.profiles (id) on delete set null,
  action text not null,
  entity text not null,
  entity_id text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index audit_log_created on public.audit_log (created_at desc);

-- Pools with their member counts, read through the caller's policies.
create view public.talent_pools_with_counts with (security_invoker = true) as
  select p.*, (select count(*) from public.talent_pool_members m where m.talent_pool_id = p.id)::integer as candidate_count
    from public.talent_pools p;
