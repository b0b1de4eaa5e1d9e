-- Scheduling for a team (issue 29, decision 041): meeting types with several hosts (round-robin,
-- collective), load limits per host, reminders that follow their meeting, and the candidate's language.

-- ---- Load limits: per day (renamed from daily_maximum) and per week, across all types.
alter table public.booking_settings rename column daily_maximum to max_per_day;
alter table public.booking_settings
  add column max_per_week integer check (max_per_week between 1 and 200);

-- ---- Who is on the team: every member may read their colleagues' names and work addresses (a host
-- picker, the hosts of a meeting, their Outlook free/busy), not the rest of their profile, which
-- profiles_read_own keeps to themselves and admins.
create or replace function public.team_members()
  returns table (id uuid, name text, email text, active boolean)
  language sql
  stable
  security definer
  set search_path to 'public'
as $$
  select p.id, p.display_name, p.email::text, not p.banned from public.profiles p
   where (select public.is_member()) or (select auth.role()) = 'service_role'
$$;
revoke all on function public.team_members() from public, anon;
grant execute on function public.team_members() to authenticated, service_role;

-- ---- Meeting types for several recruiters.
alter table public.meeting_types
  add column kind text default 'one_on_one' not null check (kind in ('one_on_one', 'round_robin', 'collective')),
  add column distribution text default 'availability' not null check (distribution in ('availability', 'even')),
  add column reminders jsonb default '[{"minutesBefore": 1440, "channel": "email"}, {"minutesBefore": 60, "channel": "email"}]'::jsonb
    not null check (jsonb_typeof(reminders) = 'array' and jsonb_array_length(reminders) <= 5);

-- Who hosts a type; `priority` is the order of hostIds (0 first), the tie-break of round-robin.
create table public.meeting_type_hosts (
  meeting_type_id bigint not null references public.meeting_types (id) on delete cascade,
  host_id uuid not null references public.profiles (id) on delete cascade,
  priority integer default 0 not null,
  primary key (meeting_type_id, host_id)
);
create index meeting_type_hosts_host on public.meeting_type_hosts (host_id);
comment on table public.meeting_type_hosts is
  'The hosts of a meeting type (the owner always among them), in priority order. Policies: '
  'meeting_type_hosts_read (members read), meeting_type_hosts_own (the type''s owner or an admin writes).';
insert into public.meeting_type_hosts (meeting_type_id, host_id, priority)
  select id, recruiter_id, 0 from public.meeting_types;

-- The owner is always one of a type's hosts, however the type is written (the API, the seed, an import).
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

create trigger meeting_types_owner_hosts after insert on public.meeting_types
  for each row execute function meeting_types_owner_hosts();

-- Every host a meeting holds, with the meeting's blocked time: the no-double-booking guarantee per
-- host across every type and link. The meeting's own recruiter is kept here by trigger; a collective
-- meeting's other hosts are added by the booking code.
create table public.meeting_hosts (
  meeting_id bigint not null references public.meetings (id) on delete cascade,
  host_id uuid not null references public.profiles (id) on delete cascade,
  blocked_from timestamp with time zone not null,
  blocked_until timestamp with time zone not null,
  holds_time boolean default true not null,
  primary key (meeting_id, host_id),
  constraint meeting_hosts_no_overlap exclude using gist (host_id with =, tstzrange(blocked_from, blocked_until, '[)'::text) with &&)
    where (holds_time)
);
create index meeting_hosts_host on public.meeting_hosts (host_id, blocked_from);
comment on table public.meeting_hosts is
  'The hosts a meeting holds and the time it blocks for each (constraint meeting_hosts_no_overlap: a host never '
  'has two meetings that overlap, buffers included). Kept by trigger meetings_hosts_follow. Policy '
  'meeting_hosts_members: members read and write.';
insert into public.meeting_hosts (meeting_id, host_id, blocked_from, blocked_until, holds_time)
  select id, recruiter_id, blocked_from, blocked_until, status <> 'cancelled' from public.meetings;

-- The meeting's recruiter is one of its hosts; its times and state are every host's.
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

create trigger meetings_hosts_follow after insert or update of recruiter_id, blocked_from, blocked_until, status on public.meetings
  for each row execute function meetings_hosts_follow();

