-- Meetings and self-booking (decision 015): a recruiter's booking settings and meeting types, booking
-- links, meetings (the exclusion constraint meetings_no_overlap refuses a double booking, buffers included)
-- and the candidate's meeting emails, each sent once. A team's types (decision 041): the hosts of a type,
-- the hosts a meeting holds (meeting_hosts_no_overlap: no host has two meetings that overlap, whatever the
-- type), and the candidate's reminders, which follow their meeting by trigger.
--
-- The current schema, not its history: supabase/migrations/ is what databases apply. A change
-- is a new migration plus the same change here (by hand, or npm run schema:files);
-- tests/db/declarative-schema.test.ts fails until both make the same schema (decision 031).

-- ---------------------------------------------------------------- tables

create table public.booking_settings (
  recruiter_id uuid primary key references public.profiles (id) on delete cascade,
  time_zone text default 'Europe/Amsterdam'::text not null,
  availability jsonb not null,
  overrides jsonb default '[]'::jsonb not null,
  buffer_before_minutes integer default 0 not null check (buffer_before_minutes between 0 and 240),
  buffer_after_minutes integer default 0 not null check (buffer_after_minutes between 0 and 240),
  minimum_notice_minutes integer default 240 not null check (minimum_notice_minutes between 0 and 43200),
  horizon_days integer default 30 not null check (horizon_days between 1 and 365),
  slot_step_minutes integer default 30 not null check (slot_step_minutes between 5 and 240),
  max_per_day integer,
  updated_at timestamp with time zone default now() not null,
  max_per_week integer check (max_per_week between 1 and 200),
  constraint booking_settings_daily_maximum_check check (max_per_day between 1 and 50)
);
comment on table public.booking_settings is
  'A recruiter''s booking settings (zone, weekly hours, overrides, buffers, notice, horizon, step, daily '
  'maximum). Policies: booking_settings_read (members read all), booking_settings_own (a recruiter '
  'writes their own; admins any).';

create table public.meeting_types (
  id bigint generated always as identity primary key,
  recruiter_id uuid not null references public.profiles (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 80),
  duration_minutes integer not null check (duration_minutes between 10 and 240),
  description text check (length(description) <= 1000),
  location_kind text default 'teams'::text not null check (location_kind in ('teams', 'phone', 'in_person')),
  location_detail text check (length(location_detail) <= 300),
  colour text default 'blue'::text not null check (colour ~ '^[a-z]{3,12}$'::text),
  archived_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  kind text default 'one_on_one'::text not null check (kind in ('one_on_one', 'round_robin', 'collective')),
  distribution text default 'availability'::text not null check (distribution in ('availability', 'even')),
  reminders jsonb default '[{"channel": "email", "minutesBefore": 1440}, {"channel": "email", "minutesBefore": 60}]'::jsonb not null check ((jsonb_typeof(reminders) = 'array'::text) and (jsonb_array_length(reminders) <= 5))
);
create index meeting_types_recruiter on public.meeting_types (recruiter_id) where (archived_at is null);
comment on table public.meeting_types is
  'Meeting types a recruiter offers. Policies: meeting_types_read (members read all), meeting_types_own '
  '(a recruiter writes their own; admins any).';

create table public.meeting_type_hosts (
  meeting_type_id bigint not null references public.meeting_types (id) on delete cascade,
  host_id uuid not null references public.profiles (id) on delete cascade,
  priority integer default 0 not null,
  constraint meeting_type_hosts_pkey primary key (meeting_type_id, host_id)
);
create index meeting_type_hosts_host on public.meeting_type_hosts (host_id);
comment on table public.meeting_type_hosts is
  'The hosts of a meeting type (the owner always among them), in priority order. Policies: '
  'meeting_type_hosts_read (members read), meeting_type_hosts_own (the type''s owner or an admin '
  'writes).';

