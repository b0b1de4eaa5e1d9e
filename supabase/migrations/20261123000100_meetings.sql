-- Meetings and self-booking (issue 10): a recruiter's booking settings and meeting
-- types, booking links that name a candidate and a meeting type, meetings with their
-- buffers held by the database, the Outlook/Teams state, and the candidate's emails.

-- Availability had a time zone per row; a recruiter has one zone (booking_settings).
drop table public.recruiter_availability;
drop function public.booking_link_by_token(text);

-- One row per recruiter. availability/overrides are checked by domain/meetings/schemas.ts
-- (availabilitySettingsSchema); the columns keep the same bounds.
create table public.booking_settings (
  recruiter_id uuid primary key references public.profiles (id) on delete cascade,
  time_zone text not null default 'Europe/Amsterdam',
  availability jsonb not null,
  overrides jsonb not null default '[]',
  buffer_before_minutes integer not null default 0 check (buffer_before_minutes between 0 and 240),
  buffer_after_minutes integer not null default 0 check (buffer_after_minutes between 0 and 240),
  minimum_notice_minutes integer not null default 240 check (minimum_notice_minutes between 0 and 43200),
  horizon_days integer not null default 30 check (horizon_days between 1 and 365),
  slot_step_minutes integer not null default 30 check (slot_step_minutes between 5 and 240),
  daily_maximum integer check (daily_maximum between 1 and 50),
  updated_at timestamptz not null default now()
);
create trigger booking_settings_touch before update on public.booking_settings
  for each row execute function public.touch_updated_at();