-- ---- Reminders: the candidate's, sent once by the worker, moved and cancelled with the meeting.
create table public.meeting_reminders (
  id bigint generated always as identity primary key,
  meeting_id bigint not null references public.meetings (id) on delete cascade,
  minutes_before integer not null check (minutes_before between 5 and 10080),
  channel text not null check (channel in ('email', 'whatsapp')),
  due_at timestamp with time zone not null,
  state text default 'scheduled'::text not null check (state in ('scheduled', 'sending', 'sent', 'cancelled', 'skipped', 'failed')),
  attempts integer default 0 not null,
  claimed_at timestamp with time zone,
  sent_at timestamp with time zone,
  error text,
  constraint meeting_reminders_one unique (meeting_id, minutes_before, channel)
);
create index meeting_reminders_due on public.meeting_reminders (due_at) where (state = 'scheduled'::text);
comment on table public.meeting_reminders is
  'The candidate''s reminders of a meeting (its type''s, by email or WhatsApp). Kept by trigger '
  'meetings_reminders_follow: scheduled when a meeting is booked or moved (unless the moment has passed), '
  'cancelled with it. Policy meeting_reminders_read: members read; the worker (service_role) sends them.';

-- The reminders a meeting of this type gets: the type's, or 24 h and 1 h by email without a type.
create or replace function public.meeting_reminder_plan(type_id bigint)
  returns table (minutes_before integer, channel text)
  language sql
  stable
  security definer
  set search_path to 'public'
as $$
  select distinct (r ->> 'minutesBefore')::int, r ->> 'channel'
    from jsonb_array_elements(coalesce(
      (select reminders from public.meeting_types where id = type_id),
      '[{"minutesBefore": 1440, "channel": "email"}, {"minutesBefore": 60, "channel": "email"}]'::jsonb)) as r
$$;
revoke all on function public.meeting_reminder_plan(bigint) from public, anon, authenticated, service_role;

-- The rule "reminders follow their meeting", in one place: a new or moved meeting that holds its time
-- gets its reminders scheduled afresh (those whose moment has passed are not sent); any other state
-- cancels the ones not sent.
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
      set due_at = excluded.due_at, state = excluded.state, attempts = 0, claimed_at = null, sent_at = null, error = null;
  else
    update public.meeting_reminders set state = 'cancelled'
     where meeting_id = new.id and state in ('scheduled', 'sending', 'failed');
  end if;
  return new;
end $$;
revoke all on function public.meetings_reminders_follow() from public, anon, authenticated, service_role;

create trigger meetings_reminders_follow after insert or update of starts_at, status on public.meetings
  for each row execute function meetings_reminders_follow();

-- Meetings booked before reminders existed: theirs from now on.
insert into public.meeting_reminders (meeting_id, minutes_before, channel, due_at, state)
  select m.id, plan.minutes_before, plan.channel, m.starts_at - make_interval(mins => plan.minutes_before), 'scheduled'
    from public.meetings m cross join lateral public.meeting_reminder_plan(m.meeting_type_id) as plan
   where m.status in ('confirmed', 'rescheduled') and m.starts_at - make_interval(mins => plan.minutes_before) > now()
on conflict do nothing;

-- ---- The candidate's language: by hand, by CSV, or read from their replies while unset.
alter table public.candidates
  add column language text check (language in ('english', 'dutch'));
grant insert (language), update (language) on public.candidates to authenticated;

-- ---- Row-level security.
alter table public.meeting_type_hosts enable row level security;
revoke all on public.meeting_type_hosts from anon, authenticated, service_role;
grant select, insert, update, delete on public.meeting_type_hosts to authenticated, service_role;
create policy meeting_type_hosts_read on public.meeting_type_hosts for select to authenticated
  using ((select is_member()));
create policy meeting_type_hosts_own on public.meeting_type_hosts for all to authenticated
  using (exists (select 1 from public.meeting_types t where t.id = meeting_type_id
                  and (t.recruiter_id = (select auth.uid()) or (select is_admin()))))
  with check (exists (select 1 from public.meeting_types t where t.id = meeting_type_id
                  and (t.recruiter_id = (select auth.uid()) or (select is_admin()))));

alter table public.meeting_hosts enable row level security;
revoke all on public.meeting_hosts from anon, authenticated, service_role;
grant select, insert, update, delete on public.meeting_hosts to authenticated, service_role;
create policy meeting_hosts_members on public.meeting_hosts for all to authenticated
  using ((select is_member()))
  with check ((select is_member()));

alter table public.meeting_reminders enable row level security;
revoke all on public.meeting_reminders from anon, authenticated, service_role;
grant select on public.meeting_reminders to authenticated;
grant select, insert, update, delete on public.meeting_reminders to service_role;
revoke all on sequence public.meeting_reminders_id_seq from anon, authenticated, service_role;
create policy meeting_reminders_read on public.meeting_reminders for select to authenticated
  using ((select is_member()));