create table public.booking_links (
  id bigint generated always as identity primary key,
  token text default translate(encode(gen_random_bytes(32), 'base64'::text), '+/='::text,
    '-_'::text) not null unique,
  recruiter_id uuid not null references public.profiles (id) on delete cascade,
  candidate_id bigint references public.candidates (id) on delete cascade,
  title text default 'Introduction call'::text not null,
  duration_minutes integer default 30 not null check (duration_minutes between 10 and 240),
  expires_at timestamp with time zone default (now() + '14 days'::interval) not null,
  used_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  meeting_type_id bigint references public.meeting_types (id),
  location_kind text default 'teams'::text not null check (location_kind in ('teams', 'phone', 'in_person')),
  location_detail text,
  sent_at timestamp with time zone,
  opened_at timestamp with time zone
);
create index booking_links_candidate on public.booking_links (candidate_id, created_at desc);
comment on table public.booking_links is
  'Booking links. Policy booking_links_members: members read and write all; the public page reads one '
  'link by its token through the API (service_role), never as anon.';

create table public.meetings (
  id bigint generated always as identity primary key,
  recruiter_id uuid not null references public.profiles (id) on delete cascade,
  candidate_id bigint references public.candidates (id) on delete set null,
  booking_link_id bigint references public.booking_links (id) on delete set null,
  title text not null,
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  status text default 'confirmed'::text not null check (status in ('confirmed', 'rescheduled', 'cancelled',
    'completed', 'no_show')),
  teams_status text default 'pending'::text not null check (teams_status in ('pending', 'created',
    'not_configured', 'failed')),
  teams_join_url text,
  teams_event_id text,
  teams_error text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  meeting_type_id bigint references public.meeting_types (id),
  location_kind text default 'teams'::text not null check (location_kind in ('teams', 'phone', 'in_person')),
  location_detail text,
  time_zone text default 'Europe/Amsterdam'::text not null,
  candidate_time_zone text,
  attendee_name text check (length(attendee_name) <= 120),
  attendee_email citext,
  candidate_note text check (length(candidate_note) <= 1000),
  notes text check (length(notes) <= 5000),
  buffer_before_minutes integer default 0 not null check (buffer_before_minutes between 0 and 240),
  buffer_after_minutes integer default 0 not null check (buffer_after_minutes between 0 and 240),
  blocked_from timestamp with time zone not null,
  blocked_until timestamp with time zone not null,
  ics_uid text default ((gen_random_uuid())::text || '@talentloop'::text) not null unique,
  sequence integer default 0 not null,
  cancel_reason text check (length(cancel_reason) <= 1000),
  cancelled_by text check (cancelled_by in ('candidate', 'recruiter')),
  cancelled_at timestamp with time zone,
  teams_synced_sequence integer,
  teams_attempts integer default 0 not null,
  teams_error_code text,
  constraint meetings_check check (starts_at < ends_at),
  constraint meetings_no_overlap exclude using gist (recruiter_id with =, tstzrange(blocked_from, blocked_until, '[)'::text) with &&) where ((status <> 'cancelled'::text))
);
create index meetings_candidate_start on public.meetings (candidate_id, starts_at);
create unique index meetings_one_per_link on public.meetings (booking_link_id) where (booking_link_id is not null);
create index meetings_recruiter_start on public.meetings (recruiter_id, starts_at);
create index meetings_teams_behind on public.meetings (id) where (teams_synced_sequence is distinct from sequence);
create index meetings_title_trgm on public.meetings using gin (search_doc(variadic array[title]) gin_trgm_ops);
comment on table public.meetings is
  'Meetings. Policy meetings_members: members read and write all; constraint meetings_no_overlap '
  '(buffers included, blocked_from/blocked_until set by trigger meetings_blocked_range); one meeting '
  'per booking link.';
comment on column public.meetings.teams_error_code is
  'The code of teams_error (a key of the catalogue''s states), null when teams_error is Microsoft '
  'Graph''s own words.';