create table public.meeting_types (
  id bigint generated always as identity primary key,
  recruiter_id uuid not null references public.profiles (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 80),
  duration_minutes integer not null check (duration_minutes between 10 and 240),
  description text check (length(description) <= 1000),
  location_kind text not null default 'teams' check (location_kind in ('teams', 'phone', 'in_person')),
  -- The phone number or the address; null for Teams.
  location_detail text check (length(location_detail) <= 300),
  colour text not null default 'blue' check (colour ~ '^[a-z]{3,12}$'),
  -- Deleting a type that links or meetings name archives it: they keep what they promised.
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index meeting_types_recruiter on public.meeting_types (recruiter_id) where archived_at is null;
create trigger meeting_types_touch before update on public.meeting_types
  for each row execute function public.touch_updated_at();

alter table public.booking_links
  add column meeting_type_id bigint references public.meeting_types (id),
  add column location_kind text not null default 'teams' check (location_kind in ('teams', 'phone', 'in_person')),
  add column location_detail text,
  -- When a message carrying the link was queued, and when the candidate first opened it.
  add column sent_at timestamptz,
  add column opened_at timestamptz;
create index booking_links_candidate on public.booking_links (candidate_id, created_at desc);

alter table public.meetings drop constraint meetings_no_overlap;
alter table public.meetings drop constraint meetings_status_check;
alter table public.meetings
  add constraint meetings_status_check
    check (status in ('confirmed', 'rescheduled', 'cancelled', 'completed', 'no_show')),
  add column meeting_type_id bigint references public.meeting_types (id),
  add column location_kind text not null default 'teams' check (location_kind in ('teams', 'phone', 'in_person')),
  add column location_detail text,
  -- The recruiter's zone when booked (the ICS TZID) and the zone the candidate chose.
  add column time_zone text not null default 'Europe/Amsterdam',
  add column candidate_time_zone text,
  add column attendee_name text check (length(attendee_name) <= 120),
  add column attendee_email citext,
  add column candidate_note text check (length(candidate_note) <= 1000),
  add column notes text check (length(notes) <= 5000),
  add column buffer_before_minutes integer not null default 0 check (buffer_before_minutes between 0 and 240),
  add column buffer_after_minutes integer not null default 0 check (buffer_after_minutes between 0 and 240),
  -- Set by the trigger below: the range the exclusion constraint compares (timestamptz ± interval
  -- is not immutable, so it cannot be written in the constraint itself).
  add column blocked_from timestamptz,
  add column blocked_until timestamptz,
  -- ICS: one UID for the meeting's whole life, SEQUENCE raised by every reschedule and the cancel.
  add column ics_uid text not null unique default (gen_random_uuid()::text || '@talentloop'),
  add column sequence integer not null default 0,
  add column cancel_reason text check (length(cancel_reason) <= 1000),
  add column cancelled_by text check (cancelled_by in ('candidate', 'recruiter')),
  add column cancelled_at timestamptz,
  -- The sequence the Outlook event reflects (null: no event yet); the Teams job brings it up to date.
  add column teams_synced_sequence integer,
  add column teams_attempts integer not null default 0;

create or replace function public.meetings_blocked_range() returns trigger
  language plpgsql set search_path = public as $$
begin
  new.blocked_from := new.starts_at - make_interval(mins => new.buffer_before_minutes);
  new.blocked_until := new.ends_at + make_interval(mins => new.buffer_after_minutes);
  return new;
end $$;
create trigger meetings_blocked_range before insert or update of starts_at, ends_at, buffer_before_minutes, buffer_after_minutes
  on public.meetings for each row execute function public.meetings_blocked_range();
update public.meetings set starts_at = starts_at;
alter table public.meetings alter column blocked_from set not null, alter column blocked_until set not null;

-- No double booking, ever: a recruiter's meetings that still hold their time never
-- overlap, buffers included (domain/meetings/slots.ts meetingsConflict mirrors this).
alter table public.meetings add constraint meetings_no_overlap exclude using gist (
  recruiter_id with =, tstzrange(blocked_from, blocked_until, '[)') with &&
) where (status <> 'cancelled');
-- A link books once: booking it again moves that meeting.
create unique index meetings_one_per_link on public.meetings (booking_link_id) where booking_link_id is not null;
create index meetings_recruiter_start on public.meetings (recruiter_id, starts_at);
create index meetings_candidate_start on public.meetings (candidate_id, starts_at);
create index meetings_teams_behind on public.meetings (id) where teams_synced_sequence is distinct from sequence;

-- The candidate's emails about a meeting (confirmation, change, cancellation), each with
-- its ICS. One row per meeting, sequence and kind: the worker sends each once.
create table public.meeting_notifications (
  id bigint generated always as identity primary key,
  meeting_id bigint not null references public.meetings (id) on delete cascade,
  kind text not null check (kind in ('confirmed', 'rescheduled', 'cancelled')),
  sequence integer not null,
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  claimed_at timestamptz,
  error text,
  provider_message_id text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (meeting_id, sequence, kind)
);
create index meeting_notifications_pending on public.meeting_notifications (created_at) where status in ('queued', 'sending');

-- A booked meeting is an engagement event.
alter table public.engagement_events drop constraint engagement_events_kind_check;
alter table public.engagement_events add constraint engagement_events_kind_check
  check (kind in ('open', 'click', 'reply', 'bounce', 'unsubscribe', 'meeting_booked'));

-- Who may do what. The public booking page never reaches these tables as anon: the API
-- reads one link by its token on the server (service_role), the token being the credential.
alter table public.booking_settings enable row level security;
alter table public.meeting_types enable row level security;
alter table public.meeting_notifications enable row level security;
grant select, insert, update, delete on public.booking_settings, public.meeting_types to authenticated;
grant select, insert on public.meeting_notifications to authenticated;
grant all on public.booking_settings, public.meeting_types, public.meeting_notifications to service_role;

create policy booking_settings_read on public.booking_settings for select to authenticated
  using ((select public.is_member()));
create policy booking_settings_own on public.booking_settings for all to authenticated
  using (recruiter_id = (select auth.uid()) or (select public.is_admin()))
  with check (recruiter_id = (select auth.uid()) or (select public.is_admin()));
create policy meeting_types_read on public.meeting_types for select to authenticated
  using ((select public.is_member()));
create policy meeting_types_own on public.meeting_types for all to authenticated
  using (recruiter_id = (select auth.uid()) or (select public.is_admin()))
  with check (recruiter_id = (select auth.uid()) or (select public.is_admin()));
create policy meeting_notifications_read on public.meeting_notifications for select to authenticated
  using ((select public.is_member()));
-- A recruiter's cancel or reschedule queues the candidate's email; the worker sends it.
create policy meeting_notifications_queue on public.meeting_notifications for insert to authenticated
  with check ((select public.is_member()) and status = 'queued');

comment on table public.booking_settings is
  'A recruiter''s booking settings (zone, weekly hours, overrides, buffers, notice, horizon, step, daily maximum). '
  'Policies: booking_settings_read (members read all), booking_settings_own (a recruiter writes their own; admins any).';
comment on table public.meeting_types is
  'Meeting types a recruiter offers. Policies: meeting_types_read (members read all), meeting_types_own '
  '(a recruiter writes their own; admins any).';
comment on table public.meeting_notifications is
  'The candidate''s meeting emails (with ICS). Policies: meeting_notifications_read (members read), '
  'meeting_notifications_queue (members queue one); the worker (service_role) sends and updates them.';
comment on table public.booking_links is
  'Booking links. Policy booking_links_members: members read and write all; the public page reads one link by '
  'its token through the API (service_role), never as anon.';
comment on table public.meetings is
  'Meetings. Policy meetings_members: members read and write all; constraint meetings_no_overlap (buffers '
  'included, blocked_from/blocked_until set by trigger meetings_blocked_range); one meeting per booking link.';