create table public.meeting_hosts (
  meeting_id bigint not null references public.meetings (id) on delete cascade,
  host_id uuid not null references public.profiles (id) on delete cascade,
  blocked_from timestamp with time zone not null,
  blocked_until timestamp with time zone not null,
  holds_time boolean default true not null,
  constraint meeting_hosts_pkey primary key (meeting_id, host_id),
  constraint meeting_hosts_no_overlap exclude using gist (host_id with =, tstzrange(blocked_from, blocked_until, '[)'::text) with &&) where (holds_time)
);
create index meeting_hosts_host on public.meeting_hosts (host_id, blocked_from);
comment on table public.meeting_hosts is
  'The hosts a meeting holds and the time it blocks for each (constraint meeting_hosts_no_overlap: a '
  'host never has two meetings that overlap, buffers included). Kept by trigger meetings_hosts_follow. '
  'Policy meeting_hosts_members: members read and write.';

create table public.meeting_notifications (
  id bigint generated always as identity primary key,
  meeting_id bigint not null references public.meetings (id) on delete cascade,
  kind text not null check (kind in ('confirmed', 'rescheduled', 'cancelled')),
  sequence integer not null,
  status text default 'queued'::text not null check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer default 0 not null,
  claimed_at timestamp with time zone,
  error text,
  provider_message_id text,
  sent_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  privacy_token text default encode(gen_random_bytes(12), 'hex'::text) not null unique,
  constraint meeting_notifications_meeting_id_sequence_kind_key unique (meeting_id, sequence, kind)
);
create index meeting_notifications_pending on public.meeting_notifications (created_at) where (status = any (array['queued'::text, 'sending'::text]));
comment on table public.meeting_notifications is
  'The candidate''s meeting emails (with ICS). Policies: meeting_notifications_read (members read), '
  'meeting_notifications_queue (members queue one); the worker (service_role) sends and updates them.';

create table public.meeting_reminders (
  id bigint generated always as identity primary key,
  meeting_id bigint not null references public.meetings (id) on delete cascade,
  minutes_before integer not null check (minutes_before between 5 and 10080),
  channel text not null check (channel in ('email', 'whatsapp')),
  due_at timestamp with time zone not null,
  state text default 'scheduled'::text not null check (state in ('scheduled', 'sending', 'sent', 'cancelled',
    'skipped', 'failed')),
  attempts integer default 0 not null,
  claimed_at timestamp with time zone,
  sent_at timestamp with time zone,
  error text,
  error_code text,
  error_params jsonb,
  privacy_token text default encode(gen_random_bytes(12), 'hex'::text) not null unique,
  constraint meeting_reminders_one unique (meeting_id, minutes_before, channel)
);
create index meeting_reminders_due on public.meeting_reminders (due_at) where (state = 'scheduled'::text);
create index meeting_reminders_sending on public.meeting_reminders (claimed_at) where (state = 'sending'::text);
comment on table public.meeting_reminders is
  'The candidate''s reminders of a meeting (its type''s, by email or WhatsApp). Kept by trigger '
  'meetings_reminders_follow: scheduled when a meeting is booked or moved (unless the moment has '
  'passed), cancelled with it. Policy meeting_reminders_read: members read; the worker (service_role) '
  'sends them.';
comment on column public.meeting_reminders.error_code is 'The code of error (decision 032); error_params fill it in.';

-- ---------------------------------------------------------------- functions

create or replace function public.team_members()
  returns table(id uuid, name text, email text, active boolean)
  language sql
  stable security definer
  set search_path to 'public'
as $$
  select p.id, p.display_name, p.email::text, not p.banned from public.profiles p
   where (select public.is_member()) or (select auth.role()) = 'service_role'
$$;
revoke all on function public.team_members() from public, anon, authenticated, service_role;
grant execute on function public.team_members() to authenticated, service_role;

create or replace function public.meeting_types_owner_hosts()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
begin
  insert into public.meeting_type_hosts (meeting_type_id, host_id, priority)
    values (new.id, new.recruiter_id, 0)
  on conflict (meeting_type_id, host_id) do nothing;
  return new;
end $$;
revoke all on function public.meeting_types_owner_hosts() from public, anon, authenticated, service_role;

create or replace function public.meetings_blocked_range()
  returns trigger
  language plpgsql
  set search_path to 'public'
as $$
begin
  new.blocked_from := new.starts_at - make_interval(mins => new.buffer_before_minutes);
  new.blocked_until := new.ends_at + make_interval(mins => new.buffer_after_minutes);
  return new;
end $$;

create or replace function public.meetings_hosts_follow()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.meeting_hosts (meeting_id, host_id, blocked_from, blocked_until, holds_time)
      values (new.id, new.recruiter_id, new.blocked_from, new.blocked_until, new.status <> 'cancelled');
    return new;
  end if;
  if new.recruiter_id is distinct from old.recruiter_id then
    update public.meeting_hosts set host_id = new.recruiter_id where meeting_id = new.id and host_id = old.recruiter_id;
  end if;
  update public.meeting_hosts
     set blocked_from = new.blocked_from, blocked_until = new.blocked_until, holds_time = new.status <> 'cancelled'
   where meeting_id = new.id
     and (blocked_from, blocked_until, holds_time) is distinct from (new.blocked_from, new.blocked_until, new.status <> 'cancelled');
  return new;
end $$;
revoke all on function public.meetings_hosts_follow() from public, anon, authenticated, service_role;

create or replace function public.meeting_reminder_plan(type_id bigint)
  returns table(minutes_before integer, channel text)
  language sql
  stable security definer
  set search_path to 'public'
as $$
  select distinct (r ->> 'minutesBefore')::int, r ->> 'channel'
    from jsonb_array_elements(coalesce(
      (select reminders from public.meeting_types where id = type_id),
      '[{"minutesBefore": 1440, "channel": "email"}, {"minutesBefore": 60, "channel": "email"}]'::jsonb)) as r
$$;
revoke all on function public.meeting_reminder_plan(type_id bigint) from public, anon, authenticated, service_role;

create or replace function public.meetings_reminders_follow()
  returns trigger
  language plpgsql
  security definer
  set search_path to 'public'
as $$
begin
  if new.status in ('confirmed', 'rescheduled') then
    if tg_op = 'UPDATE' and new.starts_at = old.starts_at and old.status in ('confirmed', 'rescheduled') then
      return new;
    end if;
    insert into public.meeting_reminders (meeting_id, minutes_before, channel, due_at, state)
      select new.id, plan.minutes_before, plan.channel, new.starts_at - make_interval(mins => plan.minutes_before),
             case when new.starts_at - make_interval(mins => plan.minutes_before) > now() then 'scheduled' else 'cancelled' end
        from public.meeting_reminder_plan(new.meeting_type_id) as plan
    on conflict (meeting_id, minutes_before, channel) do update
      set due_at = excluded.due_at, state = excluded.state, attempts = 0, claimed_at = null, sent_at = null,
          error = null, error_code = null, error_params = null;
  else
    update public.meeting_reminders set state = 'cancelled'
     where meeting_id = new.id and state in ('scheduled', 'sending', 'failed');
  end if;
  return new;
end $$;
revoke all on function public.meetings_reminders_follow() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------- triggers

create trigger booking_settings_touch before update on public.booking_settings
  for each row execute function touch_updated_at();

create trigger meeting_types_owner_hosts after insert on public.meeting_types
  for each row execute function meeting_types_owner_hosts();

create trigger meeting_types_touch before update on public.meeting_types
  for each row execute function touch_updated_at();

create trigger meetings_blocked_range before insert or update of starts_at, ends_at, buffer_before_minutes, buffer_after_minutes on public.meetings
  for each row execute function meetings_blocked_range();

create trigger meetings_hosts_follow after insert or update of recruiter_id, blocked_from, blocked_until, status on public.meetings
  for each row execute function meetings_hosts_follow();

create trigger meetings_reminders_follow after insert or update of starts_at, status on public.meetings
  for each row execute function meetings_reminders_follow();

create trigger meetings_touch before update on public.meetings
  for each row execute function touch_updated_at();

-- ---------------------------------------------------------------- row-level security, privileges and policies

alter table public.booking_settings enable row level security;
revoke all on public.booking_settings from anon, authenticated, service_role;
grant select, insert, update, delete on public.booking_settings to authenticated, service_role;
create policy booking_settings_own on public.booking_settings for all to authenticated
  using ((recruiter_id = (select auth.uid())) or (select is_admin()))
  with check ((recruiter_id = (select auth.uid())) or (select is_admin()));
create policy booking_settings_read on public.booking_settings for select to authenticated
  using ((select is_member()));

alter table public.meeting_types enable row level security;
revoke all on public.meeting_types from anon, authenticated, service_role;
grant select, insert, update, delete on public.meeting_types to authenticated, service_role;
revoke all on sequence public.meeting_types_id_seq from anon, authenticated, service_role;
create policy meeting_types_own on public.meeting_types for all to authenticated
  using ((recruiter_id = (select auth.uid())) or (select is_admin()))
  with check ((recruiter_id = (select auth.uid())) or (select is_admin()));
create policy meeting_types_read on public.meeting_types for select to authenticated
  using ((select is_member()));

alter table public.meeting_type_hosts enable row level security;
revoke all on public.meeting_type_hosts from anon, authenticated, service_role;
grant select, insert, update, delete on public.meeting_type_hosts to authenticated, service_role;
create policy meeting_type_hosts_own on public.meeting_type_hosts for all to authenticated
  using (exists ( select 1
   from meeting_types t
  where ((t.id = meeting_type_hosts.meeting_type_id) and ((t.recruiter_id = (select auth.uid())) or (select is_admin())))))
  with check (exists ( select 1
   from meeting_types t
  where ((t.id = meeting_type_hosts.meeting_type_id) and ((t.recruiter_id = (select auth.uid())) or (select is_admin())))));
create policy meeting_type_hosts_read on public.meeting_type_hosts for select to authenticated
  using ((select is_member()));

alter table public.booking_links enable row level security;
revoke all on public.booking_links from anon, authenticated, service_role;
grant select, insert, update, delete on public.booking_links to authenticated, service_role;
revoke all on sequence public.booking_links_id_seq from anon, authenticated, service_role;
grant usage on sequence public.booking_links_id_seq to authenticated, service_role;
create policy booking_links_members on public.booking_links for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.meetings enable row level security;
revoke all on public.meetings from anon, authenticated, service_role;
grant select, insert, update, delete on public.meetings to authenticated, service_role;
revoke all on sequence public.meetings_id_seq from anon, authenticated, service_role;
grant usage on sequence public.meetings_id_seq to authenticated, service_role;
create policy meetings_members on public.meetings for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.meeting_hosts enable row level security;
revoke all on public.meeting_hosts from anon, authenticated, service_role;
grant select, insert, update, delete on public.meeting_hosts to authenticated, service_role;
create policy meeting_hosts_members on public.meeting_hosts for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.meeting_notifications enable row level security;
revoke all on public.meeting_notifications from anon, authenticated, service_role;
grant select, insert on public.meeting_notifications to authenticated;
grant select, insert, update, delete on public.meeting_notifications to service_role;
revoke all on sequence public.meeting_notifications_id_seq from anon, authenticated, service_role;
create policy meeting_notifications_queue on public.meeting_notifications for insert to authenticated
  with check ((select is_member()) and (status = 'queued'::text));
create policy meeting_notifications_read on public.meeting_notifications for select to authenticated
  using ((select is_member()));

alter table public.meeting_reminders enable row level security;
revoke all on public.meeting_reminders from anon, authenticated, service_role;
grant select on public.meeting_reminders to authenticated;
grant select, insert, update, delete on public.meeting_reminders to service_role;
revoke all on sequence public.meeting_reminders_id_seq from anon, authenticated, service_role;
create policy meeting_reminders_read on public.meeting_reminders for select to authenticated
  using ((select is_member()));
